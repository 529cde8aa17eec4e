/**
 * @file What a change of the seat's view means for the table's motion (motion.js) and sound
 * (sound.js): the one action that happened, if exactly one did, whose it was, and whether the
 * turn came to the viewer, the round ended or the match ended. Pure, no DOM
 * (tests/web/view-change.test.mjs).
 */
// @ts-check

import { isMe, isMyTurn } from './words.js';

/**
 * The meaning of the step from view `before` to view `next` (docs/view.md).
 *
 * `action` is set only when the view moved on by exactly one action within the same round (its
 * `version` one higher and its log one entry longer, the earlier entries kept): a first view, a
 * reload, a new round, a replay's jump or step back, or two actions arriving at once are a full
 * redraw with no action to show.
 * @param {object|null} before  the view drawn until now (null: none yet)
 * @param {object|null} next  the view to draw now
 * @param {object|null} [room]  the room info (ROOMINFO); its integer `match_winner` marks the match's end
 * @returns {{action: {type: 'play'|'draw'|'pass', seat: number, tile: string|null, mine: boolean}|null,
 *   turn: boolean, roundEnd: boolean, matchEnd: boolean}}
 *   `tile` the placed tile "a|b" low first (null unless a play); `mine` whether the viewer's
 *   seat acted; `turn` the turn came to the viewer; `roundEnd` the round is over now and was not
 *   before; `matchEnd` that round also won the match
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
