/**
 * @file The round analysis in words (docs/analysis.md): a decision's chances, its mark, the
 * better move with one reason, the chart's text alternative. Pure, without the DOM.
 */
// @ts-check

import { t } from '../common/i18n.js';
import './analysis-strings.js';
import { playReason } from './reasons.js';

/** A move of the analysis ("3|5 rechts anlegen"), with the table's names. */
export function moveWords(move) {
  if (!move.end) return t('table.placeOnly', { t: move.tile });
  return t(move.end === 'right' ? 'table.placeRight' : 'table.placeLeft', { t: move.tile });
}

/** A chance in words: exact "sicher gewonnen" / "geteilt" / "sicher verloren", else "etwa 38 von 100". */
export function chanceText(d, c) {
  const m = d.moves[c];
  if (d.method === 'exact') return t(['an.exact.lost', 'an.exact.shared', 'an.exact.won'][m.score]);
  return t('an.about', { n: Math.round((100 * m.score) / m.of) });
}

/** The mark's word: "Fehler", "Ungenauigkeit" or "". */
export function markText(d) {
  return d.mark ? t(`an.mark.${d.mark}`) : '';
}

/** One line per decision, for its button: "Schritt 7: 3|5 rechts anlegen – etwa 38 von 100 · Fehler". */
export function decisionLine(d) {
  const mark = markText(d);
  const line = t('an.line', { k: d.step, move: moveWords(d.moves[d.played]), chance: chanceText(d, d.played) });
  return mark ? `${line} · ${mark}` : line;
}

/**
 * What a chosen decision teaches: the move made and its chance, and, when Stark's move is better,
 * that move with its chance, the points lost and one reason in plain words.
 */
export function decisionDetail(d, nameOf) {
  const said = t('an.made', { k: d.step, move: moveWords(d.moves[d.played]), chance: chanceText(d, d.played) });
  if (d.best === d.played || d.loss <= 0) return `${said} ${t('an.fine')}`;
  const found = d.search;
  const chosen = found?.candidates?.[d.best];
  const made = found?.candidates?.[d.played];
  const reason = chosen?.ends && made?.ends ? ` ${playReason(d.view, found, chosen, nameOf, t, made)}` : '';
  const better = t('an.better', {
    move: moveWords(d.moves[d.best]), chance: chanceText(d, d.best), points: Math.round(d.loss),
  });
  return `${said} ${better}${reason}`;
}

/** A summary of a round's analysis: "2 Fehler, 1 Ungenauigkeit in 8 Entscheidungen." */
export function summaryText(decisions) {
  const blunders = decisions.filter((d) => d.mark === 'fehler').length;
  const slips = decisions.filter((d) => d.mark === 'ungenau').length;
  if (!decisions.length) return t('an.none');
  const count = (key, n) => t(n === 1 ? `${key}1` : key, { n });
  // Digits throughout; a zero count is left out ("1 Fehler in 5 Entscheidungen"), both zero
  // say "kein … keine".
  const n = count('an.count.n', decisions.length);
  if (!blunders && !slips) return t('an.summaryClean', { n });
  if (!blunders || !slips) return t('an.summaryOne', { x: blunders ? count('an.count.f', blunders) : count('an.count.u', slips), n });
  return t('an.summary', { f: count('an.count.f', blunders), u: count('an.count.u', slips), n });
}

/** The chart's short text alternative (the marked decisions follow as a list). */
export function chartLabel(decisions) {
  if (!decisions.length) return t('an.chart');
  const chances = decisions.map((d) => Math.round(d.chance_played));
  return t('an.chartLabel', { first: chances[0], last: chances[chances.length - 1], summary: summaryText(decisions) });
}
