/**
 * @file The one renderer of the table (ARCHITECTURE.md, ideas 2 and 7).
 *
 * `createTable(root, handlers)` builds the table's DOM once and returns `{update, showError}`.
 * `update(view, roomInfo)` redraws only from the seat's view (docs/view.md) and the room info
 * (docs/protocol.md, ROOMINFO; a local game passes the same shape). Every part keeps a signature
 * of what it last drew and is left untouched while it does not change, so nothing re-renders
 * while nothing changes. The renderer never decides a rule: what may be done comes from
 * `view.legal`.
 *
 * Every action is a real <button> with a stable accessible name ("Stein 2|5",
 * "2|5 links anlegen", "Ziehen", "Passen", "Nächste Runde"); the line of play is an <ol> whose
 * items read "a|b"; one role="status" region says whose turn it is, the open ends and the last
 * action. Drawn tiles are aria-hidden decoration. All data (names!) goes in through textContent.
 * After an own action and when the turn comes back, a focus that was the table's moves to the
 * next sensible control (keepFocus); a focus elsewhere on the page is never taken.
 */

import { lang, onLangChange, t, errorText } from './i18n.js';
import { halves, tileSvg } from './tiles.js';
import { TipCoach, tipFor } from './tips.js';

/** Tiny element builder: h('p', {class: 'x', text: 'y', attrs: {id: 'z'}}, ...children). */
function h(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  if (props.class) node.className = props.class;
  if (props.text !== undefined) node.textContent = props.text;
  if (props.attrs) for (const [k, v] of Object.entries(props.attrs)) node.setAttribute(k, v);
  for (const child of children) if (child) node.append(child);
  return node;
}

function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

function srText(text) {
  return h('span', { class: 'sr-only', text });
}

let uid = 0;

/** Position classes of the other seats around the table, clockwise from the viewer. */
const PLACES = { 1: ['top'], 2: ['left', 'right'], 3: ['left', 'top', 'right'] };

/**
 * Builds the table inside `root`.
 * @param {HTMLElement} root  an empty container
 * @param {{onAction: (action: object) => void, onNextRound: () => void}} handlers
 * @returns {{update: (view: object|null, room: object|null) => void, showError: (code: string) => void,
 *   showMessage: (text: string) => void}}
 */
export function createTable(root, handlers) {
  const id = `t${++uid}`;
  const sig = new Map(); // part -> signature last drawn
  const changed = (part, value) => {
    const s = typeof value === 'string' ? value : JSON.stringify(value);
    if (sig.get(part) === s) return false;
    sig.set(part, s);
    return true;
  };

  let view = null;
  let room = null;
  let selected = null; // the selected hand tile, "a|b"
  let lineDrawn = []; // the line's tiles as drawn, left to right
  const cards = new Map(); // seat -> its card in the players' list
  let noticeAge = 0; // version changes seen since the notice was shown
  const coach = new TipCoach(); // off at first, and again after a reload
  const tips = { round: null, own: 0, done: false, current: null };

  // ---- skeleton ----------------------------------------------------------------------------
  const heading = h('h2', { class: 'table-h', attrs: { id: `${id}-h`, tabindex: '-1' } });
  const status = h('p', { class: 'status', attrs: { role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' } });
  const notice = h('p', { class: 'notice', attrs: { role: 'alert' } });

  const playersH = h('h3', { class: 'sr-only', attrs: { id: `${id}-ph` } });
  const players = h('ul', { class: 'players', attrs: { 'aria-labelledby': `${id}-ph` } });

  const lineH = h('h3', { attrs: { id: `${id}-lh` } });
  const endLeft = h('span', { class: 'end-chip left' });
  const endRight = h('span', { class: 'end-chip right' });
  const ends = h('p', { class: 'ends' }, endLeft, endRight);
  const line = h('ol', { class: 'line', attrs: { 'aria-labelledby': `${id}-lh` } });
  const lineEmpty = h('p', { class: 'line-empty' });
  const boneyard = h('p', { class: 'boneyard' });
  const felt = h('section', { class: 'felt', attrs: { 'aria-labelledby': `${id}-lh` } }, lineH, ends, line, lineEmpty, boneyard);

  const meH = h('h3', { attrs: { id: `${id}-mh` } });
  const meInfo = h('p', { class: 'me-info' });
  const meCard = playerCard(meInfo, false);
  const hand = h('div', { class: 'hand', attrs: { role: 'group', 'aria-labelledby': `${id}-mh` } });
  const preview = h('p', { class: 'preview' });
  const placeLabel = h('span', { class: 'sr-only', attrs: { id: `${id}-pl` } });
  const placements = h('div', { class: 'placements', attrs: { role: 'group', 'aria-labelledby': `${id}-pl` } });
  const drawWhy = h('span', { class: 'why', attrs: { id: `${id}-dw` } });
  const passWhy = h('span', { class: 'why', attrs: { id: `${id}-pw` } });
  const drawBtn = h('button', { class: 'btn action', attrs: { type: 'button', 'aria-describedby': `${id}-dw` } });
  const passBtn = h('button', { class: 'btn action', attrs: { type: 'button', 'aria-describedby': `${id}-pw` } });
  const actionsLabel = h('span', { class: 'sr-only', attrs: { id: `${id}-al` } });
  const actions = h('div', { class: 'actions', attrs: { role: 'group', 'aria-labelledby': `${id}-al` } }, actionsLabel, drawBtn, passBtn);
  const whys = h('p', { class: 'whys' }, drawWhy, passWhy);

  const tipInput = h('input', { attrs: { type: 'checkbox', role: 'switch', id: `${id}-tip` } });
  const tipLabelText = h('span');
  const tipLabel = h('label', { class: 'switch', attrs: { for: `${id}-tip` } }, tipInput, tipLabelText);
  const tipCount = h('p', { class: 'tip-count' });
  const tipText = h('p', { class: 'tip', attrs: { 'aria-live': 'polite' } });
  const tipBox = h('div', { class: 'tips' }, tipLabel, tipCount, tipText);

  const me = h('section', { class: 'me', attrs: { 'aria-labelledby': `${id}-mh` } },
    meH, meInfo, hand, preview, placeLabel, placements, actions, whys, tipBox);

  const resultH = h('h3', { attrs: { id: `${id}-rh`, tabindex: '-1' } });
  const resultText = h('p', { class: 'result-text' });
  const resultTable = h('table', { class: 'result-table' });
  const nextStarter = h('p', { class: 'next-starter' });
  const nextBtn = h('button', { class: 'btn primary', attrs: { type: 'button' } });
  const resultBox = h('section', { class: 'round-end', attrs: { 'aria-labelledby': `${id}-rh` } },
    resultH, resultText, resultTable, nextStarter, nextBtn);

  const logH = h('h3', { attrs: { id: `${id}-gh` } });
  const log = h('ol', { class: 'log', attrs: { 'aria-labelledby': `${id}-gh` } });
  const logBox = h('section', { class: 'history', attrs: { 'aria-labelledby': `${id}-gh` } }, logH, log);

  const board = h('div', { class: 'board' }, h('div', { class: 'around' }, playersH, players), felt, me);
  const section = h('section', { class: 'table', attrs: { 'aria-labelledby': `${id}-h` } },
    heading, status, notice, resultBox, board, logBox);
  section.hidden = true;
  root.append(section);

  // ---- events ------------------------------------------------------------------------------
  hand.addEventListener('click', (event) => {
    const button = event.target.closest('button[data-tile]');
    if (!button) return;
    const tile = button.dataset.tile;
    selected = selected === tile ? null : tile;
    render();
  });
  placements.addEventListener('click', (event) => {
    const button = event.target.closest('button[data-end]');
    if (!button || !view) return;
    const end = button.dataset.end === 'none' ? null : button.dataset.end;
    send({ type: 'play', tile: button.dataset.tile, end });
  });
  drawBtn.addEventListener('click', () => send({ type: 'draw' }));
  passBtn.addEventListener('click', () => send({ type: 'pass' }));
  nextBtn.addEventListener('click', () => {
    clearNotice();
    handlers.onNextRound();
  });
  tipInput.addEventListener('change', () => {
    if (tipInput.checked) {
      coach.start();
      tips.done = false;
      tips.round = view?.round_number ?? null;
      tips.own = ownActions(view);
    } else {
      coach.stop();
    }
    sig.delete('tip');
    render();
  });
  onLangChange(() => {
    sig.clear();
    render();
  });

  function send(action) {
    clearNotice();
    handlers.onAction(action);
  }

  function clearNotice() {
    setText(notice, '');
  }

  // ---- names and words ---------------------------------------------------------------------
  function seatInfo(s) {
    return room?.seats?.[s] ?? null;
  }
  function nameOf(s) {
    const info = seatInfo(s);
    if (info?.name) return info.name;
    if (info?.kind === 'computer') {
      // Numbered among the computers, as the setup forms number them ("Computer 1" is the first).
      const n = room.seats.slice(0, s + 1).filter((seat) => seat?.kind === 'computer').length;
      return t('local.computerName', { n });
    }
    return t('form.seat', { n: s + 1 });
  }
  function isMe(s) {
    return view && view.seat !== null && s === view.seat;
  }
  function entryText(entry) {
    const you = isMe(entry.seat);
    const name = nameOf(entry.seat);
    if (entry.type === 'play') {
      if (entry.end === null) return t(you ? 'log.openYou' : 'log.open', { name, t: entry.tile });
      const side = entry.end === 'left' ? 'Left' : 'Right';
      return t(you ? `log.playYou${side}` : `log.play${side}`, { name, t: entry.tile });
    }
    return t(you ? `log.${entry.type}You` : `log.${entry.type}`, { name });
  }
  function myTurn() {
    return Boolean(view && isMe(view.turn) && !view.result);
  }
  function ownActions(v) {
    if (!v || v.seat === null) return 0;
    return v.log.filter((e) => e.seat === v.seat).length;
  }
  function plays() {
    return view.legal.filter((a) => a.type === 'play');
  }
  function endWord(list) {
    const left = list.some((a) => a.end === 'left');
    const right = list.some((a) => a.end === 'right');
    return t(left && right ? 'end.both' : left ? 'end.left' : 'end.right');
  }

  // ---- parts -------------------------------------------------------------------------------
  function renderHeading() {
    if (changed('heading', [lang(), view.round_number])) {
      setText(heading, t('table.round', { n: view.round_number }));
      setText(playersH, t('table.players'));
      setText(lineH, t('table.line'));
      setText(meH, t('table.hand'));
      setText(placeLabel, t('table.place'));
      setText(actionsLabel, t('table.actions'));
      setText(logH, t('table.log'));
      setText(resultH, t('result.h'));
      setText(tipLabelText, t('tips.switch'));
      setText(drawBtn, t('table.draw'));
      setText(passBtn, t('table.pass'));
      setText(nextBtn, t('result.next'));
    }
  }

  function renderStatus() {
    const parts = [];
    if (view.result) parts.push(t('status.over'));
    else if (view.turn !== null) parts.push(isMe(view.turn) ? t('status.yourTurn') : t('status.turnOf', { name: nameOf(view.turn) }));
    if (view.seat === null) parts.push(t('status.spectating'));
    parts.push(view.ends ? t('status.ends', { l: view.ends[0], r: view.ends[1] }) : t('status.empty'));
    const last = view.log[view.log.length - 1];
    if (last) parts.push(t('status.last', { what: entryText(last) }));
    setText(status, parts.join(' '));
  }

  function renderPlayers() {
    const n = view.players;
    const order = [];
    if (view.seat === null) for (let s = 0; s < n; s++) order.push(s);
    else for (let i = 1; i < n; i++) order.push((view.seat + i) % n);
    const places = view.seat === null ? order.map(() => 'spectate') : PLACES[order.length];
    if (changed('seats', [order, places])) {
      players.className = `players n${order.length}${view.seat === null ? ' all' : ''}`;
      cards.clear();
      players.replaceChildren(...order.map((s) => {
        const card = playerCard();
        cards.set(s, card);
        return card.li;
      }));
    }
    order.forEach((s, i) => {
      const c = cardData(s, places[i]);
      if (changed(`card${s}`, [lang(), c])) fillCard(cards.get(s), c);
    });
    if (view.seat !== null) {
      const mine = cardData(view.seat, 'me');
      if (changed('me', [lang(), mine])) {
        fillCard(meCard, mine);
        meInfo.classList.toggle('active', mine.turn);
      }
    }
  }

  function cardData(s, place) {
    const info = seatInfo(s);
    return {
      s,
      place,
      name: nameOf(s),
      computer: info?.kind === 'computer',
      level: info?.level ?? null,
      connected: room?.local || info?.kind === 'computer' ? null : Boolean(info?.connected),
      count: view.hand_counts[s],
      wins: view.match.wins[s],
      shared: view.match.shared[s],
      turn: view.turn === s,
      me: isMe(s),
    };
  }

  /** A player's card: its parts are made once and filled in place by fillCard. */
  function playerCard(li = h('li'), withBacks = true) {
    const card = {
      li,
      name: h('strong', { class: 'name' }),
      meta: h('span', { class: 'meta' }),
      counters: h('span', { class: 'counters' }),
      turn: h('span', { class: 'badge turn' }),
      away: h('span', { class: 'badge away' }),
      backs: withBacks ? h('span', { class: 'backs', attrs: { 'aria-hidden': 'true' } }) : null,
    };
    li.append(card.name, card.meta, card.counters, card.turn, card.away);
    if (card.backs) li.append(card.backs);
    return card;
  }

  function fillCard(card, c) {
    const name = c.me ? (c.name ? t('table.youNamed', { name: c.name }) : t('table.you')) : c.name;
    const bits = [];
    if (c.computer) bits.push(t('table.computer', { level: t(`level.${c.level ?? 'mittel'}`) }));
    if (c.connected !== null) bits.push(t(c.connected ? 'table.connected' : 'table.away'));
    bits.push(c.count === 1 ? t('table.tiles1') : t('table.tiles', { n: c.count }));
    setText(card.name, name);
    setText(card.meta, bits.join(' · '));
    setText(card.counters, t('table.wins', { w: c.wins, s: c.shared }));
    setText(card.turn, t('table.turnMark'));
    setText(card.away, t('table.away'));
    card.turn.hidden = !c.turn;
    card.away.hidden = c.connected !== false;
    if (!card.backs) return;
    const className = `player ${c.place}${c.turn ? ' active' : ''}${c.connected === false ? ' is-away' : ''}`;
    if (card.li.className !== className) card.li.className = className;
    const backs = Math.min(c.count, 12);
    while (card.backs.children.length > backs) card.backs.lastChild.remove();
    while (card.backs.children.length < backs) card.backs.append(h('span', { class: 'back' }));
    card.backs.hidden = backs === 0;
  }

  function renderLine() {
    const fitting = selected && view.hand?.includes(selected) ? plays().filter((a) => a.tile === selected) : [];
    const fitsLeft = fitting.some((a) => a.end === 'left');
    const fitsRight = fitting.some((a) => a.end === 'right');
    if (changed('line', view.line)) drawLine(view.line);
    const tipEnd = coach.on && tips.current?.end ? tips.current.end : null;
    if (changed('ends', [lang(), view.ends, fitsLeft, fitsRight, tipEnd])) {
      ends.hidden = !view.ends;
      lineEmpty.hidden = Boolean(view.ends);
      setText(lineEmpty, t('table.lineEmpty'));
      if (view.ends) {
        setText(endLeft, t('table.endLeft', { n: view.ends[0] }));
        setText(endRight, t('table.endRight', { n: view.ends[1] }));
      }
      endLeft.classList.toggle('fits', fitsLeft);
      endRight.classList.toggle('fits', fitsRight);
      endLeft.classList.toggle('tip-end', tipEnd === 'left');
      endRight.classList.toggle('tip-end', tipEnd === 'right');
      line.classList.toggle('fits-left', fitsLeft);
      line.classList.toggle('fits-right', fitsRight);
    }
    if (changed('boneyard', [lang(), view.boneyard_count])) {
      setText(boneyard, view.boneyard_count === 1 ? t('table.boneyard1') : t('table.boneyard', { n: view.boneyard_count }));
    }
  }

  /**
   * Draws the line of play. Within a round it only grows at its ends, so the tiles already
   * drawn stay and only the new ones are made; anything else (a new round) is drawn afresh.
   */
  function drawLine(next) {
    const offset = lineDrawn.length ? next.indexOf(lineDrawn[0]) : 0;
    const keeps = offset >= 0 && offset + lineDrawn.length <= next.length
      && lineDrawn.every((text, i) => next[offset + i] === text);
    if (keeps) {
      line.prepend(...next.slice(0, offset).map(lineTile));
      line.append(...next.slice(offset + lineDrawn.length).map(lineTile));
    } else {
      line.replaceChildren(...next.map(lineTile));
    }
    lineDrawn = next.slice();
    for (const li of line.querySelectorAll('.first, .last')) li.classList.remove('first', 'last');
    line.firstElementChild?.classList.add('first');
    line.lastElementChild?.classList.add('last');
    line.hidden = next.length === 0;
  }

  function lineTile(text) {
    const [a, b] = halves(text);
    return h('li', { class: `line-tile${a === b ? ' double' : ''}` }, tileSvg(a, b, a === b), srText(text));
  }

  function renderHand() {
    me.hidden = view.seat === null;
    if (view.seat === null) return;
    const playable = new Set(plays().map((a) => a.tile));
    const tipTile = coach.on && tips.current?.tile ? tips.current.tile : null;
    const data = view.hand.map((tile) => [tile, tile === selected, playable.has(tile), tile === tipTile]);
    if (changed('hand', [lang(), data])) {
      const existing = new Map([...hand.children].map((b) => [b.dataset.tile, b]));
      const keep = new Set(view.hand);
      for (const [tile, button] of existing) if (!keep.has(tile)) button.remove();
      for (const [tile, isSelected, isPlayable, isTip] of data) {
        let button = existing.get(tile);
        if (!button || !keep.has(tile)) {
          const [a, b] = halves(tile);
          button = h('button', { class: 'tile-btn', attrs: { type: 'button', 'data-tile': tile } }, tileSvg(a, b, true), h('span', { class: 'sr-only' }));
          hand.append(button);
        }
        setText(button.lastChild, t('table.tile', { t: tile }));
        button.setAttribute('aria-pressed', String(isSelected));
        button.classList.toggle('playable', isPlayable);
        button.classList.toggle('tip-tile', isTip);
      }
      // Keep the view's order (dealt, then drawn); moves only after a new deal.
      const order = [...hand.children].map((b) => b.dataset.tile);
      if (order.join() !== view.hand.join()) {
        const byTile = new Map([...hand.children].map((b) => [b.dataset.tile, b]));
        hand.replaceChildren(...view.hand.map((tile) => byTile.get(tile)));
      }
    }

    const fitting = selected ? plays().filter((a) => a.tile === selected) : [];
    if (changed('placements', [lang(), fitting])) {
      placements.replaceChildren(...fitting.map((a) => {
        const key = a.end === null ? 'table.placeOnly' : a.end === 'left' ? 'table.placeLeft' : 'table.placeRight';
        const button = h('button', {
          class: `btn place ${a.end ?? 'none'}`,
          attrs: { type: 'button', 'data-tile': a.tile, 'data-end': a.end ?? 'none' },
        }, document.createTextNode(t(key, { t: a.tile })));
        const arrow = h('span', { class: 'arrow', text: a.end === 'left' ? '◀' : '▶', attrs: { 'aria-hidden': 'true' } });
        if (a.end === 'left') button.prepend(arrow);
        else if (a.end === 'right') button.append(arrow);
        return button;
      }));
      placements.hidden = fitting.length === 0;
    }

    let previewText;
    if (selected) {
      if (!myTurn()) previewText = t('preview.notTurn', { t: selected });
      else if (!view.ends) previewText = t('preview.open', { t: selected });
      else if (fitting.length === 0) previewText = t('preview.noFit', { t: selected });
      else {
        const l = fitting.some((a) => a.end === 'left');
        const r = fitting.some((a) => a.end === 'right');
        const key = l && r ? 'preview.both' : l ? 'preview.left' : 'preview.right';
        previewText = t(key, { t: selected, l: view.ends[0], r: view.ends[1] });
      }
    } else if (myTurn() && view.legal.some((a) => a.type === 'draw')) previewText = t('preview.mustDraw');
    else if (myTurn() && view.legal.some((a) => a.type === 'pass')) previewText = t('preview.mustPass');
    else previewText = myTurn() ? t('preview.none') : '';
    setText(preview, previewText);

    const canDraw = view.legal.some((a) => a.type === 'draw');
    const canPass = view.legal.some((a) => a.type === 'pass');
    drawBtn.disabled = !canDraw;
    passBtn.disabled = !canPass;
    const reasons = whyNot();
    setText(drawWhy, canDraw ? '' : t('why.draw', { reason: reasons.draw }));
    setText(passWhy, canPass ? '' : t('why.pass', { reason: reasons.pass }));
    whys.classList.toggle('sr-only', !myTurn());
    actions.hidden = Boolean(view.result);
    whys.hidden = Boolean(view.result);
  }

  /** Why drawing / passing is not allowed now, in words, from the view alone. */
  function whyNot() {
    if (view.seat === null) return { draw: t('why.spectator'), pass: t('why.spectator') };
    if (view.result) return { draw: t('why.over'), pass: t('why.over') };
    if (!isMe(view.turn)) return { draw: t('why.notTurn'), pass: t('why.notTurn') };
    if (!view.ends) return { draw: t('why.emptyLine'), pass: t('why.emptyLine') };
    const list = plays();
    if (list.length > 0) {
      const tile = list[0].tile;
      const fits = t('why.fits', { t: tile, end: endWord(list.filter((a) => a.tile === tile)) });
      return { draw: fits, pass: fits };
    }
    return {
      draw: t('why.emptyBoneyard'),
      pass: view.legal.some((a) => a.type === 'draw') ? t('why.boneyard') : '',
    };
  }

  function renderTips() {
    const running = view.seat !== null && !view.result;
    tipBox.hidden = !running && !tips.done;
    tipLabel.hidden = !running;
    // Count confirmed own actions while tips are on (a selection preview is no action).
    if (coach.on && view.seat !== null) {
      const own = ownActions(view);
      let fresh = tips.round === view.round_number ? Math.max(0, own - tips.own) : own;
      tips.round = view.round_number;
      tips.own = own;
      while (fresh-- > 0 && coach.on) if (coach.countAction()) tips.done = true;
    }
    if (tipInput.checked !== coach.on) tipInput.checked = coach.on;
    let text = '';
    tips.current = null;
    if (coach.on) {
      if (!isMe(view.turn) || view.result) text = t('tips.wait');
      else {
        tips.current = tipFor(view, lang());
        text = tips.current?.text ?? '';
      }
    } else if (tips.done) text = TipCoach.doneText(lang());
    if (changed('tip', [lang(), text])) setText(tipText, text);
    const count = coach.on ? t('tips.remaining', { n: coach.remaining }) : '';
    if (changed('tipCount', [lang(), count])) {
      setText(tipCount, count);
      tipCount.hidden = !count;
    }
  }

  function renderLog() {
    const texts = view.log.map(entryText);
    if (!changed('log', [lang(), view.round_number, texts])) return;
    const have = log.children.length;
    const same = log.dataset.round === String(view.round_number) && log.dataset.lang === lang()
      && have <= texts.length && (have === 0 || log.children[have - 1].textContent === texts[have - 1]);
    if (!same) log.replaceChildren();
    for (let i = log.children.length; i < texts.length; i++) log.append(h('li', { text: texts[i] }));
    if (texts.length === 0) log.append(h('li', { class: 'muted', text: t('table.logEmpty') }));
    log.dataset.round = String(view.round_number);
    log.dataset.lang = lang();
  }

  function renderResult() {
    resultBox.hidden = !view.result;
    if (!view.result) return;
    if (!changed('result', [lang(), view.result, view.hands, view.pips, view.round_number, room?.seats?.map((s) => s.name)])) return;
    const { kind, winners } = view.result;
    const pips = view.pips;
    let text;
    if (kind === 'domino') {
      text = isMe(winners[0]) ? t('result.dominoYou') : t('result.domino', { name: nameOf(winners[0]) });
    } else if (winners.length === 1) {
      text = isMe(winners[0]) ? t('result.blockedYou', { p: pips[winners[0]] }) : t('result.blocked', { name: nameOf(winners[0]), p: pips[winners[0]] });
    } else {
      const names = winners.map((s) => (isMe(s) ? t('table.you') : nameOf(s)));
      text = t('result.shared', { names: `${names.slice(0, -1).join(', ')}${t('result.and')}${names[names.length - 1]}`, p: pips[winners[0]] });
    }
    setText(resultText, text);
    const headRow = h('tr', {}, h('th', { text: t('result.player'), attrs: { scope: 'col' } }), h('th', { text: t('result.tilesCol'), attrs: { scope: 'col' } }),
      h('th', { text: t('result.pipsCol'), attrs: { scope: 'col' } }), h('th', { text: t('result.outcomeCol'), attrs: { scope: 'col' } }));
    const rows = view.hands.map((tiles, s) => {
      const who = isMe(s) ? t('table.youNamed', { name: nameOf(s) }) : nameOf(s);
      const tilesBox = h('div', { class: 'hand-cell' });
      const cell = h('td', {}, tilesBox);
      if (tiles.length === 0) tilesBox.append(h('span', { text: t('result.emptyHand') }));
      for (const tile of tiles) {
        const [a, b] = halves(tile);
        tilesBox.append(h('span', { class: 'mini-tile' }, tileSvg(a, b, false), h('span', { class: 'tile-text', text: tile })));
      }
      const outcome = winners.includes(s) ? (winners.length > 1 ? t('result.share') : t('result.win')) : '';
      const row = h('tr', { class: winners.includes(s) ? 'winner' : '' }, h('th', { text: who, attrs: { scope: 'row' } }), cell,
        h('td', { class: 'num', text: String(pips[s]) }), h('td', { text: outcome }));
      return row;
    });
    resultTable.replaceChildren(h('caption', { class: 'sr-only', text: t('result.h') }), h('thead', {}, headRow), h('tbody', {}, ...rows));
    const starterName = isMe(view.match.next_starter) ? t('table.you') : nameOf(view.match.next_starter);
    setText(nextStarter, t('result.nextStarter', { name: starterName }));
    nextBtn.hidden = view.seat === null;
  }

  function render() {
    if (!view) {
      section.hidden = true;
      return;
    }
    section.hidden = false;
    section.classList.toggle('is-over', Boolean(view.result));
    section.classList.toggle('is-spectator', view.seat === null);
    section.classList.toggle('my-turn', myTurn());
    renderHeading();
    renderStatus();
    renderPlayers();
    renderTips();
    renderLine();
    renderHand();
    renderLog();
    renderResult();
  }

  // ---- focus ------------------------------------------------------------------------------
  // The table keeps a keyboard user's place: after an own action and when the turn comes back
  // the focus goes to the next sensible control (focusTarget). It only ever moves a focus that
  // is the table's: one inside it that got lost (its control vanished or was disabled, so the
  // browser would drop it on <body>) or one the table put there itself and nobody moved since.
  // A person who is elsewhere (a field, the language switch) keeps their focus.
  let focusHome = false; // the last focus on the page was inside the table
  let placedFocus = null; // the control the table focused itself, until the person moves or acts
  let placing = false;
  section.addEventListener('focusin', () => {
    focusHome = true;
    if (!placing) placedFocus = null;
  });
  section.addEventListener('click', () => { placedFocus = null; }, true);
  document.addEventListener('focusin', (event) => {
    if (!section.contains(event.target)) focusHome = false;
  });

  /** Where the focus belongs now: the first playable tile, else Ziehen or Passen, else the hand. */
  function focusTarget() {
    if (view.result) return nextBtn.hidden ? resultH : nextBtn;
    if (view.seat === null) return null;
    if (myTurn()) {
      const tile = hand.querySelector('button.playable');
      if (tile) return tile;
      if (!drawBtn.disabled) return drawBtn;
      if (!passBtn.disabled) return passBtn;
    }
    return hand.firstElementChild;
  }

  function focusLost(el) {
    return !el || el === document.body || !el.isConnected || el.disabled === true || Boolean(el.closest('[hidden]'));
  }

  function keepFocus(turnCameBack) {
    if (!view || !focusHome) return;
    const el = document.activeElement;
    if (!focusLost(el) && !(turnCameBack && el === placedFocus)) return;
    const target = focusTarget();
    if (!target || target === el) return;
    placing = true;
    target.focus();
    placing = false;
    placedFocus = target;
  }

  return {
    /**
     * Redraws from the seat's view and the room info; does nothing when neither changed.
     * @param {object|null} nextView  docs/view.md, or null before the first round
     * @param {object|null} nextRoom  docs/protocol.md ROOMINFO (seats, you), or the local one
     */
    update(nextView, nextRoom) {
      if (!changed('input', [nextView, nextRoom])) return;
      const wasMyTurn = myTurn();
      // A refusal stays readable through the fresh state that may follow it (stale_version)
      // and goes with the next change after that.
      if (nextView && view && nextView.version !== view.version && notice.textContent && ++noticeAge >= 2) clearNotice();
      view = nextView;
      room = nextRoom;
      if (view && (view.hand === null || !view.hand.includes(selected))) selected = null;
      if (view && view.result && selected) selected = null;
      render();
      keepFocus(!wasMyTurn && myTurn());
    },
    /** Explains a refused action (or any error code) in words. */
    showError(code) {
      noticeAge = 0;
      setText(notice, errorText(code));
    },
    /** Shows a message in the notice line. */
    showMessage(text) {
      noticeAge = 0;
      setText(notice, text);
    },
    /** The section, for pages that place it. */
    element: section,
  };
}
