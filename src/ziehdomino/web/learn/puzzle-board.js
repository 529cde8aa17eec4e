/**
 * @file Draws a puzzle being played (web/learn/puzzle-game.js): the other seat's open hand, the
 * line's two ends, the player's hand with a button per move ("4|5 rechts anlegen", the table's
 * names), "Passen" when nothing fits. Buttons call `onMove(move)`; the SVG tiles are decoration.
 */
// @ts-check

import { h, srText } from '../common/dom.js';
import { t } from '../common/i18n.js';
import './puzzle-strings.js';
import { tileSvg } from '../common/tiles.js';
import { TA, TB, maskPips } from '../bots/masks.js';
import { isPass } from './puzzle-search.js';
import { myMoves } from './puzzle-game.js';
import { moveName, tileText } from './puzzle-words.js';

/** The tile indices of a mask, ascending. */
function tilesOf(mask) {
  const out = [];
  for (let i = 0; i < 28; i++) if ((mask >> i) & 1) out.push(i);
  return out;
}

function otherHand(list, heading, mask) {
  const tiles = tilesOf(mask);
  heading.textContent = t(['pz.other0', 'pz.other1'][tiles.length] ?? 'pz.other', { n: tiles.length, pips: maskPips(mask) });
  list.replaceChildren(...tiles.map((i) => h('li', { class: 'pz-tile' }, tileSvg(TA[i], TB[i], false), srText(tileText(i)))));
}

/** The line as its end tiles; `lineTiles` is the line as it lies (the puzzle's, then the moves). */
function drawLine(root, lineTiles, pos) {
  const first = lineTiles[0];
  const last = lineTiles[lineTiles.length - 1];
  const text = t('pz.line', { n: lineTiles.length, left: pos.left, right: pos.right });
  root.replaceChildren(
    h('p', { class: 'sr-only', text }),
    h('div', { class: 'pz-end', attrs: { 'aria-hidden': 'true' } }, h('span', { class: 'pz-num', text: String(pos.left) }), tileSvg(first[0], first[1], false)),
    h('span', { class: 'pz-middle', text: `… ${t('pz.lineShort', { n: lineTiles.length })} …`, attrs: { 'aria-hidden': 'true' } }),
    h('div', { class: 'pz-end', attrs: { 'aria-hidden': 'true' } }, tileSvg(last[0], last[1], false), h('span', { class: 'pz-num', text: String(pos.right) })),
  );
}

function moveButton(move, onMove, label) {
  const button = h('button', { class: 'btn pz-move', text: label, attrs: { type: 'button', 'aria-label': moveName(move) } });
  button.addEventListener('click', () => onMove(move));
  return button;
}

function myHand(list, heading, game, onMove) {
  const mask = game.me ? game.pos.h1 : game.pos.h0;
  heading.textContent = t(mask ? 'pz.mine' : 'pz.mine0', { pips: maskPips(mask) });
  const options = myMoves(game);
  // the tiles that fit first (with their buttons), then the others, dimmed and short
  const fits = (i) => options.some((m) => m[0] === i);
  const order = [...tilesOf(mask).filter(fits), ...tilesOf(mask).filter((i) => !fits(i))];
  const items = order.map((i) => {
    const mine = options.filter((m) => m[0] === i);
    const buttons = mine.map((m) => moveButton(m, onMove, t(m[1] ? 'pz.rightEnd' : 'pz.leftEnd')));
    const note = !mine.length && options.length ? srText(t('pz.noFit')) : null;
    return h('li', { class: mine.length ? 'pz-tile fits' : 'pz-tile' }, tileSvg(TA[i], TB[i], true),
      srText(tileText(i)), note, buttons.length ? h('span', { class: 'pz-moves' }, ...buttons) : null);
  });
  if (options.length === 1 && isPass(options[0])) items.push(h('li', { class: 'pz-pass' }, moveButton(options[0], onMove, t('table.pass'))));
  list.replaceChildren(...items);
}

/** The line as it lies after the moves made so far (each play added at its end, turned to fit). */
export function lineAfter(puzzle, game) {
  const line = puzzle.line.map((tile) => [...tile]);
  for (const { move, before } of game.steps) {
    if (isPass(move)) continue;
    const [i, end] = move;
    if (end) {
      const n = before.right;
      line.push(TA[i] === n ? [TA[i], TB[i]] : [TB[i], TA[i]]);
    } else {
      const n = before.left;
      line.unshift(TB[i] === n ? [TA[i], TB[i]] : [TB[i], TA[i]]);
    }
  }
  return line;
}

/**
 * Draws the board of `game` into the page's parts `els` (`other`, `otherH`, `line`, `hand`,
 * `handH`); the player's buttons call `onMove(move)`.
 */
export function drawBoard(els, game, onMove) {
  otherHand(els.other, els.otherH, game.me ? game.pos.h0 : game.pos.h1);
  drawLine(els.line, lineAfter(game.puzzle, game), game.pos);
  myHand(els.hand, els.handH, game, onMove);
}
