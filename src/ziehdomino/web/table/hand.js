/**
 * @file The viewer's hand and what can be done with it: a button per tile ("Stein a|b",
 * pressed while selected), the placements of the selected tile ("a|b links anlegen", "a|b
 * rechts anlegen", "a|b anlegen" on an empty line), a preview sentence, and "Ziehen" /
 * "Passen". Once the round is over the tiles left are shown, their buttons disabled (nothing
 * is to be picked; the keyboard goes on to "Nächste Runde"). A disabled button's reason is its
 * accessible description (never shown twice on screen: the preview already says what to do).
 */

import { t } from '../common/i18n.js';
import { halves, tileSvg } from '../common/tiles.js';
import { h, setText, setTileText } from '../common/dom.js';
import { previewText, reasons } from './words.js';

/**
 * @param {object} ctx  the table's context (render.js): `view`, `sig`, `selected`, `select()`,
 *   `send()`, `tip()`
 * @param {HTMLElement} meInfo  the viewer's own card (cards.js), shown above the hand
 * @returns {{element: HTMLElement, top: HTMLElement, hand: HTMLElement, drawBtn: HTMLButtonElement,
 *   passBtn: HTMLButtonElement, placements: HTMLElement, render: () => void, layout: () => void}}
 */
export function createHand(ctx, meInfo) {
  const id = ctx.id;
  const heading = h('h3', { attrs: { id: `${id}-mh` } });
  const hand = h('div', { class: 'hand', attrs: { role: 'group', 'aria-labelledby': `${id}-mh` } });
  const preview = h('p', { class: 'preview' });
  const placeLabel = h('span', { class: 'sr-only', attrs: { id: `${id}-pl` } });
  const placements = h('div', { class: 'placements', attrs: { role: 'group', 'aria-labelledby': `${id}-pl` } });
  const drawWhy = h('span', { class: 'why', attrs: { id: `${id}-dw` } });
  const passWhy = h('span', { class: 'why', attrs: { id: `${id}-pw` } });
  const drawBtn = h('button', { class: 'btn action', attrs: { type: 'button', 'aria-describedby': `${id}-dw`, 'aria-keyshortcuts': 'Z' } });
  const passBtn = h('button', { class: 'btn action', attrs: { type: 'button', 'aria-describedby': `${id}-pw`, 'aria-keyshortcuts': 'P' } });
  const actionsLabel = h('span', { class: 'sr-only', attrs: { id: `${id}-al` } });
  const actions = h('div', { class: 'actions', attrs: { role: 'group', 'aria-labelledby': `${id}-al` } }, actionsLabel, drawBtn, passBtn);
  // Two sentences, a space between: read as one they do not run together.
  const whys = h('p', { class: 'whys sr-only' }, drawWhy, ' ', passWhy);
  const top = h('div', { class: 'me-top' }, heading, meInfo);
  const moves = h('div', { class: 'moves' }, placeLabel, placements, actions);
  const element = h('section', { class: 'me', attrs: { 'aria-labelledby': `${id}-mh` } }, top, hand, preview, moves, whys);

  hand.addEventListener('click', (event) => {
    const button = event.target.closest('button[data-tile]');
    if (button) ctx.select(button.dataset.tile);
  });
  // A move is one click: the second click of a double-click (`detail` 2 and up) is no second
  // move (it would be refused as stale, or draw once more); keys and taps have `detail` 0 or 1.
  placements.addEventListener('click', (event) => {
    const button = event.target.closest('button[data-end]');
    if (!button || !ctx.view || event.detail > 1) return;
    const end = button.dataset.end === 'none' ? null : button.dataset.end;
    ctx.send({ type: 'play', tile: button.dataset.tile, end });
  });
  drawBtn.addEventListener('click', (event) => event.detail > 1 || ctx.send({ type: 'draw' }));
  passBtn.addEventListener('click', (event) => event.detail > 1 || ctx.send({ type: 'pass' }));

  function renderTiles(view) {
    const playable = new Set(view.legal.filter((a) => a.type === 'play').map((a) => a.tile));
    const tipTile = ctx.tip()?.tile ?? null;
    const data = view.hand.map((tile) => [tile, tile === ctx.selected, playable.has(tile), tile === tipTile]);
    const over = Boolean(view.result); // the hand left at the round's end is shown, not played
    if (!ctx.sig.changed('hand', [ctx.lang(), over, data])) return;
    const existing = new Map([...hand.children].map((b) => [b.dataset.tile, b]));
    const keep = new Set(view.hand);
    for (const [tile, button] of existing) if (!keep.has(tile)) button.remove();
    for (const [tile, isSelected, isPlayable, isTip] of data) {
      let button = existing.get(tile);
      if (!button) {
        const [a, b] = halves(tile);
        button = h('button', { class: 'tile-btn', attrs: { type: 'button', 'data-tile': tile } }, tileSvg(a, b, true), h('span', { class: 'sr-only' }));
        hand.append(button);
      }
      setText(button.lastChild, t('table.tile', { t: tile }));
      button.setAttribute('aria-pressed', String(isSelected));
      button.disabled = over;
      button.classList.toggle('playable', isPlayable);
      button.classList.toggle('tip-tile', isTip);
    }
    // Keep the view's order (dealt, then drawn); moves only after a new deal.
    const order = [...hand.children].map((b) => b.dataset.tile);
    if (order.join() !== view.hand.join()) {
      const byTile = new Map([...hand.children].map((b) => [b.dataset.tile, b]));
      hand.replaceChildren(...view.hand.map((tile) => byTile.get(tile)));
    }
    // Digits pick the n-th tile (keys.js): say so to screen readers.
    [...hand.children].forEach((b, i) => {
      const key = i < 9 ? String(i + 1) : i === 9 ? '0' : null;
      if (key) b.setAttribute('aria-keyshortcuts', key);
      else b.removeAttribute('aria-keyshortcuts');
    });
  }

  function renderPlacements(view) {
    const fitting = ctx.selected ? view.legal.filter((a) => a.type === 'play' && a.tile === ctx.selected) : [];
    if (!ctx.sig.changed('placements', [ctx.lang(), fitting])) return;
    placements.replaceChildren(...fitting.map((a) => {
      const key = a.end === null ? 'table.placeOnly' : a.end === 'left' ? 'table.placeLeft' : 'table.placeRight';
      const name = t(key, { t: a.tile });
      // Two ends on a narrow screen: the buttons say only the end ("links", table.css), so that
      // both fit one row; their names stay whole ("2|6 links anlegen").
      const words = a.end === null ? [document.createTextNode(name)]
        : [h('span', { class: 'place-long', text: name }), h('span', { class: 'place-short', text: t(`end.${a.end}`) })];
      const button = h('button', {
        class: `btn place ${a.end ?? 'none'}`,
        attrs: { type: 'button', 'data-tile': a.tile, 'data-end': a.end ?? 'none', 'aria-keyshortcuts': a.end === 'right' ? 'R' : 'L',
          'aria-label': name },
      }, ...words);
      const arrow = h('span', { class: 'arrow', text: a.end === 'left' ? '◀' : '▶', attrs: { 'aria-hidden': 'true' } });
      if (a.end === 'left') button.prepend(arrow);
      else if (a.end === 'right') button.append(arrow);
      return button;
    }));
    placements.hidden = fitting.length === 0;
  }

  function render() {
    const { view, sig } = ctx;
    element.hidden = view.seat === null;
    if (view.seat === null) return;
    if (sig.changed('handWords', ctx.lang())) {
      setText(heading, t('table.hand'));
      setText(placeLabel, t('table.place'));
      setText(actionsLabel, t('table.actions'));
      setText(drawBtn, t('table.draw'));
      setText(passBtn, t('table.pass'));
    }
    renderTiles(view);
    renderPlacements(view);
    setTileText(preview, previewText(view, ctx.selected));
    preview.classList.toggle('unselected', ctx.selected == null); // the sentence that asks to pick a tile
    drawBtn.disabled = !view.legal.some((a) => a.type === 'draw');
    passBtn.disabled = !view.legal.some((a) => a.type === 'pass');
    const why = reasons(view);
    setText(drawWhy, why.draw);
    setText(passWhy, why.pass);
    moves.hidden = Boolean(view.result);
  }

  let fitted = '';
  /**
   * Sizes the hand's tiles so that the hand keeps to one row, or two when it is long (a layout
   * read). On a short screen (a phone under 700 px) a row of tiles as narrow as the buttons may
   * be (30 px) is kept before a second row, and a hand of several rows keeps its tiles narrower
   * still: each row of the hand takes a row of tiles from the line of play above.
   */
  function layout() {
    if (element.hidden || !ctx.view) return;
    const n = hand.children.length;
    const width = hand.clientWidth;
    const short = window.innerHeight < 700;
    const key = `${n}:${width}:${short}`;
    if (!n || !width || key === fitted) return;
    fitted = key;
    const gap = width < 420 ? 4 : 6;
    let most = width < 420 ? 42 : 50;
    const fit = (perRow) => Math.floor((width - gap * (perRow - 1)) / perRow);
    let size = fit(n);
    if (size < (short ? 30 : 32)) {
      size = fit(Math.ceil(n / 2));
      if (short) most = 30;
    }
    if (size < 28) size = fit(Math.ceil(n / 3));
    hand.style.setProperty('--hand-w', `${Math.max(24, Math.min(most, size))}px`);
  }

  return { element, top, preview, hand, drawBtn, passBtn, placements, render, layout };
}
