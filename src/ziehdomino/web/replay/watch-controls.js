/**
 * @file The controls of "Nur zuschauen" in the table's top row, and the tally of wins per seat.
 */
// @ts-check

import './watch-strings.js';
import { h } from '../common/dom.js';
import { t } from '../common/i18n.js';
import { seatName } from '../common/seat-words.js';

/**
 * The tally in words: "Siege bisher: Computer 1: 2 · Computer 2: 1 (3 Runden zu Ende geschaut)".
 * @param {object} view  a watch view
 * @param {object} room  its ROOMINFO
 */
export function tallyText(view, room) {
  const seats = view.match.wins.map((w, s) => `${seatName(room, s)}: ${w}`).join(' · ');
  return `${t('watch.tally')}: ${seats} (${t('watch.rounds', { n: view.watch.rounds })})`;
}

/**
 * @param {import('../sessions/session-watch.js').WatchSession} session
 * @returns {{element: HTMLElement, render: () => void}}
 */
export function createWatchControls(session) {
  const toggle = h('button', { class: 'btn primary', attrs: { type: 'button' } });
  const step = h('button', { class: 'btn', attrs: { type: 'button' } });
  const all = h('input', { attrs: { type: 'checkbox', id: 'watch-show-all' } });
  const allLabel = h('label', { attrs: { for: 'watch-show-all' } });
  const allField = h('span', { class: 'field inline watch-all' }, all, allLabel);
  const tally = h('p', { class: 'replay-step watch-tally', attrs: { 'aria-live': 'polite' } });
  const heading = h('h2', { class: 'sr-only', attrs: { id: 'watch-controls-h' } });
  const buttons = h('div', { class: 'replay-buttons', attrs: { role: 'group' } }, toggle, step);
  const element = h('section', { class: 'replay-controls', attrs: { 'aria-labelledby': heading.id } },
    heading, buttons, allField, tally);

  toggle.addEventListener('click', () => (session.paused ? session.resume() : session.pause()));
  step.addEventListener('click', () => session.stepOnce());
  all.addEventListener('change', () => session.setShowAll(all.checked));

  function render() {
    const view = session.view();
    heading.textContent = t('watch.h');
    buttons.setAttribute('aria-label', t('watch.h'));
    toggle.textContent = session.paused ? t('watch.resume') : t('watch.pause');
    toggle.setAttribute('aria-pressed', String(!session.paused));
    step.textContent = t('watch.step');
    step.disabled = !session.paused;
    allLabel.textContent = t('watch.showAll');
    all.checked = session.showAll;
    tally.textContent = tallyText(view, session.roomInfo());
  }

  session.subscribe({ change: render });
  render();
  return { element, render };
}
