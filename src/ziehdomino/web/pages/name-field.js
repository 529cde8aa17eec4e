/**
 * @file The name field of every form that seats a person (the start page, the local page and the
 * room page): filled with the name used last time, remembered, and checked by the server's rule
 * (common/names.js) as the person types and when the form is sent.
 */
// @ts-check

import { byId, h, setText } from '../common/dom.js';
import { onLangChange, t } from '../common/i18n.js';
import { cleanName, nameProblem } from '../common/names.js';

export const NAME_KEY = 'ziehdomino.name';

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
