/**
 * @file The local page (/lokal): a game against 1–3 computers, entirely in the browser.
 *
 * Starts a new game handed over by the start page (sessionStorage), else resumes the saved
 * one, else shows the setup form. `?delay=MS` sets the computers' pause (tests, benchmarks).
 */
// @ts-check
/** @import { NamedForm } from '../common/dom.js' */

import './local-strings.js';
import { byId, formReady } from '../common/dom.js';
import { initPage, t } from '../common/i18n.js';
import { cryptoRng } from '../engine/deal.js';
import { createTable } from '../table/render.js';
import { readSave } from '../sessions/local-save.js';
import { LocalSession, uniformMove } from '../sessions/session-local.js';
import { defaultName, prefillName, readName, rememberName, nameToSeat, wireName } from './name-field.js';
import { LOCAL_SETUP_KEY, confirmReplace, readComputers, readTarget, wireComputers } from './setup.js';

initPage(document);

const message = byId('local-msg');
const setup = byId('setup');
const setupForm = /** @type {NamedForm} */ (byId('setup-form'));
const setupError = byId('setup-error');
const cancelSetup = byId('cancel-setup');
const newGame = byId('new-game');
const tableRoot = byId('table-root');

const params = new URLSearchParams(location.search);
const delayParam = Number(params.get('delay'));
// Without ?delay the computers play at the table's setting "Tempo" (common/tempo.js TEMPOS).
const delay = params.has('delay') && Number.isFinite(delayParam) && delayParam >= 0 ? delayParam : undefined;

// Computers: bots/index.js from their own seat's view; should a bot ever fail, a uniform legal move,
// so that a computer never stalls the table (as on the server). bots/index.js (the largest module)
// is loaded once a game is there, not with the setup form: it is no part of the first load.
let bots = null;
/** bots/index.js's module, or null when it could not be loaded (offline before the worker cached it:
 * the next move tries again). */
function loadBots() {
  bots ??= import('../bots/index.js').catch(() => {
    bots = null;
    return null;
  });
  return bots;
}
async function chooseMove(view, level) {
  const module = await loadBots();
  try {
    return module.decide(view, level, cryptoRng.int(0x80000000));
  } catch {
    return uniformMove(view);
  }
}

/** @type {Storage} */
let storage;
try {
  storage = globalThis.localStorage;
  storage.getItem('ziehdomino.probe');
} catch {
  const memory = new Map();
  // the three methods of Storage the game calls
  storage = /** @type {Storage} */ (/** @type {unknown} */ ({ getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => memory.set(k, String(v)), removeItem: (k) => memory.delete(k) }));
}

const session = new LocalSession({
  storage,
  delay,
  chooseMove,
});
session.subscribe({
  error: (code) => {
    if (code === 'save_failed') message.textContent = t('local.saveFailed');
  },
});
const table = createTable(tableRoot, session, {
  storage,
  fixedTempo: delay !== undefined,
  skipErrors: ['save_failed'],
  roundLink: (n) => (session.records.some((r) => r.round === n) ? `/ansehen?lokal=${n}` : null),
});

// "Statistik": the rounds counted per computer level and table size, redrawn as rounds end.
// Its panel and chart load when it is first opened: they are no part of the table's first load.
const statsRoot = byId('stats-root');
const statsToggle = byId('stats-toggle');
let stats = null;
async function statsPanel() {
  if (!stats) {
    const { createLocalStats } = await import('../stats/stats-panel.js');
    if (!stats) {
      stats = createLocalStats(storage);
      statsRoot.append(stats.element);
    }
  }
  return stats;
}
statsToggle.addEventListener('click', async () => {
  const open = statsRoot.hidden;
  statsRoot.hidden = !open;
  statsToggle.setAttribute('aria-expanded', String(open));
  if (!open) return;
  const panel = await statsPanel();
  if (statsRoot.hidden) return;
  panel.render();
  panel.heading.focus();
});
session.subscribe({ change: () => stats && !statsRoot.hidden && session.view()?.result && stats.render() });

function showSetup(show) {
  document.documentElement.classList.remove('resuming'); // first-paint.js's guess: decided now
  setup.hidden = !show;
  cancelSetup.hidden = !session.match;
  tableRoot.hidden = show || !session.match;
  newGame.hidden = show || !session.match;
  // Beside a game in progress "Nur zuschauen" is here; with the setup shown it is in the setup.
  byId('watch-link').hidden = show || !session.match;
  if (!tableRoot.hidden) table.layout();
}

wireComputers(setupForm);
prefillName(setupForm.elements.name);
defaultName(setupForm.elements.name);
wireName(setupForm.elements.name);

setupForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  const typed = readName(setupForm, setupError);
  if (typed === null) return;
  const saved = readSave(storage);
  if (saved.status === 'ok' && !(await confirmReplace(saved.data))) return;
  const name = await nameToSeat(setupForm, typed, false); // a kept profile follows a new name
  if (name !== t('form.defaultName')) rememberName(name);
  message.textContent = '';
  loadBots();
  await session.ready(); // the first round's committed deal (docs/fair.md): a few ms
  session.start({ name, computers: readComputers(setupForm), target: readTarget(setupForm) });
  showSetup(false);
  table.element.querySelector('h2')?.focus?.();
});
formReady(setupForm);
cancelSetup.addEventListener('click', () => {
  showSetup(false);
  newGame.focus();
});
newGame.addEventListener('click', () => {
  showSetup(true);
  byId('setup-h').focus();
});

// A new game handed over by the start page, else the saved game, else the setup form.
let handoff = null;
try {
  handoff = JSON.parse(sessionStorage.getItem(LOCAL_SETUP_KEY));
  sessionStorage.removeItem(LOCAL_SETUP_KEY);
} catch {
  handoff = null;
}
let started = false;
if (handoff && typeof handoff === 'object') {
  await session.ready(); // the first round's committed deal (docs/fair.md): a few ms
  try {
    session.start(handoff);
    started = true;
  } catch {
    started = false;
  }
}
if (!started) {
  const outcome = session.resume();
  if (outcome === 'resumed') {
    started = true; // the session drew the table through its change event
  } else if (outcome === 'discarded') {
    message.textContent = t('local.discarded');
  }
}
showSetup(!started);
if (started) loadBots();
