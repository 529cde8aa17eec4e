/**
 * @file The start page: "Schnell spielen" (POST /api/quick) and the live list "Offene Tische",
 * open a room (POST /api/rooms, then to its link) or start a local game
 * against computers (handed to /lokal through sessionStorage). Offers to resume a saved local
 * game only when /lokal would resume it (local-save.js), and asks before a new one replaces it.
 */
// @ts-check
/** @import { NamedForm } from '../common/dom.js' */

import './local-strings.js';
import './start-strings.js';
import '../lobby/lobby-strings.js';
import { byId, formReady } from '../common/dom.js';
import { errorText, initPage, t } from '../common/i18n.js';
import { createMyRooms, myRoomIds } from '../lobby/my-rooms.js';
import { createOpenTables } from '../lobby/open-tables.js';
import { newContribution } from '../common/fair-hex.js';
import { holderKey } from '../common/holder.js';
import { joined } from '../sessions/deal-witness.js';
import { readSave } from '../sessions/local-save.js';
import { readSeat, writeSeat } from '../sessions/session-online.js';
import { MAX_PLAYERS, MIN_PEOPLE, MIN_PLAYERS } from '../common/constants.js';
import { defaultName, followProfile, prefillName, readName, rememberName, nameToSeat, wireName } from './name-field.js';
import { LOCAL_SETUP_KEY, buildFieldsets, confirmReplace, quickBody, readComputers, readTarget, wireComputers } from './setup.js';

initPage(document);

const openForm = /** @type {NamedForm} */ (byId('open-form'));
const openError = byId('open-error');
const localForm = /** @type {NamedForm} */ (byId('local-form'));
const localError = byId('local-error');
const quickForm = /** @type {NamedForm} */ (byId('quick-form'));
const quickError = byId('quick-error');

// Every name field shows the profile's name (or "Gast" to a stranger), and follows a rename
// made on another browser of the same profile.
for (const form of [quickForm, openForm, localForm]) {
  prefillName(form.elements.name);
  defaultName(form.elements.name);
  wireName(form.elements.name);
}
followProfile([quickForm, openForm, localForm].map((form) => form.elements.name));
wireComputers(localForm);

// Room form: seats 2–4, each a person or a computer with a level.
buildFieldsets(openForm, 'seat', MIN_PLAYERS, MAX_PLAYERS);
const seatCount = openForm.elements.seats;
function syncSeats() {
  for (const fs of /** @type {NodeListOf<HTMLFieldSetElement>} */ (openForm.querySelectorAll('fieldset[data-seat]'))) {
    const n = Number(fs.dataset.seat);
    fs.hidden = n > Number(seatCount.value);
    const kind = openForm.elements[`kind-${n}`];
    const level = openForm.elements[`level-${n}`];
    level.disabled = kind.value !== 'computer';
    level.closest('.field').classList.toggle('is-off', level.disabled);
    const about = byId(`${level.id}-about`); // how the level plays: computers only
    if (about) about.hidden = level.disabled;
  }
}
openForm.addEventListener('change', syncSeats);
syncSeats();

function savedGame() {
  try {
    const saved = readSave(localStorage);
    return saved.status === 'ok' ? saved.data : null;
  } catch {
    return null; // no storage: nothing to resume
  }
}
byId('resume').hidden = savedGame() === null;

/** The select's value as the API's `turn_time`: seconds, or null for "Ohne Zeitlimit". */
function turnTime(value) {
  return value === 'none' ? null : Number(value);
}

let busy = false;

/** Goes to `path`, the list's live stream closed first (Firefox reports a cut one as an error). */
function go(path) {
  openTables.close();
  location.assign(path);
}

/**
 * Sends a request that seats this browser (open, quick play, join) with its holder key (one
 * seat per open table: holder.js), keeps the seat's
 * credential (and, when the answer names the deal a contribution in `body` went to, that
 * contribution as the seat's own) and goes to the room; a refusal is told in `errorBox`.
 * @param {string} url
 * @param {object} body
 * @param {HTMLElement} errorBox
 * @param {string} failedKey  the words before the error's own
 * @param {string} [roomId]  the room joined (its answer names no room)
 */
async function seatAndGo(url, body, errorBox, failedKey, roomId) {
  if (busy) return;
  busy = true;
  try {
    const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...body, holder: holderKey(localStorage) }) });
    const data = await response.json().catch(() => ({}));
    const room = roomId ?? data.room;
    if (response.status === 200 && typeof data.room === 'string' && readSeat(localStorage, data.room)) {
      // Quick play found a waiting table this browser sits at already: back to that seat.
      go(`/r/${encodeURIComponent(data.room)}`);
      return;
    }
    if (response.status !== 201 || typeof room !== 'string' || !Number.isInteger(data.seat)) {
      errorBox.textContent = `${t(failedKey)} ${data.code ? errorText(data.code) : ''}`.trim();
      return;
    }
    writeSeat(localStorage, room, data.seat, data.credential);
    // the server took the contribution for the deal it names: the table's page checks that deal
    // against it (docs/fair.md)
    if (typeof data.commitment === 'string') {
      joined(localStorage, room, { commitment: data.commitment, contribution: body.contribution }, { dealt: true });
    }
    go(`/r/${encodeURIComponent(room)}`);
  } catch {
    errorBox.textContent = errorText('network');
  } finally {
    busy = false;
  }
}

/**
 * The name `form` seats its person with, the profile made or renamed to it (name-field.js
 * nameToSeat), remembered for the next form; null when the field breaks the name rule.
 * @param {NamedForm} form
 * @param {HTMLElement} errorBox
 * @param {boolean} [make]  make the profile when there is none (not for a local game)
 */
async function formName(form, errorBox, make = true) {
  const typed = readName(form, errorBox);
  if (typed === null) return null;
  const name = await nameToSeat(form, typed, make);
  if (name !== t('form.defaultName')) rememberName(name);
  return name;
}

quickForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  if (busy) return;
  const name = await formName(quickForm, quickError);
  if (name === null) return;
  const size = Number(quickForm.elements.size.value);
  // The size is in the query too: with several server processes the proxy routes by it.
  // with a contribution to the pending deal, taken if this seat deals it at once (docs/fair.md)
  const body = { ...quickBody(quickForm, name, myRoomIds(localStorage)), contribution: newContribution() };
  seatAndGo(`/api/quick?size=${size}`, body, quickError, 'start.quick.failed');
});
formReady(quickForm);

// "Meine Räume": the rooms this browser holds a seat in, each with a way to leave it.
createMyRooms({ section: byId('my-rooms'), list: byId('my-rooms-list'), storage: localStorage });

// "Offene Tische": "Mitspielen" takes the free seat with the name of the quick-play form.
const openTables = createOpenTables({
  list: byId('open-tables'),
  empty: byId('tables-empty'),
  join: async (room) => {
    // A table this browser sits at already: its seat, not a second one.
    if (readSeat(localStorage, room)) {
      go(`/r/${encodeURIComponent(room)}`);
      return;
    }
    const name = await formName(quickForm, quickError);
    if (name === null) return;
    // the list has no commitment: the contribution is taken if this seat deals the round at once
    seatAndGo(`/api/rooms/${encodeURIComponent(room)}/join`, { name, contribution: newContribution() }, quickError,
      'start.quick.failed', room);
  },
  watch: (room) => go(`/r/${encodeURIComponent(room)}`),
});

openForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  if (busy) return;
  if (readName(openForm, openError) === null) return;
  const seats = [{ kind: 'person' }];
  for (let n = 2; n <= Number(seatCount.value); n++) {
    const kind = openForm.elements[`kind-${n}`].value;
    seats.push(kind === 'computer' ? { kind, level: openForm.elements[`level-${n}`].value } : { kind: 'person' });
  }
  if (seats.filter((s) => s.kind === 'person').length < MIN_PEOPLE) {
    openError.textContent = t('start.open.needTwo');
    return;
  }
  const name = await formName(openForm, openError);
  if (name === null) return;
  const body = { seats, name, turn_time: turnTime(openForm.elements.turnTime.value), target: readTarget(openForm),
    public: openForm.elements.public.checked };
  await seatAndGo('/api/rooms', body, openError, 'start.open.failed');
});
formReady(openForm);

localForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  if (readName(localForm, localError) === null) return;
  const saved = savedGame();
  if (saved && !(await confirmReplace(saved))) return;
  const name = await formName(localForm, localError, false);
  if (name === null) return;
  try {
    sessionStorage.setItem(LOCAL_SETUP_KEY, JSON.stringify({ name, computers: readComputers(localForm), target: readTarget(localForm) }));
  } catch {
    // without sessionStorage the local page asks again
  }
  go('/lokal');
});
formReady(localForm);
