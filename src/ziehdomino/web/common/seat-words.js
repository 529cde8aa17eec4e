/**
 * @file The words about seats that the table and the parts beside it share (the replay's and
 * the watch's controls, the statistics, the analysis, the room page): whose seat is the
 * viewer's, a seat's name, one log entry as a sentence. Pure functions of the seat's view
 * (docs/view.md) and the room info (docs/protocol.md, ROOMINFO), without the DOM.
 */
// @ts-check

import { t } from './i18n.js';
import { computerNumber } from './names.js';
import { standInText } from './stand-in.js';

/** Whether seat `s` is the viewer's own seat. */
export function isMe(view, s) {
  return Boolean(view) && view.seat !== null && s === view.seat;
}

/** Whether it is the viewer's turn in a round that goes on. */
export function isMyTurn(view) {
  return Boolean(view) && !view.result && isMe(view, view.turn);
}

/** A seat's name as the table shows it: the person's name, "Computer n" (`computerNumber`), else "Platz n". */
export function seatName(room, s) {
  const info = room?.seats?.[s] ?? null;
  if (info?.name) return info.name;
  if (info?.kind === 'computer') return t('local.computerName', { n: computerNumber(room.seats, s) });
  return t('form.seat', { n: s + 1 });
}

/**
 * One log entry as a sentence ("Anna legt 3|5 rechts an.", "Du ziehst einen Stein."); a draw
 * entry with `n` > 1 stands for that many draws in a row ("Anna zieht 3 Steine.").
 */
export function entryText(view, room, entry) {
  const you = isMe(view, entry.seat);
  const name = seatName(room, entry.seat);
  const standIn = standInText(entry, name, you);
  if (standIn) return standIn;
  if (entry.type === 'play') {
    if (entry.end === null) return t(you ? 'log.openYou' : 'log.open', { name, t: entry.tile });
    const side = entry.end === 'left' ? 'Left' : 'Right';
    return t(you ? `log.playYou${side}` : `log.play${side}`, { name, t: entry.tile });
  }
  if (entry.type === 'draw' && entry.n > 1) return t(you ? 'log.drawManyYou' : 'log.drawMany', { name, n: entry.n });
  return t(you ? `log.${entry.type}You` : `log.${entry.type}`, { name });
}
