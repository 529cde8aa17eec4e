/**
 * @file The session contract: what the table (table/render.js) and the pages need of a game,
 * whoever runs it. Four sessions implement it: a local game (session-local.js: the rules and
 * the computers in the page), an online room (session-online.js: one WebSocket, socket.js), a
 * replay of a finished round (session-replay.js) and computers watched playing each other
 * (session-watch.js). The table reads none of them by name. The methods are named once here
 * (SESSION_METHODS, OPTIONAL_METHODS, SESSION_EVENTS) and every session is held to them by one
 * list of tests (tests/web/session-contract.test.mjs).
 *
 * A session has (SESSION_METHODS):
 *
 * - `view()`: the viewer's seat view (docs/view.md), or null before the first round. A
 *   spectator's or replay's view has `seat: null` (the table then shows no hand and no action).
 * - `roomInfo()`: the seats and names in the ROOMINFO shape (docs/protocol.md), or null;
 *   a session without a server (local, replay, watch) says `local: true`.
 * - `connection()`: 'local' (nothing to be connected to), 'connecting', 'online', 'retry'
 *   or 'closed'.
 * - `act(action)`: a play, draw or pass (`{type: 'play', tile, end}`, `{type: 'draw'}`,
 *   `{type: 'pass'}`) made against the current view; a refusal comes back as an `error` event
 *   and changes nothing.
 * - `nextRound()`: the viewer asks for the next round after the round's end.
 * - `subscribe(listener)`: `listener` has a handler for any of SESSION_EVENTS; returns a
 *   function that unsubscribes. Listeners are told in the order they subscribed. Everything a
 *   session tells its page goes this way: no session takes callbacks.
 *
 * Optional (OPTIONAL_METHODS), each where it means something:
 *
 * - `history()`: the finished rounds of the game or room, oldest first (docs/protocol.md
 *   `history`; the table shows them as "Rundenübersicht").
 * - `pending()`: for a session that waits for a server, whether the last action or next-round
 *   request has waited a moment for its answer and still waits (the table then says "Wird
 *   gesendet …"), told by a `pending(waiting)` event when it changes.
 * - `tempo()` and `setTempo(name)`: for a session whose computers play in the page, with a
 *   name of TEMPOS (common/tempo.js); the table then offers the setting "Tempo".
 * - `checkDeal(view)`: the check of a finished round's committed deal (docs/fair.md), for a
 *   session that can make it itself; an online room gives `dealWitness(view)` and
 *   `pendingDeal()` instead, what its page saw of the deal, for the table's check.
 */
// @ts-check

/** The methods every session has. */
export const SESSION_METHODS = Object.freeze(['view', 'roomInfo', 'connection', 'act', 'nextRound', 'subscribe']);

/** The methods a session has where they mean something (the table asks before it calls them). */
export const OPTIONAL_METHODS = Object.freeze(['history', 'pending', 'tempo', 'setTempo', 'checkDeal', 'dealWitness', 'pendingDeal']);

/**
 * What a session tells its listeners: `change()` after every change of the view, the room info
 * or the history; `error(code)` with a refusal's code (i18n.errorText words it); `connection(state)`
 * when `connection()` changes; `pending(waiting)` when `pending()` does; an online room also
 * `watching(n)` (how many watch) and `reaction(seat, reaction)`.
 */
export const SESSION_EVENTS = Object.freeze(['change', 'error', 'connection', 'pending', 'watching', 'reaction']);

/** The values `connection()` may have. */
export const CONNECTION_STATES = Object.freeze(['local', 'connecting', 'online', 'retry', 'closed']);

/**
 * @typedef {object} SessionListener
 * @property {() => void} [change]
 * @property {(code: string) => void} [error]
 * @property {(state: string) => void} [connection]
 * @property {(waiting: boolean) => void} [pending]
 * @property {(n: number) => void} [watching]
 * @property {(seat: number, reaction: string) => void} [reaction]
 */

/**
 * @typedef {object} Session
 * @property {() => object|null} view  the viewer's seat view (docs/view.md)
 * @property {() => object|null} roomInfo  ROOMINFO (docs/protocol.md)
 * @property {() => string} connection  one of CONNECTION_STATES
 * @property {(action: object) => void} act
 * @property {() => void} nextRound
 * @property {(listener: SessionListener) => () => void} subscribe
 * @property {() => object[]} [history]
 * @property {() => boolean} [pending]
 * @property {() => string} [tempo]
 * @property {(name: string) => void} [setTempo]
 * @property {(view: object) => Promise<object>|object} [checkDeal]
 * @property {(view: object) => object} [dealWitness]
 * @property {() => object|null} [pendingDeal]
 */

/**
 * The required methods `session` lacks (none: it keeps the contract as far as its shape goes).
 * @param {object} session
 * @returns {string[]}
 */
export function missingMethods(session) {
  return SESSION_METHODS.filter((name) => typeof session?.[name] !== 'function');
}

/**
 * Throws a TypeError naming what `session` lacks of SESSION_METHODS (the table checks what it is given).
 * @param {object} session
 * @returns {Session} the same session
 */
export function checkSession(session) {
  const missing = missingMethods(session);
  if (missing.length) throw new TypeError(`not a session: no ${missing.join(', ')} (sessions/session.js)`);
  return session;
}

/** The listeners of a session and how they are told; sessions extend it. */
export class SessionEvents {
  constructor() {
    this.listeners = new Set();
  }

  /**
   * @param {SessionListener} listener
   * @returns {() => void} unsubscribes
   */
  subscribe(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells every listener that has a handler for `kind` (one of SESSION_EVENTS). */
  emit(kind, ...args) {
    for (const listener of [...this.listeners]) listener[kind]?.(...args);
  }
}
