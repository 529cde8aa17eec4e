/**
 * @file Reactions at a room's table (docs/protocol.md, "Reactions"): "Reaktion" opens the fixed
 * set ("Hallo", "Viel Glück", ...), each a button with that name; a reaction shows on the
 * sender's seat card for about 3 s and is announced politely to screen readers; it is never part
 * of the round's log. "Reaktionen aus" mutes them all and "{name} stummschalten" one seat; both
 * are remembered in the browser. A spectator sees reactions but has no button to send one.
 * Beside the button: how many watch ("2 schauen zu").
 */

import { REACTIONS, REACTION_GAP } from '../common/constants.js';
import { h, setText } from '../common/dom.js';
import { onLangChange, t } from '../common/i18n.js';
import './room-strings.js';

/** Where the mute settings are kept: `{off: bool, muted: ["<room>:<seat>", ...]}`. */
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
 * Whether a reaction of `seat` in `roomId` is shown under `mutes`.
 * @returns {boolean}
 */
export function shown(mutes, roomId, seat) {
  return !mutes.off && !mutes.muted.includes(`${roomId}:${seat}`);
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

  function renderMutes() {
    offBox.checked = mutes.off;
    const seats = (room?.seats ?? []).filter((s) => s.kind === 'person' && s.seat !== room.you);
    seatMutes.replaceChildren(...seats.map((s) => {
      const key = `${roomId}:${s.seat}`;
      const muted = mutes.muted.includes(key);
      const button = h('button', { class: 'btn small', text: t('react.mute', { name: nameOf(s.seat) }),
        attrs: { type: 'button', 'aria-pressed': String(muted) } });
      button.addEventListener('click', () => {
        mutes = { ...mutes, muted: muted ? mutes.muted.filter((m) => m !== key) : [...mutes.muted, key] };
        save();
        renderMutes();
      });
      return button;
    }));
  }

  session.subscribe({
    watching(n) {
      watchingCount = n;
      watchers.hidden = n < 1;
      setText(watchers, n === 1 ? t('room.watching1') : t('room.watching', { n }));
    },
    reaction(seat, name) {
      if (!REACTIONS.includes(name) || !shown(mutes, roomId, seat)) return;
      const text = t(`react.${name}`);
      setText(live, `${nameOf(seat)}: ${text}`);
      const card = root.querySelector(`[data-seat="${seat}"]`);
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
      const before = JSON.stringify([room?.you, room?.seats?.map((s) => [s.name, s.kind])]);
      room = next;
      toggle.hidden = !Number.isInteger(room?.you);
      if (toggle.hidden) show(false);
      if (JSON.stringify([room?.you, room?.seats?.map((s) => [s.name, s.kind])]) !== before) renderMutes();
    },
  };
}
