/**
 * @file The replay's controls: the step buttons, a slider over every step, a line saying what
 * the step shows, and the arrow, Home and End keys (never while typing).
 */
// @ts-check

import { h } from '../common/dom.js';
import { t } from '../common/i18n.js';
import { entryText, seatName } from '../common/seat-words.js';
import './replay-strings.js';

/**
 * What step `view.replay.step` shows, in words: "Schritt 4 von 31: Ben zieht 2|5."
 * @param {object} view  a replay view (session-replay.js)
 * @param {object} room  its ROOMINFO
 */
export function stepText(view, room) {
  const { step, steps, action } = view.replay;
  const where = t('replay.step', { k: step, n: steps });
  if (!action) return `${where}: ${t('replay.dealt')}`;
  const entry = view.log[view.log.length - 1];
  const what = action.type === 'draw'
    ? t('replay.drew', { name: seatName(room, action.seat), t: action.drawn })
    : entryText(view, room, entry);
  return `${where}: ${what}`;
}

/**
 * @param {import('../sessions/session-replay.js').ReplaySession} session
 * @returns {{element: HTMLElement, render: () => void}}
 */
export function createReplayControls(session) {
  const id = 'replay';
  const first = h('button', { class: 'btn', attrs: { type: 'button' } });
  const back = h('button', { class: 'btn', attrs: { type: 'button', 'aria-keyshortcuts': 'ArrowLeft' } });
  const play = h('button', { class: 'btn primary', attrs: { type: 'button' } });
  const forward = h('button', { class: 'btn', attrs: { type: 'button', 'aria-keyshortcuts': 'ArrowRight' } });
  const last = h('button', { class: 'btn', attrs: { type: 'button' } });
  const label = h('label', { attrs: { for: `${id}-slider` } });
  const text = h('p', { class: 'replay-step', attrs: { 'aria-live': 'polite', id: `${id}-step` } });
  const slider = h('input', {
    attrs: { type: 'range', id: `${id}-slider`, min: 0, max: session.steps, step: 1, value: 0, 'aria-describedby': text.id },
  });
  const buttons = h('div', { class: 'replay-buttons', attrs: { role: 'group' } }, first, back, play, forward, last);
  const sliderField = h('div', { class: 'replay-slider' }, label, slider);
  const heading = h('h2', { class: 'sr-only', attrs: { id: `${id}-controls-h` } });
  const element = h('section', { class: 'replay-controls', attrs: { 'aria-labelledby': heading.id } },
    heading, buttons, sliderField, text);

  first.addEventListener('click', () => session.first());
  back.addEventListener('click', () => session.back());
  forward.addEventListener('click', () => {
    session.pause();
    session.forward();
  });
  last.addEventListener('click', () => session.last());
  play.addEventListener('click', () => (session.playing() ? session.pause() : session.play()));
  slider.addEventListener('input', () => {
    session.pause();
    session.seek(Number(slider.value));
  });
  document.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    const target = /** @type {Element|null} */ (event.target);
    if (target === slider || target?.closest?.('input, select, textarea, [contenteditable="true"]')) return;
    const keys = { ArrowLeft: () => session.back(), ArrowRight: () => { session.pause(); session.forward(); },
      Home: () => session.first(), End: () => session.last() };
    if (!keys[event.key]) return;
    event.preventDefault();
    keys[event.key]();
  });

  function render() {
    const view = session.view();
    const room = session.roomInfo();
    heading.textContent = t('replay.controls');
    buttons.setAttribute('aria-label', t('replay.controls'));
    first.textContent = t('replay.first');
    back.textContent = t('replay.back');
    play.textContent = session.playing() ? t('replay.pause') : t('replay.play');
    play.setAttribute('aria-pressed', String(session.playing()));
    forward.textContent = t('replay.forward');
    last.textContent = t('replay.last');
    label.textContent = t('replay.slider');
    const { step, steps } = view.replay;
    if (slider.value !== String(step)) slider.value = String(step);
    slider.setAttribute('aria-valuetext', t('replay.step', { k: step, n: steps }));
    first.disabled = back.disabled = step === 0;
    forward.disabled = last.disabled = step === steps;
    text.textContent = stepText(view, room);
  }

  session.subscribe({ change: render });
  render();
  return { element, render };
}
