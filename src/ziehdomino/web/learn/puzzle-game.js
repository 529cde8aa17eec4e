/**
 * @file One puzzle being played (docs/puzzles.md): the player's moves, the other seat's answers
 * with the longest resistance, taking a move back. Pure (tests/web/puzzles.test.mjs).
 */
// @ts-check

import { tileIndex } from '../bots/masks.js';
import { Search, after, moves, reply, valueOf } from './puzzle-search.js';

/** Tile `[a, b]` as its index in ALL_TILES. */
export function indexOf([a, b]) {
  return tileIndex(`${Math.min(a, b)}|${Math.max(a, b)}`);
}

/** The search's position of a puzzle's start. */
export function startPosition(puzzle) {
  const mask = (tiles) => tiles.reduce((m, t) => m | (1 << indexOf(t)), 0);
  return { h0: mask(puzzle.hands[0]), h1: mask(puzzle.hands[1]), left: puzzle.left, right: puzzle.right, turn: puzzle.to_move, passes: 0 };
}

/** The move `{tile: [a, b], end}` of a puzzle file as the search's move. */
export function moveOfSolution(solution) {
  return [indexOf(solution.tile), solution.end === 'right' ? 1 : 0];
}

/**
 * A new game of `puzzle`: `{puzzle, me, search, pos, steps, ended, lost}`. `steps` lists every
 * move made so far as `{seat, move, before}` (`before`: the position it was made at); `ended`
 * is the round's end (the seat that won alone, -1 shared, null while it goes on); `lost` says
 * whether a move of the player gave the sure win away.
 */
export function newGame(puzzle) {
  const me = puzzle.to_move;
  return { puzzle, me, search: new Search(me), pos: startPosition(puzzle), steps: [], ended: null, lost: false };
}

/** The player's moves now (empty when it is not the player's turn or the round is over). */
export function myMoves(game) {
  if (game.ended !== null || game.pos.turn !== game.me) return [];
  return moves(game.pos);
}

/** Whether `move` (a search move) is the player's at this point, as a key for comparisons. */
export function sameMove(a, b) {
  return a[0] === b[0] && a[1] === b[1];
}

function step(game, move) {
  const before = game.pos;
  const next = after(before, move);
  game.steps.push({ seat: before.turn, move, before });
  game.pos = next.pos;
  game.ended = next.ended;
}

/**
 * Plays the player's `move` and the other seat's answers until the player's turn or the round's end.
 * Returns `{wins, answers}`: whether the position is still won by force, and the answers made.
 * Raises RangeError for a move the player cannot make now.
 */
export function play(game, move) {
  if (!myMoves(game).some((m) => sameMove(m, move))) throw new RangeError('not a move of the player now');
  const wins = valueOf(game.search.moveScore(game.pos, move)) === 2;
  if (!wins) game.lost = true;
  step(game, move);
  const answers = [];
  while (game.ended === null && game.pos.turn !== game.me) {
    const answer = reply(game.pos, game.search);
    answers.push(answer);
    step(game, answer);
  }
  return { wins, answers };
}

/** Takes back the player's last move with the answers to it; false when there is none. */
export function takeBack(game) {
  let last = -1;
  for (let k = game.steps.length - 1; k >= 0; k--) {
    if (game.steps[k].seat === game.me) {
      last = k;
      break;
    }
  }
  if (last < 0) return false;
  game.pos = game.steps[last].before;
  game.steps.length = last;
  game.ended = null;
  game.lost = game.steps.some((s) => s.seat === game.me && valueOf(game.search.moveScore(s.before, s.move)) < 2);
  return true;
}

/**
 * Whether the player wins from `pos` whatever both seats do from here on (every line of play
 * ends in the player's win): the win is then certain on the board.
 */
export function certain(pos, me) {
  return moves(pos).every((move) => {
    const next = after(pos, move);
    return next.ended === null ? certain(next.pos, me) : next.ended === me;
  });
}

/**
 * Whether the puzzle is solved: no move of the player gave the sure win away, and the win is
 * certain on the board (the round won, or every way on ends in the player's win).
 */
export function solved(game) {
  if (game.lost) return false;
  return game.ended === null ? certain(game.pos, game.me) : game.ended === game.me;
}
