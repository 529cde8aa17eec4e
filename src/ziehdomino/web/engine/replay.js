/**
 * @file A finished round's record and its replay through the rules (docs/replay.md): the twin
 * of Python's `engine/replay.py`.
 */
// @ts-check
/** @import { Match, Round, Seat } from './index.js' */

import { handSize } from './deal.js';
import { PositionError, Refusal, isPlainObject } from './errors.js';
import { roundFromPosition } from './position.js';
import { applyAction, cloneRound, copyResult } from './round.js';
import { formatOriented, formatTile, tilePips } from './tiles.js';
import { fairJson } from './view.js';

export const RECORD_FORMAT = 1;
const SET_SIZE = 28;

const isCount = (v, low) => Number.isInteger(v) && v >= low;

/**
 * The record of the match's finished round (Python's `round_record`).
 * @param {import('./index.js').Match} match
 * @returns {{format: 1, round: number, players: number, starter: number, deal: object,
 *   undrawn: number, actions: object[], result: object}}
 * @throws {TypeError} while the round is played, or without its deal or log.
 */
export function roundRecord(match) {
  const { round, opening } = match;
  if (round.result === null) throw new TypeError('The round is still being played: only a finished round has a record.');
  if (!isPlainObject(opening) || round.log === null) throw new TypeError('The match keeps no deal or log.');
  const draws = round.log.filter((e) => e.type === 'draw').length;
  const result = copyResult(round.result);
  return {
    format: RECORD_FORMAT,
    round: match.roundNumber,
    players: round.players,
    starter: round.starter,
    deal: {
      ...opening,
      hands: opening.hands.map((h) => h.slice()),
      boneyard: opening.boneyard.slice(0, draws),
      line: [],
    },
    undrawn: opening.boneyard.length - draws,
    actions: round.log.map((e) => (e.type === 'play' ? { type: 'play', tile: e.tile, end: e.end } : { type: e.type })),
    result,
    ...(match.fair ? { fair: fairJson(match) } : {}),
  };
}

function checkRecord(record) {
  if (!isPlainObject(record) || record.format !== RECORD_FORMAT) {
    throw new PositionError(`This is not a round record of format ${RECORD_FORMAT}.`);
  }
  if (!isCount(record.round, 1)) throw new PositionError(`round must be an integer >= 1, not ${JSON.stringify(record.round)}.`);
  const { players, starter } = record;
  if (![2, 3, 4].includes(players)) throw new PositionError(`players must be 2-4, not ${JSON.stringify(players)}.`);
  if (!Number.isInteger(starter) || starter < 0 || starter >= players) {
    throw new PositionError(`starter must be a seat 0-${players - 1}, not ${JSON.stringify(starter)}.`);
  }
  const round = roundFromPosition(record.deal);
  if (round.players !== players || round.turn !== starter || round.line.length > 0 || round.passes > 0) {
    throw new PositionError('deal must be a fresh deal for this table, opened by the starter.');
  }
  const size = handSize(players);
  if (round.hands.some((h) => h.length !== size)) {
    throw new PositionError(`deal: every hand of a ${players}-seat table holds ${size} tiles.`);
  }
  const { undrawn, actions } = record;
  if (!isCount(undrawn, 0)) throw new PositionError(`undrawn must be an integer >= 0, not ${JSON.stringify(undrawn)}.`);
  if (players * size + round.boneyard.length + undrawn !== SET_SIZE) {
    throw new PositionError(`deal: hands, drawn tiles and undrawn (${undrawn}) must make the ${SET_SIZE} tiles.`);
  }
  if (!Array.isArray(actions)) throw new PositionError('actions must be a list.');
  round.starter = starter;
  return { round, undrawn, actions };
}

const sameResult = (a, b) => JSON.stringify(a) === JSON.stringify(b && {
  kind: b.kind, winners: b.winners, ...(b.pips === undefined ? {} : { pips: b.pips }),
});

/**
 * Replays a record (Python's `replay_rounds`): every state, the deal first; a state's boneyard
 * holds the tiles still to draw, `undrawn` more lie behind them.
 * @param {object} record
 * @returns {{states: import('./index.js').Round[], undrawn: number}}
 * @throws {PositionError} naming what the rules refuse.
 */
export function replayRounds(record) {
  const { round, undrawn, actions } = checkRecord(record);
  const states = [cloneRound(round)];
  actions.forEach((action, i) => {
    try {
      if (isPlainObject(action) && action.type === 'pass' && undrawn > 0) {
        throw new Refusal('cannot_pass', `the boneyard still held ${undrawn} undrawn tiles.`);
      }
      applyAction(round, round.turn, action);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      throw new PositionError(`actions[${i}] is refused on replay: ${error.message}`);
    }
    states.push(cloneRound(round));
  });
  if (round.result === null) throw new PositionError('The round does not end with its last action.');
  if (round.boneyard.length > 0) {
    throw new PositionError(`deal: the boneyard lists ${round.boneyard.length} tiles never drawn (list only drawn ones).`);
  }
  if (!sameResult(record.result, round.result)) {
    throw new PositionError(`result: the replay ends ${JSON.stringify(round.result)}, the record says ${JSON.stringify(record.result)}.`);
  }
  return { states, undrawn };
}

function frame(step, round, undrawn) {
  /** @type {{seat: Seat, type: string, tile?: string, end?: string|null, drawn?: string}|null} */
  let action = null;
  if (step > 0) {
    const last = round.log[round.log.length - 1];
    action = { seat: last.seat, type: last.type };
    if (last.type === 'play') {
      action.tile = last.tile;
      action.end = last.end;
    }
    if (last.type === 'draw') {
      const hand = round.hands[last.seat];
      action.drawn = formatTile(hand[hand.length - 1]);
    }
  }
  const over = round.result !== null;
  const result = over ? copyResult(round.result) : null;
  return {
    step,
    action,
    line: round.line.map(formatOriented),
    ends: round.left === null ? null : [round.left, round.right],
    hands: round.hands.map((h) => h.map(formatTile)),
    boneyard_count: round.boneyard.length + undrawn,
    turn: over ? null : round.turn,
    passes: round.passes,
    pips: round.hands.map((h) => h.reduce((sum, t) => sum + tilePips(t), 0)),
    result,
  };
}

/**
 * Every state as a frame (Python's `replay_frames`; docs/replay.md).
 * @param {object} record
 * @returns {object[]}
 * @throws {PositionError} as `replayRounds`.
 */
export function replayFrames(record) {
  const { states, undrawn } = replayRounds(record);
  return states.map((round, step) => frame(step, round, undrawn));
}

/**
 * A finished round in one line (Python's `round_summary`).
 * @throws {PositionError} for a record the rules refuse.
 */
export function roundSummary(record) {
  const frames = replayFrames(record);
  const end = frames[frames.length - 1];
  return { round: record.round, starter: record.starter, kind: end.result.kind, winners: end.result.winners.slice(), pips: end.pips.slice() };
}
