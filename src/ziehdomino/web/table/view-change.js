/**
 * @file What a change of the seat's view means for motion and sound: the one action, whose, and
 * whether the turn came, the round or the match ended. Pure (tests/web/view-change.test.mjs).
 */
// @ts-check

import { isMe, isMyTurn } from './words.js';

/**
 * The meaning of the step from `before` to `next`; `action` only when exactly one action led
 * there within the round (anything else is a full redraw).
 * @param {object|null} before
 * @param {object|null} next
 * @param {object|null} [room]  its integer `match_winner` marks the match's end
 * @returns {{action: {type: 'play'|'draw'|'pass', seat: number, tile: string|null, mine: boolean}|null,
 *   turn: boolean, roundEnd: boolean, matchEnd: boolean}}
 */
export function viewChange(before, next, room = null) {
  const none = { action: null, turn: false, roundEnd: false, matchEnd: false };
  if (!next) return none;
  const roundEnd = Boolean(next.result) && !before?.result;
  return {
    action: oneAction(before, next),
    turn: isMyTurn(next) && !isMyTurn(before),
    roundEnd,
    matchEnd: roundEnd && Number.isInteger(room?.match_winner),
  };
}

/** The single log entry that leads from `before` to `next`, as `viewChange` words it, or null. */
function oneAction(before, next) {
  if (!before || before.round_number !== next.round_number || next.version !== before.version + 1) return null;
  const { log } = next;
  if (log.length !== before.log.length + 1) return null;
  const last = before.log[before.log.length - 1];
  if (last && (log[log.length - 2].seat !== last.seat || log[log.length - 2].type !== last.type)) return null;
  const entry = log[log.length - 1];
  return {
    type: entry.type,
    seat: entry.seat,
    tile: entry.type === 'play' ? entry.tile : null,
    mine: isMe(next, entry.seat),
  };
}
