/**
 * @file The felt: the line of play as an <ol> laid out as a snake (snake.js), each end's chip,
 * the tiles others placed since the viewer's last action marked, and the boneyard count.
 */
// @ts-check

import { t } from '../common/i18n.js';
import { halves, tileSvg, plainTile } from '../common/tiles.js';
import { h, setText, srText } from '../common/dom.js';
import { snakeLayout, snakeSizes } from './snake.js';
import { freshTiles } from './words.js';

const GAP = 4;

/**
 * @param {object} ctx  the table's context (render.js): `id`, `view`, `sig`, `tip()`
 * @returns {{element: HTMLElement, render: () => void, layout: () => void, box: HTMLElement, list: HTMLElement,
 *   boneyard: HTMLElement}}  the felt; the box the line sizes itself to; the line's <ol>; the boneyard's count
 */
export function createLine(ctx) {
  const heading = h('h3', { class: 'line-h', attrs: { id: `${ctx.id}-lh` } });
  const endLeft = h('span', { class: 'end-chip left' });
  const endRight = h('span', { class: 'end-chip right' });
  const line = h('ol', { class: 'line', attrs: { 'aria-labelledby': `${ctx.id}-lh` } });
  const lineEmpty = h('p', { class: 'line-empty' });
  const box = h('div', { class: 'line-box' }, line, endLeft, endRight, lineEmpty);
  const boneyard = h('p', { class: 'boneyard' });
  const element = h('section', { class: 'felt', attrs: { 'aria-labelledby': `${ctx.id}-lh` } }, heading, box, boneyard);
  // drawn: the line's tiles as drawn, left to right; geometry: what the last layout was for
  const L = { ctx, heading, endLeft, endRight, line, lineEmpty, box, boneyard, element, drawn: [], geometry: '' };
  return { element, render: () => renderLine(L), layout: () => layoutLine(L), box, list: line, boneyard };
}

function tileItem(text) {
  const [a, b] = halves(text);
  const li = h('li', { class: `line-tile${a === b ? ' double' : ''}` }, tileSvg(a, b, false), srText(text));
  li.dataset.tile = plainTile(text);
  return li;
}

/** Draws the line; within a round it only grows at its ends, so only new tiles are made. */
function drawLine(L, next) {
  const { line, drawn } = L;
  const offset = drawn.length ? next.indexOf(drawn[0]) : 0;
  const keeps = offset >= 0 && offset + drawn.length <= next.length && drawn.every((text, i) => next[offset + i] === text);
  if (keeps) {
    line.prepend(...next.slice(0, offset).map(tileItem));
    line.append(...next.slice(offset + drawn.length).map(tileItem));
  } else {
    line.replaceChildren(...next.map(tileItem));
  }
  L.drawn = next.slice();
  for (const li of line.querySelectorAll('.first, .last')) li.classList.remove('first', 'last');
  line.firstElementChild?.classList.add('first');
  line.lastElementChild?.classList.add('last');
  line.hidden = next.length === 0;
  L.geometry = '';
}

function placeChip(chip, x, y, toLeft) {
  chip.style.setProperty('--x', `${x}px`);
  chip.style.setProperty('--y', `${y}px`);
  chip.classList.toggle('to-left', toLeft);
}

/** Places every tile and both chips for the box's current size (a layout read). */
function layoutLine(L) {
  const { ctx, element, box, endLeft, endRight, line } = L;
  const view = ctx.view;
  if (!view || element.closest('[hidden]')) return;
  const width = box.clientWidth;
  const height = box.clientHeight;
  // The chips take cells for the wider of the two, at least the size class's width, so that a
  // digit changing seldom moves the tiles.
  const s = snakeSizes(width, Boolean(view.result), L.drawn.length);
  const chip = Math.max(s.chip, endLeft.offsetWidth, endRight.offsetWidth);
  const chipHeight = Math.max(endLeft.offsetHeight, endRight.offsetHeight);
  const key = `${L.drawn.length}:${width}:${height}:${chip}:${chipHeight}:${s.minTile}`;
  if (key === L.geometry) return;
  L.geometry = key;
  const g = snakeLayout(L.drawn.length, { width, height, gap: GAP, maxTile: s.maxTile, minTile: s.minTile, chip, chipHeight });
  line.style.setProperty('--tile', `${g.tile}px`);
  // Tiles and chips are placed by a transform (table.css), not by the layout: when the line
  // grows or shrinks and is laid out anew, nothing else on the page is laid out again.
  [...line.children].forEach((li, i) => {
    const cell = g.cells[i];
    li.style.setProperty('--x', `${cell.x}px`);
    li.style.setProperty('--y', `${cell.y}px`);
    li.classList.toggle('rev', cell.reversed && !cell.corner);
    li.classList.toggle('corner', Boolean(cell.corner));
  });
  // Taller than the box only when even the smallest tiles need more rows than fit.
  const over = g.height > height;
  line.style.minHeight = over ? `${g.height}px` : '';
  box.classList.toggle('scrolls', over);
  if (over) box.setAttribute('tabindex', '0');
  else box.removeAttribute('tabindex');
  if (g.left) {
    // A chip left of its tile ends GAP before it (`to-left`: placed by its right edge).
    placeChip(endLeft, g.left.x - GAP, g.left.y, true);
    placeChip(endRight, g.right.toLeft ? g.right.x - GAP : g.right.x + GAP, g.right.y, g.right.toLeft);
  }
}

/** The ends' chips ("Links: 3"), marked where a tile of the hand fits and where the tip plays. */
function renderEnds(L, view, fitsLeft, fitsRight, tipEnd) {
  const { endLeft, endRight, lineEmpty, line } = L;
  endLeft.hidden = !view.ends;
  endRight.hidden = !view.ends;
  lineEmpty.hidden = Boolean(view.ends);
  setText(lineEmpty, t('table.lineEmpty'));
  if (view.ends) {
    setText(endLeft, t('table.endLeft', { n: view.ends[0] }));
    setText(endRight, t('table.endRight', { n: view.ends[1] }));
  }
  endLeft.classList.toggle('fits', fitsLeft);
  endRight.classList.toggle('fits', fitsRight);
  endLeft.classList.toggle('tip-end', tipEnd === 'left');
  endRight.classList.toggle('tip-end', tipEnd === 'right');
  line.classList.toggle('fits-left', fitsLeft);
  line.classList.toggle('fits-right', fitsRight);
}

function renderLine(L) {
  const { ctx, line } = L;
  const { view, sig } = ctx;
  const plays = view.legal.filter((a) => a.type === 'play');
  const fitsLeft = plays.some((a) => a.end === 'left');
  const fitsRight = plays.some((a) => a.end === 'right');
  if (sig.changed('lineWords', [ctx.lang(), view.round_number])) setText(L.heading, t('table.line'));
  if (sig.changed('line', view.line)) drawLine(L, view.line);
  const fresh = new Set(freshTiles(view));
  if (sig.changed('fresh', [...fresh])) {
    for (const li of line.children) li.classList.toggle('fresh', fresh.has(li.dataset.tile));
  }
  const tipEnd = ctx.tip()?.end ?? null;
  if (sig.changed('ends', [ctx.lang(), view.ends, fitsLeft, fitsRight, tipEnd])) renderEnds(L, view, fitsLeft, fitsRight, tipEnd);
  if (sig.changed('boneyard', [ctx.lang(), view.boneyard_count])) {
    setText(L.boneyard, view.boneyard_count === 1 ? t('table.boneyard1') : t('table.boneyard', { n: view.boneyard_count }));
  }
}
