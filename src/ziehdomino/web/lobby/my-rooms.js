/**
 * @file "Meine Räume" on the start page: every room this browser holds a seat in, with its state,
 * "Öffnen" and "Raum verlassen": the way out of the limit of open rooms per address. Kept fresh
 * without a stream, and updated line by line in place, never moving the focus.
 */
// @ts-check

import { h, setText } from '../common/dom.js';
import { errorText, onLangChange, t } from '../common/i18n.js';
import { computerNumber } from '../common/names.js';
import './lobby-strings.js';
import { SEAT_KEY_PREFIX, forgetSeat, readSeat } from '../sessions/session-online.js';

/** Rooms asked about at most (the newest keys are not known: the first found). */
export const MY_ROOMS_MAX = 30;
/** ms between two refreshes while the page is visible. */
export const MY_ROOMS_EVERY_MS = 15000;

/**
 * @param {Storage} storage
 * @returns {string[]} the rooms this browser holds a seat credential for.
 */
export function myRoomIds(storage) {
  const ids = [];
  try {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(SEAT_KEY_PREFIX) && readSeat(storage, key.slice(SEAT_KEY_PREFIX.length))) {
        ids.push(key.slice(SEAT_KEY_PREFIX.length));
      }
    }
  } catch {
    return [];
  }
  return ids.sort().slice(0, MY_ROOMS_MAX);
}

/**
 * A room's state in words from its summary (null: it ended).
 * @param {object|null} summary  `GET /api/rooms/{id}`
 * @returns {string}
 */
export function roomState(summary) {
  if (!summary) return t('mine.ended');
  if (!summary.started) return t('mine.waiting');
  if (summary.in_progress) return t('mine.playing', { n: summary.round });
  return t('mine.between', { n: summary.round });
}

/**
 * Fills `list` with the rooms, shows `section` when there are any, and keeps both up to date
 * while the page is visible. `page`, `win` and `timers` are there for tests.
 * @param {{section: HTMLElement, list: HTMLElement, storage: Storage, fetcher?: typeof fetch,
 *   page?: Document, win?: EventTarget, timers?: {setInterval: Function, clearInterval: Function},
 *   every?: number}} parts
 * @returns {{refresh: () => Promise<void>, stop: () => void}}  `refresh` asks again now (while
 *   visible; a call during one in flight runs one more after it)
 */
export function createMyRooms({ section, list, storage, fetcher = (...a) => fetch(...a), page = globalThis.document,
  win = globalThis, timers = globalThis, every = MY_ROOMS_EVERY_MS }) {
  /** @type {Map<string, ReturnType<typeof makeLine>>} the lines shown, by room id */
  const lines = new Map();

  async function leave(id, note) {
    if (!await leaveRoom(fetcher, storage, id, note)) return;
    // The person asked for it: the line goes, open question and focus or not.
    lines.get(id)?.li.remove();
    lines.delete(id);
    section.hidden = lines.size === 0;
    await refresh();
  }

  let running = null;
  let again = false;
  const hidden = () => page?.visibilityState === 'hidden';

  async function refresh() {
    if (hidden()) return; // asked again once the page shows
    if (running) { // one more after the one in flight, which may have read the storage too early
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        const rooms = await Promise.all(myRoomIds(storage).map((id) => summaryOf(fetcher, id)));
        showRooms({ lines, list, section }, rooms, (id) => makeLine(id, { leave, page }));
      } while (again && !hidden());
    })();
    try {
      await running;
    } finally {
      running = null;
    }
  }

  const stop = keepFresh({ page, win, timers, every, refresh, hidden, words: () => { for (const line of lines.values()) line.words(); } });
  refresh();
  return { refresh, stop };
}

/**
 * Asks again every `every` ms while the page is visible, when it shows again and when another
 * tab changes the stored seats; says the lines' words again in a new language.
 * @returns {() => void} stops all of it
 */
function keepFresh({ page, win, timers, every, refresh, hidden, words }) {
  let timer = null;
  function tick() {
    if (hidden()) {
      if (timer !== null) timers.clearInterval(timer);
      timer = null;
    } else if (timer === null) {
      timer = timers.setInterval(refresh, every);
    }
  }
  const onVisibility = () => {
    tick();
    refresh();
  };
  const onPageShow = (event) => { if (event.persisted) refresh(); };
  const onStorage = (event) => {
    if (event.key === null || event.key?.startsWith(SEAT_KEY_PREFIX)) refresh();
  };
  page?.addEventListener('visibilitychange', onVisibility);
  win?.addEventListener('pageshow', onPageShow);
  win?.addEventListener('storage', onStorage);
  const offLang = onLangChange(words);
  tick();
  return () => {
    page?.removeEventListener('visibilitychange', onVisibility);
    win?.removeEventListener('pageshow', onPageShow);
    win?.removeEventListener('storage', onStorage);
    offLang();
    if (timer !== null) timers.clearInterval(timer);
    timer = null;
  };
}

/** A room's summary (`GET /api/rooms/{id}`): null when it ended, undefined when it could not be asked. */
async function summaryOf(fetcher, id) {
  try {
    // 'reload': from the server, never a kept answer (a page the browser goes back to may be
    // given kept answers otherwise, and would show a running room as still waiting)
    const response = await fetcher(`/api/rooms/${encodeURIComponent(id)}`, { cache: 'reload' });
    if (response.status === 404) return { id, summary: null };
    if (!response.ok) return { id, summary: undefined };
    return { id, summary: await response.json() };
  } catch {
    return { id, summary: undefined };
  }
}

/**
 * Leaves room `id` with the stored seat's credential and forgets the seat; a refusal or a
 * network failure is said in `note` and keeps the seat.
 * @returns {Promise<boolean>} whether the seat was left (or there was none)
 */
async function leaveRoom(fetcher, storage, id, note) {
  const seat = readSeat(storage, id);
  if (seat) {
    try {
      const response = await fetcher(`/api/rooms/${encodeURIComponent(id)}/leave`, {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ credential: seat.credential }),
      });
      if (!response.ok && response.status !== 404 && response.status !== 403) {
        const data = await response.json().catch(() => ({}));
        note.textContent = errorText(data.code ?? 'network');
        return false;
      }
    } catch {
      note.textContent = errorText('network');
      return false;
    }
  }
  forgetSeat(storage, id);
  return true;
}

/** Puts `rooms` (sorted by id) into the list: new lines inserted, gone ones dropped unless busy, the rest updated. */
function showRooms({ lines, list, section }, rooms, makeOne) {
  const wanted = new Set(rooms.map((r) => r.id));
  for (const [id, line] of lines) {
    if (!wanted.has(id) && !line.busy()) { // left in another tab: gone, unless the person is at it
      line.li.remove();
      lines.delete(id);
    }
  }
  for (const { id, summary } of rooms) {
    let line = lines.get(id);
    if (!line) {
      line = makeOne(id);
      lines.set(id, line);
      // Before the first line with a larger id: the lines kept are never moved (a move would blur them).
      const after = [...lines.keys()].filter((other) => other > id).sort()[0];
      list.insertBefore(line.li, after === undefined ? null : lines.get(after).li);
    }
    line.update(summary);
  }
  section.hidden = lines.size === 0;
}

/**
 * One room's line, made once and then updated in place with its summary.
 * @param {string} id
 * @param {{leave: (id: string, note: HTMLElement) => Promise<void>, page?: Document}} options
 */
function makeLine(id, { leave, page }) {
  let summary; // what the words say
  let ended = false; // what the buttons were last set for: only changed while the line is idle
  let leaving = false;
  const name = h('strong');
  const state = h('small');
  const note = h('span', { class: 'form-error', attrs: { role: 'alert' } });
  const open = h('a', { class: 'btn', attrs: { href: `/r/${encodeURIComponent(id)}` } });
  const button = h('button', { class: 'btn', attrs: { type: 'button' } });
  // Leaving a room one still sits in is for good: asked first, as at the table (leave.*).
  // Removing an ended room from the list is not.
  const question = h('span', { class: 'my-room-question', attrs: { id: `leave-q-${id}` } });
  const yes = h('button', { class: 'btn danger', attrs: { type: 'button' } });
  const no = h('button', { class: 'btn', attrs: { type: 'button' } });
  const confirm = h('span', { class: 'my-room-confirm', attrs: { role: 'group', 'aria-labelledby': question.id, hidden: true } },
    question, yes, no);
  const go = () => {
    button.disabled = yes.disabled = true;
    leaving = true;
    leave(id, note).finally(() => { // a failure can be tried again
      button.disabled = yes.disabled = false;
      leaving = false;
    });
  };
  const ask = (asking) => {
    confirm.hidden = !asking;
    button.hidden = asking;
    (asking ? no : button).focus();
  };
  button.addEventListener('click', () => (ended ? go() : ask(true)));
  no.addEventListener('click', () => ask(false));
  yes.addEventListener('click', go);
  const li = h('li', { class: 'my-room', attrs: { 'data-room': id } },
    h('span', { class: 'open-table-text' }, name, h('br'), state), h('span', { class: 'my-room-buttons' }, open, button, confirm), note);

  /** Whether the person is at this line: its question open, a leave under way, or the focus in it. */
  const busy = () => !confirm.hidden || leaving || Boolean(page?.activeElement && li.contains(page.activeElement));

  /** Shows `next` (and the words in the current language); the buttons only while idle. */
  function update(next) {
    summary = next;
    setText(name, seatNames(summary).join(', ') || id.slice(0, 8));
    setText(state, summary === undefined ? t('mine.unknown') : roomState(summary));
    if (!busy()) {
      ended = summary === null;
      open.hidden = !summary;
    }
    setText(open, t('mine.open'));
    setText(button, t(ended ? 'mine.forget' : 'mine.leave'));
    // Each line's buttons are named with its room's people, so that every button's name is
    // its own ("Öffnen (Anna, Ben)").
    const whose = name.textContent;
    open.setAttribute('aria-label', `${t('mine.open')} (${whose})`);
    button.setAttribute('aria-label', `${button.textContent} (${whose})`);
    setText(question, t('leave.confirm'));
    setText(yes, t('leave.yes'));
    setText(no, t('leave.no'));
  }
  return { li, busy, update, words: () => update(summary) };
}

/** Who sits in a room, by its summary; a computer is named as at the table ("Computer 2"). */
function seatNames(summary) {
  return summary?.seats?.map((s, i) => s.name ?? (s.kind === 'computer'
    ? t('local.computerName', { n: computerNumber(summary.seats, i) }) : t('start.tables.freeSeat'))) ?? [];
}
