/**
 * @file While it is the viewer's turn and the tab is hidden, the title starts with "Du bist am Zug".
 */
// @ts-check

import { t } from '../common/i18n.js';
import { isMyTurn } from './words.js';

/**
 * @param {object} ctx  the table's context (render.js)
 * @returns {{update: () => void}}  `update` sets the title for the current view
 */
export function createAttention(ctx) {
  let prefix = '';

  function title() {
    const base = prefix && document.title.startsWith(prefix) ? document.title.slice(prefix.length) : document.title;
    const wanted = document.hidden && isMyTurn(ctx.view) ? `${t('attention.title')} – ` : '';
    prefix = wanted;
    const next = wanted + base;
    if (document.title !== next) document.title = next;
  }
  document.addEventListener('visibilitychange', title);

  return { update: title };
}
