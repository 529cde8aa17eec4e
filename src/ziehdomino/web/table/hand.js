/**
 * @file The viewer's hand: a button per tile, the placements of the selected tile, a preview
 * sentence, "Ziehen" and "Passen". A disabled button's reason is its accessible description.
 */
// @ts-check

import { t } from '../common/i18n.js';
import { halves, tileSvg } from '../common/tiles.js';
import { h, setText, setTileText } from '../common/dom.js';
import { previewText, reasons } from './words.js';

/** Where "Sortieren" is remembered in the browser ('on'; absent: the order as dealt and drawn). */
export const SORT_KEY = 'ziehdomino.sort';

/**
 * A hand in "Sortieren"'s order: by the lower number, then by pips (0|0, 0|3, 1|1, 1|5, 2|6).
 * @param {string[]} hand  tiles "a|b"
 * @returns {string[]}  a new array
 */
export function sortedHand(hand) {
  const key = (tile) => {
    const [a, b] = halves(tile);
    return Math.min(a, b) * 100 + a + b;
  };
  return [...hand].sort((x, y) => key(x) - key(y));
}

/**
 * @param {object} ctx  the table's context (render.js): `view`, `sig`, `selected`, `select()`,
 *   `send()`, `tip()`, `storage` (for "Sortieren": the page's, else localStorage; render.js)
 * @param {HTMLElement} meInfo  the viewer's own card (cards.js), shown above the hand
 * @returns {{element: HTMLElement, top: HTMLElement, preview: HTMLElement, hand: HTMLElement,
 *   drawBtn: HTMLButtonElement, passBtn: HTMLButtonElement, placements: HTMLElement, render: () => void, layout: () => void}}
 */
export function createHand(ctx, meInfo) {
  const els = buildHand(ctx.id, meInfo);
  const state = { sorted: readSorted(ctx.storage), fitted: '' };
  els.sortBtn.addEventListener('click', () => {
    state.sorted = !state.sorted;
    try {
      if (state.sorted) ctx.storage?.setItem(SORT_KEY, 'on');
      else ctx.storage?.removeItem(SORT_KEY);
    } catch { /* kept for this page only */ }
    ctx.rerender();
  });
  wireMoves(ctx, els);
  const { element, top, preview, hand, drawBtn, passBtn, placements } = els;
  return {
    element, top, preview, hand, drawBtn, passBtn, placements,
    render: () => renderHand(ctx, els, state),
    layout: () => layoutHand(ctx, els, state),
  };
}

/** Whether "Sortieren" is on in `storage` (a storage that refuses: off). */
function readSorted(storage) {
  try {
    return storage?.getItem(SORT_KEY) === 'on';
  } catch {
    return false;
  }
}

function buildHand(id, meInfo) {
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
  // "Sortieren": the hand in order of numbers, pressed while on, remembered in the browser.
  // A phone shows only its mark (table.css); the name is the word in every size.
  const sortWord = h('span', { class: 'sort-word' });
  const sortBtn = h('button', { class: 'btn sort-btn', attrs: { type: 'button', 'aria-pressed': 'false' } },
    h('span', { class: 'sort-mark', text: '⇅', attrs: { 'aria-hidden': 'true' } }), sortWord);
  const top = h('div', { class: 'me-top' }, heading, meInfo, sortBtn);
  const moves = h('div', { class: 'moves' }, placeLabel, placements, actions);
  const element = h('section', { class: 'me', attrs: { 'aria-labelledby': `${id}-mh` } }, top, hand, preview, moves, whys);
  // Where each tile fits, as its accessible description ("passt links"): what the green edge
  // shows, said to screen readers; the name stays "Stein a|b".
  const fits = h('div', { attrs: { hidden: true } });
  element.append(fits);
  return {
    id, element, top, heading, hand, preview, placeLabel, placements, drawWhy, passWhy, drawBtn, passBtn,
    actionsLabel, sortWord, sortBtn, moves, fits,
  };
}

/** A click on a tile selects it; a placement, "Ziehen" or "Passen" is a move. */
function wireMoves(ctx, { hand, moves, placements, drawBtn, passBtn }) {
  hand.addEventListener('click', (event) => {
    const button = event.target.closest('button[data-tile]');
    if (button) ctx.select(button.dataset.tile);
  });
  // One click, one move: a mouse's double-click (`detail` 2 and up) is no second move, but two
  // quick taps are two (touch is left alone; keys have `detail` 0). The pointer is noted as it
  // goes down, since not every engine tells it on the click.
  let pointer = '';
  moves.addEventListener('pointerdown', (event) => { pointer = event.pointerType; }, true);
  const doubled = (event) => event.detail > 1 && pointer !== 'touch';
  placements.addEventListener('click', (event) => {
    const button = event.target.closest('button[data-end]');
    if (!button || !ctx.view || doubled(event)) return;
    const end = button.dataset.end === 'none' ? null : button.dataset.end;
    ctx.send({ type: 'play', tile: button.dataset.tile, end });
  });
  drawBtn.addEventListener('click', (event) => doubled(event) || ctx.send({ type: 'draw' }));
  passBtn.addEventListener('click', (event) => doubled(event) || ctx.send({ type: 'pass' }));
}

/** Where a tile fits, in words ("passt links"), from the ends it may be placed at; '' for none. */
function fitWords(ends) {
  if (!ends) return '';
  if (ends.includes(null)) return t('table.fitsAny');
  return ends.length > 1 ? t('table.fitsBoth') : t(ends[0] === 'left' ? 'table.fitsLeft' : 'table.fitsRight');
}

/** The "Sortieren" button, and the tiles as buttons, in the view's order or sorted. */
function renderTiles(ctx, els, view, sorted) {
  const { hand, fits, sortBtn, sortWord } = els;
  const endsOf = new Map();
  for (const a of view.legal) if (a.type === 'play') endsOf.set(a.tile, [...(endsOf.get(a.tile) ?? []), a.end ?? null]);
  const tipTile = ctx.tip()?.tile ?? null;
  const order = sorted ? sortedHand(view.hand) : view.hand;
  const data = order.map((tile) => [tile, tile === ctx.selected, fitWords(endsOf.get(tile)), tile === tipTile]);
  const over = Boolean(view.result); // the hand left at the round's end is shown, not played
  setText(sortWord, t('table.sort'));
  sortBtn.setAttribute('aria-label', t('table.sort'));
  sortBtn.setAttribute('aria-pressed', String(sorted));
  sortBtn.hidden = over || view.hand.length < 2;
  if (!ctx.sig.changed('hand', [ctx.lang(), over, data])) return;
  const existing = new Map([...hand.children].map((b) => [b.dataset.tile, b]));
  const keep = new Set(view.hand);
  for (const [tile, button] of existing) if (!keep.has(tile)) button.remove();
  const descriptions = [];
  const fitId = (tile) => `${els.id}-fit-${tile.replace('|', '-')}`;
  for (const [tile, isSelected, fit, isTip] of data) {
    let button = existing.get(tile);
    if (!button) {
      const [a, b] = halves(tile);
      button = h('button', { class: 'tile-btn', attrs: { type: 'button', 'data-tile': tile } }, tileSvg(a, b, true), h('span', { class: 'sr-only' }));
      hand.append(button);
    }
    setText(button.lastChild, t('table.tile', { t: tile }));
    button.setAttribute('aria-pressed', String(isSelected));
    button.disabled = over;
    const isPlayable = Boolean(fit) && !over;
    button.classList.toggle('playable', isPlayable);
    if (isPlayable) {
      descriptions.push(h('span', { text: fit, attrs: { id: fitId(tile) } }));
      button.setAttribute('aria-describedby', fitId(tile));
    } else button.removeAttribute('aria-describedby');
    button.classList.toggle('tip-tile', isTip);
  }
  fits.replaceChildren(...descriptions);
  orderTiles(hand, order);
}

/** Puts the tile buttons in `order` (tiles move only when it changes) and names their digit keys. */
function orderTiles(hand, order) {
  const shown = [...hand.children].map((b) => b.dataset.tile);
  if (shown.join() !== order.join()) {
    const byTile = new Map([...hand.children].map((b) => [b.dataset.tile, b]));
    hand.replaceChildren(...order.map((tile) => byTile.get(tile)));
  }
  // Digits pick the n-th tile (keys.js): say so to screen readers.
  [...hand.children].forEach((b, i) => {
    const key = i < 9 ? String(i + 1) : i === 9 ? '0' : null;
    if (key) b.setAttribute('aria-keyshortcuts', key);
    else b.removeAttribute('aria-keyshortcuts');
  });
}

/** The button that places `a` (a play of the selected tile) at its end. */
function placementButton(a) {
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
}

function renderPlacements(ctx, placements, view) {
  const fitting = ctx.selected ? view.legal.filter((a) => a.type === 'play' && a.tile === ctx.selected) : [];
  if (!ctx.sig.changed('placements', [ctx.lang(), fitting])) return;
  placements.replaceChildren(...fitting.map(placementButton));
  placements.hidden = fitting.length === 0;
}

function renderHand(ctx, els, state) {
  const { view, sig } = ctx;
  const { element, heading, placeLabel, actionsLabel, drawBtn, passBtn, preview, drawWhy, passWhy, moves } = els;
  element.hidden = view.seat === null;
  if (view.seat === null) return;
  if (sig.changed('handWords', ctx.lang())) {
    setText(heading, t('table.hand'));
    setText(placeLabel, t('table.place'));
    setText(actionsLabel, t('table.actions'));
    setText(drawBtn, t('table.draw'));
    setText(passBtn, t('table.pass'));
  }
  renderTiles(ctx, els, view, state.sorted);
  renderPlacements(ctx, els.placements, view);
  setTileText(preview, previewText(view, ctx.selected));
  preview.classList.toggle('unselected', ctx.selected == null); // the sentence that asks to pick a tile
  drawBtn.disabled = !view.legal.some((a) => a.type === 'draw');
  passBtn.disabled = !view.legal.some((a) => a.type === 'pass');
  const why = reasons(view);
  setText(drawWhy, why.draw);
  setText(passWhy, why.pass);
  moves.hidden = Boolean(view.result);
}

/**
 * Sizes the hand's tiles to keep one row, two when long (a layout read); on a short screen a
 * row of tiles down to 30 px comes before a second row.
 */
function layoutHand(ctx, { element, hand }, state) {
  if (element.hidden || !ctx.view) return;
  const n = hand.children.length;
  const width = hand.clientWidth;
  const short = window.innerHeight < 700;
  const key = `${n}:${width}:${short}`;
  if (!n || !width || key === state.fitted) return;
  state.fitted = key;
  const gap = width < 420 ? 4 : 6;
  let most = width < 420 ? 42 : 50;
  const fit = (perRow) => Math.floor((width - gap * (perRow - 1)) / perRow);
  let size = fit(n);
  // A tall phone keeps tiles at least 40 px wide: two rows rather than narrower tiles.
  if (size < (short ? 30 : 40)) {
    size = fit(Math.ceil(n / 2));
    if (short) most = 30;
  }
  if (size < 28) size = fit(Math.ceil(n / 3));
  hand.style.setProperty('--hand-w', `${Math.max(24, Math.min(most, size))}px`);
}
