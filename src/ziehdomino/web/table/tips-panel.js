/**
 * @file The tips: the switch "Mit Tipps lernen" and beside the hand the tip for the next action
 * (learn/tips.js, loaded when first switched on), off at first and after a reload.
 */
// @ts-check

import { t } from '../common/i18n.js';
import { TipCoach } from '../learn/tip-coach.js';
import { h, setText } from '../common/dom.js';
import { isMe, seatName } from './words.js';

function ownActions(view) {
  if (!view || view.seat === null) return 0;
  return view.log.filter((e) => e.seat === view.seat).length;
}

/**
 * @param {object} ctx  the table's context (render.js)
 * @returns {{toggle: HTMLElement, element: HTMLElement, render: () => void, current: () => object|null}}
 *   `current()`: the tip shown (`{tile, end, text}`), or null
 */
export function createTips(ctx) {
  const input = h('input', { attrs: { type: 'checkbox', role: 'switch', id: `${ctx.id}-tip` } });
  const labelText = h('span');
  const label = h('label', { class: 'switch', attrs: { for: `${ctx.id}-tip` } }, input, labelText);
  const count = h('p', { class: 'tip-count' });
  const text = h('p', { class: 'tip', attrs: { 'aria-live': 'polite' } });
  const element = h('div', { class: 'tips' }, count, text);
  const coach = new TipCoach();
  const state = { round: null, own: 0, done: false, current: null };
  let tips = null; // learn/tips.js once loaded

  input.addEventListener('change', () => {
    if (input.checked) {
      coach.start();
      // the tips ask the computer players (bots/index.js)
      import('../learn/tips.js').then((module) => module.loadTips().then(() => {
        tips = module;
        ctx.rerender();
      })).catch(() => {}); // offline before the worker kept it: the next switch tries again
      state.done = false;
      state.round = ctx.view?.round_number ?? null;
      state.own = ownActions(ctx.view);
    } else {
      coach.stop();
    }
    ctx.sig.drop('tip');
    ctx.rerender();
  });

  function render() {
    const { view, sig } = ctx;
    if (sig.changed('tipWords', ctx.lang())) setText(labelText, t('tips.switch'));
    const running = view.seat !== null && !view.result;
    label.hidden = !running;
    // Count confirmed own actions while tips are on (a selection preview is no action).
    if (coach.on && view.seat !== null) {
      const own = ownActions(view);
      let fresh = state.round === view.round_number ? Math.max(0, own - state.own) : own;
      state.round = view.round_number;
      state.own = own;
      while (fresh-- > 0 && coach.on) if (coach.countAction()) state.done = true;
    }
    if (input.checked !== coach.on) input.checked = coach.on;
    let words = '';
    state.current = null;
    if (coach.on) {
      if (!isMe(view, view.turn) || view.result) words = t('tips.wait');
      else {
        state.current = tips?.tipFor(view, ctx.lang(), (s) => seatName(ctx.room, s)) ?? null;
        words = state.current?.text ?? '';
      }
    } else if (state.done) words = TipCoach.doneText(ctx.lang());
    if (sig.changed('tip', [ctx.lang(), words])) setText(text, words);
    element.hidden = !words && !coach.on;
    const left = coach.on ? t('tips.remaining', { n: coach.remaining }) : '';
    if (sig.changed('tipCount', [ctx.lang(), left])) {
      setText(count, left);
      count.hidden = !left;
    }
  }

  return { toggle: label, element, render, current: () => (coach.on ? state.current : null) };
}
