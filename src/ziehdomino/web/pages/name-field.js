/**
 * @file The name field of every form that seats a person (the start page, the local page and the
 * room page): filled with the profile's name (common/profile.js) or the name used last time,
 * else "Gast"; remembered, and checked by the server's rule (common/names.js) as the person
 * types and when the form is sent; a name sent renames the profile (nameToSeat).
 */
// @ts-check

import { byId, h, setText } from '../common/dom.js';
import { onLangChange, t } from '../common/i18n.js';
import { cleanName, nameProblem } from '../common/names.js';
import { NAME_KEY, keptProfile, loadProfile, nameForSeat } from '../common/profile.js';

export { NAME_KEY };

function store(kind) {
  try {
    return globalThis[kind] ?? null;
  } catch {
    return null;
  }
}

/** The name this browser's profile has, else the name used last time, else ''. */
function knownName() {
  try {
    const storage = store('localStorage');
    if (!storage) return '';
    return keptProfile(storage)?.name ?? storage.getItem(NAME_KEY) ?? '';
  } catch {
    return ''; // no storage
  }
}

/** Fills a name field with the profile's name, else the name used last time. */
export function prefillName(input) {
  const name = knownName();
  if (name && !input.value) input.value = name;
}

/**
 * Follows a rename made on another browser of the same profile (GET /api/profile, only when
 * one is kept): each of `inputs` that still shows the old name gets the new one.
 * @param {HTMLInputElement[]} inputs
 */
export async function followProfile(inputs) {
  const storage = store('localStorage');
  const before = storage && keptProfile(storage);
  if (!before) return;
  try {
    const now = await loadProfile(storage, (url, init) => fetch(url, init));
    if (!now || now.name === before.name) return;
    for (const input of inputs) if (input.value === before.name) input.value = now.name;
  } catch {
    // the server is away: the names stay
  }
}

/**
 * The name `form` seats its person with (readName's clean `name`), the profile brought in line
 * (common/profile.js nameForSeat): made now when `make` and there is none, renamed when the name
 * differs; the untouched default "Gast" gives the profile's own "Gast NNNN".
 * @param {HTMLFormElement & {elements: any}} form
 * @param {string} name
 * @param {boolean} make
 * @returns {Promise<string>}
 */
export async function nameToSeat(form, name, make) {
  const storage = store('localStorage');
  if (!storage) return name;
  const isDefault = form.elements.name.dataset.defaultName === name;
  const seated = await nameForSeat(storage, name, { make, isDefault }, (url, init) => fetch(url, init));
  if (seated !== name && form.elements.name.value.trim() === name) form.elements.name.value = seated;
  return seated;
}

/**
 * Gives a local game's name field a default ("Gast" / "Guest") when no name was used before,
 * so a game starts without typing; an untouched default follows the language switch.
 */
export function defaultName(input) {
  if (input.value) return;
  let shown = t('form.defaultName');
  input.value = shown;
  input.dataset.defaultName = shown;
  onLangChange(() => {
    if (input.value !== shown) return;
    shown = t('form.defaultName');
    input.value = shown;
    input.dataset.defaultName = shown;
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
