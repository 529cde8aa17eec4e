/**
 * @file "Offene Tische" on the start page: the live list of open tables (docs/protocol.md, "Open
 * tables"), from `GET /api/lobby` and then its event stream, which the browser reconnects.
 */
// @ts-check

import { h, setText } from '../common/dom.js';
import { onLangChange, t } from '../common/i18n.js';
import './lobby-strings.js';

/** ms after the page's load before the live stream opens (the list is fetched at once). */
const STREAM_AFTER_MS = 1500;

/**
 * A table in words: who sits there, and the rest ("3 Plätze · 1 Minute pro Zug · bis 5 Siege · 1 frei").
 * @param {object} table  TABLE of docs/protocol.md
 * @returns {{who: string, about: string}}
 */
export function tableText(table) {
  const who = table.seats.filter((s) => s.kind !== 'free')
    .map((s) => (s.kind === 'person' ? s.name : t('start.tables.computer'))).join(', ');
  const turn = table.turn_time === null ? t('start.tables.noTurn')
    : t('start.tables.turn', { time: t(`start.open.turn${table.turn_time}`) });
  const target = table.target == null ? t('form.targetNone') : t('start.tables.target', { n: table.target });
  const state = table.state === 'waiting' ? t('start.tables.free', { n: table.free }) : t('start.tables.playing');
  return { who, about: [t('start.tables.seats', { size: table.size }), turn, target, state].join(' · ') };
}

/**
 * The list after a change of the event stream, as the server's `apply_list_change`; null when a
 * place is past the list's end.
 * @param {object[]} tables
 * @param {{gone: string[], put: Array}} change
 * @returns {object[]|null}
 */
export function applyListChange(tables, change) {
  const gone = new Set([...change.gone, ...change.put.map(([, table]) => table.room)]);
  const out = tables.filter((table) => !gone.has(table.room));
  for (const [place, table] of change.put) {
    if (!(place >= 0 && place <= out.length)) return null;
    out.splice(place, 0, table);
  }
  return out;
}

/**
 * Builds the list into `list` (an `<ul>`) and keeps it up to date.
 * @param {{list: HTMLElement, empty: HTMLElement, join: (room: string) => void,
 *   watch: (room: string) => void, source?: (url: string) => EventSource}} parts
 * @returns {{show: (tables: object[]) => void, close: () => void}}
 */
export function createOpenTables({ list, empty, join, watch, source }) {
  let tables = [];
  const status = h('p', { class: 'hint tables-status', attrs: { hidden: true } });
  list.after(status);

  function show(next) {
    tables = Array.isArray(next) ? next : [];
    empty.hidden = tables.length > 0;
    list.replaceChildren(...tables.map((table) => {
      const free = table.state === 'waiting' && table.free > 0;
      const button = h('button', { class: free ? 'btn primary' : 'btn', text: t(free ? 'start.tables.join' : 'start.tables.watch'),
        attrs: { type: 'button' } });
      button.addEventListener('click', () => (free ? join(table.room) : watch(table.room)));
      const buttons = h('span', { class: 'my-room-buttons' }, button);
      if (table.state === 'playing' && table.takeover > 0) {
        // a computer's seat (or an away person's): the person takes it when the next round starts
        const take = h('button', { class: 'btn primary', text: t('start.tables.takeover'), attrs: { type: 'button' } });
        take.addEventListener('click', () => join(table.room));
        buttons.prepend(take);
      }
      const { who, about } = tableText(table);
      return h('li', { class: 'open-table', attrs: { 'data-room': table.room } },
        h('span', { class: 'open-table-text' }, h('strong', { text: who }), h('br'), h('small', { text: about })), buttons);
    }));
  }
  onLangChange(() => show(tables));

  const open = source ?? ((url) => new EventSource(url));
  let events = null;
  function stream() {
    try {
      events = open('/api/lobby/events');
      events.onmessage = (event) => {
        status.hidden = true;
        let next = null;
        try {
          const data = JSON.parse(event.data);
          next = Array.isArray(data.tables) ? data.tables : applyListChange(tables, data);
        } catch {
          next = null;
        }
        if (next) {
          show(next);
        } else {
          // a change that does not fit the list held: a new stream starts with the whole list
          events.close();
          stream();
        }
      };
      events.onerror = () => {
        setText(status, t('start.tables.offline'));
        status.hidden = false;
      };
    } catch {
      status.hidden = false;
    }
  }
  // The list as it is now with the page, then its live stream once the page has loaded: the
  // stream stays open, and the page's first load should end (and count) without it.
  if (!source) {
    fetch('/api/lobby').then((r) => r.json()).then((data) => { if (!events) show(data.tables); }).catch(() => {});
  }
  const later = () => setTimeout(stream, source ? 0 : STREAM_AFTER_MS);
  if (source || document.readyState === 'complete') later();
  else addEventListener('load', later, { once: true });
  show([]);
  // Leaving the page ends the stream first (Firefox reports a stream cut by the navigation as an
  // error); a page shown again from the back-forward cache opens it again.
  const close = () => {
    events?.close();
    events = null;
  };
  if (!source) {
    addEventListener('pagehide', close);
    addEventListener('pageshow', (event) => { if (event.persisted && !events) stream(); });
  }
  return { show, close };
}
