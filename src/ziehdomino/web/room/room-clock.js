/**
 * @file The turn clock of a room: the acting seat's time left from ROOMINFO's `clock`
 * (docs/protocol.md), counted down on this browser's own clock from the state's arrival, and
 * announced to screen readers once per turn.
 */
// @ts-check

import { h, setText } from '../common/dom.js';
import { t } from '../common/i18n.js';

/** Where the seat's name goes in the clock's words (split there: `createClock`). */
const NAME = '\u0000';

/** Milliseconds left at which the clock is announced to screen readers, once per turn. */
export const WARN_AT_MS = 10000;

/** Where the chip is one short line (table.css's phone rule): the away count says it short. */
export const NARROW = '(max-width: 600px)';

export function secondsLeft(ms) {
  return Math.max(0, Math.ceil(ms / 1000));
}

/** Which turn a view is at (a draw keeps it), so that the clock is announced once per turn. */
export function turnKey(view, seat) {
  return `${view.round_number}:${seat}:${view.log.filter((e) => e.seat !== seat).length}`;
}

/**
 * The clock's words, the name given as `name`; an away person's grace is said short on a
 * narrow screen, where the long form lost the name and the seconds.
 * @param {{standIn: boolean, me: boolean, away: boolean}} state
 * @param {number} left  ms left
 * @param {string} name
 * @param {boolean} [narrow]
 * @returns {string}
 */
export function clockWords({ standIn, me, away }, left, name, narrow = false) {
  if (standIn || left <= 0) return me ? t('clock.standInYou') : t('clock.standIn', { name });
  const s = secondsLeft(left);
  if (away) return t(narrow ? 'clock.awayShort' : 'clock.away', { name, s });
  return me ? t('clock.you', { s }) : t('clock.other', { name, s });
}

function isNarrow() {
  return Boolean(globalThis.matchMedia?.(NARROW).matches);
}

/**
 * @param {object} [options]
 * @param {() => number} [options.now]  ms, monotonic (default performance.now)
 * @param {(fn: Function, ms: number) => any} [options.schedule]  default setTimeout
 * @param {(handle: any) => void} [options.cancel]  default clearTimeout
 * @returns {{element: HTMLElement, update: (view: object|null, room: object|null,
 *   words: {nameOf: (s: number) => string, isMe: (s: number) => boolean}) => void, stop: () => void}}
 */
export function createClock({ now, schedule, cancel } = {}) {
  // the name apart: a long one is cut with "…" (table.css), the text still reads whole
  const before = h('span');
  const who = h('span', { class: 'clock-name' });
  const after = h('span');
  const text = h('p', { class: 'clock-text' }, before, who, after);
  const live = h('p', { class: 'sr-only', attrs: { 'aria-live': 'assertive', 'aria-atomic': 'true' } });
  const element = h('div', { class: 'clock' }, text, live);
  element.hidden = true;
  // state: {seat, until, standIn, key, name, me, away}; warned: the turn key already announced;
  // counted: the ROOMINFO clock object the countdown started from
  const C = {
    now: now ?? (() => performance.now()),
    later: schedule ?? ((fn, ms) => setTimeout(fn, ms)),
    stopTimer: cancel ?? ((handle) => clearTimeout(handle)),
    before, who, after, live, element, timer: null, state: null, warned: null, counted: null,
  };

  return {
    element,
    update(view, room, { nameOf, isMe }) {
      clearClock(C);
      const clock = room?.clock ?? null;
      if (!view || view.result || !clock || !Number.isInteger(clock.seat)) {
        C.state = null;
        C.counted = null;
        element.hidden = true;
        return;
      }
      const key = turnKey(view, clock.seat);
      if (C.warned !== key) live.textContent = '';
      // The same state drawn again (the connection came or went, a setting changed) keeps the
      // countdown it started: `ms` was the time left when that state arrived, not now.
      const until = clock === C.counted && C.state ? C.state.until : C.now() + Math.max(0, Number(clock.ms) || 0);
      C.counted = clock;
      C.state = {
        seat: clock.seat,
        until,
        standIn: Boolean(clock.stand_in),
        key,
        name: nameOf(clock.seat),
        me: isMe(clock.seat),
        // The person to act has no open connection: the count is their grace, not their time.
        away: !isMe(clock.seat) && room.seats?.[clock.seat]?.connected === false,
      };
      element.hidden = false;
      drawClock(C);
    },
    stop() {
      clearClock(C);
      C.state = null;
    },
  };
}

function clearClock(C) {
  if (C.timer !== null) C.stopTimer(C.timer);
  C.timer = null;
}

/** Draws the time left, warns once at WARN_AT_MS, and wakes again at the next second shown. */
function drawClock(C) {
  C.timer = null;
  const { state, element } = C;
  if (!state) return;
  const left = state.until - C.now();
  // Drawn at every second shown: a turned phone has the right form by the next one.
  const words = clockWords(state, left, NAME, isNarrow());
  const [head, tail] = words.split(NAME);
  setText(C.before, head);
  setText(C.who, tail === undefined ? '' : state.name);
  setText(C.after, tail ?? '');
  element.classList.toggle('urgent', !state.standIn && left > 0 && left <= WARN_AT_MS);
  element.classList.toggle('stand-in', state.standIn || left <= 0);
  if (!state.standIn && left > 0 && left <= WARN_AT_MS && C.warned !== state.key) {
    C.warned = state.key;
    C.live.textContent = state.me ? t('clock.warnYou') : t('clock.warn', { name: state.name });
  }
  if (!state.standIn && left > 0) {
    // wake at the next whole second shown (and exactly at the 10 s mark)
    const toSecond = left - (secondsLeft(left) - 1) * 1000;
    const toWarn = left > WARN_AT_MS ? left - WARN_AT_MS : Infinity;
    C.timer = C.later(() => drawClock(C), Math.max(20, Math.min(toSecond, toWarn)));
  }
}
