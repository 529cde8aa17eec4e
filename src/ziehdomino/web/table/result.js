/**
 * @file The round's end ("Rundenende"): the result, every hand with its pips, who opens next,
 * "Nächste Runde" (or "Revanche") and links to the round's replay and analysis; below the board,
 * so that the line as the round left it stays in view.
 */
// @ts-check

import { t } from '../common/i18n.js';
import { halves, tileSvg } from '../common/tiles.js';
import { h, setAttr, setText } from '../common/dom.js';
import { cardName, matchCounters, matchSentence, outcomeWord, resultSentence, roundEndNote } from './words.js';

/**
 * @param {object} ctx  the table's context (render.js): `view`, `room`, `sig`, `nextRound()`
 * @returns {{element: HTMLElement, heading: HTMLElement, nextBtn: HTMLButtonElement, render: () => void}}
 */
export function createResult(ctx) {
  const heading = h('h3', { attrs: { id: `${ctx.id}-rh`, tabindex: '-1' } });
  const text = h('p', { class: 'result-text' });
  const matchText = h('p', { class: 'match-text', attrs: { hidden: true } });
  const counters = h('p', { class: 'match-counters', attrs: { hidden: true } });
  const table = h('table', { class: 'result-table' });
  const nextStarter = h('p', { class: 'next-starter' });
  const nextBtn = h('button', { class: 'btn primary', attrs: { type: 'button', 'aria-keyshortcuts': 'N' } });
  const replayLink = h('a', { class: 'btn replay-link', attrs: { href: '#' } });
  replayLink.hidden = true;
  const analyseLink = h('a', { class: 'btn analyse-link', attrs: { href: '#' } });
  analyseLink.hidden = true;
  // The heading's line also holds the committed deal's seal (render.js adds it once loaded).
  const head = h('div', { class: 'result-head' }, heading);
  const element = h('section', { class: 'round-end', attrs: { 'aria-labelledby': `${ctx.id}-rh` } },
    head, matchText, counters, text, h('div', { class: 'result-scroll' }, table), nextStarter,
    h('div', { class: 'result-buttons' }, nextBtn, replayLink, analyseLink));
  nextBtn.addEventListener('click', (event) => event.detail > 1 || ctx.nextRound()); // one round per double-click

  function row(view, room, tiles, s) {
    const box = h('div', { class: 'hand-cell' });
    if (tiles.length === 0) box.append(h('span', { text: t('result.emptyHand') }));
    for (const tile of tiles) {
      const [a, b] = halves(tile);
      box.append(h('span', { class: 'mini-tile' }, tileSvg(a, b, false), h('span', { class: 'tile-text', text: tile })));
    }
    const won = view.result.winners.includes(s);
    // Whoever left meanwhile (or is away) is said under their name: on a phone the cards are not shown now.
    const info = room?.seats?.[s];
    const gone = room && !room.local && info?.kind === 'person' && info.taken
      ? (info.left ? t('seat.left') : info.connected ? '' : t('table.away')) : '';
    // `data-seat`: a reaction at the round's end shows here where a phone shows no cards.
    const name = h('th', { text: cardName(view, room, s), attrs: { scope: 'row', 'data-seat': String(s) } });
    if (gone) name.append(h('small', { class: 'gone', text: gone }));
    return h('tr', { class: won ? 'winner' : '' }, name,
      h('td', {}, box), h('td', { class: 'num', text: String(view.pips[s]) }), h('td', { class: 'outcome', text: outcomeWord(view, s) }));
  }

  function render() {
    const { view, room, sig } = ctx;
    element.hidden = !view.result;
    const won = Boolean(view.result) && Number.isInteger(room?.match_winner);
    if (sig.changed('resultWords', [ctx.lang(), won])) {
      setText(heading, t(won ? 'match.h' : 'result.h'));
      setText(nextBtn, t(won ? 'result.rematch' : 'result.next'));
      setText(replayLink, t('replay.link'));
      setText(analyseLink, t('an.link'));
    }
    if (!view.result) return;
    const href = ctx.roundLink ? ctx.roundLink(view.round_number) : null;
    replayLink.hidden = !href;
    analyseLink.hidden = !href || view.seat === null;
    if (href) setAttr(replayLink, 'href', href);
    if (href) setAttr(analyseLink, 'href', `${href}#analyse-${view.seat}`);
    if (!sig.changed('result', [ctx.lang(), Boolean(view.replay), view.result, view.hands, view.pips, view.round_number,
      room?.seats?.map((s) => [s.name, s.left, s.connected]), won])) return;
    setText(text, resultSentence(view, room));
    matchText.hidden = !won;
    counters.hidden = !won;
    setText(matchText, won ? matchSentence(view, room) : '');
    setText(counters, won ? matchCounters(view, room) : '');
    const col = (key) => h('th', { text: t(key), attrs: { scope: 'col' } });
    const head = h('tr', {}, col('result.player'), col('result.tilesCol'), col('result.pipsCol'), h('th', { class: 'outcome', text: t('result.outcomeCol'), attrs: { scope: 'col' } }));
    const rows = view.hands.map((tiles, s) => row(view, room, tiles, s));
    table.replaceChildren(h('caption', { class: 'sr-only', text: t('result.h') }), h('thead', {}, head), h('tbody', {}, ...rows));
    setText(nextStarter, roundEndNote(view, room));
    nextBtn.hidden = view.seat === null;
  }

  return { element, heading, nextBtn, render };
}
