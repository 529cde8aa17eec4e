/**
 * @file A local game: the person (seat 0) against 1–3 computers in the browser, saved after
 * every action with the records (docs/replay.md) and history of its finished rounds.
 */
// @ts-check

import { replayRounds, roundRecord } from '../engine/replay.js';
import { TEMPOS } from '../common/tempo.js';
import { SessionEvents } from './session.js';
import { countLocalRound } from '../stats/stats.js';
import { MATCH_TARGETS, MAX_PLAYERS, TABLE_SIZES } from '../common/constants.js';
import { cleanName } from '../common/names.js';
import { LEVELS, PERSON, SAVE_FORMAT, SAVE_KEY, SAVE_KIND, checkSeats, readSave } from './local-save.js';
import { cryptoRng } from '../engine/deal.js';
import { matchApply, matchWinner, newMatch, nextRound, rematch } from '../engine/match.js';
import { matchFromState, matchToState } from '../engine/state.js';
import { seatView } from '../engine/view.js';

export { LEVELS, PERSON, SAVE_FORMAT, SAVE_KEY, SAVE_KIND };
/** The finished rounds whose records a save keeps (the latest ones), for "Runde ansehen". */
export const RECORDS_KEPT = 100;

/**
 * A history line from a finished round's view, as a room's (docs/protocol.md, `history`).
 * @returns {{round: number, starter: number, kind: string, winners: number[], pips: number[], fair: object|null}}
 */
export function historyEntry(view) {
  return {
    round: view.round_number, starter: view.starter, kind: view.result.kind, winners: [...view.result.winners], pips: [...view.pips],
    fair: view.fair ?? null,
  };
}

function checkHistory(history) {
  if (history === undefined) return [];
  if (!Array.isArray(history) || !history.every((e) => e && typeof e === 'object' && Number.isInteger(e.round)
    && Array.isArray(e.winners) && Array.isArray(e.pips))) throw new Error('history is not a list of rounds');
  return history.map((e) => ({ ...e }));
}

/** A computer that picks uniformly among its legal actions (until bots/index.js is there). */
export function uniformMove(view) {
  return view.legal[cryptoRng.int(view.legal.length)];
}

/** The saved records that replay and belong to finished rounds; any other is left out. */
function keptRecords(records, match) {
  if (!Array.isArray(records)) return [];
  const over = match.roundNumber - (match.round.result === null ? 1 : 0);
  return records.filter((record) => {
    try {
      replayRounds(record);
    } catch {
      return false;
    }
    return record.players === match.players && record.round <= over;
  });
}

export class LocalSession extends SessionEvents {
  /**
   * @param {object} options
   * @param {Storage} options.storage  where the game is saved (localStorage, or a fake)
   * @param {(view: object, level: string) => object|Promise<object>} [options.chooseMove]
   * @param {number} [options.delay]  ms before a computer acts (default: the tempo's)
   * @param {string} [options.tempo]  a name of TEMPOS (default 'normal'); a `delay` overrides it
   * @param {(fn: Function, ms: number) => any} [options.schedule]  default setTimeout
   * @param {(handle: any) => void} [options.cancel]  default clearTimeout
   */
  constructor({ storage, chooseMove = uniformMove, delay, tempo = 'normal', schedule, cancel }) {
    super();
    this.storage = storage;
    this.chooseMove = chooseMove;
    this.fixedDelay = Number.isFinite(delay) && delay >= 0 ? delay : null;
    this.pace = Object.hasOwn(TEMPOS, tempo) ? tempo : 'normal';
    this.schedule = schedule ?? ((fn, ms) => setTimeout(fn, ms));
    this.cancel = cancel ?? ((handle) => clearTimeout(handle));
    this.match = null;
    this.seats = null;
    this.target = null; // the wins that win a match, or null: no target
    this.records = []; // oldest first
    this.rounds = []; // the history, oldest first
    this.timer = null;
    this.epoch = 0; // raised by every new game, so a late computer move of an old one is dropped
    this.dealer = null; // local-deals.js, loaded once a game is there
    this.preparing = null;
  }

  /** Resolves once the next committed deals are prepared; loads local-deals.js at the first call. */
  ready() {
    this.preparing ??= import('./local-deals.js')
      .then(({ LocalDeals }) => {
        this.dealer = new LocalDeals();
        return this.dealer.prepare(TABLE_SIZES);
      })
      .catch(() => {}); // not loaded (offline before it was kept): rounds are dealt unproven
    return this.preparing;
  }

  /** The engine's options for a round of `players` by its committed deal (local-deals.js), if ready. */
  committedDeal(players) {
    if (!this.dealer) {
      this.ready();
      return {};
    }
    return this.dealer.take(players);
  }

  async checkDeal(view) {
    await this.ready();
    return this.dealer ? this.dealer.check(view) : { status: 'none', reason: null, proof: null, promised: false, mine: null, ms: 0 };
  }

  /**
   * Starts a new game and deals its first round, overwriting any save.
   * @param {{name: string, computers: string[], target?: number|null}} setup
   */
  start({ name, computers, target = null }) {
    const clean = cleanName(name);
    if (clean === null) throw new RangeError('invalid_name');
    if (!Array.isArray(computers) || computers.length < 1 || computers.length > MAX_PLAYERS - 1 || !computers.every((l) => LEVELS.includes(l))) {
      throw new RangeError('1 to 3 computers with a level each');
    }
    if (target !== null && !MATCH_TARGETS.includes(target)) throw new RangeError('target must be 3, 5, 10 or null');
    this.stop();
    this.target = target;
    this.epoch += 1;
    this.seats = [{ kind: 'person', name: clean }, ...computers.map((level) => ({ kind: 'computer', level }))];
    const players = this.seats.length;
    const { starter, ...deal } = this.committedDeal(players);
    this.match = newMatch(players, { firstStarter: starter ?? cryptoRng.int(players), ...deal });
    this.records = [];
    this.rounds = [];
    this.changed();
  }

  /**
   * @returns {'resumed'|'none'|'discarded'} 'discarded': an unreadable save was there, now removed.
   */
  resume() {
    const saved = readSave(this.storage);
    if (saved.status === 'none') return 'none';
    try {
      if (saved.status !== 'ok') throw new Error(saved.reason);
      const match = matchFromState(saved.data.match);
      checkSeats(saved.data.seats, match.players);
      const records = keptRecords(saved.data.records, match);
      const history = checkHistory(saved.data.history);
      this.stop();
      this.epoch += 1;
      this.match = match;
      this.seats = saved.data.seats.map((s) => ({ ...s }));
      this.target = saved.data.target ?? null;
      this.records = records;
      this.rounds = history;
    } catch {
      this.discard();
      return 'discarded';
    }
    this.ready(); // the next round's committed deal
    this.emit('change');
    this.scheduleComputer();
    return 'resumed';
  }

  /** Removes the saved game and forgets the current one. */
  discard() {
    this.stop();
    this.match = null;
    this.seats = null;
    this.records = [];
    this.rounds = [];
    try {
      this.storage.removeItem(SAVE_KEY);
    } catch {
      // nothing to remove
    }
  }

  /** ms before a computer acts: the fixed delay if one was given, else the tempo's. */
  get delay() {
    return this.fixedDelay ?? TEMPOS[this.pace];
  }

  tempo() {
    return this.pace;
  }

  /**
   * @param {string} name  a name of TEMPOS
   * @throws {RangeError} for any other name
   */
  setTempo(name) {
    if (!Object.hasOwn(TEMPOS, name)) throw new RangeError(`unknown tempo ${name}`);
    this.pace = name;
    this.fixedDelay = null;
  }

  connection() {
    return 'local';
  }

  history() {
    return this.rounds;
  }

  view() {
    return this.match ? seatView(this.match, PERSON) : null;
  }

  roomInfo() {
    if (!this.seats) return null;
    return {
      room: null,
      local: true,
      you: PERSON,
      target: this.target,
      match_winner: this.match ? matchWinner(this.match, this.target) : null,
      seats: this.seats.map((s, seat) => ({
        seat,
        kind: s.kind,
        level: s.kind === 'computer' ? s.level : null,
        name: s.kind === 'person' ? s.name : null,
        taken: true,
        connected: true,
      })),
    };
  }

  /** @returns {boolean} whether it was applied; a refusal is told as an `error`. */
  act(action) {
    return this.attempt(() => matchApply(this.match, PERSON, action));
  }

  /** After the round that won the match, starts a new match ("Revanche"). */
  nextRound() {
    return this.attempt(() => {
      if (this.match?.round.result === null) return nextRound(this.match); // refused: round_not_over
      const { rng, fair } = this.committedDeal(this.match.players);
      const deal = matchWinner(this.match, this.target) === null ? nextRound : rematch;
      return deal(this.match, { rng, fair });
    });
  }

  /** Makes one change of the person's; an engine refusal changes nothing and is told as an `error`. */
  attempt(change) {
    if (!this.match) return false;
    try {
      change();
    } catch (error) {
      if (error && typeof error.code === 'string') {
        this.emit('error', error.code);
        return false;
      }
      throw error;
    }
    this.changed();
    return true;
  }

  /** Cancels a pending computer move (the game stays saved). */
  stop() {
    if (this.timer !== null) this.cancel(this.timer);
    this.timer = null;
  }

  /** Keeps a round just ended (record, history, statistics), saves, tells the page, lets a computer act. */
  changed() {
    const view = this.view();
    if (view?.result && !this.rounds.some((e) => e.round === view.round_number)) this.rounds.push(historyEntry(view));
    const { round } = this.match ?? {};
    if (round?.result && !this.records.some((r) => r.round === this.match.roundNumber)) {
      this.records.push(roundRecord(this.match));
      if (this.records.length > RECORDS_KEPT) this.records.splice(0, this.records.length - RECORDS_KEPT);
      countLocalRound(this.storage, { players: this.match.players, levels: this.seats.slice(1).map((s) => s.level), result: round.result, seat: PERSON });
    }
    this.save();
    this.emit('change');
    this.scheduleComputer();
  }

  save() {
    if (!this.match) return;
    const data = { kind: SAVE_KIND, format: SAVE_FORMAT, seats: this.seats, target: this.target, match: matchToState(this.match), records: this.records, history: this.rounds };
    try {
      this.storage.setItem(SAVE_KEY, JSON.stringify(data));
    } catch {
      this.emit('error', 'save_failed');
    }
  }

  scheduleComputer() {
    this.stop();
    const round = this.match?.round;
    if (!round || round.result !== null || round.turn === PERSON) return;
    const epoch = this.epoch;
    this.timer = this.schedule(() => {
      this.timer = null;
      if (epoch === this.epoch) this.computerMove();
    }, this.delay);
  }

  async computerMove() {
    const epoch = this.epoch;
    const seat = this.match.round.turn;
    if (seat === null || seat === PERSON) return;
    const version = this.match.version;
    const view = seatView(this.match, seat);
    let action = await this.chooseMove(view, this.seats[seat].level);
    if (epoch !== this.epoch || this.match.version !== version) return; // the game moved on meanwhile
    try {
      matchApply(this.match, seat, action);
    } catch {
      // A computer must never stall the table: fall back to a legal action.
      action = view.legal[0];
      matchApply(this.match, seat, action);
    }
    this.changed();
  }
}
