/**
 * @file One round, a deal played to its end: the twin of Python's `engine/round.py`.
 */
// @ts-check
/** @import { Action, End, LogEntry, Pips, Result, Round, Seat } from './index.js' */

import { Refusal, describe, isPlainObject } from './errors.js';
import { ORIENTED, SIDES, parseTile, textOf } from './tiles.js';

/**
 * A copy sharing nothing mutable; `{log: false}` keeps no log, for playouts.
 * @param {Round} round
 * @param {{log?: boolean}} [options]
 * @returns {Round}
 */
export function cloneRound(round, { log = true } = {}) {
  return {
    players: round.players,
    starter: round.starter,
    hands: round.hands.map((hand) => hand.slice()),
    boneyard: round.boneyard.slice(),
    line: round.line.slice(),
    left: round.left,
    right: round.right,
    turn: round.turn,
    passes: round.passes,
    result: round.result,
    log: log && round.log !== null ? round.log.slice() : null,
  };
}

/** Whether any tile of `hand` can be played (always, on an empty line, if the hand has one). */
function hasFit(round, hand) {
  const { left, right } = round;
  if (left === null) return hand.length > 0;
  for (let i = 0; i < hand.length; i++) {
    const t = hand[i];
    if (t[0] === left || t[1] === left || t[0] === right || t[1] === right) return true;
  }
  return false;
}

/**
 * The seat's legal actions in the order of docs/view.md (`legal`); none off turn or after the
 * round (docs/rules.md, "A round" 3–4).
 * @param {Round} round
 * @param {Seat|null} seat
 * @returns {Action[]}
 */
export function legalActions(round, seat) {
  if (round.result !== null || seat !== round.turn) return [];
  const hand = round.hands[seat];
  const { left, right } = round;
  /** @type {Action[]} */
  const actions = [];
  for (let i = 0; i < hand.length; i++) {
    const t = hand[i];
    if (left === null) {
      actions.push({ type: 'play', tile: textOf(t), end: null });
      continue;
    }
    if (t[0] === left || t[1] === left) actions.push({ type: 'play', tile: textOf(t), end: 'left' });
    if (t[0] === right || t[1] === right) actions.push({ type: 'play', tile: textOf(t), end: 'right' });
  }
  if (actions.length === 0) actions.push({ type: round.boneyard.length > 0 ? 'draw' : 'pass' });
  return actions;
}

/** Checks in the precedence of tests/vectors/FORMAT.md; the played tile's index in hand, or -1. */
function validate(round, seat, action) {
  if (!isPlainObject(action)) {
    throw new Refusal('invalid_action', `An action must be an object such as {"type": "draw"}, not ${describe(action)}.`);
  }
  const { type } = action;
  let tile = null;
  if (type === 'play') {
    tile = parseTile(action.tile);
    const { end } = action;
    if (round.left === null) {
      if (end !== undefined && end !== null && end !== 'left' && end !== 'right') {
        throw new Refusal('invalid_action', `Unknown end ${describe(end)}: use "left" or "right" (or none for the opening).`);
      }
    } else if (end !== 'left' && end !== 'right') {
      throw new Refusal(
        'invalid_action',
        end === undefined || end === null
          ? `Playing ${action.tile} needs an end: "left" or "right".`
          : `Unknown end ${describe(end)}: use "left" or "right".`,
      );
    }
  } else if (type !== 'draw' && type !== 'pass') {
    throw new Refusal('invalid_action', `Unknown action type ${describe(type)}: use "play", "draw" or "pass".`);
  }
  if (!Number.isInteger(seat) || seat < 0 || seat >= round.players) {
    throw new Refusal('invalid_action', `There is no seat ${describe(seat)} at a table of ${round.players}.`);
  }
  if (round.result !== null) throw new Refusal('round_over', `The round is over: seat ${seat} cannot ${type}.`);
  if (seat !== round.turn) {
    throw new Refusal('not_your_turn', `It is seat ${round.turn}'s turn, not seat ${seat}'s.`);
  }
  const hand = round.hands[seat];
  if (tile !== null) {
    const index = hand.indexOf(tile);
    if (index < 0) throw new Refusal('tile_not_in_hand', `Seat ${seat} does not hold ${action.tile}.`);
    if (round.left !== null) {
      const shows = action.end === 'left' ? round.left : round.right;
      if (tile[0] !== shows && tile[1] !== shows) {
        throw new Refusal('tile_does_not_fit', `${action.tile} does not fit the ${action.end} end, which shows ${shows}.`);
      }
    }
    return index;
  }
  if (hasFit(round, hand)) {
    throw new Refusal(
      'must_play',
      round.left === null
        ? `Seat ${seat} cannot ${type} before the opening: play any tile.`
        : `Seat ${seat} holds a tile that fits ${round.left} or ${round.right}, so it must play, not ${type}.`,
    );
  }
  if (type === 'draw' && round.boneyard.length === 0) {
    throw new Refusal('cannot_draw', `Seat ${seat} cannot draw: the boneyard is empty, so it passes.`);
  }
  if (type === 'pass' && round.boneyard.length > 0) {
    throw new Refusal('cannot_pass', `Seat ${seat} cannot pass: the boneyard still has ${round.boneyard.length} tiles to draw.`);
  }
  return -1;
}

/**
 * @param {Round} round
 * @param {Seat} seat
 * @param {Action} action
 * @returns {void}
 * @throws {Refusal} with the first code that applies (`REFUSAL_CODES`).
 */
export function checkAction(round, seat, action) {
  validate(round, seat, action);
}

function dominoResult(seat) {
  return Object.freeze({ kind: 'domino', winners: Object.freeze([seat]) });
}

function blockedResult(hands) {
  const pips = hands.map((hand) => {
    let sum = 0;
    for (let i = 0; i < hand.length; i++) sum += hand[i][0] + hand[i][1];
    return sum;
  });
  const lowest = Math.min(...pips);
  const winners = [];
  pips.forEach((p, s) => p === lowest && winners.push(s));
  return Object.freeze({ kind: 'blocked', winners: Object.freeze(winners), pips: Object.freeze(pips) });
}

/**
 * Applies an action in place and logs it (docs/rules.md, "A round" 3–5).
 * @param {Round} round
 * @param {Seat} seat
 * @param {Action} action
 * @returns {LogEntry} also when the round keeps no log.
 * @throws {Refusal} as `checkAction`; a refused action changes nothing.
 */
export function applyAction(round, seat, action) {
  const index = validate(round, seat, action);
  /** @type {[Pips, Pips]|null} */
  const ends = round.left === null ? null : [round.left, round.right];
  const hand = round.hands[seat];
  /** @type {LogEntry} */
  let entry;
  if (index >= 0) {
    const tile = hand[index];
    hand.splice(index, 1);
    /** @type {End|null} */
    let end = null;
    if (round.left === null) {
      round.line.push(tile);
      round.left = tile[0];
      round.right = tile[1];
    } else if (/** @type {{end?: End|null}} */ (action).end === 'left') {
      const placed = tile[1] === round.left ? tile : ORIENTED[tile[1] * SIDES + tile[0]];
      round.line.unshift(placed);
      round.left = placed[0];
      end = 'left';
    } else {
      const placed = tile[0] === round.right ? tile : ORIENTED[tile[1] * SIDES + tile[0]];
      round.line.push(placed);
      round.right = placed[1];
      end = 'right';
    }
    round.passes = 0;
    entry = { seat, type: 'play', tile: textOf(tile), end, ends };
    if (hand.length === 0) {
      round.turn = null;
      round.result = dominoResult(seat);
    } else {
      round.turn = (seat + 1) % round.players;
    }
  } else if (action.type === 'draw') {
    hand.push(round.boneyard.shift());
    entry = { seat, type: 'draw', ends };
  } else {
    round.passes += 1;
    entry = { seat, type: 'pass', ends };
    if (round.passes === round.players) {
      round.turn = null;
      round.result = blockedResult(round.hands);
    } else {
      round.turn = (seat + 1) % round.players;
    }
  }
  if (round.log !== null) round.log.push(entry);
  return entry;
}

/**
 * @param {Round} round
 * @returns {Result|null} null while the round goes on.
 */
export function roundResult(round) {
  return round.result;
}

/**
 * A log entry as fresh JSON, keys in the view's order.
 * @param {LogEntry} entry
 * @returns {object}
 */
export function copyEntry(entry) {
  const copy = { seat: entry.seat, type: entry.type };
  if (entry.type === 'play') {
    copy.tile = entry.tile;
    copy.end = entry.end;
  }
  copy.ends = entry.ends === null ? null : entry.ends.slice();
  return copy;
}

/**
 * @param {Result} result
 * @returns {object} fresh JSON.
 */
export function copyResult(result) {
  const copy = { kind: result.kind, winners: result.winners.slice() };
  if (result.kind === 'blocked') copy.pips = result.pips.slice();
  return copy;
}
