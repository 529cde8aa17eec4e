/**
 * @file Keys for the common actions (words.js `keysText` names them): each presses the button a
 * click would, never while typing, with a modifier held or while the table is hidden.
 */
// @ts-check

/** The <input>s that take no typing: a key pressed on one is the table's. */
const UNTYPED = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']);

/** Whether a key press belongs to a field the person is typing in (or to the browser). */
export function isTyping(event) {
  if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return true;
  const el = event.target;
  if (!el || !el.closest) return false;
  const field = el.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]');
  if (!field) return false;
  return !(field.tagName === 'INPUT' && UNTYPED.has(String(field.type).toLowerCase()));
}

/**
 * The action a key stands for: {tile: n} (0-based), {step: 1 | -1} (the next or previous tile),
 * {end}, or a named button; null for none.
 */
export function keyAction(key) {
  if (/^[1-9]$/.test(key)) return { tile: Number(key) - 1 };
  if (key === '0') return { tile: 9 };
  if (key === '.') return { step: 1 };
  if (key === ',') return { step: -1 };
  const k = key.toLowerCase();
  if (k === 'l') return { end: 'left' };
  if (k === 'r') return { end: 'right' };
  if (k === 'z') return { button: 'draw' };
  if (k === 'p') return { button: 'pass' };
  if (k === 'n') return { button: 'next' };
  return null;
}

/** The index a step (1 | -1) from the picked tile (-1: none; then the first | last) leads to, round a hand of `count`. */
export function steppedTile(count, picked, step) {
  if (count < 1) return -1;
  if (picked < 0 || picked >= count) return step > 0 ? 0 : count - 1;
  return (picked + step + count) % count;
}

const usable = (button) => Boolean(button) && !button.disabled && !button.closest('[hidden]');

/**
 * @param {object} ctx  the table's context (render.js)
 * @param {HTMLElement} section  the table
 * @param {{hand: object, result: object}} parts  hand.js and result.js parts
 */
export function bindKeys(ctx, section, { hand, result }) {
  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || isTyping(event) || section.hidden || !ctx.view) return;
    const action = keyAction(event.key);
    if (!action) return;
    let button = null;
    if ('tile' in action) button = hand.hand.children[action.tile] ?? null;
    else if (action.step) {
      const tiles = [...hand.hand.children];
      const picked = tiles.findIndex((b) => b.getAttribute('aria-pressed') === 'true');
      button = tiles[steppedTile(tiles.length, picked, action.step)] ?? null;
    } else if (action.end) {
      const ends = action.end === 'left' ? ['left', 'none'] : ['right', 'none'];
      for (const end of ends) button ??= hand.placements.querySelector(`button[data-end="${end}"]`);
    } else if (action.button === 'draw') button = hand.drawBtn;
    else if (action.button === 'pass') button = hand.passBtn;
    else if (action.button === 'next') button = result.nextBtn;
    if (!usable(button)) return;
    event.preventDefault();
    if ('tile' in action || action.step) {
      // Picking a tile by its key always selects it (a second press keeps it selected).
      if (button.getAttribute('aria-pressed') !== 'true') button.click();
      button.focus();
    } else {
      button.focus();
      button.click();
    }
  });
}
