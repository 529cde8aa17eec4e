/**
 * @file The replay's controls: "Anfang", "Zurück", "Abspielen"/"Anhalten", "Weiter", "Ende",
 * a slider ("Schritt") over every step, and a line saying which step is shown and what
 * happened in it (a draw names the tile it took). The arrow keys step back and forward, Home
 * and End go to the start and the end (never while typing in a field). The pace is the table's
 * "Tempo" (the session's `setTempo`, offered in the table's settings).
 */

import { t } from '../shared/i18n.js';
import { entryText, seatName } from '../table/words.js';

function el(tag, attrs = {}, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

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
 * Builds the controls for `session` (a ReplaySession) and keeps them in step with it.
 * @param {import('../sessions/session-replay.js').ReplaySession} session
 * @returns {{element: HTMLElement, render: () => void}}
 */
export function createReplayControls(session) {
  const id = 'replay';
  const first = el('button', { type: 'button', class: 'btn' });
  const back = el('button', { type: 'button', class: 'btn', 'aria-keyshortcuts': 'ArrowLeft' });
  const play = el('button', { type: 'button', class: 'btn primary' });
  const forward = el('button', { type: 'button', class: 'btn', 'aria-keyshortcuts': 'ArrowRight' });
  const last = el('button', { type: 'button', class: 'btn' });
  const label = el('label', { for: `${id}-slider` });
  const slider = el('input', { type: 'range', id: `${id}-slider`, min: '0', max: String(session.steps), step: '1', value: '0' });
  const text = el('p', { class: 'replay-step', 'aria-live': 'polite', id: `${id}-step` });
  slider.setAttribute('aria-describedby', text.id);
  const buttons = el('div', { class: 'replay-buttons', role: 'group' });
  buttons.append(first, back, play, forward, last);
  const sliderField = el('div', { class: 'replay-slider' });
  sliderField.append(label, slider);
  const element = el('section', { class: 'replay-controls' });
  const heading = el('h2', { class: 'sr-only', id: `${id}-controls-h` });
  element.setAttribute('aria-labelledby', heading.id);
  element.append(heading, buttons, sliderField, text);

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
    const target = event.target;
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
