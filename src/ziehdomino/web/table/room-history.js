/**
 * @file "Rundenübersicht": every finished round of a room or a local game in one table (round
 * number, who opened it, how it ended, who won, every seat's pips in hand), openable at any time
 * by every seat and spectator.
 *
 * A history entry (docs/protocol.md, `history` message; the local game keeps the same in its save):
 * `{"round": 2, "starter": 1, "kind": "domino"|"blocked", "winners": [seat...], "pips": [n per seat]}`.
 */

import { t } from '../shared/i18n.js';

function h(tag, text, attrs = {}) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

/** How a round ended, in words. */
export function outcomeText(entry) {
  if (entry.kind === 'domino') return t('history.domino');
  return entry.winners.length > 1 ? t('history.shared') : t('history.blocked');
}

/**
 * Builds the overview: a disclosure ("Rundenübersicht") holding the table.
 * @returns {{element: HTMLElement, update: (history: object[], players: number,
 *   words: {nameOf: (s: number) => string, linkOf?: ((round: number) => string|null)|null}) => void}}
 *   `linkOf` gives a round's replay address ("Runde ansehen" in its row), or null where none is kept.
 */
export function createHistory() {
  const summary = h('summary', t('history.h'));
  const empty = h('p', t('history.empty'), { class: 'muted' });
  const scroller = h('div', undefined, { class: 'history-scroll' });
  const table = h('table', undefined, { class: 'rounds-table' });
  scroller.append(table);
  const element = h('details', undefined, { class: 'rounds' });
  element.append(summary, empty, scroller);
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
        head.append(h('th', t(key), { scope: 'col' }));
      }
      head.append(h('th', t('history.pips'), { scope: 'col' }));
      if (links.some(Boolean)) head.append(h('th', t('replay.link'), { scope: 'col', class: 'sr-only' }));
      const rows = list.map((entry, i) => {
        const row = h('tr');
        row.append(h('th', String(entry.round), { scope: 'row' }), h('td', names[entry.starter] ?? '?'),
          h('td', outcomeText(entry)),
          h('td', entry.winners.length ? entry.winners.map((s) => names[s] ?? '?').join(', ') : t('history.nobody')));
        // every seat's pips in hand, "Anna 12 · Ben 10" (fits beside the table on any screen)
        const pips = h('td', undefined, { class: 'pips' });
        names.forEach((name, s) => {
          if (s > 0) pips.append(' · ');
          const part = h('span', t('history.pipsOf', { name, n: entry.pips?.[s] ?? '?' }));
          if (entry.winners.includes(s)) part.className = 'winner';
          pips.append(part);
        });
        row.append(pips);
        if (links.some(Boolean)) {
          const cell = h('td');
          if (links[i]) cell.append(h('a', t('replay.link'), { href: links[i], 'aria-label': `${t('replay.link')}: ${t('history.round')} ${entry.round}` }));
          row.append(cell);
        }
        return row;
      });
      table.replaceChildren(h('caption', t('history.h'), { class: 'sr-only' }), h('thead'), h('tbody'));
      table.tHead.append(head);
      table.tBodies[0].append(...rows);
    },
  };
}
