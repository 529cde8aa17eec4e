/**
 * @file Reactions at a room's table (docs/protocol.md, "Reactions"): "Reaktion" opens the fixed
 * set ("Hallo", "Viel Glück", ...), each a button with that name; a reaction shows on the
 * sender's seat card for about 3 s and is announced politely to screen readers; it is never part
 * of the round's log. "Reaktionen aus" mutes them all and "{name} stummschalten" one person (in
 * the set, and on their seat's card): the mute follows the person (SEATINFO's `person`) to any
 * seat they take in the room, and not whoever takes their seat after them; both are
 * remembered in the browser. A spectator sees reactions but has no button to send one.
 * Beside the button: how many watch ("2 schauen zu").
 */

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
 * The key a mute of the person at a seat is kept under: their SEATINFO `person` tag (a server
 * that sends none: the seat).
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
export function createReactions({ session, storage, roomId, root, nameOf, schedule = setTimeout }) {
  let mutes = readMutes(storage);
  let room = null;
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
  let watchingCount = 0;
  const element = h('div', { class: 'reactions' }, watchers, toggle, panel, live);

  function save() {
    try {
      storage.setItem(REACTIONS_KEY, JSON.stringify(mutes));
    } catch {
      // no storage: the choice holds for this page
    }
  }

  function show(open) {
    panel.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
  }
  toggle.addEventListener('click', () => show(panel.hidden));
  // The set closes as a menu does: Escape (the focus back on "Reaktion") or a click elsewhere.
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || panel.hidden) return;
    show(false);
    if (element.contains(document.activeElement) || document.activeElement === document.body) toggle.focus();
  });
  document.addEventListener('pointerdown', (event) => {
    if (!panel.hidden && !element.contains(event.target)) show(false);
  });
  offBox.addEventListener('change', () => {
    mutes = { ...mutes, off: offBox.checked };
    save();
  });

  function words() {
    setText(watchers, watchingCount === 1 ? t('room.watching1') : t('room.watching', { n: watchingCount }));
    setText(toggle, t('react.button'));
    setText(offLabel, t('react.off'));
    choices.replaceChildren(...REACTIONS.map((name) => {
      const button = h('button', { class: 'btn', text: t(`react.${name}`), attrs: { type: 'button' } });
      button.addEventListener('click', () => {
        session.react(name);
        show(false);
      });
      return button;
    }));
    renderMutes();
  }

  /** Mutes or unmutes the reactions of the person at `seat`, remembered in the browser. */
  function toggleMute(seat) {
    const info = room?.seats?.[seat];
    if (!info) return;
    const key = muteKey(roomId, info);
    const muted = mutes.muted.includes(key);
    mutes = { ...mutes, muted: muted ? mutes.muted.filter((m) => m !== key) : [...mutes.muted, key] };
    save();
    renderMutes();
  }

  const mutable = (s) => s.kind === 'person' && s.seat !== room.you;

  function renderMutes() {
    offBox.checked = mutes.off;
    const seats = (room?.seats ?? []).filter(mutable);
    seatMutes.replaceChildren(...seats.map((s) => {
      const button = h('button', { class: 'btn small', text: t('react.mute', { name: nameOf(s.seat) }),
        attrs: { type: 'button', 'aria-pressed': String(mutes.muted.includes(muteKey(roomId, s))) } });
      button.addEventListener('click', () => toggleMute(s.seat));
      return button;
    }));
    renderCardMutes();
  }

  // Each other person's seat card has its own small "stummschalten" switch (a speaker, struck
  // through while muted), the same as the one in the set; attributes are set only when they change.
  function renderCardMutes() {
    for (const card of root.querySelectorAll('li[data-seat]')) {
      const seat = Number(card.dataset.seat);
      const info = room?.seats?.[seat];
      let button = card.querySelector(':scope > .card-mute');
      if (!info || !mutable(info)) {
        button?.remove();
        continue;
      }
      if (!button) {
        button = h('button', { class: 'card-mute', attrs: { type: 'button' } }, speaker());
        button.addEventListener('click', () => toggleMute(Number(card.dataset.seat)));
        card.append(button);
      }
      const label = t('react.mute', { name: nameOf(seat) });
      const pressed = String(mutes.muted.includes(muteKey(roomId, info)));
      if (button.getAttribute('aria-label') !== label) button.setAttribute('aria-label', label);
      if (button.getAttribute('aria-pressed') !== pressed) button.setAttribute('aria-pressed', pressed);
    }
  }

  session.subscribe({
    watching(n) {
      watchingCount = n;
      watchers.hidden = n < 1;
      setText(watchers, n === 1 ? t('room.watching1') : t('room.watching', { n }));
    },
    reaction(seat, name) {
      if (!REACTIONS.includes(name) || !shown(mutes, roomId, room?.seats?.[seat])) return;
      const text = t(`react.${name}`);
      setText(live, `${nameOf(seat)}: ${text}`);
      // The seat's card, or at a round's end on a phone (no cards shown) its row of the result.
      const card = [...root.querySelectorAll(`[data-seat="${seat}"]`)].find((el) => el.getClientRects().length > 0);
      if (!card) return;
      card.querySelector('.reaction-bubble')?.remove();
      const bubble = h('span', { class: 'reaction-bubble', text, attrs: { 'aria-hidden': 'true' } });
      card.append(bubble);
      schedule(() => bubble.remove(), SHOW_MS);
    },
  });
  onLangChange(words);
  words();

  return {
    element,
    update(next) {
      const who = (r) => JSON.stringify([r?.you, r?.seats?.map((s) => [s.name, s.kind, s.person])]);
      const before = who(room);
      room = next;
      toggle.hidden = !Number.isInteger(room?.you);
      if (toggle.hidden) show(false);
      if (who(room) !== before) renderMutes();
      queueMicrotask(renderCardMutes); // after the table drew its cards for this state
    },
  };
}
