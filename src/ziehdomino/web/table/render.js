/**
 * @file The one renderer of the table: builds its parts once (one idea per module in table/) and
 * redraws them from a session (sessions/session.js), local, online, a replay or a watch. Each
 * part is `createX(ctx)` with a `render()` that draws only what changed (`ctx.sig`). To add a
 * part: make it in `makeParts`, place it in frame.js and call its `render()` from `render()`.
 *
 * It never decides a rule (what may be done is `view.legal`); every action is a real <button>
 * with a stable accessible name, and all data (names!) goes in through textContent.
 */
// @ts-check

import { lang, onLangChange, t } from '../common/i18n.js';
import { h, setText, signatures, tileWords } from '../common/dom.js';
import { checkSession } from '../sessions/session.js';
import { createAttention } from './attention.js';
import { createCards } from './cards.js';
import { createFocusKeeper } from './focus.js';
import { createFrame, wireSide } from './frame.js';
import { createHand } from './hand.js';
import { bindKeys } from './keys.js';
import { lazyPart } from './lazy-part.js';
import { createLine } from './line.js';
import { createLog } from './log.js';
import { createNotice } from './notice.js';
import { watchSizes } from './resize.js';
import { createResult } from './result.js';
import { createSettings, defaultStorage } from './settings.js';
import { createTips } from './tips-panel.js';
import { isMe, isMyTurn, seatName, statusParts } from './words.js';
import { createHistory } from './room-history.js';

/**
 * @typedef {object} Table  The state the functions below share; the fields past `sound` are
 *   filled in before anything reads them.
 * @property {import('../sessions/session.js').Session} session
 * @property {boolean} wantView
 * @property {any} seal
 * @property {any} changeOf
 * @property {any} motion
 * @property {any} sound
 * @property {any} ctx
 * @property {ReturnType<typeof createNotice>} notice
 * @property {ReturnType<typeof createCards>} cards
 * @property {ReturnType<typeof createLine>} line
 * @property {ReturnType<typeof createHand>} hand
 * @property {ReturnType<typeof createTips>} tips
 * @property {ReturnType<typeof createResult>} result
 * @property {ReturnType<typeof createLog>} log
 * @property {ReturnType<typeof createSettings>} settings
 * @property {ReturnType<typeof createHistory>} rounds
 * @property {any} clock
 * @property {any} ready
 * @property {{nameOf: (s: number) => string, isMe: (s: number) => boolean}} words
 * @property {ReturnType<typeof createFrame>} frame
 * @property {ReturnType<typeof createFocusKeeper>} focus
 * @property {ReturnType<typeof createAttention>} attention
 * @property {any} loadSeal
 * @property {any} loadChange
 * @property {any} loadMotion
 * @property {any} loadDrag
 */

let uid = 0;

/**
 * Builds the table inside `root` and draws it from `session` from then on.
 * @param {HTMLElement} root  an empty container
 * @param {import('../sessions/session.js').Session} session
 * @param {{storage?: Storage, fixedTempo?: boolean, skipErrors?: string[],
 *   roundLink?: (round: number) => string|null, roomParts?: {clock?: object, ready?: object}}} [options]
 *   `fixedTempo`: the page set the pace (a remembered "Tempo" is not applied); `skipErrors`: codes
 *   the page words itself; `roundLink`: a round's replay address; `roomParts`: a room's clock and ready step
 * @returns {{element: HTMLElement, update: () => void, layout: () => void,
 *   showError: (code: string) => void, showMessage: (text: string) => void}}
 */
export function createTable(root, session, options = {}) {
  checkSession(session);
  // The table: the context its parts read, the parts, the frame, and what loads when needed.
  const T = /** @type {Table} */ ({ session, wantView: false, seal: null, changeOf: null, motion: null, sound: null });
  T.ctx = makeContext(T, options);
  makeParts(T, options);
  T.frame = createFrame(T.ctx.id, T);
  root.append(T.frame.section);
  // The table brings itself into view; a reload must not scroll back to where the page was.
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  T.focus = createFocusKeeper(T.frame.section, () => focusTarget(T));
  T.attention = createAttention(T.ctx);
  loadLater(T);
  bindKeys(T.ctx, T.frame.section, { hand: T.hand, result: T.result });
  T.hand.hand.setAttribute('aria-describedby', T.settings.keysHint.id);
  wireSide(T.frame, T.log);

  const skipErrors = new Set(options.skipErrors ?? []);
  session.subscribe({
    change: () => update(T),
    connection: () => update(T),
    // Not through update(): a refusal said meanwhile ("noch unterwegs") stays.
    pending: () => renderSending(T),
    error(code) {
      if (skipErrors.has(code) || !T.ctx.view) return; // the page says these itself
      T.notice.show(code);
    },
  });
  onLangChange(() => {
    T.ctx.sig.forget();
    render(T);
    // The switch is in the page's header, above the table: the table comes back into view.
    if (T.ctx.view) {
      T.wantView = true;
      layout(T);
    }
  });
  watchSizes([T.line.box, T.hand.hand], () => layout(T));

  return {
    update: () => update(T),
    /** Lays out now: a page showing a table it kept hidden calls it, so that the first frame is laid out. */
    layout: () => layout(T),
    showError: (code) => T.notice.show(code),
    showMessage: (text) => T.notice.message(text),
    element: T.frame.section,
  };
}

/** The context every part reads: the view, the room info, the selected tile, and what it may do. */
function makeContext(T, options) {
  const { session } = T;
  // Where "Sortieren", "Tempo" and "Ton" are remembered: the page's, else localStorage (the
  // room page names none, and "Sortieren" must outlive a reload there as well).
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const ctx = {
    id: `t${++uid}`,
    view: null,
    room: null,
    selected: null, // the selected hand tile, "a|b"
    session,
    sig: signatures(),
    lang,
    connection: () => session.connection(),
    tip: () => T.tips.current(),
    select(tile) {
      ctx.selected = ctx.selected === tile ? null : tile;
      render(T);
    },
    send(action) {
      T.notice.clear();
      session.act(action);
    },
    nextRound() {
      T.notice.clear();
      session.nextRound();
    },
    rerender: () => render(T),
    storage,
    roundLink: typeof options.roundLink === 'function' ? options.roundLink : null,
  };
  return ctx;
}

/** The table's parts, each made once (their order is their elements' order of creation). */
function makeParts(T, options) {
  const { ctx } = T;
  T.notice = createNotice();
  T.cards = createCards(ctx);
  T.line = createLine(ctx);
  T.hand = createHand(ctx, T.cards.meInfo);
  T.tips = createTips(ctx);
  T.hand.preview.after(T.tips.element);
  T.result = createResult(ctx);
  T.log = createLog(ctx);
  T.settings = createSettings(ctx, ctx.storage, { fixedTempo: Boolean(options.fixedTempo) });
  T.settings.add(T.tips.toggle);
  // A room's parts come from the room page, so that no other page loads them.
  const { clock = null, ready = null } = options.roomParts ?? {};
  T.clock = clock;
  T.ready = ready;
  T.rounds = createHistory();
  T.words = { nameOf: (s) => seatName(ctx.room, s), isMe: (s) => isMe(ctx.view, s) };
  if (ready) T.result.nextBtn.before(ready.element);
}

/**
 * The parts that load when first needed (lazy-part.js): the seal with the first view carrying a
 * proof, the motion with the first view, the sound once "Ton" is on, dragging with the first hand.
 */
function loadLater(T) {
  const { ctx, session, settings } = T;
  T.loadSeal = lazyPart(['./fair-strings.js', './fair-seal.js'], () => ctx.view?.fair, (_, { createFairSeal }) => {
    T.seal = createFairSeal(ctx, session);
    renderSeal(T);
  });
  T.loadChange = lazyPart(['./view-change.js'], () => ctx.view || settings.sound(), ({ viewChange }) => { T.changeOf = viewChange; });
  T.loadMotion = lazyPart(['./motion.js'], () => ctx.view, ({ createMotion }) => {
    T.motion = createMotion({ stage: T.frame.stage, line: T.line.list, hand: T.hand.hand, boneyard: T.line.boneyard,
      tempo: () => session.tempo?.() ?? null });
  });
  const loadSound = lazyPart(['./sound.js'], () => settings.sound(), ({ createSound }) => {
    T.sound = createSound(settings);
  });
  settings.onSound(() => { T.loadChange(); loadSound(); });
  T.loadChange();
  loadSound();
  T.loadDrag = lazyPart(['./drag.js'], () => ctx.view?.hand, ({ wireDrag }) => wireDrag(ctx, T.hand.hand, T.line.box));
}

function renderSeal(T) {
  const { seal } = T;
  if (!seal || (!seal.element.isConnected && !T.ctx.view?.result)) return;
  if (!seal.element.isConnected) T.result.element.querySelector('.result-head').append(seal.element);
  seal.render();
}

/** A connection that was up and is not now (the controls look unavailable meanwhile). */
const connDown = (session) => ['retry', 'connecting'].includes(session.connection());

/** "Wird gesendet …" while the session waits for the answer to a move (its `pending()`). */
function renderSending(T) {
  const { session, frame } = T;
  const waiting = Boolean(T.ctx.view) && Boolean(session.pending?.());
  const key = session.connection() === 'online' ? 'table.sending' : 'table.restoring';
  setText(frame.sending, waiting ? t(key) : '');
  frame.section.classList.toggle('is-sending', waiting);
}

/** The heading, the side sheet's buttons and the status line. */
function renderTop(T) {
  const { view, sig, room } = T.ctx;
  const { heading, sideToggle, sideClose, status } = T.frame;
  if (sig.changed('heading', [lang(), view.round_number])) {
    setText(heading, t('table.round', { n: view.round_number }));
    setText(sideToggle, t('table.sideToggle'));
    setText(sideClose, t('table.sideClose'));
  }
  const parts = statusParts(view, room);
  const text = parts.map((p) => p.text).join(' ');
  if (status.textContent !== text) {
    status.replaceChildren(...parts.flatMap((p, i) => [i ? ' ' : '', h('span', { class: `status-${p.kind}` }, ...tileWords(p.text))]));
  }
}

function render(T) {
  const { view } = T.ctx;
  const { section } = T.frame;
  if (!view) {
    section.hidden = true;
    return;
  }
  section.hidden = false;
  section.classList.toggle('is-over', Boolean(view.result));
  section.classList.toggle('is-spectator', view.seat === null);
  section.classList.toggle('my-turn', isMyTurn(view));
  section.classList.toggle('conn-down', connDown(T.session));
  renderTop(T);
  renderSending(T);
  T.cards.render();
  T.tips.render();
  T.line.render();
  T.hand.render();
  T.log.render();
  T.result.render();
  T.loadSeal();
  renderSeal(T);
  renderRoomParts(T);
  T.settings.render();
  layout(T);
}

/** The turn clock, the ready step (Nächste Runde waits while one is ready) and the round overview. */
function renderRoomParts(T) {
  const { ctx, clock, ready, result, rounds, session, words } = T;
  clock?.update(ctx.view, ctx.room, words);
  ready?.update(ctx.view, ctx.room, words);
  result.nextBtn.disabled = Boolean(ready?.mine(ctx.room));
  // Only a session that keeps finished rounds has an overview (not a replay of one round).
  rounds.element.hidden = typeof session.history !== 'function';
  rounds.update(session.history?.() ?? [], ctx.view.players, { ...words, linkOf: ctx.roundLink });
}

/** The parts that size themselves to the space they get; the table comes into view when due. */
function layout(T) {
  const { section } = T.frame;
  T.line.layout();
  T.hand.layout();
  if (T.wantView && section.getClientRects().length && section.offsetHeight > 0) {
    T.wantView = false;
    bringIntoView(section);
  }
}

/** Where the focus belongs now: the first playable tile, else Ziehen or Passen, else the hand. */
function focusTarget(T) {
  const { view } = T.ctx;
  const { hand, result } = T;
  if (view.result) return result.nextBtn.hidden ? result.heading : result.nextBtn;
  if (view.seat === null) return null;
  if (isMyTurn(view)) {
    const tile = hand.hand.querySelector('button.playable');
    if (tile) return tile;
    if (!hand.drawBtn.disabled) return hand.drawBtn;
    if (!hand.passBtn.disabled) return hand.passBtn;
  }
  return hand.hand.firstElementChild;
}

/** Brings the table into view (its top at the viewport's top) without a smooth scroll. */
function bringIntoView(section) {
  const rect = section.getBoundingClientRect();
  if (Math.abs(rect.top) > 1) section.scrollIntoView({ block: 'start' });
}

/** Takes the session's view and room info and redraws what changed, with motion and sound. */
function update(T) {
  const { ctx, session } = T;
  const next = session.view();
  const nextRoom = session.roomInfo();
  if (!ctx.sig.changed('input', [next, nextRoom, session.connection(), session.history?.() ?? null])) return;
  const before = ctx.view;
  const wasMyTurn = isMyTurn(before);
  T.notice.follow(before, next, session.connection());
  ctx.view = next;
  ctx.room = nextRoom;
  T.loadDrag();
  if (next && (next.hand === null || !next.hand.includes(ctx.selected) || next.result)) ctx.selected = null;
  const change = T.changeOf && (!before || !next || before.version !== next.version) ? T.changeOf(before, next, nextRoom) : null;
  const flight = change && T.motion ? T.motion.prepare(change, before, next) : null; // reads what the redraw replaces
  render(T);
  T.motion?.run(flight);
  T.loadChange();
  T.loadMotion();
  if (change) T.sound?.update(change);
  if (!next) return;
  const newRound = !before || before.round_number !== next.round_number;
  const ended = Boolean(next.result) && !before?.result;
  if (newRound || ended) {
    T.wantView = true;
    layout(T);
  }
  if (ended) T.focus.settle(focusTarget(T));
  else T.focus.keep(!wasMyTurn && isMyTurn(next));
  T.attention.update();
}
