/**
 * @file The ready step after a round in a room: who the next round still waits for (docs/protocol.md).
 */
// @ts-check

import { h, setText } from '../common/dom.js';
import { lang, t } from '../common/i18n.js';

/**
 * The seats the next round waits for: persons at the table (connected, not left) not ready yet.
 * @param {object|null} room  ROOMINFO
 * @returns {number[]}
 */
export function waitingFor(room) {
  if (!room || room.local || !Array.isArray(room.seats)) return [];
  return room.seats.filter((s) => s.kind === 'person' && s.taken && s.connected && !s.left && !s.ready).map((s) => s.seat);
}

/** Whether the viewer already asked for the next round. */
export function iAmReady(room) {
  const you = room?.you;
  return Number.isInteger(you) && Boolean(room.seats?.[you]?.ready);
}

/**
 * Who the next round waits for, in words; the viewer is addressed, never named.
 * @param {number[]} waiting  the seats (waitingFor)
 * @param {{nameOf: (s: number) => string, isMe: (s: number) => boolean}} words
 * @returns {string}
 */
export function waitingText(waiting, { nameOf, isMe }) {
  const names = [...(waiting.some(isMe) ? [t('ready.youObject')] : []), ...waiting.filter((s) => !isMe(s)).map(nameOf)];
  if (!names.length) return t('ready.all');
  return t('ready.waiting', { names: new Intl.ListFormat(lang(), { type: 'conjunction' }).format(names) });
}

/**
 * @returns {{element: HTMLElement, update: (view: object|null, room: object|null,
 *   words: {nameOf: (s: number) => string, isMe: (s: number) => boolean}) => void,
 *   mine: (room: object|null) => boolean}}  `mine`: iAmReady
 */
export function createReady() {
  const element = h('p', { class: 'ready-line', attrs: { 'aria-live': 'polite', hidden: true } });
  return {
    element,
    mine: iAmReady,
    update(view, room, { nameOf, isMe }) {
      const show = Boolean(view?.result) && Boolean(room) && !room.local;
      element.hidden = !show;
      if (!show) return;
      const waiting = waitingText(waitingFor(room), { nameOf, isMe });
      setText(element, iAmReady(room) ? `${t('ready.you')} ${waiting}` : waiting);
    },
  };
}
