/**
 * @file The table's settings beside the history: "Tempo", "Ton" and the list of keys; both
 * choices are remembered in localStorage.
 */
// @ts-check

import { t } from '../common/i18n.js';
import { TEMPOS } from '../common/tempo.js';
import { h, setText } from '../common/dom.js';
import { keysText } from './words.js';

export const TEMPO_KEY = 'ziehdomino.tempo';
export const SOUND_KEY = 'ziehdomino.sound';

/** This browser's localStorage, or null where it is refused (a page that names none uses it). */
export function defaultStorage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function read(storage, key) {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage, key, value) {
  try {
    storage?.setItem(key, value);
  } catch {
    // not remembered, still set for this page
  }
}

/**
 * @param {object} ctx  the table's context (render.js)
 * @param {Storage} [storage]  default localStorage
 * @param {{fixedTempo?: boolean}} [options]  fixedTempo: the page set the pace itself (tests)
 * @returns {{element: HTMLElement, keysHint: HTMLElement, add: (node: Node) => void, render: () => void, sound: () => boolean,
 *   onSound: (fn: () => void) => void}}
 */
export function createSettings(ctx, storage = defaultStorage(), { fixedTempo = false } = {}) {
  const { id, session } = ctx;
  const heading = h('h3', { attrs: { id: `${id}-sh` } });
  const hasTempo = typeof session.setTempo === 'function';
  const tempoLabel = h('label', { attrs: { for: `${id}-tempo` } });
  const tempo = h('select', { attrs: { id: `${id}-tempo` } },
    ...Object.keys(TEMPOS).map((name) => h('option', { attrs: { value: name } })));
  const tempoField = h('div', { class: 'field inline tempo' }, tempoLabel, tempo);
  tempoField.hidden = !hasTempo;
  const soundInput = h('input', { attrs: { type: 'checkbox', role: 'switch', id: `${id}-sound` } });
  const soundText = h('span');
  const sound = h('label', { class: 'switch', attrs: { for: `${id}-sound` } }, soundInput, soundText);
  const keysHint = h('p', { class: 'keys-hint', attrs: { id: `${id}-keys` } });
  const element = h('section', { class: 'settings', attrs: { 'aria-labelledby': `${id}-sh` } }, heading, tempoField, sound, keysHint);
  /** Adds a control of another part (the tips' switch) at the top of the settings. */
  const add = (node) => heading.after(node);
  const soundListeners = [];

  if (hasTempo) {
    const saved = read(storage, TEMPO_KEY);
    if (!fixedTempo && Object.hasOwn(TEMPOS, saved)) session.setTempo(saved);
    tempo.value = session.tempo();
    tempo.addEventListener('change', () => {
      session.setTempo(tempo.value);
      write(storage, TEMPO_KEY, tempo.value);
    });
  }
  soundInput.checked = read(storage, SOUND_KEY) === 'on';
  soundInput.addEventListener('change', () => {
    write(storage, SOUND_KEY, soundInput.checked ? 'on' : 'off');
    if (soundInput.checked) for (const fn of soundListeners) fn();
  });

  function render() {
    const keys = keysText(ctx.view);
    keysHint.hidden = !keys;
    if (!ctx.sig.changed('settingsWords', [ctx.lang(), keys])) return;
    setText(heading, t('settings.h'));
    setText(tempoLabel, t('settings.tempo'));
    for (const option of tempo.options) setText(option, t(`tempo.${option.value}`));
    setText(soundText, t('settings.sound'));
    setText(keysHint, keys);
  }

  return {
    element,
    keysHint,
    add,
    render,
    /** Whether the sound is switched on. */
    sound: () => soundInput.checked,
    /** Calls `fn` when the person switches the sound on (a gesture: audio may start). */
    onSound: (fn) => soundListeners.push(fn),
  };
}
