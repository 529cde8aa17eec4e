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
 * 5. a double goes: doubles fit only one number and are hard to place later (never on the empty
 *    line, where every tile fits and the double's one number is no argument);
 * 6. else no simple reason stands out, and the sentence says so with Stark's playouts as the
 *    reason: "in etwa k von 10" (never a sentence that only restates the move).
 * Where Stark plays a light tile (under 8 pips) and keeps a fitting one at least 3 pips heavier
 * and heavy itself (against "schwere Steine früh ablegen" on /regeln), the reason says so and
 * that the reason above weighs more here.
 */
// @ts-check

import { STRINGS, t } from '../common/i18n.js';
import './reason-strings.js';

/** The pips from which a tile counts as heavy (a 4|4, 5|3, 6|2 or heavier). */
export const HEAVY = 8;

/**
 * The UI's words in language `lang` ('de' or 'en'), as `t` of common/i18n.js gives them in the
 * page's language: for a caller that names its language (the tips).
 */
export function wordsIn(lang) {
  const table = STRINGS[lang] ?? STRINGS.de;
  return (key, params = {}) => (table[key] ?? STRINGS.de[key] ?? key)
    .replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

function numbersText(say, numbers) {
  return numbers.length === 1 ? say('reason.lacksOne', { a: numbers[0] }) : say('reason.lacksTwo', { a: numbers[0], b: numbers[1] });
}

function endsText(say, [a, b]) {
  return a === b ? String(a) : say('reason.and', { a, b });
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

/** How much of the next seat a candidate shuts out: 2 when it lacks every open number, 1 for one. */
function shutScore(found, c) {
  const shut = lacked(found, found.next, c.ends);
  if (!shut.length) return 0;
  return shut.length === new Set(c.ends).size ? 2 : 1;
}

/**
 * One reason for the play `chosen` (a candidate of `found`, the result of `analyse(view, …)`),
 * in the player's words; `nameOf(seat)` names another seat; `say` gives the words (`t`, or
 * `wordsIn(lang)`). With `versus` (another candidate: the move a player made) only a reason
 * that holds more for `chosen` than for `versus` is given (else: no simple reason stands out).
 * @returns {string}
 */
export function playReason(view, found, chosen, nameOf, say = t, versus = null) {
  const next = found.next;
  const name = nameOf(next);
  const [l, r] = chosen.ends;
  const shut = lacked(found, next, chosen.ends);
  const tile = view.legal[chosen.index].tile;
  const double = (c) => { const x = view.legal[c.index].tile; return x[0] === x[2]; };
  const beats = (value, other) => versus === null || value(chosen) > value(versus);
  const parts = [];
  const how = (x) => say(`reason.how.${x.type}`, { ends: endsText(say, x.ends) });
  const score = (c) => shutScore(found, c);
  if (shut.length && shut.length === new Set(chosen.ends).size && beats(score)) {
    parts.push(say('reason.blocksAll', { name, lacks: numbersText(say, shut.map((x) => x.number)), how: how(shut[0]) }));
  } else if (shut.length && beats(score)) {
    parts.push(say('reason.blocksOne', { name, n: shut[0].number, how: how(shut[0]) }));
  } else if (chosen.keep >= 2 && beats((c) => c.keep)) {
    parts.push(l === r ? say('reason.keepSame', { n: l, k: chosen.keep }) : say('reason.keep', { l, r, k: chosen.keep }));
  } else if (chosen.pips >= HEAVY && beats((c) => c.pips)) {
    parts.push(say('reason.heavy', { t: tile, p: chosen.pips }));
  } else if (view.ends && double(chosen) && beats((c) => (double(c) ? 1 : 0))) {
    parts.push(say('reason.double', { t: tile }));
  } else if (versus !== null) {
    const known = view.players === 2 && view.boneyard_count === 0; // every tile known: solved, not played out
    const k = found.samples && chosen.won !== undefined ? tenths(found, chosen) : null;
    const j = k === null ? null : tenths(found, versus);
    // The numbers only where they differ in tenths: "in etwa 5 von 10, deiner in etwa 5 von 10"
    // would contradict "öfter" (the chances in hundredths stand beside it anyway).
    if (known) parts.push(say('reason.overallKnown'));
    else if (k === null || k === j) parts.push(say('reason.overallPlain'));
    else parts.push(say('reason.overall', { k, j }));
  } else if (chosen.keep === 1) {
    parts.push(l === r ? say('reason.keepOneSame', { n: l }) : say('reason.keepOne', { l, r }));
  } else if (found.samples && chosen.won !== undefined) {
    parts.push(say('reason.playouts', { k: tenths(found, chosen) }));
  } else {
    parts.push(say('reason.overallPlain'));
  }
  if (versus !== null) return parts.join(' ');
  const heavier = chosen.pips < HEAVY ? heavierLeft(view, found, chosen) : null;
  if (heavier && heavier.pips >= HEAVY && heavier.pips - chosen.pips >= 3) parts.push(say('reason.keepsHeavy', { t: heavier.tile, p: heavier.pips }));
  return parts.join(' ');
}

/** A sampled candidate's win chance in tenths (won alone counts one, shared half), rounded. */
export function tenths(found, c) {
  return Math.round((10 * (2 * c.won + c.shared)) / (2 * found.samples));
}
