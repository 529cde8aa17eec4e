/**
 * @file What this browser saw of a room's deals (docs/fair.md), kept in localStorage under
 * `ziehdomino.deal.<room>` so that a reload keeps it: the pending commitment last announced, this
 * seat's own contribution to it (and whether the server confirmed holding one), and per round
 * the commitment it was dealt under as first seen during the round and the one announced
 * before its deal. At the round's end the table's check (replay/fair-proof.js) holds the
 * revealed proof against it.
 */

import { isSeed, newContribution } from '../common/fair-hex.js';

export const DEAL_KEY_PREFIX = 'ziehdomino.deal.';
const KEEP_ROUNDS = 8;

function read(storage, roomId) {
  try {
    const data = JSON.parse(storage.getItem(DEAL_KEY_PREFIX + roomId));
    if (data && typeof data === 'object' && data.rounds && typeof data.rounds === 'object') return data;
  } catch {
    // unreadable: as if nothing was seen
  }
  return { pending: null, mine: null, rounds: {} };
}

function write(storage, roomId, data) {
  const numbers = Object.keys(data.rounds).map(Number).sort((a, b) => b - a);
  for (const n of numbers.slice(KEEP_ROUNDS)) delete data.rounds[n];
  try {
    storage.setItem(DEAL_KEY_PREFIX + roomId, JSON.stringify(data));
  } catch {
    // storage full or refused: the check then knows less, and says so
  }
}

/**
 * Notes a `state` message. Returns the contribution this seat should send now
 * (`{commitment, contribution}`), or null: none is pending, this viewer is a spectator, or the
 * server holds this seat's contribution already.
 * @param {Storage} storage
 * @param {string} roomId
 * @param {object|null} room  ROOMINFO
 * @param {object|null} view  the seat's view
 * @returns {{commitment: string, contribution: string}|null}
 */
export function noteState(storage, roomId, room, view) {
  const data = read(storage, roomId);
  let changed = false;
  const pending = room?.fair?.commitment ?? null;
  if (view?.fair && view.result === null && !data.rounds[view.round_number]) {
    // the first state of a round in play: its commitment, and the one announced before its deal
    const mine = data.mine?.commitment === view.fair.commitment ? data.mine : null;
    data.rounds[view.round_number] = { commitment: view.fair.commitment, promised: data.pending, mine };
    changed = true;
  }
  let send = null;
  if (isSeed(pending)) {
    if (data.pending !== pending) {
      data.pending = pending;
      changed = true;
    }
    const you = room.you;
    if (Number.isInteger(you)) {
      if (data.mine?.commitment !== pending) {
        data.mine = { commitment: pending, contribution: newContribution(), confirmed: false };
        changed = true;
      }
      if (room.fair.contributed?.[you]) {
        if (!data.mine.confirmed) {
          data.mine.confirmed = true;
          changed = true;
        }
      } else {
        send = { commitment: pending, contribution: data.mine.contribution };
      }
    }
  }
  if (changed) write(storage, roomId, data);
  return send;
}

/**
 * A contribution for the join (`POST /api/rooms/{id}/join`) to the pending deal; kept as this
 * seat's own, confirmed once the join succeeds (`joined`).
 * @returns {{commitment: string, contribution: string}|null}  null without a pending deal.
 */
export function joinContribution(storage, roomId, room) {
  const pending = room?.fair?.commitment ?? null;
  if (!isSeed(pending)) return null;
  return { commitment: pending, contribution: newContribution() };
}

/**
 * The join that carried `given` (`{commitment, contribution}`, from `joinContribution`) seated
 * us: the server holds it. `promised`: this browser had the commitment before it sent the join;
 * false when the server named it only in the join's answer ("Schnell spielen", "Mitspielen"),
 * so that the check at the round's end does not take it as announced before the deal.
 */
export function joined(storage, roomId, given, { promised = true } = {}) {
  if (!given) return;
  const data = read(storage, roomId);
  if (promised) data.pending = given.commitment;
  data.mine = { ...given, confirmed: true };
  // the join of the last seat deals at once: its round may have been seen (as a spectator) already
  for (const round of Object.values(data.rounds)) {
    if (round.commitment === given.commitment) round.mine = data.mine;
  }
  write(storage, roomId, data);
}

/**
 * What this browser saw of the deal of the view's round, for the check at its end:
 * `seen`: the commitment of its first state during the round (null: it saw none);
 * `promised`: the commitment announced before its deal (null: none seen);
 * `mine`: this seat's contribution to that deal as it stood when the round was dealt,
 * `{contribution, confirmed}`, or null.
 * @param {Storage} storage
 * @param {string} roomId
 * @param {object} view
 */
export function witnessOf(storage, roomId, view) {
  const data = read(storage, roomId);
  const round = data.rounds[view.round_number] ?? null;
  const mine = round?.mine ? { contribution: round.mine.contribution, confirmed: Boolean(round.mine.confirmed) } : null;
  return { seen: round?.commitment ?? null, promised: round?.promised ?? null, mine };
}

/**
 * The pending deal as this browser sees it: its commitment and this seat's own contribution to
 * it (shown to its sender before the deal), or null while none is pending.
 * @returns {{commitment: string, contribution: string|null, confirmed: boolean}|null}
 */
export function pendingOf(storage, roomId, room) {
  const commitment = room?.fair?.commitment ?? null;
  if (!isSeed(commitment)) return null;
  const mine = read(storage, roomId).mine;
  const own = mine?.commitment === commitment ? mine : null;
  return { commitment, contribution: own?.contribution ?? null, confirmed: Boolean(own && room.fair.contributed?.[room.you]) };
}
