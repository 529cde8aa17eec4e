/**
 * @file The table's frame: the top bar, the stage and the side (a sheet of its own on a narrow
 * screen); render.js fills it.
 */
// @ts-check

import { h } from '../common/dom.js';

/**
 * @param {string} id  the table's id, the prefix of its elements' ids
 * @param {{cards: object, line: object, hand: object, result: object, log: object, rounds: object,
 *   settings: object, notice: object, clock: object|null}} parts
 * @returns {{section: HTMLElement, heading: HTMLElement, status: HTMLElement, sending: HTMLElement,
 *   stage: HTMLElement, side: HTMLElement, sideToggle: HTMLElement, sideClose: HTMLElement}}
 */
export function createFrame(id, { cards, line, hand, result, log, rounds, settings, notice, clock }) {
  const heading = h('h2', { class: 'table-h', attrs: { id: `${id}-h`, tabindex: '-1' } });
  const status = h('p', { class: 'status', attrs: { role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' } });
  // Over the status (table.css), so that showing it moves nothing; a live region of its own
  // from the start, so that its text is announced when it comes.
  const sending = h('p', { class: 'sending', attrs: { 'aria-live': 'polite' } });
  // On a narrow screen the side is a sheet with its own "Schließen" (hidden on a wide one).
  const sideClose = h('button', { class: 'btn side-close', attrs: { type: 'button' } });
  const side = h('div', { class: 'side', attrs: { id: `${id}-side` } }, sideClose, log.element, rounds.element, settings.element);
  const sideToggle = h('button', { class: 'btn side-toggle', attrs: { type: 'button', 'aria-expanded': 'false', 'aria-controls': `${id}-side` } });
  const top = h('div', { class: 'table-top' }, heading, sideToggle, status, sending, ...(clock ? [clock.element] : []));
  const board = h('div', { class: 'board' }, cards.element, line.element, hand.element);
  // The notice lies over the stage's top edge: showing it moves nothing below it, a tap goes
  // through it (table.css), and it goes by itself (notice.js).
  const stage = h('div', { class: 'stage' }, board, result.element, notice.element);
  const section = h('section', { class: 'table', attrs: { 'aria-labelledby': `${id}-h` } }, top, stage, side);
  section.hidden = true;
  return { section, heading, status, sending, stage, side, sideToggle, sideClose };
}

/**
 * A narrow screen's side sheet: its button toggles it; "Schließen", Escape and a tap beside it close it.
 * @param {object} frame  createFrame's
 * @param {{list: HTMLElement}} log  log.js's part
 */
export function wireSide({ section, side, sideToggle, sideClose }, log) {
  sideToggle.addEventListener('click', () => {
    const open = !section.classList.contains('side-open');
    section.classList.toggle('side-open', open);
    sideToggle.setAttribute('aria-expanded', String(open));
    if (open) log.list.scrollTop = log.list.scrollHeight;
  });
  /** Closes the open sheet; `back`: focus its button. */
  function closeSide(back = true) {
    if (!section.classList.contains('side-open')) return;
    sideToggle.click();
    if (back) sideToggle.focus();
  }
  sideClose.addEventListener('click', () => closeSide());
  // Escape wherever the focus is (a tap on the toggle need not focus it).
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !section.classList.contains('side-open') || event.defaultPrevented) return;
    event.preventDefault();
    closeSide();
  });
  document.addEventListener('pointerdown', (event) => {
    if (side.contains(event.target) || sideToggle.contains(event.target)) return;
    closeSide(false);
  });
}
