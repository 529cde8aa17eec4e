/**
 * @file Drawn domino tiles (SVG), pure decoration: always `aria-hidden`, the text next to them
 * carries the meaning. Drawings are built once per (a, b, shape) and cloned afterwards.
 */
// @ts-check

import { svg } from './dom.js';

/** Pip centres in a unit square, per number of pips. */
const PIPS = [
  [],
  [[0.5, 0.5]],
  [[0.25, 0.25], [0.75, 0.75]],
  [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
  [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]],
  [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
  [[0.25, 0.22], [0.75, 0.22], [0.25, 0.5], [0.75, 0.5], [0.25, 0.78], [0.75, 0.78]],
];

const cache = new Map();

function half(drawing, pips, x, y, vertical) {
  for (const [px, py] of PIPS[pips]) {
    // Sixes run along the tile's long side, as on real tiles.
    const [cx, cy] = vertical ? [px, py] : [py, px];
    drawing.append(svg('circle', { cx: x + 6 + cx * 88, cy: y + 6 + cy * 88, r: 9.5, class: 'pip' }));
  }
}

/**
 * An SVG drawing of the tile a|b.
 * @param {number} a  pips of the first half (left, or top when vertical)
 * @param {number} b  pips of the second half
 * @param {boolean} vertical  halves above each other
 * @returns {SVGSVGElement} a fresh node (aria-hidden, focusable=false)
 */
export function tileSvg(a, b, vertical) {
  const key = `${a}${b}${vertical ? 'v' : 'h'}`;
  let proto = cache.get(key);
  if (!proto) {
    const [w, h] = vertical ? [100, 200] : [200, 100];
    proto = svg('svg', { viewBox: `0 0 ${w} ${h}`, class: `tile-svg ${vertical ? 'v' : 'h'}`, 'aria-hidden': 'true', focusable: 'false' });
    proto.append(svg('rect', { x: 2, y: 2, width: w - 4, height: h - 4, rx: 14, class: 'tile-body' }));
    if (vertical) proto.append(svg('line', { x1: 12, y1: 100, x2: 88, y2: 100, class: 'tile-bar' }));
    else proto.append(svg('line', { x1: 100, y1: 12, x2: 100, y2: 88, class: 'tile-bar' }));
    half(proto, a, 0, 0, vertical);
    if (vertical) half(proto, b, 0, 100, vertical);
    else half(proto, b, 100, 0, vertical);
    cache.set(key, proto);
  }
  return proto.cloneNode(true);
}

/** Splits "a|b" into two numbers. */
export function halves(text) {
  return [Number(text[0]), Number(text[2])];
}

/** "5|2" -> "2|5": a tile written low half first, as the line's items and the log name it. */
export function plainTile(text) {
  const [a, b] = [text[0], text[2]];
  return a <= b ? `${a}|${b}` : `${b}|${a}`;
}
