/**
 * @file The online session: one WebSocket to a room (docs/protocol.md). Its hello carries the
 * credential of `ziehdomino.seat.<room>` (none: a spectator); actions carry their version.
 */
// @ts-check

import { CLOSE, FINAL_CLOSES } from '../common/codes.js';
import { noteState, pendingOf, readied, sent, witnessOf } from './deal-witness.js';
import { applyDelta } from './delta.js';
import { roundOf } from '../engine/follow.js';
import { SessionEvents } from './session.js';
import { PendingFlag, ReconnectingSocket } from './socket.js';

export const SEAT_KEY_PREFIX = 'ziehdomino.seat.';

/** The stored seat of a room: `{seat, credential}` or null. */
export function readSeat(storage, roomId) {
  try {
    const data = JSON.parse(storage.getItem(SEAT_KEY_PREFIX + roomId));
    if (data && Number.isInteger(data.seat) && typeof data.credential === 'string' && data.credential) return data;
  } catch {
    // unreadable: as if none
  }
  return null;
}

export function writeSeat(storage, roomId, seat, credential) {
  storage.setItem(SEAT_KEY_PREFIX + roomId, JSON.stringify({ seat, credential }));
}

export function forgetSeat(storage, roomId) {
  try {
    storage.removeItem(SEAT_KEY_PREFIX + roomId);
  } catch {
    // nothing stored
  }
}

export class OnlineSession extends SessionEvents {
  /**
   * @param {string} roomId
   * @param {object} options
   * @param {Storage} options.storage
   * @param {{protocol: string, host: string}} [options.location]  default globalThis.location
   * @param {typeof WebSocket} [options.WebSocket]
   * @param {(fn: Function, ms: number) => any} [options.schedule]
   * @param {(handle: any) => void} [options.cancel]
   * @param {() => number} [options.random]  a number in [0, 1) for the reconnect delays (default Math.random)
   */
  constructor(roomId, { storage, location, WebSocket: WS, schedule, cancel, random }) {
    super();
    this.roomId = roomId;
    this.storage = storage;
    this.location = location ?? globalThis.location;
    this.link = new ReconnectingSocket({ url: this.url, WebSocket: WS, schedule, cancel, random }, {
      open: () => this.opened(),
      message: (data) => this.receive(data),
      closed: (code) => this.closedWith(code),
      state: (state) => this.onConnection(state),
    });
    this.pendingFlag = new PendingFlag({ schedule, cancel, outstanding: () => Boolean(this.unanswered || this.lost),
      changed: (waiting) => this.emit('pending', waiting) });
    this.state = 'connecting';
    this.current = { seq: null, room: null, view: null };
    this.syncing = false; // a delta did not apply: the full state is asked for
    this.rounds = [];
    this.awaitingHistory = false; // a hello or sync was sent: the full history follows its state
    this.historyAsked = null; // the finished round the history was last asked for
    this.helloCredential = null; // the credential the open socket said hello with (null: spectator)
    // The last action or next-round request unanswered ({type, version}); on a new socket it
    // moves to `lost`, and the first state shows whether it was made (else `undelivered`).
    this.unanswered = null;
    this.lost = null;
    this.contributedOn = null; // [socket, commitment] of the last contribution sent (one per socket and deal)
    this.sockets = 0; // sockets opened: with a random part, the token of each (deal-witness.js)
    this.page = Math.random().toString(36).slice(2);
    this.socketToken = null;
  }

  /** The seat this browser contributes for: its own, or the computer's seat it takes next round. */
  contributingSeat() {
    const room = this.current.room;
    if (Number.isInteger(room?.you)) return room.you;
    const stored = this.seat?.seat;
    return Number.isInteger(stored) && room?.seats?.[stored]?.heir ? stored : null;
  }

  /** What this browser saw of the deal of `view`'s round (deal-witness.js). */
  dealWitness(view) {
    return witnessOf(this.storage, this.roomId, view);
  }

  /** The next deal's commitment and this seat's contribution to it, or null (deal-witness.js). */
  pendingDeal() {
    return pendingOf(this.storage, this.roomId, this.current.room, this.contributingSeat());
  }

  /**
   * Whether the last request has waited PENDING_MS unanswered: on its socket, or if that one
   * died, until the next one's first state shows whether it was made.
   */
  pending() {
    return this.pendingFlag.waiting;
  }

  history() {
    return this.rounds;
  }

  /**
   * Adds a round's end the history lacks, read off the view (deltas bring no history then); a
   * finished round still missing asks for the full state and history.
   */
  followHistory() {
    const view = this.current.view;
    if (!view) return;
    const ended = roundOf(view);
    if (ended && (this.rounds.at(-1)?.round ?? 0) === ended.round - 1) this.rounds = this.rounds.concat([ended]);
    const finished = ended ? view.round_number : view.round_number - 1;
    // asked once per finished round: a history the server itself lacks rounds of is not asked again
    if (!this.awaitingHistory && (this.rounds.at(-1)?.round ?? 0) < finished && this.historyAsked !== finished) {
      this.historyAsked = finished;
      this.askFull();
    }
  }

  /** Asks for the full state and the history after it, once until a state comes. */
  askFull() {
    if (this.syncing) return;
    this.syncing = this.sendRaw({ type: 'sync' });
    this.awaitingHistory = true;
  }

  view() {
    return this.current.view;
  }

  roomInfo() {
    return this.current.room;
  }

  connection() {
    return this.state;
  }

  onConnection(state) {
    if (state === this.state) return;
    this.state = state;
    this.emit('connection', state);
  }

  onError(code) {
    this.emit('error', code);
  }

  get url() {
    const scheme = this.location.protocol === 'https:' ? 'wss' : 'ws';
    return `${scheme}://${this.location.host}/ws/${encodeURIComponent(this.roomId)}`;
  }

  /** The stored credential for this room, or null (a spectator). */
  get seat() {
    return readSeat(this.storage, this.roomId);
  }

  get socket() {
    return this.link.socket;
  }

  /** Closed for good: no reconnect until `connect()`. */
  get closed() {
    return this.link.closed;
  }

  /** Opens the connection (again); safe to call at any time. */
  connect() {
    if (!this.link.connect()) return;
    this.sockets += 1;
    this.socketToken = `${this.page}.${this.sockets}`;
    this.syncing = false; // the new socket's first message is a full state
    if (this.unanswered) this.lost = this.unanswered; // answered on the old socket or never
    this.unanswered = null;
  }

  opened() {
    const seat = this.seat;
    this.helloCredential = seat?.credential ?? null;
    // deltas: after the first state the server sends only what changed (delta.js)
    this.sendRaw(seat ? { type: 'hello', credential: seat.credential, deltas: 2 } : { type: 'hello', deltas: 2 });
    this.awaitingHistory = true;
  }

  /** Stores a new seat credential (after joining) and reconnects with it. */
  takeSeat(seat, credential) {
    writeSeat(this.storage, this.roomId, seat, credential);
    this.connect();
  }

  /**
   * Sends an action against the current view. While the last one is unanswered another is not
   * sent (error `pending`: it could only be `stale_version`), nor while offline (`offline`).
   */
  act(action) {
    const view = this.current.view;
    if (!view) return this.onError('not_started');
    if (this.unanswered?.type === 'action' && this.unanswered.version === view.version) return this.onError('pending');
    if (!this.sendRaw({ type: 'action', version: view.version, action })) return this.onError('offline');
    this.unanswered = { type: 'action', version: view.version };
    this.startPending();
  }

  /** Asks for the next round; refused as `act` is (`pending`, `offline`). */
  nextRound() {
    const view = this.current.view;
    if (!view) return this.onError('not_started');
    if (this.unanswered?.type === 'next_round' && this.unanswered.version === view.version) return this.onError('pending');
    if (!this.sendRaw({ type: 'next_round', version: view.version })) return this.onError('offline');
    try {
      readied(this.storage, this.roomId, this.socketToken);
    } catch {
      // no storage: the check knows less, and says so
    }
    this.unanswered = { type: 'next_round', version: view.version };
    this.startPending();
  }

  /** Sends one of the fixed reactions (docs/protocol.md, "Reactions"); a refusal comes back as an error. */
  react(reaction) {
    if (!this.sendRaw({ type: 'react', reaction })) this.onError('offline');
  }

  /** A waiting open table starts at once: computers take the free seats ("Jetzt mit Computern starten"). */
  startNow() {
    if (!this.sendRaw({ type: 'start_now' })) this.onError('offline');
  }

  /**
   * Leaves for good: forgets the seat here and asks the server to hand it to a computer (it then
   * closes with 4410, the error `left`).
   */
  leave() {
    forgetSeat(this.storage, this.roomId);
    if (!this.sendRaw({ type: 'leave' })) {
      // not connected: the server cannot be told now; the seat is forgotten here all the same
      this.close();
      this.onError('left');
    }
  }

  /** Another tab took or forgot this room's seat: say hello again with what is stored now. */
  seatChanged() {
    if (this.closed) return;
    if ((this.seat?.credential ?? null) !== this.helloCredential) this.connect();
  }

  /** The browser went offline: drop the socket now, not after the next ping goes unanswered. */
  networkLost() {
    if (this.closed) return;
    this.link.drop();
    this.link.retry();
  }

  close() {
    this.link.close();
    this.unanswered = this.lost = null;
    this.settlePending();
    this.onConnection('closed');
  }

  /** Whether the current state shows `sent` ({type, version}) made: the version moved on, or
   * for a next-round request, this seat is marked ready. */
  answers(sent) {
    const view = this.current.view;
    if (!view || view.version !== sent.version) return true;
    return sent.type === 'next_round' && Boolean(this.current.room?.seats?.[view.seat]?.ready);
  }

  receive(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (!message || typeof message !== 'object') return;
    if (message.type === 'state' || message.type === 'delta') {
      let next = message;
      if (message.type === 'delta') {
        next = applyDelta(this.current, message);
        if (!next) {
          // not a delta from the state held (one was missed): ask for the full state, never guess
          this.askFull();
          return;
        }
      }
      this.syncing = false;
      this.link.resetBackoff();
      this.current = { seq: next.seq ?? null, room: next.room ?? null, view: next.view ?? null };
      this.followHistory();
      // A computer's seat taken over: once it is this browser's person seat, say hello again.
      const mine = this.seat?.seat;
      const info = Number.isInteger(mine) ? this.current.room?.seats?.[mine] : null;
      if (this.current.room?.you === null && info?.kind === 'person' && !info.heir && info.since != null) {
        this.connect();
        return;
      }
      this.contribute();
      if (this.unanswered && this.answers(this.unanswered)) this.unanswered = null;
      const lost = this.lost;
      this.lost = null;
      this.settlePending();
      this.onConnection('online');
      this.emit('change');
      if (lost && !this.answers(lost)) this.onError('undelivered');
    } else if (message.type === 'history') {
      this.rounds = Array.isArray(message.rounds) ? message.rounds : [];
      this.awaitingHistory = false;
      this.emit('change');
    } else if (message.type === 'watching') {
      if (Number.isInteger(message.n)) this.emit('watching', message.n);
    } else if (message.type === 'reaction') {
      if (Number.isInteger(message.seat) && typeof message.reaction === 'string') this.emit('reaction', message.seat, message.reaction);
    } else if (message.type === 'error') {
      this.unanswered = null;
      this.settlePending();
      const code = typeof message.code === 'string' ? message.code : 'unknown';
      // the server closes with 4401 next: closedWith forgets the seat, says so and watches
      if (code === 'bad_credential' && this.helloCredential) return;
      this.onError(code);
    }
  }

  /** Sends this seat's contribution to the pending deal, once per socket and deal (docs/fair.md). */
  contribute() {
    let give = null;
    try {
      give = noteState(this.storage, this.roomId, this.current.room, this.current.view,
        { seat: this.contributingSeat(), socket: this.socketToken });
    } catch {
      return; // no storage: this browser contributes nothing and its check says so
    }
    if (!give) return;
    const on = this.contributedOn;
    if (on && on[0] === this.socket && on[1] === give.commitment) return;
    if (!this.sendRaw({ type: 'contribute', ...give })) return;
    this.contributedOn = [this.socket, give.commitment];
    try {
      sent(this.storage, this.roomId, give.commitment, this.socketToken);
    } catch {
      // no storage: as above
    }
  }

  closedWith(code) {
    if (this.closed) return;
    if ((code === CLOSE.BAD_CREDENTIAL || code === CLOSE.BAD_HELLO) && (this.seat || this.helloCredential)) {
      // The hello's credential is not valid here: watch as a spectator instead.
      this.helloCredential = null;
      forgetSeat(this.storage, this.roomId);
      this.onError('bad_credential');
      this.connect();
      return;
    }
    if (Object.hasOwn(FINAL_CLOSES, code)) {
      // docs/protocol.md: after these, reconnecting with the same hello cannot help (codes.js).
      this.link.close();
      this.unanswered = this.lost = null;
      this.settlePending();
      this.onConnection('closed');
      this.onError(FINAL_CLOSES[code]);
      return;
    }
    this.link.retry();
  }

  /** Sends `message` on the open socket; whether it went out. */
  sendRaw(message) {
    return this.link.send(message);
  }

  startPending() {
    this.pendingFlag.start();
  }

  settlePending() {
    this.pendingFlag.settle();
  }
}
