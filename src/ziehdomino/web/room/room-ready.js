/**
 * @file The ready step after a round in a room: who the next round still waits for
 * ("Warte auf: Ben"). The next round starts once every person at the table has chosen
 * "Nächste Runde"; a person who is away or whose seat a computer holds counts as ready
 * (docs/protocol.md). Reads SEATINFO's `ready`, `connected` and `left`; a local game has no
 * ready step.
 */

import { h, setText } from '../common/dom.js';
import { t } from '../common/i18n.js';

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
 * Builds the line.
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
      const waiting = waitingFor(room);
      const parts = [];
      if (iAmReady(room)) parts.push(t('ready.you'));
      // The viewer is addressed, never named: "Warte auf dich und Ben".
      const others = waiting.filter((s) => !isMe(s)).map((s) => nameOf(s)).join(', ');
      if (waiting.some(isMe)) parts.push(others ? t('ready.waitingYouAnd', { names: others }) : t('ready.waitingYou'));
      else if (others) parts.push(t('ready.waiting', { names: others }));
      else parts.push(t('ready.all'));
      setText(element, parts.join(' '));
    },
  };
}
