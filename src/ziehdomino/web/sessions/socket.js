/**
 * @file A WebSocket that comes back by itself: backoff, pings, a silent socket taken for dead,
 * and a flag for an answer awaited too long. What messages mean is the session's to decide.
 */
// @ts-check

/**
 * Reconnect delays in ms, the last repeated, each stretched by up to half at random so that pages
 * do not all come back at once (docs/deploy.md).
 */
export const BACKOFF = Object.freeze([100, 500, 1000, 2000]);

/** Pings, each answered, notice a silently dead connection within PING_MS + SILENT_MS. */
export const PING_MS = 10000;
/** Milliseconds without any message after the page sent one before the socket counts as dead. */
export const SILENT_MS = 6000;
/** Milliseconds an answer is awaited before it counts as pending ("Wird gesendet …"). */
export const PENDING_MS = 700;

const defaultSchedule = (fn, ms) => setTimeout(fn, ms);
const defaultCancel = (handle) => clearTimeout(handle);

/** One WebSocket at a time to `url`, replaced after a close, a silence or a failed start. */
export class ReconnectingSocket {
  /**
   * @param {object} options
   * @param {string} options.url
   * @param {typeof WebSocket} [options.WebSocket]  default globalThis.WebSocket
   * @param {(fn: Function, ms: number) => any} [options.schedule]  default setTimeout
   * @param {(handle: any) => void} [options.cancel]  default clearTimeout
   * @param {() => number} [options.random]  a number in [0, 1) for the delays (default Math.random)
   * @param {object} owner  what the socket tells its owner (the session)
   * @param {() => void} owner.open  the socket opened (say hello now)
   * @param {(data: string) => void} owner.message  a message came
   * @param {(code: number) => void} owner.closed  the socket closed: call `retry()` or `close()`
   * @param {(state: 'connecting'|'retry') => void} owner.state  a new socket is opened, or one is waited for
   */
  constructor({ url, WebSocket: WS, schedule, cancel, random }, owner) {
    this.url = url;
    this.WS = WS ?? globalThis.WebSocket;
    this.schedule = schedule ?? defaultSchedule;
    this.cancel = cancel ?? defaultCancel;
    this.random = random ?? Math.random;
    this.owner = owner;
    this.socket = null;
    /** Closed for good: no reconnect until `connect()` is called again. */
    this.closed = false;
    this.attempt = 0;
    this.retryTimer = null;
    this.pingTimer = null;
    this.silentTimer = null;
  }

  /**
   * Opens a socket (again), dropping the one there is; safe to call at any time.
   * @returns {boolean} whether a socket was made (else a retry is planned)
   */
  connect() {
    this.closed = false;
    this.cancelRetry();
    this.drop();
    this.owner.state('connecting');
    let socket;
    try {
      socket = new this.WS(this.url);
    } catch {
      this.retry();
      return false;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (socket !== this.socket) return;
      this.owner.open();
      this.startPing();
    };
    socket.onmessage = (event) => {
      if (socket !== this.socket) return;
      this.stopSilence();
      this.owner.message(event.data);
    };
    socket.onclose = (event) => {
      if (socket !== this.socket) return;
      this.socket = null;
      this.stopPing();
      this.owner.closed(event.code);
    };
    socket.onerror = () => {
      // onclose follows and decides
    };
    return true;
  }

  /**
   * Sends `message` as JSON if open; a socket then silent SILENT_MS is replaced (its process
   * hangs; the proxy sends the next one elsewhere).
   * @returns {boolean} whether it was sent
   */
  send(message) {
    const socket = this.socket;
    if (!socket || socket.readyState !== 1) return false;
    socket.send(JSON.stringify(message));
    if (this.silentTimer === null) {
      this.silentTimer = this.schedule(() => {
        this.silentTimer = null;
        if (socket !== this.socket) return;
        this.drop();
        this.retry();
      }, SILENT_MS);
    }
    return true;
  }

  /** Plans the next socket after the backoff's next delay (unless closed for good). */
  retry() {
    if (this.closed) return;
    this.owner.state('retry');
    const base = BACKOFF[Math.min(this.attempt, BACKOFF.length - 1)];
    const delay = Math.round(base * (1 + this.random() / 2));
    this.attempt += 1;
    this.cancelRetry();
    this.retryTimer = this.schedule(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
  }

  /** The socket works (a state came): the next retry waits the shortest delay again. */
  resetBackoff() {
    this.attempt = 0;
  }

  /** Closes for good: the socket, its timers and any planned retry. */
  close() {
    this.closed = true;
    this.cancelRetry();
    this.drop();
  }

  /** Closes the socket there is, without telling the owner (a retry is the caller's to plan). */
  drop() {
    const socket = this.socket;
    this.socket = null;
    this.stopPing();
    this.stopSilence();
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      try {
        socket.close(1000);
      } catch {
        // already closed
      }
    }
  }

  cancelRetry() {
    if (this.retryTimer !== null) this.cancel(this.retryTimer);
    this.retryTimer = null;
  }

  stopSilence() {
    if (this.silentTimer !== null) this.cancel(this.silentTimer);
    this.silentTimer = null;
  }

  startPing() {
    this.stopPing();
    const tick = () => {
      this.send({ type: 'ping' });
      this.pingTimer = this.schedule(tick, PING_MS);
    };
    this.pingTimer = this.schedule(tick, PING_MS);
  }

  stopPing() {
    if (this.pingTimer !== null) this.cancel(this.pingTimer);
    this.pingTimer = null;
  }
}

/**
 * Whether what the page sent has waited PENDING_MS for its answer: `start()` at a send, `settle()`
 * whenever an answer may have come.
 */
export class PendingFlag {
  /**
   * @param {object} options
   * @param {() => boolean} options.outstanding  whether something sent still waits for its answer
   * @param {(waiting: boolean) => void} options.changed  told each change of `waiting`
   * @param {(fn: Function, ms: number) => any} [options.schedule]  default setTimeout
   * @param {(handle: any) => void} [options.cancel]  default clearTimeout
   */
  constructor({ outstanding, changed, schedule, cancel }) {
    this.outstanding = outstanding;
    this.changed = changed;
    this.schedule = schedule ?? defaultSchedule;
    this.cancel = cancel ?? defaultCancel;
    this.timer = null;
    this.waiting = false;
  }

  /** From a send on: `waiting` turns true PENDING_MS later unless the answer came first. */
  start() {
    if (this.timer !== null || this.waiting) return;
    this.timer = this.schedule(() => {
      this.timer = null;
      if (!this.outstanding()) return;
      this.waiting = true;
      this.changed(true);
    }, PENDING_MS);
  }

  /** Once nothing sent waits for an answer any more: `waiting` is false again. */
  settle() {
    if (this.outstanding()) return;
    if (this.timer !== null) this.cancel(this.timer);
    this.timer = null;
    if (!this.waiting) return;
    this.waiting = false;
    this.changed(false);
  }
}
