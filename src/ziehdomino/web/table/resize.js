/**
 * @file The table's sizes followed: the parts that size themselves to their room (the line,
 * the hand) are laid out again when a box they watch changes size.
 */
// @ts-check

/**
 * Calls `layout` in the next frame after one of `boxes` changed size: not in the observer's
 * callback, where the layout's own size changes would raise "ResizeObserver loop".
 * @param {Element[]} boxes
 * @param {() => void} layout
 */
export function watchSizes(boxes, layout) {
  if (typeof ResizeObserver !== 'function') return;
  const seen = new WeakMap();
  let frame = 0;
  const watcher = new ResizeObserver((entries) => {
    let changed = false;
    for (const { target, contentRect } of entries) {
      const size = `${contentRect.width}x${contentRect.height}`;
      if (seen.get(target) !== size) changed = true;
      seen.set(target, size);
    }
    if (changed && !frame) {
      frame = requestAnimationFrame(() => {
        frame = 0;
        layout();
      });
    }
  });
  for (const box of boxes) watcher.observe(box);
}
