/**
 * @file "Meine Räume" on the start page: every room this browser holds a seat in (its stored
 * seat credentials, session-online.js), each with its state from `GET /api/rooms/{id}`
 * (wartet, läuft · Runde n, zwischen den Runden, beendet), "Öffnen" and "Raum verlassen"
 * (`POST /api/rooms/{id}/leave` with the seat's credential; a computer takes the seat, the last
 * person leaving ends the room). A room that ended is only forgotten ("Entfernen"). This is the
 * way out of the limit of open rooms per address.
 */

import { h } from '../common/dom.js';
import { errorText, onLangChange, t } from '../common/i18n.js';
import './lobby-strings.js';
import { SEAT_KEY_PREFIX, forgetSeat, readSeat } from '../sessions/session-online.js';

/** Rooms asked about at most (the newest keys are not known: the first found). */
export const MY_ROOMS_MAX = 30;

/**
 * The room ids this browser holds a seat credential for.
 * @param {Storage} storage
 * @returns {string[]}
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
 * Fills `list` with the rooms and shows `section` when there are any.
 * @param {{section: HTMLElement, list: HTMLElement, storage: Storage, fetcher?: typeof fetch}} parts
 * @returns {{refresh: () => Promise<void>}}
 */
export function createMyRooms({ section, list, storage, fetcher = (...a) => fetch(...a) }) {
  let rooms = [];

  async function summaryOf(id) {
    try {
      const response = await fetcher(`/api/rooms/${encodeURIComponent(id)}`);
      if (response.status === 404) return { id, summary: null };
      if (!response.ok) return { id, summary: undefined };
      return { id, summary: await response.json() };
    } catch {
      return { id, summary: undefined };
    }
  }

  async function leave(id, note) {
    const seat = readSeat(storage, id);
    if (seat) {
      try {
        const response = await fetcher(`/api/rooms/${encodeURIComponent(id)}/leave`, {
          method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ credential: seat.credential }),
        });
        if (!response.ok && response.status !== 404 && response.status !== 403) {
          const data = await response.json().catch(() => ({}));
          note.textContent = errorText(data.code ?? 'network');
          return;
        }
      } catch {
        note.textContent = errorText('network');
        return;
      }
    }
    forgetSeat(storage, id);
    await refresh();
  }

  function line({ id, summary }) {
    const names = summary?.seats?.map((s) => s.name ?? (s.kind === 'computer' ? t('start.tables.computer') : t('start.tables.freeSeat'))) ?? [];
    const state = summary === undefined ? t('mine.unknown') : roomState(summary);
    const note = h('span', { class: 'form-error', attrs: { role: 'alert' } });
    const buttons = h('span', { class: 'my-room-buttons' });
    if (summary) buttons.append(h('a', { class: 'btn', text: t('mine.open'), attrs: { href: `/r/${encodeURIComponent(id)}` } }));
    const button = h('button', { class: 'btn', text: t(summary === null ? 'mine.forget' : 'mine.leave'), attrs: { type: 'button' } });
    const go = () => {
      button.disabled = yes.disabled = true;
      leave(id, note).finally(() => { button.disabled = yes.disabled = false; }); // a failure can be tried again
    };
    // Leaving a room one still sits in is for good: asked first, as at the table (leave.*).
    // Removing an ended room from the list is not.
    const question = h('span', { class: 'my-room-question', text: t('leave.confirm'), attrs: { id: `leave-q-${id}` } });
    const yes = h('button', { class: 'btn danger', text: t('leave.yes'), attrs: { type: 'button' } });
    const no = h('button', { class: 'btn', text: t('leave.no'), attrs: { type: 'button' } });
    const confirm = h('span', { class: 'my-room-confirm', attrs: { role: 'group', 'aria-labelledby': question.id, hidden: true } },
      question, yes, no);
    const ask = (open) => {
      confirm.hidden = !open;
      button.hidden = open;
      (open ? no : button).focus();
    };
    button.addEventListener('click', () => (summary === null ? go() : ask(true)));
    no.addEventListener('click', () => ask(false));
    yes.addEventListener('click', go);
    buttons.append(button, confirm);
    return h('li', { class: 'my-room', attrs: { 'data-room': id } },
      h('span', { class: 'open-table-text' }, h('strong', { text: names.join(', ') || id.slice(0, 8) }), h('br'),
        h('small', { text: state })), buttons, note);
  }

  function render() {
    section.hidden = rooms.length === 0;
    list.replaceChildren(...rooms.map(line));
  }

  async function refresh() {
    rooms = await Promise.all(myRoomIds(storage).map(summaryOf));
    render();
  }
  onLangChange(render);
  refresh();
  return { refresh };
}
