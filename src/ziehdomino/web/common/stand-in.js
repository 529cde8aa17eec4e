/**
 * @file The words for a computer standing in for a person: the log line ("Computer spielt für
 * Ben: legt 3|5 rechts an") and the seat's state ("Computer spielt" beside the card's
 * "abwesend" badge, "hat den Raum verlassen"). Reads only the view's log entries and SEATINFO
 * (docs/protocol.md).
 */
// @ts-check

import { t } from '../common/i18n.js';

/** What a log entry did, as a phrase without its subject ("legt 3|5 rechts an"). */
export function actionPhrase(entry) {
  if (entry.type === 'play') {
    if (entry.end === null || entry.end === undefined) return t('log.act.open', { t: entry.tile });
    return t(entry.end === 'left' ? 'log.act.playLeft' : 'log.act.playRight', { t: entry.tile });
  }
  if (entry.type === 'draw') return entry.n > 1 ? t('log.act.drawMany', { n: entry.n }) : t('log.act.draw');
  return t('log.act.pass');
}

/**
 * The log line of a move a computer made for a person, or null for any other entry.
 * @param {object} entry  a view log entry; `stand_in: true` marks such a move
 * @param {string} name  the person's name
 * @param {boolean} you  the viewer is that person
 */
export function standInText(entry, name, you) {
  if (!entry.stand_in) return null;
  const what = actionPhrase(entry);
  return you ? t('log.standInYou', { what }) : t('log.standIn', { name, what });
}

/**
 * The extra words on a person's seat: "hat den Raum verlassen", "Computer spielt", "bereit".
 * An away person whose grace still runs (the turn clock counts down for their seat, not yet
 * `stand_in`) gets no "Computer spielt": the clock says when it will ("Computer spielt in 17 s").
 * @param {object|null} info  SEATINFO
 * @param {boolean} over  the round is over (the ready step)
 * @param {object|null} [clock]  ROOMINFO's CLOCK
 * @returns {string[]}
 */
export function seatWords(info, over, clock = null) {
  if (!info || info.kind !== 'person') return [];
  const words = [];
  const graceRuns = clock?.seat === info.seat && !clock.stand_in && clock.ms > 0;
  if (info.left) words.push(t('seat.left'));
  if (info.left || (info.stand_in && !graceRuns)) words.push(t('seat.computerPlays'));
  if (over && info.ready && !info.left) words.push(t('seat.ready'));
  return words;
}
