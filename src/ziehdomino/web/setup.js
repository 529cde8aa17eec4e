/**
 * @file The setup forms shared by the start page and the local page: seats, levels, the name.
 * Only reads and wires the static form markup of the pages; builds no game.
 */

import { t } from './i18n.js';
import { cleanName } from './session-local.js';

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

/** Remembers a name for the next form. */
export function rememberName(name) {
  try {
    store('localStorage')?.setItem(NAME_KEY, name);
  } catch {
    // not remembered
  }
}

/**
 * Checks the form's name field; shows the problem next to the form.
 * @returns {string|null} the clean name, or null (the field is marked invalid and focused)
 */
export function readName(form, errorBox) {
  const input = form.elements.name;
  const name = cleanName(input.value);
  if (name === null) {
    input.setAttribute('aria-invalid', 'true');
    errorBox.textContent = t('error.invalid_name');
    input.focus();
    return null;
  }
  input.removeAttribute('aria-invalid');
  errorBox.textContent = '';
  return name;
}

/** Shows the fieldsets for `count` computers (data-computer="n") and returns their levels. */
export function wireComputers(form) {
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
