/**
 * @file The session interface: what the table (render.js) and the pages need of a game,
 * whoever runs it. A local game (session-local.js: the engine and the computers in the page) and
 * an online room (session-online.js: a WebSocket) implement it; a replay or a watch-only
 * session would implement the same and need no change to render.js or the pages.
 *
 * A session has:
 *
 * - `view()`: the viewer's seat view (docs/view.md), or null before the first round. A
 *   spectator's or replay's view has `seat: null` (the table then shows no hand and no action).
 * - `roomInfo()`: the seats and names in the ROOMINFO shape (docs/protocol.md), or null;
 *   a local game's has `local: true`.
 * - `connection()`: 'local' (nothing to be connected to), 'connecting', 'online', 'retry'
 *   or 'closed'.
 * - `act(action)`: a play, draw or pass (`{type: 'play', tile, end}`, `{type: 'draw'}`,
 *   `{type: 'pass'}`) made against the current view; a refusal comes back as an `error`.
 * - `nextRound()`: the viewer asks for the next round after the round's end.
 * - `subscribe(listener)`: `listener` is `{change?(), error?(code), connection?(state)}`;
 *   `change` after every change of the view or the room info, `error` with a refusal's code
 *   (i18n.errorText words it), `connection` when `connection()` changes. Returns a function
 *   that unsubscribes.
 *
 * Optional: `history()`, the finished rounds of the game or room, oldest first
 * (docs/protocol.md `history`; the table shows them as "Rundenübersicht").
 *
 * Optional, for a session that waits for a server: `pending()`, whether the last action or
 * next-round request has waited a moment for its answer and still waits (the table then says
 * "Wird gesendet …"), with a `pending(waiting)` event when it changes.
 *
 * Optional, for a session whose computers play in the page: `tempo()` and `setTempo(name)`
 * with a name of TEMPOS (common/tempo.js) (the table then offers the setting "Tempo").
 */

/** The listeners of a session and how they are told; sessions extend it. */
export class SessionEvents {
  constructor() {
    this.listeners = new Set();
  }

  /**
   * @param {{change?: () => void, error?: (code: string) => void, connection?: (state: string) => void}} listener
   * @returns {() => void} unsubscribes
   */
  subscribe(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells every listener that has a handler for `kind`. */
  emit(kind, ...args) {
    for (const listener of [...this.listeners]) listener[kind]?.(...args);
  }
}
