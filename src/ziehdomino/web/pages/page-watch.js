/**
 * @file "Nur zuschauen" (/zuschauen): 2–4 computers of chosen levels play each other in the
 * browser at the table's "Tempo", round after round, on the one table (render.js) through a
 * WatchSession, with pause, step, "Alle Hände zeigen" and a running tally of wins per seat.
 * Nothing is saved. `?tempo=schnell` preselects the pace.
 */
// @ts-check
/** @import { NamedForm } from '../common/dom.js' */

import { byId, formReady } from '../common/dom.js';
import { decide } from '../bots/index.js';
import { cryptoRng } from '../engine/deal.js';
import { initPage, onLangChange } from '../common/i18n.js';
import { createTable } from '../table/render.js';
import { TEMPOS } from '../common/tempo.js';
import { WatchSession } from '../sessions/session-watch.js';
import { createWatchControls } from '../replay/watch-controls.js';

initPage(document);

const setup = byId('watch-setup');
const form = /** @type {NamedForm} */ (byId('watch-form'));
const tableRoot = byId('table-root');
const tools = byId('watch-tools');
const again = byId('watch-new');

let storage = null;
try {
  storage = globalThis.localStorage;
  storage.getItem('ziehdomino.probe');
} catch {
  storage = null;
}
const asked = new URLSearchParams(location.search).get('tempo');

function chooseMove(view, level) {
  try {
    return decide(view, level, cryptoRng.int(0x80000000));
  } catch {
    return view.legal[0]; // a computer never stalls the table
  }
}

const count = form.elements.count;
const syncCount = () => {
  for (const fs of /** @type {NodeListOf<HTMLFieldSetElement>} */ (form.querySelectorAll('fieldset[data-computer]'))) fs.hidden = Number(fs.dataset.computer) > Number(count.value);
};
count.addEventListener('change', syncCount);
syncCount();

let current = null;

form.addEventListener('submit', (event) => {
  event.preventDefault();
  current?.session.stop();
  const levels = [];
  for (let i = 1; i <= Number(count.value); i++) levels.push(form.elements[`level-${i}`].value);
  const session = new WatchSession({ levels, chooseMove, showAll: form.elements.all.checked,
    tempo: Object.hasOwn(TEMPOS, asked) ? asked : 'normal' });
  tableRoot.replaceChildren();
  const controls = createWatchControls(session);
  const table = createTable(tableRoot, session, { storage: storage ?? undefined, fixedTempo: Object.hasOwn(TEMPOS, asked) });
  table.element.querySelector('.table-top').append(controls.element);
  current = { session, controls };
  setup.hidden = true;
  tools.hidden = false;
  session.resume();
  controls.element.querySelector('button')?.focus();
});
formReady(form);

again.addEventListener('click', () => {
  current?.session.stop();
  current = null;
  tableRoot.replaceChildren();
  tools.hidden = true;
  setup.hidden = false;
  byId('watch-setup-h').focus();
});

onLangChange(() => current?.controls.render());
