/**
 * @file The panel "Statistik": a local game's rounds per level and table size, with
 * "Zurücksetzen", or an online room's per seat.
 */
// @ts-check

import { h } from '../common/dom.js';
import { onLangChange, t } from '../common/i18n.js';
import { localRows, readLocalStats, resetLocalStats, roomRows } from './stats.js';
import { statsFigure } from './stats-chart.js';
import { seatName } from '../common/seat-words.js';
import './stats-strings.js';

// The panels' style sheet comes with them, not with the pages: a panel is made only when first
// opened, after it has loaded (so it never shows unstyled).
const SHEET = '/static/stats/stats.css';
if (typeof document !== 'undefined' && !document.querySelector(`link[href="${SHEET}"]`)) {
  await new Promise((loaded) => {
    const link = h('link', { attrs: { rel: 'stylesheet', href: SHEET } });
    link.onload = link.onerror = () => loaded();
    document.head.append(link);
  });
}

let uid = 0;

function panel() {
  const id = `stats${++uid}`;
  const heading = h('h2', { attrs: { id: `${id}-h`, tabindex: -1 } });
  const body = h('div');
  const element = h('section', { class: 'card stats', attrs: { 'aria-labelledby': heading.id } }, heading, body);
  return { element, heading, body };
}

/**
 * @param {Storage} storage  where the local statistics are kept (stats.js)
 * @returns {{element: HTMLElement, heading: HTMLElement, render: () => void}}
 */
export function createLocalStats(storage) {
  const { element, heading, body } = panel();
  const reset = h('button', { class: 'btn', attrs: { type: 'button' } });
  const said = h('span', { class: 'stats-said', attrs: { 'aria-live': 'polite' } });
  element.append(h('div', { class: 'stats-tools' }, reset, said));

  function render() {
    heading.textContent = t('stats.h');
    reset.textContent = t('stats.reset');
    const rows = localRows(readLocalStats(storage));
    reset.disabled = rows.length === 0;
    body.replaceChildren(statsFigure({
      caption: t('stats.local.caption'),
      rowHead: t('stats.local.row'),
      parts: [{ label: t('stats.won'), cls: 'won' }, { label: t('stats.shared'), cls: 'shared' }, { label: t('stats.lost'), cls: 'lost' }],
      extra: [{ label: t('stats.played') }],
      rows: rows.map((r) => ({
        label: t('stats.local.rowLabel', { level: t(`level.${r.level}`), n: r.players }),
        parts: [r.won, r.shared, r.lost],
        extra: [String(r.played)],
      })),
      empty: t('stats.empty'),
    }));
  }

  reset.addEventListener('click', () => {
    resetLocalStats(storage);
    render();
    said.textContent = t('stats.resetDone');
  });
  onLangChange(render);
  render();
  return { element, heading, render };
}

/**
 * @returns {{element: HTMLElement, heading: HTMLElement,
 *   render: (summaries: {winners: number[], pips: number[]}[], room: object) => void}}
 */
export function createRoomStats() {
  const { element, heading, body } = panel();
  let last = null;

  function render(summaries, room) {
    last = [summaries, room];
    heading.textContent = t('stats.h');
    const players = room?.seats?.length ?? 0;
    const rows = summaries.length ? roomRows(summaries, players) : [];
    const fmt = new Intl.NumberFormat(t('stats.locale'), { maximumFractionDigits: 1, minimumFractionDigits: 1 });
    body.replaceChildren(statsFigure({
      caption: t('stats.room.caption'),
      rowHead: t('stats.room.row'),
      parts: [{ label: t('stats.room.wins'), cls: 'won' }, { label: t('stats.room.shared'), cls: 'shared' }, { label: t('stats.room.other'), cls: 'lost' }],
      extra: [{ label: t('stats.room.rounds') }, { label: t('stats.room.avgPips') }],
      rows: rows.map((r) => ({
        label: seatName(room, r.seat),
        parts: [r.wins, r.shared, r.rounds - r.wins - r.shared],
        extra: [String(r.rounds), r.averagePips === null ? '–' : fmt.format(r.averagePips)],
      })),
      empty: t('stats.room.empty'),
    }));
  }

  onLangChange(() => last && render(...last));
  return { element, heading, render };
}
