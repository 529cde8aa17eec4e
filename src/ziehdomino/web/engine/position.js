/**
 * @file Rounds from and to positions (tests/vectors/FORMAT.md): the twin of Python's `engine/position.py`.
 */
// @ts-check
/** @import { Position, Round, Seat } from './index.js' */

import { checkPlayers } from './deal.js';
import { PositionError, describe, isPlainObject } from './errors.js';
import { ORIENTED, SIDES, parseTile, textOf } from './tiles.js';

function positionTile(text, where) {
  try {
    return parseTile(text);
  } catch (error) {
    throw new PositionError(`${where}: ${error.message}`);
  }
}

function positionList(position, key, fallback) {
  const value = position[key] === undefined ? fallback : position[key];
  if (!Array.isArray(value)) throw new PositionError(`${key} must be a list of tiles, not ${describe(value)}.`);
  return value;
}

function positionInt(position, key, fallback, below) {
  const value = position[key] === undefined ? fallback : position[key];
  if (!Number.isInteger(value) || value < 0 || value >= below) {
    throw new PositionError(`${key} must be an integer from 0 to ${below - 1}, not ${describe(value)}.`);
  }
  return value;
}

/**
 * A round still being played, from a position checked as Python's `round_from_position` does.
 * @param {Position} position
 * @returns {Round}
 * @throws {PositionError} naming what is wrong.
 */
export function roundFromPosition(position) {
  if (!isPlainObject(position)) throw new PositionError(`A position must be an object, not ${describe(position)}.`);
  const { players } = position;
  checkPlayers(players);
  const rawHands = position.hands;
  if (!Array.isArray(rawHands) || rawHands.length !== players) {
    throw new PositionError(`hands must be a list of ${players} hands, one per seat, not ${describe(rawHands)}.`);
  }

  const seen = new Map(); // tile -> where it was named first
  const take = (text, where) => {
    const tile = positionTile(text, where);
    if (seen.has(tile)) throw new PositionError(`Tile ${textOf(tile)} appears twice (${seen.get(tile)} and ${where}).`);
    seen.set(tile, where);
    return tile;
  };
  const hands = rawHands.map((hand, s) => {
    if (!Array.isArray(hand)) throw new PositionError(`hands[${s}] must be a list of tiles, not ${describe(hand)}.`);
    return hand.map((text, i) => take(text, `hands[${s}][${i}]`));
  });
  const boneyard = positionList(position, 'boneyard', []).map((text, i) => take(text, `boneyard[${i}]`));
  const lineText = positionList(position, 'line', []);
  const line = lineText.map((text, i) => {
    const tile = take(text, `line[${i}]`);
    return tile[0] === text.charCodeAt(0) - 48 ? tile : ORIENTED[tile[1] * SIDES + tile[0]];
  });
  for (let i = 1; i < line.length; i++) {
    if (line[i - 1][1] !== line[i][0]) {
      throw new PositionError(
        `line[${i - 1}] ${lineText[i - 1]} and line[${i}] ${lineText[i]} do not touch (${line[i - 1][1]} against ${line[i][0]}).`,
      );
    }
  }
  hands.forEach((hand, s) => {
    if (hand.length === 0) throw new PositionError(`hands[${s}] is empty: that round would already be over.`);
  });

  const turn = positionInt(position, 'turn', 0, players);
  const passes = positionInt(position, 'passes', 0, players);
  if (passes > 0 && boneyard.length > 0) {
    throw new PositionError(`passes must be 0 while the boneyard holds tiles (nobody may pass then), not ${passes}.`);
  }
  if (passes > 0 && line.length === 0) throw new PositionError(`passes must be 0 on an empty line (nobody may pass then), not ${passes}.`);
  const starter = positionInt(position, 'starter', turn, players);

  return {
    players,
    starter,
    hands,
    boneyard,
    line,
    left: line.length ? line[0][0] : null,
    right: line.length ? line[line.length - 1][1] : null,
    turn,
    passes,
    result: null,
    log: [],
  };
}

/**
 * A round still being played as a position, as Python's `position_of`: no starter, no log.
 * @param {Round} round
 * @returns {{players: number, hands: string[][], boneyard: string[], line: string[],
 *   turn: Seat, passes: number}}
 * @throws {PositionError} for a finished round.
 */
export function positionOf(round) {
  if (round.result !== null) throw new PositionError('The round is over: a position is a round still being played.');
  return {
    players: round.players,
    hands: round.hands.map((hand) => hand.map(textOf)),
    boneyard: round.boneyard.map(textOf),
    line: round.line.map(textOf),
    turn: round.turn,
    passes: round.passes,
  };
}
