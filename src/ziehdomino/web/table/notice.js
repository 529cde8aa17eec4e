/**
 * @file The table's notice: one line that says why something did not happen, over the stage's
 * top edge so that showing it moves nothing.
 */
// @ts-check

import { REACTION_GAP } from '../common/constants.js';
import { h, setText } from '../common/dom.js';
import { errorText } from '../common/i18n.js';

/** How long a notice stays at most (ms): it lies over the other players' cards. */
const NOTICE_MS = 8000;

/**
 * @returns {{element: HTMLElement, clear: () => void, show: (code: string) => void,
 *   message: (text: string) => void, follow: (before: object|null, next: object|null, connection: string) => void}}
 *   `show` words an error code, `message` shows a page's text, `follow` is told every new state
 */
export function createNotice() {
  const element = h('p', { class: 'notice', attrs: { role: 'alert' } });
  let age = 0; // version changes seen since the notice was shown
  let code = null; // the error code the notice words (null: none, or a page's message)
  let timer = 0;

  function clear() {
    code = null;
    setText(element, '');
    clearTimeout(timer);
  }

  /** Shows `text`, until it is cleared, replaced or NOTICE_MS have passed. */
  function set(text) {
    age = 0;
    setText(element, text);
    clearTimeout(timer);
    timer = setTimeout(clear, NOTICE_MS);
  }

  function show(shown) {
    code = shown;
    set(errorText(shown));
    // "One reaction every three seconds" holds only that long.
    if (shown === 'reaction_too_soon') {
      setTimeout(() => {
        if (code === shown) clear();
      }, REACTION_GAP * 1000);
    }
  }

  /**
   * A refusal stays through the fresh state that may follow it (stale_version) and goes with the
   * next change; "not sent" goes once connected, "still on its way" with the answer.
   */
  function follow(before, next, connection) {
    if (next && before && next.version !== before.version && element.textContent && ++age >= 2) clear();
    if (code === 'offline' && connection === 'online') clear();
    if (code === 'pending') clear();
  }

  return { element, clear, show, message: (text) => { code = null; set(text); }, follow };
}
