/**
 * @file "Raum verlassen": a seated person leaves a room for good, after a confirmation. A
 * computer then holds the seat for the rest of the room and this browser forgets the seat
 * (the page does that through the session).
 */

import { t } from '../shared/i18n.js';

function button(className, key) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = className;
  b.dataset.key = key;
  b.textContent = t(key);
  return b;
}

/**
 * Builds the control.
 * @param {{onLeave: () => void}} handlers  called once the person confirmed
 * @returns {{element: HTMLElement, show: (seated: boolean) => void, translate: () => void}}
 */
export function createLeave({ onLeave }) {
  const open = button('btn subtle', 'leave.button');
  const question = document.createElement('p');
  question.id = `leave-q-${Math.random().toString(36).slice(2)}`;
  const yes = button('btn danger', 'leave.yes');
  const no = button('btn', 'leave.no');
  const confirm = document.createElement('div');
  confirm.className = 'leave-confirm';
  confirm.setAttribute('role', 'group');
  confirm.setAttribute('aria-labelledby', question.id);
  confirm.append(question, yes, no);
  confirm.hidden = true;
  const element = document.createElement('div');
  element.className = 'leave';
  element.append(open, confirm);
  element.hidden = true;

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
