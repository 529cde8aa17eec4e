/**
 * @file What this browser saw of a room's deals, kept in localStorage so that a reload keeps it
 * (docs/fair.md, "What the browser can vouch for").
 */
// @ts-check

import { isSeed, newContribution } from '../common/fair-hex.js';

export const DEAL_KEY_PREFIX = 'ziehdomino.deal.';
const KEEP_ROUNDS = 8;

/**
 * @typedef {object} Witness  what this browser saw of one round's deal (`witnessOf`)
 * @property {string|null} seen  the commitment of the round's first state seen during play.
 * @property {string|null} promised  the commitment held before the deal (announced, or our join's).
 * @property {boolean} byJoin  `promised` came with the answer of the join that dealt the round.
 * @property {boolean} waited  a state before this deal was seen (so a commitment was owed).
 * @property {{contribution: string, confirmed: boolean}|null} mine  `confirmed`: the server must hold it.
 * @property {number|null} previous  the starter of the round before, when this browser saw it.
 * @property {number[]} [computers]  the seats a computer held at the deal (they contribute `""`).
 * @property {boolean} [own]  this browser made the seed itself (a local game).
 */

function read(storage, roomId) {
  try {
    const data = JSON.parse(storage.getItem(DEAL_KEY_PREFIX + roomId));
    if (data && typeof data === 'object' && data.rounds && typeof data.rounds === 'object') return data;
  } catch {
    // unreadable: as if nothing was seen
  }
  return { pending: null, waited: null, mine: null, rounds: {} };
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

/** The round a state waits to deal: 1 before the first, n + 1 once round n ended; null during play. */
function dealtNext(view) {
  if (!view) return 1;
  return view.result !== null && Number.isInteger(view.round_number) ? view.round_number + 1 : null;
}

/** The first state of a round in play: what stood when it was dealt. */
function firstOfRound(data, view, socket) {
  const r = view.round_number;
  const commitment = view.fair?.commitment ?? null;
  const pending = data.pending?.round === r ? data.pending : null;
  let mine = null;
  if (commitment && data.mine?.commitment === commitment) {
    const confirmed = Boolean(data.mine.confirmed) || (socket !== null && data.mine.readyOn === socket);
    mine = { contribution: data.mine.contribution, confirmed };
  }
  data.rounds[r] = { commitment, promised: pending?.commitment ?? null, byJoin: Boolean(pending?.byJoin),
    waited: data.waited === r, mine, starter: Number.isInteger(view.starter) ? view.starter : null };
}

/**
 * Notes a `state` message.
 * @param {Storage} storage
 * @param {string} roomId
 * @param {object|null} room  ROOMINFO
 * @param {object|null} view
 * @param {{seat?: number|null, socket?: string|null}} [options]  the seat contributed for; the socket's token.
 * @returns {{commitment: string, contribution: string}|null} the contribution to send now, if any.
 */
export function noteState(storage, roomId, room, view, { seat = room?.you ?? null, socket = null } = {}) {
  const data = read(storage, roomId);
  const before = JSON.stringify(data);
  const next = dealtNext(view);
  const pending = room?.fair?.commitment ?? null;
  if (next !== null) data.waited = next;
  if (view && view.result === null && !data.rounds[view.round_number]) firstOfRound(data, view, socket);
  let send = null;
  if (next !== null && isSeed(pending)) {
    if (data.pending?.commitment !== pending) data.pending = { commitment: pending, round: next };
    if (Number.isInteger(seat)) {
      if (data.mine?.commitment !== pending) data.mine = { commitment: pending, contribution: newContribution(), confirmed: false };
      if (room.fair.contributed?.[seat]) data.mine.confirmed = true;
      else send = { commitment: pending, contribution: data.mine.contribution };
    }
  }
  if (JSON.stringify(data) !== before) write(storage, roomId, data);
  return send;
}

/** This seat's contribution to `commitment` went out on the socket `socket` (a token). */
export function sent(storage, roomId, commitment, socket) {
  const data = read(storage, roomId);
  if (data.mine?.commitment !== commitment || data.mine.sentOn === socket) return;
  data.mine.sentOn = socket;
  write(storage, roomId, data);
}

/**
 * This page asked for the next round on `socket`: messages on one socket are handled in order,
 * so a contribution sent before on it is one the server holds when it deals (`readyOn`).
 */
export function readied(storage, roomId, socket) {
  const data = read(storage, roomId);
  if (!data.mine || data.mine.sentOn !== socket || data.mine.readyOn === socket) return;
  data.mine.readyOn = socket;
  write(storage, roomId, data);
}

/**
 * A contribution for the join to the pending deal.
 * @returns {{commitment: string, contribution: string}|null}  null without a pending deal.
 */
export function joinContribution(storage, roomId, room) {
  const pending = room?.fair?.commitment ?? null;
  if (!isSeed(pending)) return null;
  return { commitment: pending, contribution: newContribution() };
}

/**
 * The join that carried `given` seated us: the server holds it. `dealt`: the join's answer named
 * the commitment of the deal the join itself made.
 */
export function joined(storage, roomId, given, { dealt = false } = {}) {
  if (!given) return;
  const data = read(storage, roomId);
  data.pending = { commitment: given.commitment, round: 1, byJoin: dealt };
  data.mine = { ...given, confirmed: true };
  // the join of the last seat deals at once: its round may have been seen (as a spectator) already
  const round = data.rounds[1];
  if (round?.commitment === given.commitment) Object.assign(round, { promised: given.commitment, byJoin: dealt, mine: { contribution: given.contribution, confirmed: true } });
  write(storage, roomId, data);
}

/**
 * What this browser saw of the deal of the view's round, for the check at its end.
 * @param {Storage} storage
 * @param {string} roomId
 * @param {object} view
 * @returns {Witness}
 */
export function witnessOf(storage, roomId, view) {
  const data = read(storage, roomId);
  const round = data.rounds[view.round_number] ?? null;
  const previous = data.rounds[view.round_number - 1]?.starter;
  return { seen: round?.commitment ?? null, promised: round?.promised ?? null, byJoin: Boolean(round?.byJoin),
    waited: Boolean(round?.waited), mine: round?.mine ?? null, previous: Number.isInteger(previous) ? previous : null };
}

/**
 * The pending deal's commitment and this seat's contribution to it, or null.
 * @param {Storage} storage
 * @param {string} roomId
 * @param {object|null} room
 * @param {number|null} [seat]
 * @returns {{commitment: string, contribution: string|null, confirmed: boolean}|null}
 */
export function pendingOf(storage, roomId, room, seat = room?.you ?? null) {
  const commitment = room?.fair?.commitment ?? null;
  if (!isSeed(commitment)) return null;
  const mine = read(storage, roomId).mine;
  const own = mine?.commitment === commitment ? mine : null;
  return { commitment, contribution: own?.contribution ?? null, confirmed: Boolean(own && room.fair.contributed?.[seat]) };
}
