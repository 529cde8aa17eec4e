/**
 * @file A waiting open table (docs/rules.md, "Open tables"): the countdown until computers take
 * the free seats, on this page's own clock, and "Jetzt mit Computern starten".
 */
// @ts-check

import { h, setText } from '../common/dom.js';
import { t } from '../common/i18n.js';
import './room-strings.js';

/**
 * @param {number} ms  milliseconds left when the state was sent
 * @param {number} elapsed  milliseconds since it arrived
 * @returns {number}
 */
export function secondsLeft(ms, elapsed) {
  return Math.max(0, Math.ceil((ms - elapsed) / 1000));
}

/**
 * @param {{onStartNow: () => void, now?: () => number}} options
 * @returns {{element: HTMLElement, update: (room: object|null, started: boolean) => void}}
 */
export function createWait({ onStartNow, now = () => performance.now() }) {
  const line = h('p', { class: 'wait-line', attrs: { role: 'timer', 'aria-live': 'off' } });
  const button = h('button', { class: 'btn primary', attrs: { type: 'button' } });
  const element = h('div', { class: 'wait', attrs: { hidden: true } }, line, button);
  button.addEventListener('click', (event) => {
    if (event.detail > 1) return;
    button.disabled = true;
    onStartNow();
  });
  let since = 0;
  let left = null;
  let timer = null;

  function tick() {
    const s = secondsLeft(left, now() - since);
    setText(line, s > 0 ? t('wait.countdown', { s }) : t('wait.soon'));
  }

  return {
    element,
    update(room, started) {
      const show = Boolean(room?.public) && Number.isInteger(room?.wait_ms) && !started;
      element.hidden = !show;
      clearInterval(timer);
      timer = null;
      if (!show) return;
      left = room.wait_ms;
      since = now();
      setText(button, t('wait.startNow'));
      button.hidden = !Number.isInteger(room.you);
      button.disabled = false;
      tick();
      timer = setInterval(tick, 1000);
    },
  };
}
