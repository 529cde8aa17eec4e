/**
 * @file Reactions at a room's table (docs/protocol.md, "Reactions"), never part of the log. A
 * mute follows the person (SEATINFO's `person`), not the seat. Beside the button: how many watch.
 */
// @ts-check

import { REACTIONS, REACTION_GAP } from '../common/constants.js';
import { h, setText, svg } from '../common/dom.js';
import { onLangChange, t } from '../common/i18n.js';
import './room-strings.js';

/** Where the mute settings are kept: `{off: bool, muted: ["<room>:p:<person>", ...]}`. */
export const REACTIONS_KEY = 'ziehdomino.reactions';
/** How long a reaction shows on the seat card (ms). */
export const SHOW_MS = REACTION_GAP * 1000;

/**
 * The stored mute settings (a broken or missing entry: nothing muted).
 * @param {Storage} storage
 * @returns {{off: boolean, muted: string[]}}
 */
export function readMutes(storage) {
  try {
    const data = JSON.parse(storage.getItem(REACTIONS_KEY));
    return { off: data?.off === true, muted: Array.isArray(data?.muted) ? data.muted.filter((m) => typeof m === 'string').slice(-200) : [] };
  } catch {
    return { off: false, muted: [] };
  }
}

/**
 * The key a person's mute is kept under: their `person` tag, else the seat.
 * @param {string} roomId
 * @param {{seat: number, person?: string|null}} info  SEATINFO
 */
export function muteKey(roomId, info) {
  return typeof info.person === 'string' ? `${roomId}:p:${info.person}` : `${roomId}:${info.seat}`;
}

/**
 * Whether a reaction from the seat `info` (SEATINFO; none known: shown) in `roomId` is shown under `mutes`.
 * @returns {boolean}
 */
export function shown(mutes, roomId, info) {
  return !mutes.off && !(info && mutes.muted.includes(muteKey(roomId, info)));
}

/** The card switch's icon: a speaker with its sound, or struck through (room.css, by aria-pressed). */
function speaker() {
  const icon = svg('svg', { viewBox: '0 0 16 16', width: '14', height: '14', 'aria-hidden': 'true', focusable: 'false' });
  icon.append(svg('path', { d: 'M2 6h3l4-3v10l-4-3H2z', fill: 'currentColor' }),
    svg('path', { class: 'waves', d: 'M11 5.5a3 3 0 0 1 0 5', fill: 'none', stroke: 'currentColor', 'stroke-width': '1.5' }),
    svg('line', { class: 'slash', x1: '1.5', y1: '14.5', x2: '14.5', y2: '1.5', stroke: 'currentColor', 'stroke-width': '1.8' }));
  return icon;
}

/**
 * @param {{session: object, storage: Storage, roomId: string, root: HTMLElement,
 *   nameOf: (seat: number) => string, schedule?: typeof setTimeout}} options
 *   `root`: where the seat cards are (`[data-seat]`); `nameOf`: a seat's name
 * @returns {{element: HTMLElement, update: (room: object|null) => void}}
 */
export function createReactions({ session, storage, roomId, root, nameOf, schedule = (fn, ms) => setTimeout(fn, ms) }) {
  // The reactions' state: the mutes, the room info, the spectators counted, and the elements.
  const R = { session, storage, roomId, root, nameOf, schedule, mutes: readMutes(storage), room: null, watchingCount: 0,
    ...buildPanel(roomId) };
  wireMenu(R);
  R.offBox.addEventListener('change', () => {
    R.mutes = { ...R.mutes, off: R.offBox.checked };
    saveMutes(R);
  });
  session.subscribe({
    watching(n) {
      R.watchingCount = n;
      R.watchers.hidden = n < 1;
      setText(R.watchers, n === 1 ? t('room.watching1') : t('room.watching', { n }));
    },
    reaction: (seat, name) => showReaction(R, seat, name),
  });
  onLangChange(() => words(R));
  words(R);

  return {
    element: R.element,
    update(next) {
      const who = (r) => JSON.stringify([r?.you, r?.seats?.map((s) => [s.name, s.kind, s.person])]);
      const before = who(R.room);
      R.room = next;
      R.toggle.hidden = !Number.isInteger(R.room?.you);
      if (R.toggle.hidden) showPanel(R, false);
      if (who(R.room) !== before) renderMutes(R);
      queueMicrotask(() => renderCardMutes(R)); // after the table drew its cards for this state
    },
  };
}

/** The button "Reaktion", its set (the reactions, the mutes, "Reaktionen aus"), the count of spectators. */
function buildPanel(roomId) {
  const toggle = h('button', { class: 'btn', attrs: { type: 'button', 'aria-expanded': 'false', 'aria-controls': `reactions-${roomId}` } });
  const choices = h('div', { class: 'reaction-choices' });
  const offBox = h('input', { attrs: { type: 'checkbox', id: `reactions-off-${roomId}` } });
  const offLabel = h('label', { attrs: { for: offBox.id } });
  const seatMutes = h('div', { class: 'reaction-mutes' });
  const panel = h('div', { class: 'reaction-panel', attrs: { id: `reactions-${roomId}`, hidden: true } },
    choices, seatMutes, h('div', { class: 'field check' }, offBox, offLabel));
  const live = h('p', { class: 'sr-only', attrs: { 'aria-live': 'polite' } });
  // "2 schauen zu": the room's spectators (the server's `watching` message)
  const watchers = h('span', { class: 'watching', attrs: { hidden: true } });
  const element = h('div', { class: 'reactions' }, watchers, toggle, panel, live);
  return { toggle, choices, offBox, offLabel, seatMutes, panel, live, watchers, element };
}

function saveMutes(R) {
  try {
    R.storage.setItem(REACTIONS_KEY, JSON.stringify(R.mutes));
  } catch {
    // no storage: the choice holds for this page
  }
}

function showPanel(R, open) {
  R.panel.hidden = !open;
  R.toggle.setAttribute('aria-expanded', String(open));
}

/** The set opens with "Reaktion" and closes as a menu does: Escape (the focus back on "Reaktion") or a click elsewhere. */
function wireMenu(R) {
  const { toggle, panel, element } = R;
  toggle.addEventListener('click', () => showPanel(R, panel.hidden));
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || panel.hidden) return;
    showPanel(R, false);
    if (element.contains(document.activeElement) || document.activeElement === document.body) toggle.focus();
  });
  document.addEventListener('pointerdown', (event) => {
    if (!panel.hidden && !element.contains(event.target)) showPanel(R, false);
  });
}

/** Every word of the reactions in the current language, the reactions' buttons made again. */
function words(R) {
  const n = R.watchingCount;
  setText(R.watchers, n === 1 ? t('room.watching1') : t('room.watching', { n }));
  setText(R.toggle, t('react.button'));
  setText(R.offLabel, t('react.off'));
  R.choices.replaceChildren(...REACTIONS.map((name) => {
    const button = h('button', { class: 'btn', text: t(`react.${name}`), attrs: { type: 'button' } });
    button.addEventListener('click', () => {
      R.session.react(name);
      showPanel(R, false);
    });
    return button;
  }));
  renderMutes(R);
}

/** Mutes or unmutes the reactions of the person at `seat`, remembered in the browser. */
function toggleMute(R, seat) {
  const info = R.room?.seats?.[seat];
  if (!info) return;
  const key = muteKey(R.roomId, info);
  const muted = R.mutes.muted.includes(key);
  R.mutes = { ...R.mutes, muted: muted ? R.mutes.muted.filter((m) => m !== key) : [...R.mutes.muted, key] };
  saveMutes(R);
  renderMutes(R);
}

/** Whether a seat's person can be muted: another person than the viewer. */
const mutable = (R, s) => s.kind === 'person' && s.seat !== R.room.you;

/** The set's "{name} stummschalten" buttons, and the cards' switches. */
function renderMutes(R) {
  R.offBox.checked = R.mutes.off;
  const seats = (R.room?.seats ?? []).filter((s) => mutable(R, s));
  R.seatMutes.replaceChildren(...seats.map((s) => {
    const button = h('button', { class: 'btn small', text: t('react.mute', { name: R.nameOf(s.seat) }),
      attrs: { type: 'button', 'aria-pressed': String(R.mutes.muted.includes(muteKey(R.roomId, s))) } });
    button.addEventListener('click', () => toggleMute(R, s.seat));
    return button;
  }));
  renderCardMutes(R);
}

/** Each other person's card has its own mute switch; attributes are set only when they change. */
function renderCardMutes(R) {
  for (const card of R.root.querySelectorAll('li[data-seat]')) {
    const seat = Number(card.dataset.seat);
    const info = R.room?.seats?.[seat];
    let button = card.querySelector(':scope > .card-mute');
    if (!info || !mutable(R, info)) {
      button?.remove();
      continue;
    }
    if (!button) {
      button = h('button', { class: 'card-mute', attrs: { type: 'button' } }, speaker());
      button.addEventListener('click', () => toggleMute(R, Number(card.dataset.seat)));
      card.append(button);
    }
    const label = t('react.mute', { name: R.nameOf(seat) });
    const pressed = String(R.mutes.muted.includes(muteKey(R.roomId, info)));
    if (button.getAttribute('aria-label') !== label) button.setAttribute('aria-label', label);
    if (button.getAttribute('aria-pressed') !== pressed) button.setAttribute('aria-pressed', pressed);
  }
}

/** A reaction from `seat`, unless muted: announced, and shown on its card for SHOW_MS. */
function showReaction(R, seat, name) {
  if (!REACTIONS.includes(name) || !shown(R.mutes, R.roomId, R.room?.seats?.[seat])) return;
  const text = t(`react.${name}`);
  setText(R.live, `${R.nameOf(seat)}: ${text}`);
  // The seat's card, or at a round's end on a phone (no cards shown) its row of the result.
  const card = [...R.root.querySelectorAll(`[data-seat="${seat}"]`)].find((el) => el.getClientRects().length > 0);
  if (!card) return;
  card.querySelector('.reaction-bubble')?.remove();
  const bubble = h('span', { class: 'reaction-bubble', text, attrs: { 'aria-hidden': 'true' } });
  card.append(bubble);
  R.schedule(() => bubble.remove(), SHOW_MS);
}
