/**
 * @file The round's history ("Verlauf"), oldest first, appended to within a round. What it shows
 * is kept here, never in `data-lang` (the page translation would hide the list).
 */
// @ts-check

import { t } from '../common/i18n.js';
import { h, setText, tileWords } from '../common/dom.js';
import { entryText } from './words.js';

/**
 * @param {object} ctx  the table's context (render.js)
 * @returns {{element: HTMLElement, list: HTMLOListElement, render: () => void}}
 */
export function createLog(ctx) {
  const heading = h('h3', { attrs: { id: `${ctx.id}-gh` } });
  // It scrolls in its own box beside the board: reachable by keyboard too.
  const list = h('ol', { class: 'log', attrs: { 'aria-labelledby': `${ctx.id}-gh`, tabindex: '0' } });
  const element = h('section', { class: 'history', attrs: { 'aria-labelledby': `${ctx.id}-gh` } }, heading, list);
  let shown = { round: null, lang: null };

  function render() {
    const { view, room, sig } = ctx;
    if (sig.changed('logWords', ctx.lang())) setText(heading, t('table.log'));
    const texts = view.log.map((e) => entryText(view, room, e));
    if (!sig.changed('log', [ctx.lang(), view.round_number, texts])) return;
    const have = list.querySelectorAll('li:not(.muted)').length;
    const same = shown.round === view.round_number && shown.lang === ctx.lang()
      && have <= texts.length && (have === 0 || list.children[have - 1].textContent === texts[have - 1]);
    if (!same || texts.length === 0) list.replaceChildren();
    list.querySelector('li.muted')?.remove();
    for (let i = list.children.length; i < texts.length; i++) list.append(h('li', {}, ...tileWords(texts[i])));
    if (texts.length === 0) list.append(h('li', { class: 'muted', text: t('table.logEmpty') }));
    shown = { round: view.round_number, lang: ctx.lang() };
    // The newest entry in sight where the list scrolls in its own box.
    if (list.lastElementChild && list.scrollHeight > list.clientHeight) list.scrollTop = list.scrollHeight;
  }

  return { element, list, render };
}
