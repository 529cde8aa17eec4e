/**
 * @file The setup forms shared by the start page, the local page and the room page: the name
 * field (checked by the server's rule as the person types) and the seat / computer fieldsets
 * (made here from one function, into the form's `[data-fieldsets]` box). Builds no game.
 */

import { byId, h, setText } from '../common/dom.js';
import { onLangChange, t } from '../common/i18n.js';
import { DEFAULT_LEVEL, LEVELS, MATCH_TARGETS, MAX_PLAYERS } from '../common/constants.js';
import { cleanName, nameProblem } from '../common/names.js';

export const NAME_KEY = 'ziehdomino.name';
export const LOCAL_SETUP_KEY = 'ziehdomino.localSetup';

function store(kind) {
  try {
    return globalThis[kind] ?? null;
  } catch {
    return null;
  }
}

/** Fills a name field with the name used last time. */
export function prefillName(input) {
  try {
    const name = store('localStorage')?.getItem(NAME_KEY);
    if (name && !input.value) input.value = name;
  } catch {
    // no storage: leave empty
  }
}

/**
 * Gives a local game's name field a default ("Gast" / "Guest") when no name was used before,
 * so a game starts without typing; an untouched default follows the language switch.
 */
export function defaultName(input) {
  if (input.value) return;
  let shown = t('form.defaultName');
  input.value = shown;
  onLangChange(() => {
    if (input.value !== shown) return;
    shown = t('form.defaultName');
    input.value = shown;
  });
}

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

/** Remembers a name for the next form. */
export function rememberName(name) {
  try {
    store('localStorage')?.setItem(NAME_KEY, name);
  } catch {
    // not remembered
  }
}

// ---- the name field --------------------------------------------------------------------------

const nameFields = new WeakMap(); // input -> {box, hint, problem}

function problemText(problem) {
  return problem.code === 'tooLong' ? t('name.tooLong', { n: problem.length }) : t(`name.${problem.code}`);
}

function showProblem(input, problem) {
  const field = nameFields.get(input);
  field.problem = problem;
  const text = problem ? problemText(problem) : '';
  setText(field.box, text);
  field.box.hidden = !problem;
  if (problem) {
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-errormessage', field.box.id);
    input.setAttribute('aria-describedby', `${field.box.id} ${field.hint}`.trim());
  } else {
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-errormessage');
    if (field.hint) input.setAttribute('aria-describedby', field.hint);
    else input.removeAttribute('aria-describedby');
  }
}

/**
 * Wires a name field: it takes any text (no maxlength that would cut a pasted name silently)
 * and says at once, next to the field, when the text breaks the rule by its length or its
 * characters (aria-invalid, the message in its aria-describedby). An empty field is only
 * refused on submit (readName).
 */
export function wireName(input) {
  if (nameFields.has(input)) return;
  input.removeAttribute('maxlength');
  const box = h('small', { class: 'field-problem', attrs: { id: `${input.id}-problem`, 'aria-live': 'polite', hidden: true } });
  const hint = input.getAttribute('aria-describedby') ?? '';
  (hint ? byId(hint) : input).after(box);
  nameFields.set(input, { box, hint, problem: null });
  const check = () => {
    const problem = nameProblem(input.value);
    showProblem(input, problem && problem.code !== 'empty' && problem.code !== 'invisible' ? problem : null);
  };
  input.addEventListener('input', check);
  onLangChange(() => showProblem(input, nameFields.get(input).problem));
  check();
}

/**
 * Checks the form's name field by the server's rule; shows the problem at the field.
 * @returns {string|null} the clean name, or null (the field is marked invalid and focused)
 */
export function readName(form, errorBox) {
  const input = form.elements.name;
  wireName(input);
  errorBox.textContent = '';
  const problem = nameProblem(input.value);
  showProblem(input, problem);
  if (problem) {
    input.focus();
    return null;
  }
  return cleanName(input.value);
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

function field(id, labelKey, control) {
  return h('div', { class: 'field' }, said('label', labelKey, { for: id }), control);
}

/**
 * One fieldset for seat / computer `n` of a setup form: legend "Platz n" or "Computer n",
 * optionally "Wer spielt?" (person or computer), and "Stufe".
 * @param {string} prefix  the ids' prefix ("open", "local", "setup")
 * @param {'seat'|'computer'} kind
 */
function fieldset(prefix, kind, n) {
  const parts = [];
  if (kind === 'seat') {
    parts.push(field(`${prefix}-kind-${n}`, 'form.who', select(`${prefix}-kind-${n}`, `kind-${n}`,
      [['person', 'form.person', true], ['computer', 'form.computer']])));
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
  const owner = () => [said('span', kind === 'seat' ? 'form.seatWord' : 'form.computerWord'), ` ${n}`];
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
 * @param {HTMLFormElement} form
 * @returns {number|null}
 */
export function readTarget(form) {
  const value = Number(form.elements.target?.value);
  return MATCH_TARGETS.includes(value) ? value : null;
}
