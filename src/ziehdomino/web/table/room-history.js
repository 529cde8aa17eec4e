/**
 * @file "Rundenübersicht": every finished round of a room or a local game in one table, from the
 * `history` entries of docs/protocol.md.
 */
// @ts-check

import { h } from '../common/dom.js';
import { t } from '../common/i18n.js';

/** How a round ended, in words. */
export function outcomeText(entry) {
  if (entry.kind === 'domino') return t('history.domino');
  return entry.winners.length > 1 ? t('history.shared') : t('history.blocked');
}

/**
 * @returns {{element: HTMLElement, update: (history: object[], players: number,
 *   words: {nameOf: (s: number) => string, linkOf?: ((round: number) => string|null)|null}) => void}}
 *   `linkOf` gives a round's replay address ("Runde ansehen" in its row), or null where none is kept.
 */
export function createHistory() {
  const summary = h('summary', { text: t('history.h') });
  const empty = h('p', { class: 'muted', text: t('history.empty') });
  const table = h('table', { class: 'rounds-table' });
  const scroller = h('div', { class: 'history-scroll' }, table);
  const element = h('details', { class: 'rounds' }, summary, empty, scroller);
  let sig = '';
  return {
    element,
    update(history, players, { nameOf, linkOf = null }) {
      const list = Array.isArray(history) ? history : [];
      const names = Array.from({ length: players }, (_, s) => nameOf(s));
      const links = list.map((entry) => (linkOf ? linkOf(entry.round) : null));
      const next = JSON.stringify([t('history.h'), list, names, links]);
      if (next === sig) return;
      sig = next;
      summary.textContent = `${t('history.h')} (${list.length})`;
      empty.textContent = t('history.empty');
      empty.hidden = list.length > 0;
      scroller.hidden = list.length === 0;
      const head = h('tr');
      for (const key of ['history.round', 'history.starter', 'history.how', 'history.winners']) {
        head.append(h('th', { text: t(key), attrs: { scope: 'col' } }));
      }
      head.append(h('th', { text: t('history.pips'), attrs: { scope: 'col' } }));
      if (links.some(Boolean)) head.append(h('th', { class: 'sr-only', text: t('replay.link'), attrs: { scope: 'col' } }));
      const rows = list.map((entry, i) => {
        const row = h('tr', {},
          h('th', { text: String(entry.round), attrs: { scope: 'row' } }),
          h('td', { text: names[entry.starter] ?? '?' }),
          h('td', { text: outcomeText(entry) }),
          h('td', { text: entry.winners.length ? entry.winners.map((s) => names[s] ?? '?').join(', ') : t('history.nobody') }));
        // every seat's pips in hand, "Anna 12 · Ben 10" (fits beside the table on any screen)
        const pips = h('td', { class: 'pips' });
        names.forEach((name, s) => {
          if (s > 0) pips.append(' · ');
          pips.append(h('span', {
            class: entry.winners.includes(s) ? 'winner' : '',
            text: t('history.pipsOf', { name, n: entry.pips?.[s] ?? '?' }),
          }));
        });
        row.append(pips);
        if (links.some(Boolean)) {
          const label = `${t('replay.link')}: ${t('history.round')} ${entry.round}`;
          row.append(h('td', {}, links[i] && h('a', { text: t('replay.link'), attrs: { href: links[i], 'aria-label': label } })));
        }
        return row;
      });
      table.replaceChildren(h('caption', { class: 'sr-only', text: t('history.h') }), h('thead'), h('tbody'));
      table.tHead.append(head);
      table.tBodies[0].append(...rows);
    },
  };
}
