/**
 * @file The replay page: one finished round, action by action, on the one table (render.js)
 * through a ReplaySession, with the replay's controls (replay-controls.js).
 *
 * - `/r/{room}/runde/{n}`: a room's round, from `GET /api/rooms/{room}/runde/{n}` (read-only,
 *   the same for anyone with the link).
 * - `/ansehen?lokal={n}`: round n of the local game saved in this browser; it can be saved to
 *   a file ("Als Datei speichern").
 * - `/ansehen`: opens a round file ("Datei öffnen"), checked on opening (replay-file.js).
 */
// @ts-check

import { byId, h } from '../common/dom.js';
import { errorText, initPage, onLangChange, t } from '../common/i18n.js';
import { createTable } from '../table/render.js';
import { createReplayControls } from '../replay/replay-controls.js';
import { parseRoundFile, roundFileName, roundFileText } from '../replay/replay-file.js';
import { SAVE_KEY } from '../sessions/local-save.js';
import { createAnalysisPanel } from '../learn/analysis-panel.js';
import { ReplaySession } from '../sessions/session-replay.js';
import '../replay/replay-strings.js';

initPage(document);

const message = byId('replay-msg');
const fileInput = /** @type {HTMLInputElement} */ (byId('replay-file'));
const tableRoot = byId('table-root');
const tools = byId('replay-tools');
const exportBtn = byId('replay-export');
const backLink = /** @type {HTMLAnchorElement} */ (byId('replay-back'));
const analysisRoot = byId('analysis-root');

let storage;
try {
  storage = globalThis.localStorage;
  storage.getItem('ziehdomino.probe');
} catch {
  storage = null;
}

let current = null; // {session, controls, seats}

function say(text) {
  message.textContent = text;
}

/** Shows `record` on the table (replacing any round shown before). */
function show(record, seats, { exportable = false, own = false } = {}) {
  current?.session.pause();
  tableRoot.replaceChildren();
  const session = new ReplaySession(record, { seats: seats ?? undefined, mine: ownSeat(record, seats, own) });
  const controls = createReplayControls(session);
  const table = createTable(tableRoot, session, storage ? { storage } : {});
  // In the table's top row, so that they come into view with it.
  table.element.querySelector('.table-top').append(controls.element);
  table.update();
  current = { session, controls, seats, record };
  showAnalysis(record, session, table, controls);
  tools.hidden = !exportable;
  document.title = t('replay.pageTitle', { n: record.round });
  /** @type {HTMLButtonElement|null} */ (controls.element.querySelector('button:not([disabled])'))?.focus();
}

/**
 * The player's own seat, when the page knows it: the round end's link names it (#analyse-SEAT);
 * a round of this browser's local game (`own`) with one person at the table is that person's.
 * Else null: a replay file or a room's round may be anyone's.
 */
function ownSeat(record, seats, own) {
  const asked = location.hash.match(/^#analyse-(\d)$/);
  if (asked && Number(asked[1]) < record.players) return Number(asked[1]);
  if (!own || !Array.isArray(seats)) return null;
  const persons = seats.map((s, i) => (s?.kind === 'person' ? i : -1)).filter((i) => i >= 0);
  return persons.length === 1 ? persons[0] : null;
}

/**
 * "Runde analysieren" under the table (learn/analysis-panel.js); a chosen decision's words go
 * under the replay's controls, which come into view with the table. Started at once when the
 * address ends in #analyse-SEAT (the round end's link, SEAT the player's seat) or #analyse.
 */
function showAnalysis(record, session, table, controls) {
  const note = h('p', { class: 'an-note', attrs: { 'aria-live': 'polite' } });
  note.hidden = true;
  controls.element.append(note);
  const asked = location.hash.match(/^#analyse(?:-(\d))?$/);
  const panel = createAnalysisPanel({
    record, session, note, seat: asked?.[1] === undefined ? null : Number(asked[1]),
    onJump: () => table.element.scrollIntoView({ block: 'start' }),
  });
  analysisRoot.replaceChildren(panel.element);
  current.analysis = panel;
  if (asked) panel.run();
}

async function fromRoom(room, n) {
  backLink.href = `/r/${room}`;
  let response;
  try {
    response = await fetch(`/api/rooms/${encodeURIComponent(room)}/runde/${encodeURIComponent(n)}`, { headers: { accept: 'application/json' } });
  } catch {
    say(errorText('network'));
    return;
  }
  const body = await response.json().catch(() => null);
  if (!response.ok || !body?.record) {
    say(errorText(body?.code ?? 'server_error'));
    return;
  }
  try {
    show(body.record, body.seats);
  } catch (error) {
    say(t('replay.file.refused', { why: error.message }));
  }
}

function fromLocal(n) {
  backLink.href = '/lokal';
  let data = null;
  try {
    data = JSON.parse(storage?.getItem(SAVE_KEY));
  } catch {
    data = null;
  }
  const record = Array.isArray(data?.records) ? data.records.find((r) => r?.round === n) : null;
  if (!record) {
    say(t('replay.noLocal', { n }));
    document.body.classList.remove('has-round');
    return;
  }
  try {
    show(record, data.seats, { exportable: true, own: true });
  } catch (error) {
    say(t('replay.file.refused', { why: error.message }));
  }
}

fileInput.addEventListener('change', async () => {
  const file = fileInput.files?.[0];
  if (!file) return;
  say('');
  try {
    const { record, seats } = parseRoundFile(await file.text());
    show(record, seats, { exportable: true });
    say(t('replay.opened', { name: file.name }));
  } catch (error) {
    current?.session.pause();
    current = null;
    tableRoot.replaceChildren();
    tools.hidden = true;
    say(t(`replay.file.${error.code ?? 'notJson'}`, { why: error.detail ?? error.message }));
  }
});

exportBtn.addEventListener('click', () => {
  if (!current) return;
  const blob = new Blob([roundFileText(current.record, current.seats)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const name = roundFileName(current.record);
  const a = h('a', { attrs: { href: url, download: name } });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  // Where it went, and (the link beside the button) how to open it again.
  byId('replay-exported').textContent = t('replay.exported', { name });
});

onLangChange(() => {
  current?.controls.render();
  current?.analysis?.render();
  if (current) document.title = t('replay.pageTitle', { n: current.record.round });
});

const roomPath = location.pathname.match(/^\/r\/([A-Za-z0-9_-]{16,64})\/runde\/(\d{1,5})$/);
const local = new URLSearchParams(location.search).get('lokal');
if (roomPath) {
  fromRoom(roomPath[1], Number(roomPath[2]));
} else if (local !== null && /^\d{1,5}$/.test(local)) {
  fromLocal(Number(local));
} else {
  backLink.hidden = true;
}
