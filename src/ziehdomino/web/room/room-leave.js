/**
 * @file "Raum verlassen": a seated person leaves a room for good, after a confirmation.
 */
// @ts-check

import { h } from '../common/dom.js';
import { t } from '../common/i18n.js';

/** A button whose words are the key `key` (kept in data-key, so that translate() redoes them). */
function button(className, key) {
  return h('button', { class: className, text: t(key), attrs: { type: 'button', 'data-key': key } });
}

/**
 * @param {{onLeave: () => void}} handlers  called once the person confirmed
 * @returns {{element: HTMLElement, show: (seated: boolean) => void, translate: () => void}}
 */
export function createLeave({ onLeave }) {
  const open = button('btn subtle', 'leave.button');
  const question = h('p', { attrs: { id: `leave-q-${Math.random().toString(36).slice(2)}` } });
  const yes = button('btn danger', 'leave.yes');
  const no = button('btn', 'leave.no');
  const confirm = h('div', { class: 'leave-confirm', attrs: { role: 'group', 'aria-labelledby': question.id, hidden: true } },
    question, yes, no);
  const element = h('div', { class: 'leave', attrs: { hidden: true } }, open, confirm);

  function translate() {
    for (const b of [open, yes, no]) b.textContent = t(b.dataset.key);
    question.textContent = t('leave.confirm');
  }
  translate();

  open.addEventListener('click', () => {
    confirm.hidden = false;
    open.setAttribute('aria-expanded', 'true');
    no.focus();
  });
  no.addEventListener('click', () => {
    confirm.hidden = true;
    open.setAttribute('aria-expanded', 'false');
    open.focus();
  });
  yes.addEventListener('click', () => {
    confirm.hidden = true;
    element.hidden = true;
    onLeave();
  });
  open.setAttribute('aria-expanded', 'false');

  return {
    element,
    show(seated) {
      element.hidden = !seated;
      if (!seated) confirm.hidden = true;
    },
    translate,
  };
}
