// What the browser modules' tests stand in for the browser: a storage, timers that run only when
// told, and WebSockets the test opens, feeds and drops by hand.

/** A localStorage in memory. */
export class FakeStorage {
  constructor() { this.map = new Map(); }
  getItem(k) { return this.map.has(k) ? this.map.get(k) : null; }
  setItem(k, v) { this.map.set(k, String(v)); }
  removeItem(k) { this.map.delete(k); }
}

/** Timers that run only when told: `fire(ms)` the first of that delay, `runOne()` the oldest. */
export function fakeClock() {
  const timers = [];
  return {
    timers,
    schedule: (fn, ms) => { const h = { fn, ms }; timers.push(h); return h; },
    cancel: (h) => { const i = timers.indexOf(h); if (i >= 0) timers.splice(i, 1); },
    fire(ms) { const h = timers.find((x) => x.ms === ms); timers.splice(timers.indexOf(h), 1); h.fn(); },
    has: (ms) => timers.some((x) => x.ms === ms),
    async runOne() {
      const h = timers.shift();
      h?.fn();
      await new Promise((r) => setImmediate(r));
    },
  };
}

/** A WebSocket class whose sockets land in `all` (each constructor call throws when `failing`). */
export function fakeSockets({ failing = false } = {}) {
  const all = [];
  class FakeSocket {
    constructor(url) {
      if (failing) throw new Error('refused');
      this.url = url; this.sent = []; this.readyState = 0; this.closedWith = null; all.push(this);
    }
    send(text) { this.sent.push(JSON.parse(text)); }
    close(code) { this.readyState = 3; this.closedWith = code; }
    open() { this.readyState = 1; this.onopen?.(); }
    message(obj) { this.onmessage?.({ data: JSON.stringify(obj) }); }
    drop(code = 1006) { this.readyState = 3; this.onclose?.({ code }); }
  }
  return { all, FakeSocket };
}
