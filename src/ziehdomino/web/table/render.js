/**
 * @file The one renderer of the table: a frame that builds the table's parts once and redraws
 * them from a session (session.js: `view()`, `roomInfo()`, `connection()`, `act()`,
 * `nextRound()`, `subscribe()`), whether the game is local, online, or any other session.
 *
 * The parts live in `table/`, one idea each: the words (words.js, pure and tested under
 * `node --test`), the players' cards (cards.js), the line of play (line.js, snake.js), the
 * hand and its actions (hand.js), the tips panel (tips-panel.js), the round's end
 * (result.js), the history (log.js), the settings (settings.js), the keys (keys.js), the
 * call back when it is one's turn (attention.js) and the focus keeper (focus.js); the tiles'
 * motion (motion.js, loaded with the first view) and the sounds (sound.js, loaded once "Ton"
 * is on), which both read what a change of view means (view-change.js); the round
 * overview "Rundenübersicht" (room-history.js, from the session's optional `history()`); a
 * room's turn clock (room-clock.js) and ready step (room-ready.js), handed in by the room page
 * (`options.roomParts`) so that the local page does not load them. Each part is
 * `createX(ctx)` returning its element and a `render()` that reads `ctx` and draws only what
 * changed (`ctx.sig`), so nothing re-renders while nothing changes. To add a part: make it,
 * place its element in the frame below, and call its `render()` from `render()`.
 *
 * The renderer never decides a rule: what may be done comes from `view.legal`. Every action is
 * a real <button> with a stable accessible name ("Stein 2|5", "2|5 links anlegen", "Ziehen",
 * "Passen", "Nächste Runde"); the line of play is an <ol> whose items read "a|b"; one
 * role="status" region says whose turn it is, the open ends and the latest actions. While a
 * session's `pending()` holds (a move sent to a server and not answered after a moment), a
 * polite line over the status says "Wird gesendet …" (or that the connection is being
 * restored) and the actions look unavailable; a click meanwhile says why nothing happens (the
 * session's `pending` refusal). Drawn tiles are aria-hidden decoration. All data (names!) goes
 * in through textContent.
 *
 * The table fits the viewport while a round is shown (style.css): the page scrolls it into view
 * when it appears, when a round begins and when a round ends, and everything a player needs at
 * that moment is on screen without scrolling.
 */

import { errorText, lang, onLangChange, t } from '../common/i18n.js';
import { REACTION_GAP } from '../common/constants.js';
import { createAttention } from './attention.js';
import { createCards } from './cards.js';
import { h, setText, signatures, tileWords } from '../common/dom.js';
import { createFocusKeeper } from './focus.js';
import { createHand } from './hand.js';
import { bindKeys } from './keys.js';
import { createLine } from './line.js';
import { createLog } from './log.js';
import { createResult } from './result.js';
import { createSettings, defaultStorage } from './settings.js';
import { createTips } from './tips-panel.js';
import { isMe, isMyTurn, seatName, statusParts } from './words.js';
import { createHistory } from './room-history.js';

let uid = 0;

/** How long a notice stays at most (ms): it lies over the other players' cards. */
const NOTICE_MS = 8000;

/**
 * Modules loaded when first needed, not with the page: once `needed()` holds, loads `paths`
 * (relative to this module) in order and hands them to `use`. A failed load is tried again at the
 * next call at an address of its own: a browser keeps a module's failure, and that of every module
 * importing it, for the page's life. So a lazy module imports only what the page has loaded or
 * what its list names before it (tests/web/lazy-parts.test.mjs).
 * @param {string[]} paths
 * @param {() => unknown} needed
 * @param {(...modules: object[]) => void} use
 * @returns {() => void}
 */
function lazyPart(paths, needed, use) {
  const got = [];
  let tries = 0;
  let busy = false;
  return async () => {
    if (busy || got.length === paths.length || !needed()) return;
    busy = true;
    try {
      while (got.length < paths.length) {
        const path = paths[got.length];
        got.push(await import(tries ? `${path}?try=${tries}` : path));
      }
      use(...got);
    } catch {
      tries += 1;
    } finally {
      busy = false;
    }
  };
}

/**
 * Builds the table inside `root` and draws it from `session` from then on.
 * @param {HTMLElement} root  an empty container
 * @param {object} session  a session (session.js)
 * @param {{storage?: Storage, fixedTempo?: boolean, skipErrors?: string[],
 *   roundLink?: (round: number) => string|null, roomParts?: {clock?: object, ready?: object}}} [options]
 *   where the settings are remembered (default localStorage); whether the page fixed the
 *   computers' pace itself (then a remembered "Tempo" is not applied); error codes the page
 *   words itself; the address of a finished round's replay by its number ("Runde ansehen" at
 *   the round's end and in every row of the "Rundenübersicht"); a room's turn clock
 *   (room-clock.js `createClock()`) and ready step (room-ready.js `createReady()`)
 * @returns {{element: HTMLElement, update: () => void, showError: (code: string) => void,
 *   showMessage: (text: string) => void}}
 */
export function createTable(root, session, options = {}) {
  // Where "Sortieren", "Tempo" and "Ton" are remembered: the page's, else localStorage (the
  // room page names none, and "Sortieren" must outlive a reload there as well).
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const sig = signatures();
  let noticeAge = 0; // version changes seen since the notice was shown
  let noticeCode = null; // the error code the notice words (null: none, or a page's message)
  let wantView = false; // the table is to come into view as soon as it is shown
  const ctx = {
    id: `t${++uid}`,
    view: null,
    room: null,
    selected: null, // the selected hand tile, "a|b"
    session,
    sig,
    lang,
    connection: () => session.connection(),
    tip: () => tips.current(),
    select(tile) {
      ctx.selected = ctx.selected === tile ? null : tile;
      render();
    },
    send(action) {
      clearNotice();
      session.act(action);
    },
    nextRound() {
      clearNotice();
      session.nextRound();
    },
    rerender: () => render(),
    storage,
    roundLink: typeof options.roundLink === 'function' ? options.roundLink : null,
  };

  // ---- the frame ---------------------------------------------------------------------------
  const heading = h('h2', { class: 'table-h', attrs: { id: `${ctx.id}-h`, tabindex: '-1' } });
  const status = h('p', { class: 'status', attrs: { role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' } });
  const notice = h('p', { class: 'notice', attrs: { role: 'alert' } });
  // Over the status (table.css), so that showing it moves nothing; a live region of its own
  // from the start, so that its text is announced when it comes.
  const sending = h('p', { class: 'sending', attrs: { 'aria-live': 'polite' } });
  const cards = createCards(ctx);
  const line = createLine(ctx);
  const hand = createHand(ctx, cards.meInfo);
  const tips = createTips(ctx);
  hand.preview.after(tips.element);
  const result = createResult(ctx);
  // The committed deal's seal (fair-seal.js) loads with the first view that carries a proof,
  // so that a page without a round (a setup form, a join form) does not load it; it joins the
  // page when a round ends, so that nothing in the page changes while a person thinks.
  let seal = null;
  const loadSeal = lazyPart(['./fair-strings.js', './fair-seal.js'], () => ctx.view?.fair, (_, { createFairSeal }) => {
    seal = createFairSeal(ctx, session);
    renderSeal();
  });
  function renderSeal() {
    if (!seal || (!seal.element.isConnected && !ctx.view?.result)) return;
    if (!seal.element.isConnected) result.element.querySelector('.result-head').append(seal.element);
    seal.render();
  }
  const log = createLog(ctx);
  const settings = createSettings(ctx, storage, { fixedTempo: Boolean(options.fixedTempo) });
  settings.add(tips.toggle);
  const skipErrors = new Set(options.skipErrors ?? []);
  // A room's parts come from the room page, so that no other page loads them.
  const { clock = null, ready = null } = options.roomParts ?? {};
  const rounds = createHistory();
  const words = { nameOf: (s) => seatName(ctx.room, s), isMe: (s) => isMe(ctx.view, s) };
  if (ready) result.nextBtn.before(ready.element);
  // On a narrow screen the side is a sheet with its own "Schließen" (hidden on a wide one).
  const sideClose = h('button', { class: 'btn side-close', attrs: { type: 'button' } });
  const side = h('div', { class: 'side', attrs: { id: `${ctx.id}-side` } }, sideClose, log.element, rounds.element, settings.element);
  const sideToggle = h('button', { class: 'btn side-toggle', attrs: { type: 'button', 'aria-expanded': 'false', 'aria-controls': `${ctx.id}-side` } });
  const top = h('div', { class: 'table-top' }, heading, sideToggle, status, sending, ...(clock ? [clock.element] : []));
  const board = h('div', { class: 'board' }, cards.element, line.element, hand.element);
  // The notice lies over the stage's top edge: showing it moves nothing below it, a tap goes
  // through it (table.css), and it goes by itself after NOTICE_MS.
  const stage = h('div', { class: 'stage' }, board, result.element, notice);
  const section = h('section', { class: 'table', attrs: { 'aria-labelledby': `${ctx.id}-h` } }, top, stage, side);
  section.hidden = true;
  root.append(section);
  // The table brings itself into view; a reload must not scroll back to where the page was.
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual';

  const focus = createFocusKeeper(section, focusTarget);
  const attention = createAttention(ctx);
  // Motion and sound, loaded when needed; both show what a change of view means (view-change.js).
  let changeOf = null;
  const loadChange = lazyPart(['./view-change.js'], () => ctx.view || settings.sound(), ({ viewChange }) => { changeOf = viewChange; });
  let motion = null;
  const loadMotion = lazyPart(['./motion.js'], () => ctx.view, ({ createMotion }) => {
    motion = createMotion({ stage, line: line.list, hand: hand.hand, boneyard: line.boneyard, tempo: () => session.tempo?.() ?? null });
  });
  let sound = null;
  const loadSound = lazyPart(['./sound.js'], () => settings.sound(), ({ createSound }) => {
    sound = createSound(settings);
  });
  settings.onSound(() => { loadChange(); loadSound(); });
  loadChange();
  loadSound();
  bindKeys(ctx, section, { hand, result });
  // Dragging a tile to an end (drag.js) comes with the first view that has a hand: a page
  // without one (a join form, a replay) does not load it.
  const loadDrag = lazyPart(['./drag.js'], () => ctx.view?.hand, ({ wireDrag }) => wireDrag(ctx, hand.hand, line.box));
  hand.hand.setAttribute('aria-describedby', settings.keysHint.id);

  sideToggle.addEventListener('click', () => {
    const open = !section.classList.contains('side-open');
    section.classList.toggle('side-open', open);
    sideToggle.setAttribute('aria-expanded', String(open));
    if (open) log.list.scrollTop = log.list.scrollHeight;
  });
  /** Closes the open sheet (a phone's history and settings); `back`: focus its button. */
  function closeSide(back = true) {
    if (!section.classList.contains('side-open')) return;
    sideToggle.click();
    if (back) sideToggle.focus();
  }
  sideClose.addEventListener('click', () => closeSide());
  // Escape wherever the focus is (a tap on the toggle need not focus it); a tap beside the sheet
  // closes it too, and goes on to what was tapped.
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !section.classList.contains('side-open') || event.defaultPrevented) return;
    event.preventDefault();
    closeSide();
  });
  document.addEventListener('pointerdown', (event) => {
    if (side.contains(event.target) || sideToggle.contains(event.target)) return;
    closeSide(false);
  });

  let noticeTimer = 0;
  function clearNotice() {
    noticeCode = null;
    setText(notice, '');
    clearTimeout(noticeTimer);
  }

  /** Shows `text` in the notice, until it is cleared, replaced or NOTICE_MS have passed. */
  function setNotice(text) {
    noticeAge = 0;
    setText(notice, text);
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(clearNotice, NOTICE_MS);
  }

  function showNotice(code) {
    noticeCode = code;
    setNotice(errorText(code));
    // "One reaction every three seconds" holds only that long.
    if (code === 'reaction_too_soon') {
      setTimeout(() => {
        if (noticeCode === code) clearNotice();
      }, REACTION_GAP * 1000);
    }
  }

  /** A connection that was up and is not now (the controls look unavailable meanwhile). */
  const connDown = () => ['retry', 'connecting'].includes(session.connection());

  /** "Wird gesendet …" while the session waits for the answer to a move (its `pending()`). */
  function renderSending() {
    const waiting = Boolean(ctx.view) && Boolean(session.pending?.());
    const key = session.connection() === 'online' ? 'table.sending' : 'table.restoring';
    setText(sending, waiting ? t(key) : '');
    section.classList.toggle('is-sending', waiting);
  }

  // ---- drawing -----------------------------------------------------------------------------
  function renderTop() {
    const { view } = ctx;
    if (sig.changed('heading', [lang(), view.round_number])) {
      setText(heading, t('table.round', { n: view.round_number }));
      setText(sideToggle, t('table.sideToggle'));
      setText(sideClose, t('table.sideClose'));
    }
    const parts = statusParts(view, ctx.room);
    const text = parts.map((p) => p.text).join(' ');
    if (status.textContent !== text) {
      status.replaceChildren(...parts.flatMap((p, i) => [i ? ' ' : '', h('span', { class: `status-${p.kind}` }, ...tileWords(p.text))]));
    }
  }

  function render() {
    const { view } = ctx;
    if (!view) {
      section.hidden = true;
      return;
    }
    section.hidden = false;
    section.classList.toggle('is-over', Boolean(view.result));
    section.classList.toggle('is-spectator', view.seat === null);
    section.classList.toggle('my-turn', isMyTurn(view));
    section.classList.toggle('conn-down', connDown());
    renderTop();
    renderSending();
    cards.render();
    tips.render();
    line.render();
    hand.render();
    log.render();
    result.render();
    loadSeal();
    renderSeal();
    renderRoomParts();
    settings.render();
    layout();
  }

  /** The turn clock, the ready step (Nächste Runde waits while one is ready) and the round overview. */
  function renderRoomParts() {
    clock?.update(ctx.view, ctx.room, words);
    ready?.update(ctx.view, ctx.room, words);
    result.nextBtn.disabled = Boolean(ready?.mine(ctx.room));
    // Only a session that keeps finished rounds has an overview (not a replay of one round).
    rounds.element.hidden = typeof session.history !== 'function';
    rounds.update(session.history?.() ?? [], ctx.view.players, { ...words, linkOf: ctx.roundLink });
  }

  /** The parts that size themselves to the space they get; the table comes into view when due. */
  function layout() {
    line.layout();
    hand.layout();
    if (wantView && section.getClientRects().length && section.offsetHeight > 0) {
      wantView = false;
      bringIntoView();
    }
  }

  /** Where the focus belongs now: the first playable tile, else Ziehen or Passen, else the hand. */
  function focusTarget() {
    const { view } = ctx;
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
  function bringIntoView() {
    const rect = section.getBoundingClientRect();
    if (Math.abs(rect.top) > 1) section.scrollIntoView({ block: 'start' });
  }

  function update() {
    const next = session.view();
    const nextRoom = session.roomInfo();
    if (!sig.changed('input', [next, nextRoom, session.connection(), session.history?.() ?? null])) return;
    const before = ctx.view;
    const wasMyTurn = isMyTurn(before);
    // A refusal stays readable through the fresh state that may follow it (stale_version)
    // and goes with the next change after that.
    if (next && before && next.version !== before.version && notice.textContent && ++noticeAge >= 2) clearNotice();
    // Why a click did nothing goes once it no longer holds: "not sent" once connected again,
    // "still on its way" with the answer (or anything else that comes first).
    if (noticeCode === 'offline' && session.connection() === 'online') clearNotice();
    if (noticeCode === 'pending') clearNotice();
    ctx.view = next;
    ctx.room = nextRoom;
    loadDrag();
    if (next && (next.hand === null || !next.hand.includes(ctx.selected) || next.result)) ctx.selected = null;
    const change = changeOf && (!before || !next || before.version !== next.version) ? changeOf(before, next, nextRoom) : null;
    const flight = change && motion ? motion.prepare(change, before, next) : null; // reads what the redraw replaces
    render();
    motion?.run(flight);
    loadChange();
    loadMotion();
    if (change) sound?.update(change);
    if (!next) return;
    const newRound = !before || before.round_number !== next.round_number;
    const ended = Boolean(next.result) && !before?.result;
    if (newRound || ended) {
      wantView = true;
      layout();
    }
    if (ended) focus.settle(focusTarget());
    else focus.keep(!wasMyTurn && isMyTurn(next));
    attention.update();
  }

  session.subscribe({
    change: update,
    connection: update,
    // Not through update(): a refusal said meanwhile ("noch unterwegs") stays.
    pending: renderSending,
    error(code) {
      if (skipErrors.has(code) || !ctx.view) return; // the page says these itself
      showNotice(code);
    },
  });
  onLangChange(() => {
    sig.forget();
    render();
    // The switch is in the page's header, above the table: the table comes back into view.
    if (ctx.view) {
      wantView = true;
      layout();
    }
  });
  if (typeof ResizeObserver === 'function') {
    // The layout runs in the next frame, not in the observer's callback: it changes sizes the
    // observer watches (the hand's rows, the line's box), which within the callback would leave
    // an observation undelivered (the browser's "ResizeObserver loop" error). A callback whose
    // boxes kept their size asks for no layout.
    const seen = new WeakMap();
    let frame = 0;
    const watcher = new ResizeObserver((entries) => {
      let changed = false;
      for (const { target, contentRect } of entries) {
        const size = `${contentRect.width}x${contentRect.height}`;
        if (seen.get(target) !== size) changed = true;
        seen.set(target, size);
      }
      if (changed && !frame) {
        frame = requestAnimationFrame(() => {
          frame = 0;
          layout();
        });
      }
    });
    watcher.observe(line.box);
    watcher.observe(hand.hand);
  }

  return {
    /** Redraws from the session now (it also redraws by itself on every change). */
    update,
    /**
     * Sizes the line and the hand to the room they have now: a page that shows a table it kept
     * hidden calls it at once, so that the first frame shown is laid out (the resize watcher
     * would do it only a frame later, and the hand would jump).
     */
    layout,
    /** Explains a refused action (or any error code) in words. */
    showError(code) {
      showNotice(code);
    },
    /** Shows a message in the notice line. */
    showMessage(text) {
      noticeCode = null;
      setNotice(text);
    },
    /** The section, for pages that place it. */
    element: section,
  };
}
