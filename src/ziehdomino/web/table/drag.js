/**
 * @file Dragging a hand tile to an end of the line: a second way to play beside the buttons,
 * sending exactly what the end's button would.
 */
// @ts-check

const START_PX = 10;

/**
 * The end a drop at `x`, `y` (viewport px) means: the chip under it (8 px around it count),
 * else the half of the line box it is in; null outside the box.
 * @param {HTMLElement} box  the line's box (line.js), holding `.end-chip.left` / `.right`
 * @returns {'left'|'right'|null}
 */
function endAt(box, x, y) {
  for (const side of /** @type {const} */ (['left', 'right'])) {
    const chip = box.querySelector(`.end-chip.${side}`);
    const r = chip?.getClientRects().length ? chip.getBoundingClientRect() : null;
    if (r && x >= r.left - 8 && x <= r.right + 8 && y >= r.top - 8 && y <= r.bottom + 8) return side;
  }
  const r = box.getBoundingClientRect();
  if (x < r.left || x > r.right || y < r.top || y > r.bottom) return null;
  return x < r.left + r.width / 2 ? 'left' : 'right';
}

/**
 * @param {object} ctx  the table's context (render.js): `view`, `send()`
 * @param {HTMLElement} hand  the hand's group of tile buttons (hand.js)
 * @param {HTMLElement} box  the line's box (line.js)
 */
export function wireDrag(ctx, hand, box) {
  let press = null; // {id, tile, button, x, y, ghost, ends}
  let swallowClick = false;

  function endsOf(tile) {
    return (ctx.view?.legal ?? []).filter((a) => a.type === 'play' && a.tile === tile).map((a) => a.end ?? null);
  }

  function finish() {
    press?.ghost?.remove();
    box.classList.remove('drop-left', 'drop-right', 'drop-any');
    press = null;
  }

  hand.addEventListener('pointerdown', (event) => {
    const button = /** @type {HTMLButtonElement|null} */ (/** @type {Element} */ (event.target).closest('button[data-tile]'));
    if (!button || button.disabled || event.button !== 0) return;
    const ends = endsOf(button.dataset.tile);
    if (!ends.length) return;
    press = { id: event.pointerId, tile: button.dataset.tile, button, x: event.clientX, y: event.clientY, ghost: null, ends };
  });

  document.addEventListener('pointermove', (event) => {
    if (!press || event.pointerId !== press.id) return;
    if (!press.ghost) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < START_PX) return;
      const svg = press.button.querySelector('svg');
      const r = svg.getBoundingClientRect();
      press.ghost = svg.cloneNode(true);
      press.ghost.classList.add('drag-ghost');
      press.ghost.setAttribute('aria-hidden', 'true');
      press.ghost.style.width = `${r.width}px`;
      press.ghost.style.height = `${r.height}px`;
      document.body.append(press.ghost);
      if (press.ends.includes(null)) box.classList.add('drop-any');
      for (const end of press.ends) if (end) box.classList.add(`drop-${end}`);
    }
    press.ghost.style.transform = `translate(${event.clientX}px, ${event.clientY}px) translate(-50%, -50%)`;
  });

  document.addEventListener('pointerup', (event) => {
    if (!press || event.pointerId !== press.id) return;
    if (press.ghost) {
      swallowClick = true; // the click that follows a drag is no tap
      setTimeout(() => { swallowClick = false; }, 0);
      const end = endAt(box, event.clientX, event.clientY);
      const wanted = press.ends.includes(null) ? (end ? null : undefined) : press.ends.find((e) => e === end);
      if (wanted !== undefined) ctx.send({ type: 'play', tile: press.tile, end: wanted });
    }
    finish();
  });
  document.addEventListener('pointercancel', finish);
  hand.addEventListener('click', (event) => {
    if (swallowClick) event.stopImmediatePropagation();
  }, true);
}
