/**
 * @file The puzzles' sentences (docs/puzzles.md): a move in words, the answer of the other seat,
 * the winning line explained step by step. Pure functions of the search's positions and moves
 * (web/learn/puzzle-search.js), without the DOM.
 */
// @ts-check

import { t } from '../common/i18n.js';
import './puzzle-strings.js';
import { NUM, TA, TB, maskPips, popcount } from '../bots/masks.js';
import { after, isPass, moves, valueOf } from './puzzle-search.js';

/** Tile `i` as "a|b". */
export function tileText(i) {
  return `${TA[i]}|${TB[i]}`;
}

/** The button name of a play: "3|5 links anlegen" (the table's names, web/table/words.js). */
export function moveName(move) {
  if (isPass(move)) return t('table.pass');
  return t(move[1] ? 'table.placeRight' : 'table.placeLeft', { t: tileText(move[0]) });
}

/** A seat's move as a sentence: "Du legst 3|5 rechts an." / "Stark passt." */
export function moveSentence(move, mine) {
  const who = mine ? 'pz.my' : 'pz.their';
  if (isPass(move)) return t(`${who}.pass`);
  return t(`${who}.play`, { t: tileText(move[0]), end: t(move[1] ? 'end.right' : 'end.left') });
}

/** The open ends as words: "keine 5" or "keine 5 und keine 2". */
function lacking(left, right) {
  return left === right ? t('pz.lacksOne', { a: left }) : t('pz.lacksTwo', { a: left, b: right });
}

/**
 * Why a move of the player in the winning line is good, in a beginner's words: the last tile,
 * the other seat must pass (and why), the round blocks with fewer pips, the other seat has
 * only one answer, or else a fact of the position after it (an end shut for the other seat, an
 * end no one can follow, the player's tiles for the open ends) with the tiles left on each side. `pos` is the position the move was made at.
 */
export function reason(pos, move, me) {
  const next = after(pos, move);
  const pips = (p, s) => maskPips(s ? p.h1 : p.h0);
  if (next.ended === me && !isPass(move) && (me ? next.pos.h1 : next.pos.h0) === 0) return t('pz.why.last');
  if (next.ended !== null) return t('pz.why.blocked', { mine: pips(next.pos, me), theirs: pips(next.pos, 1 - me) });
  const answers = moves(next.pos);
  const count = t('pz.why.count', { mine: stones(popcount(hand(next.pos, me))), theirs: stones(popcount(hand(next.pos, 1 - me))) });
  if (isPass(answers[0])) return `${t('pz.why.theyPass', { lacks: lacking(next.pos.left, next.pos.right) })} ${count}`;
  if (answers.length === 1) return `${t('pz.why.onlyOne', { t: tileText(answers[0][0]) })} ${count}`;
  return `${holdReason(next.pos, me)} ${count}`;
}

const hand = (p, s) => (s ? p.h1 : p.h0);
const stones = (n) => t(n === 1 ? 'pz.stones1' : 'pz.stones', { n });

/**
 * Why a move that leaves Stark several answers keeps the win, read from the position after it:
 * an open number Stark lacks (that end is shut for it), an open number no one holds any more
 * (that end is closed for good), or the player's tiles that still fit the open ends.
 */
function holdReason(pos, me) {
  const { left, right } = pos;
  const mine = hand(pos, me);
  const theirs = hand(pos, 1 - me);
  for (const [n, m] of [[left, right], [right, left]]) {
    if (n !== m && !(theirs & NUM[n])) return t('pz.why.shutOne', { n, m });
  }
  for (const [n, m] of [[left, right], [right, left]]) {
    if (n !== m && !((mine | theirs) & NUM[n])) return t('pz.why.dead', { n, m });
  }
  const fit = popcount(mine & (NUM[left] | NUM[right]));
  const ends = left === right ? t('pz.twoOf', { n: left }) : t('pz.and', { a: left, b: right });
  if (fit === 0) return t('pz.why.waits', { ends });
  return t(fit === 1 ? 'pz.why.follow1' : 'pz.why.follow', { ends, k: fit });
}

/** What a score leaves the player: "höchstens ein geteiltes Spiel" / "du verlierst". */
export function outcomeWords(score) {
  const v = valueOf(score);
  return t(v === 2 ? 'pz.out.win' : v === 1 ? 'pz.out.shared' : 'pz.out.lost');
}

/**
 * The winning line (`mainLine` of puzzle-search.js) from `pos` as sentences, each move with its
 * reason when it is the player's play: a list of strings.
 */
export function lineSentences(pos, line, me) {
  const out = [];
  let at = pos;
  for (const { seat, move } of line) {
    const mine = seat === me;
    const text = moveSentence(move, mine);
    out.push(mine && !isPass(move) ? `${text} ${reason(at, move, me)}` : text);
    at = after(at, move).pos;
  }
  return out;
}

/**
 * Why the other first moves do not win by force, for up to `most` of them: "Nicht 2|6 links:
 * Stark antwortet mit 6|6 rechts, dann höchstens ein geteiltes Spiel."
 */
export function whyNot(pos, search, solution, reply, most = 2) {
  const out = [];
  for (const move of moves(pos)) {
    if (out.length >= most) break;
    if (move[0] === solution[0] && move[1] === solution[1]) continue;
    const score = search.moveScore(pos, move);
    const next = after(pos, move);
    const answer = next.ended === null ? reply(next.pos, search) : null;
    out.push(t(answer ? 'pz.whyNot' : 'pz.whyNotEnd', {
      move: moveName(move), answer: answer ? moveSentence(answer, false) : '', out: outcomeWords(score),
    }));
  }
  return out;
}
