/**
 * @file The setup forms of the start page and the local page: the seat / computer fieldsets (made
 * here from one function, into the form's `[data-fieldsets]` box), the match's target, and the
 * question before a new local game replaces the saved one. Builds no game; the name field is
 * name-field.js.
 */
// @ts-check
/** @import { NamedForm } from '../common/dom.js' */

import { h } from '../common/dom.js';
import { onLangChange, t } from '../common/i18n.js';
import { DEFAULT_LEVEL, LEVELS, MATCH_TARGETS, MAX_PLAYERS } from '../common/constants.js';

export const LOCAL_SETUP_KEY = 'ziehdomino.localSetup';

/**
 * Asks before a new local game replaces the saved one with its counters (a modal dialog with
 * "Ersetzen" and "Behalten"; "Behalten" has the focus first, Escape keeps the game too).
 * @param {{match: {starters: number[], wins: number[], shared: number[]}}} save  a save that
 *   readSave accepted
 * @returns {Promise<boolean>} true when the person chose to replace it
 */
export function confirmReplace(save) {
  const { starters, wins, shared } = save.match;
  const dialog = h('dialog', { class: 'confirm', attrs: { 'aria-labelledby': 'replace-h', 'aria-describedby': 'replace-text' } });
  const heading = said('h2', 'replace.h', { id: 'replace-h' });
  const text = h('p', { attrs: { id: 'replace-text' } });
  const words = () => t('replace.text', { round: starters.length, wins: wins[0], shared: shared[0] });
  text.textContent = words();
  const keep = said('button', 'replace.keep', { type: 'button', class: 'btn', value: 'keep' });
  const replace = said('button', 'replace.yes', { type: 'button', class: 'btn primary', value: 'replace' });
  dialog.append(heading, text, h('div', { class: 'buttons' }, replace, keep));
  document.body.append(dialog);
  const stop = onLangChange(() => { text.textContent = words(); });
  return new Promise((resolve) => {
    keep.addEventListener('click', () => dialog.close('keep'));
    replace.addEventListener('click', () => dialog.close('replace'));
    dialog.addEventListener('close', () => {
      stop();
      dialog.remove();
      resolve(dialog.returnValue === 'replace');
    }, { once: true });
    dialog.showModal();
    keep.focus();
  });
}

// ---- seats and computers ---------------------------------------------------------------------

/** A translated text node's element: `<tag data-i18n=key>` (the page's language switch redoes it). */
function said(tag, key, attrs = {}) {
  return h(tag, { text: t(key), attrs: { ...attrs, 'data-i18n': key } });
}

function select(id, name, options) {
  return h('select', { attrs: { id, name } },
    ...options.map(([value, key, chosen]) => said('option', key, { value, selected: Boolean(chosen) })));
}

/**
 * One fieldset for seat / computer `n` of a setup form: legend "Platz n" or "Computer n",
 * optionally "Wer spielt?" (person or computer), and "Stufe"; each select's name ends in its
 * seat or computer (hidden: "Wer spielt? (Platz 2)", "Stufe Platz 2"), so that no two are alike.
 * @param {string} prefix  the ids' prefix ("open", "local", "setup")
 * @param {'seat'|'computer'} kind
 */
function fieldset(prefix, kind, n) {
  const parts = [];
  // "Platz n" / "Computer n", said (and redone by the language switch) where it is needed.
  const owner = () => [said('span', kind === 'seat' ? 'form.seatWord' : 'form.computerWord'), ` ${n}`];
  if (kind === 'seat') {
    // "Wer spielt?" is the visible label; a hidden " (Platz n)" makes each select's name its own.
    const kindId = `${prefix}-kind-${n}`;
    const who = h('label', { attrs: { for: kindId } }, said('span', 'form.who'), h('span', { class: 'sr-only' }, ' (', ...owner(), ')'));
    parts.push(h('div', { class: 'field' }, who,
      select(kindId, `kind-${n}`, [['person', 'form.person', true], ['computer', 'form.computer']])));
  }
  const levelId = `${prefix}-level-${n}`;
  const level = select(levelId, `level-${n}`, LEVELS.map((lv) => [lv, `level.${lv}`, lv === DEFAULT_LEVEL]));
  // One line on how the chosen level plays, kept in step with the choice.
  const about = said('p', `level.about.${DEFAULT_LEVEL}`, { class: 'hint level-about', id: `${levelId}-about` });
  level.setAttribute('aria-describedby', about.id);
  level.addEventListener('change', () => {
    about.dataset.i18n = `level.about.${level.value}`;
    about.textContent = t(about.dataset.i18n);
  });
  // "Stufe" is the visible label; a hidden "Computer n" / "Platz n" makes each select's name its own.
  const label = h('label', { attrs: { for: levelId } }, said('span', 'form.level'), h('span', { class: 'sr-only' }, ' ', ...owner()));
  parts.push(h('div', { class: 'field' }, label, level), about);
  const legend = h('legend', {}, ...owner());
  return h('fieldset', { class: 'seat', attrs: { [`data-${kind}`]: n } }, legend, ...parts);
}

/**
 * Fills the form's `[data-fieldsets]` box with the fieldsets for seats `from`..`to` ('seat')
 * or computers ('computer'); the ids take the name field's prefix ("open-name" -> "open-").
 */
export function buildFieldsets(form, kind, from, to) {
  const box = form.querySelector('[data-fieldsets]');
  const prefix = form.elements.name.id.replace(/-name$/, '');
  const sets = [];
  for (let n = from; n <= to; n++) sets.push(fieldset(prefix, kind, n));
  box.replaceChildren(...sets);
}

/** Builds the local setup form's computer fieldsets and shows as many as `count` asks for. */
export function wireComputers(form) {
  buildFieldsets(form, 'computer', 1, MAX_PLAYERS - 1);
  const count = form.elements.count;
  const sync = () => {
    for (const fs of form.querySelectorAll('fieldset[data-computer]')) fs.hidden = Number(fs.dataset.computer) > Number(count.value);
  };
  count.addEventListener('change', sync);
  sync();
}

/** The levels of the computers chosen in a local setup form. */
export function readComputers(form) {
  const n = Number(form.elements.count.value);
  const levels = [];
  for (let i = 1; i <= n; i++) levels.push(form.elements[`level-${i}`].value);
  return levels;
}


/**
 * The form's "Partie bis" as the API's and the save's `target`: 3, 5 or 10 wins, or null
 * ("ohne Ende", and a form without the select).
 * @param {NamedForm} form
 * @returns {number|null}
 */
export function readTarget(form) {
  const value = Number(form.elements.target?.value);
  return MATCH_TARGETS.includes(value) ? value : null;
}

/**
 * The body of `POST /api/quick` from the quick-play form ("Schnell spielen"): the size, the
 * match's target (3, 5, 10, or null for "ohne Ende"; the server prefers a waiting table with
 * it) and the rooms this browser holds a seat in.
 * @param {NamedForm} form  with `size` and `target` selects
 * @param {string} name  the name, already read and checked
 * @param {string[]} held  room ids (my-rooms.js's myRoomIds)
 * @returns {{name: string, size: number, target: number|null, held: string[]}}
 */
export function quickBody(form, name, held) {
  return { name, size: Number(form.elements.size.value), target: readTarget(form), held };
}
