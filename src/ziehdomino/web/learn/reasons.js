/**
 * @file One reason for a play, in a beginner's words, from the facts Stark's search read from
 * the seat's view (bots/levels.js `analyse`: a candidate's `pips`, `ends`, `keep`; the next
 * seat's `lacks` from its draws and passes). Used by the tips (tips.js) and the round's analysis
 * (analysis-panel.js). Pure: the view and the search's result in, a sentence out.
 *
 * The reasons, first that applies:
 * 1. the next seat is known to lack both open numbers after the play: it must draw or pass;
 * 2. it lacks one of them: that end is shut for it;
 * 3. the play keeps tiles that follow: the player still holds tiles for the open ends;
 * 4. a heavy tile goes (8 pips or more): it would count against the player in a blockade;
 * 5. a double goes: doubles fit only one number and are hard to place later.
 * Where Stark keeps a heavier fitting tile (against "schwere Steine früh ablegen" on /regeln),
 * the reason says so and why here.
 */

import { t } from '../common/i18n.js';

/** The pips from which a tile counts as heavy (a 4|4, 5|3, 6|2 or heavier). */
export const HEAVY = 8;

function numbersText(numbers) {
  return numbers.length === 1 ? t('reason.lacksOne', { a: numbers[0] }) : t('reason.lacksTwo', { a: numbers[0], b: numbers[1] });
}

/**
 * The numbers of `ends` the seat `next` is publicly known to lack (`found.lacks[next]`), each
 * with the draw or pass that shows it.
 */
function lacked(found, next, ends) {
  const known = found.lacks?.[next] ?? [];
  const numbers = [...new Set(ends)];
  return numbers.map((n) => known.find((x) => x.number === n)).filter(Boolean);
}

/** The heaviest other fitting tile, when it is heavier than the one played: `{tile, pips}`. */
function heavierLeft(view, found, chosen) {
  let best = null;
  for (const c of found.candidates) {
    if (c.pips === undefined || c.pips <= chosen.pips) continue;
    if (!best || c.pips > best.pips) best = { tile: view.legal[c.index].tile, pips: c.pips };
  }
  return best;
}

/**
 * One reason for the play `chosen` (a candidate of `found`, the result of `analyse(view, …)`),
 * in the player's words; `nameOf(seat)` names another seat.
 * @returns {string}
 */
export function playReason(view, found, chosen, nameOf) {
  const next = found.next;
  const name = nameOf(next);
  const [l, r] = chosen.ends;
  const shut = lacked(found, next, chosen.ends);
  const tile = view.legal[chosen.index].tile;
  const parts = [];
  if (shut.length && shut.length === new Set(chosen.ends).size) {
    parts.push(t('reason.blocksAll', { name, lacks: numbersText(shut.map((x) => x.number)), how: t(`reason.how.${shut[0].type}`) }));
  } else if (shut.length) {
    parts.push(t('reason.blocksOne', { name, n: shut[0].number }));
  } else if (chosen.keep >= 2) {
    parts.push(l === r ? t('reason.keepSame', { n: l, k: chosen.keep }) : t('reason.keep', { l, r, k: chosen.keep }));
  } else if (chosen.pips >= HEAVY) {
    parts.push(t('reason.heavy', { t: tile, p: chosen.pips }));
  } else if (tile[0] === tile[2]) {
    parts.push(t('reason.double', { t: tile }));
  } else {
    parts.push(chosen.keep === 1 ? t('reason.keepOne', { l, r }) : t('reason.light', { p: chosen.pips }));
  }
  const heavier = heavierLeft(view, found, chosen);
  if (heavier && heavier.pips >= HEAVY) parts.push(t('reason.keepsHeavy', { t: heavier.tile, p: heavier.pips }));
  return parts.join(' ');
}

/**
 * "in etwa 6 von 10 ausgespielten Fällen gewonnen": a candidate's win chance (won alone counts
 * one, shared half) rounded to tenths, or null for a search without samples.
 */
export function chanceWords(found, chosen) {
  if (found.method !== 'sample' || !found.samples) return null;
  const tenths = Math.round((10 * (2 * chosen.won + chosen.shared)) / (2 * found.samples));
  return t('reason.chance', { k: tenths });
}
