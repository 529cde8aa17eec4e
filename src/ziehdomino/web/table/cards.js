/**
 * @file The players' cards: the other seats clockwise from the viewer (every seat for a
 * spectator) and the viewer's own card; their parts are made once and filled in place.
 */
// @ts-check

import { t } from '../common/i18n.js';
import { halves, tileSvg } from '../common/tiles.js';
import { h, setText, setTileText } from '../common/dom.js';
import { cardBits, cardName, deedText, isAway, isMe } from './words.js';

/** Position classes of the other seats around the table, clockwise from the viewer. */
const PLACES = { 1: ['top'], 2: ['left', 'right'], 3: ['left', 'top', 'right'] };

function playerCard(li = h('li'), others = true) {
  const card = {
    li,
    name: h('strong', { class: 'name' }),
    meta: h('span', { class: 'meta' }),
    // the wins and the shared rounds, apart, so that a narrow card can set them on two lines
    counters: h('span', { class: 'counters' }, h('span', { class: 'wins' }), h('span', { class: 'sep' }, ' · '),
      h('span', { class: 'shared' })),
    turn: h('span', { class: 'badge turn' }),
    away: h('span', { class: 'badge away' }),
    deed: others ? h('span', { class: 'deed' }) : null,
    backs: others ? h('span', { class: 'backs', attrs: { 'aria-hidden': 'true' } }) : null,
    open: others ? h('span', { class: 'open-hand' }) : null,
  };
  li.append(card.name, card.meta, card.counters, card.turn, card.away);
  if (card.deed) li.append(card.deed);
  if (card.backs) li.append(card.backs, card.open);
  return card;
}

function fillCard(card, c) {
  setText(card.name, c.name);
  // "Computer, Mittel · 5 Steine": one span per part, so that a narrow screen can leave one out.
  const parts = c.meta.flatMap((bit, i) => (i ? [{ kind: 'sep', text: ' · ' }, bit] : [bit]));
  while (card.meta.children.length > parts.length) card.meta.lastChild.remove();
  while (card.meta.children.length < parts.length) card.meta.append(h('span'));
  parts.forEach((p, i) => {
    const node = card.meta.children[i];
    setText(node, p.text);
    const cls = p.kind === 'sep' ? 'sep' : `bit-${p.kind}`;
    if (node.className !== cls) node.className = cls;
  });
  // A match to a target says it with every seat's wins ("Siege 2 von 5").
  const [wins, , shared] = card.counters.children;
  setText(wins, t(c.target ? 'table.winsOf' : 'table.wins', { w: c.wins, n: c.target }));
  setText(shared, t('table.shared', { s: c.shared }));
  card.counters.hidden = !c.counted;
  setText(card.turn, t('table.turnMark'));
  setText(card.away, t('table.away'));
  if (card.backs) {
    // Another seat's badges keep their room while unseen (table.css), so that the card's height
    // does not change when the turn comes or the person goes away.
    card.turn.classList.toggle('none', !c.turn);
    card.away.classList.toggle('none', !c.away);
  } else {
    card.turn.hidden = !c.turn;
    card.away.hidden = !c.away;
  }
  if (card.deed) {
    setTileText(card.deed, c.deed);
    card.deed.classList.toggle('none', !c.deed); // kept in the layout, unseen (table.css)
  }
  if (!card.backs) return;
  const className = `player ${c.place}${c.turn ? ' active' : ''}${c.away ? ' is-away' : ''}`;
  if (card.li.className !== className) card.li.className = className;
  card.open.hidden = !c.open;
  card.backs.hidden = Boolean(c.open);
  const openText = c.open ? c.open.join(' ') : '';
  if (card.open.dataset.tiles !== openText) {
    card.open.dataset.tiles = openText;
    card.open.replaceChildren(...(c.open ?? []).map((tile) => {
      const [a, b] = halves(tile);
      return h('span', { class: 'mini-tile' }, tileSvg(a, b, false), h('span', { class: 'tile-text', text: tile }));
    }));
  }
  const backs = Math.min(c.count, 12);
  while (card.backs.children.length > backs) card.backs.lastChild.remove();
  while (card.backs.children.length < backs) card.backs.append(h('span', { class: 'back' }));
}

/**
 * @param {object} ctx  the table's context (render.js)
 * @returns {{element: HTMLElement, meInfo: HTMLElement, render: () => void}}
 *   `element` holds the others' list, `meInfo` the viewer's card (placed by the hand)
 */
export function createCards(ctx) {
  const heading = h('h3', { class: 'sr-only', attrs: { id: `${ctx.id}-ph` } });
  const list = h('ul', { class: 'players', attrs: { 'aria-labelledby': `${ctx.id}-ph` } });
  const element = h('div', { class: 'around' }, heading, list);
  const meInfo = h('p', { class: 'me-info' });
  const meCard = playerCard(meInfo, false);
  const cards = new Map(); // seat -> its card in the list

  function data(s, place) {
    const { view, room, connection } = ctx;
    return {
      place,
      name: cardName(view, room, s),
      meta: cardBits(view, room, s, connection()),
      away: isAway(room, s, connection()),
      count: view.hand_counts[s],
      // A replay knows one round, not the room's counters: it shows none.
      counted: !view.replay,
      wins: view.match.wins[s],
      shared: view.match.shared[s],
      target: Number.isInteger(room?.target) ? room.target : null,
      turn: view.turn === s,
      deed: isMe(view, s) ? '' : deedText(view, s),
      open: view.hands && !view.result && !isMe(view, s) ? view.hands[s] : null,
    };
  }

  function render() {
    const { view, sig } = ctx;
    const n = view.players;
    const order = [];
    if (view.seat === null) for (let s = 0; s < n; s++) order.push(s);
    else for (let i = 1; i < n; i++) order.push((view.seat + i) % n);
    const places = view.seat === null ? order.map(() => 'spectate') : PLACES[order.length];
    if (sig.changed('playersWords', ctx.lang())) setText(heading, t('table.players'));
    if (sig.changed('seats', [order, places])) {
      list.className = `players n${order.length}${view.seat === null ? ' all' : ''}`;
      cards.clear();
      list.replaceChildren(...order.map((s) => {
        const card = playerCard();
        card.li.dataset.seat = String(s); // where a reaction of this seat shows (room-reactions.js)
        cards.set(s, card);
        return card.li;
      }));
    }
    order.forEach((s, i) => {
      const c = data(s, places[i]);
      if (sig.changed(`card${s}`, [ctx.lang(), c])) fillCard(cards.get(s), c);
    });
    if (view.seat !== null) {
      const mine = data(view.seat, 'me');
      meInfo.dataset.seat = String(view.seat);
      if (sig.changed('me', [ctx.lang(), mine])) {
        fillCard(meCard, mine);
        meInfo.classList.toggle('active', mine.turn);
      }
    }
  }

  return { element, meInfo, render };
}
