/**
 * @file The session contract: what the table and the pages need of a game, whoever runs it
 * (docs/architecture.md, "The browser"); tests/web/session-contract.test.mjs holds all four to it.
 *
 * - `view()`: the viewer's seat view (docs/view.md) or null; `seat: null` for a spectator.
 * - `roomInfo()`: ROOMINFO (docs/protocol.md) or null; `local: true` without a server.
 * - `connection()`: one of CONNECTION_STATES.
 * - `act(action)`: against the current view; a refusal comes back as an `error` event.
 * - `nextRound()`: asked after the round's end.
 * - `subscribe(listener)`: returns the unsubscribe; no session takes callbacks.
 *
 * Optional, where they mean something: `history()` (docs/protocol.md), `pending()` (an answer
 * awaited a while: "Wird gesendet …"), `tempo()` / `setTempo(name)` (computers in the page),
 * `checkDeal(view)` or, online, `dealWitness(view)` and `pendingDeal()` (docs/fair.md).
 */
// @ts-check

export const SESSION_METHODS = Object.freeze(['view', 'roomInfo', 'connection', 'act', 'nextRound', 'subscribe']);

/** The table asks before it calls these. */
export const OPTIONAL_METHODS = Object.freeze(['history', 'pending', 'tempo', 'setTempo', 'checkDeal', 'dealWitness', 'pendingDeal']);

/** `error(code)` carries a refusal's code; `watching` and `reaction` come online only. */
export const SESSION_EVENTS = Object.freeze(['change', 'error', 'connection', 'pending', 'watching', 'reaction']);

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
 * @param {object} session
 * @returns {string[]} the required methods it lacks.
 */
export function missingMethods(session) {
  return SESSION_METHODS.filter((name) => typeof session?.[name] !== 'function');
}

/**
 * @param {object} session
 * @returns {Session} the same session
 * @throws {TypeError} naming the methods it lacks.
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
