/**
 * @file The room page (/r/{id}): join form, invitation, seats, then the table.
 *
 * A browser with a stored seat credential for the room plays that seat; one without watches
 * and, while a person seat is free, gets a join form. Everything on the table comes from the
 * session's `state` messages (docs/protocol.md) through the one renderer. A seated person can
 * leave for good ("Raum verlassen", with a confirmation). Tabs of one browser share one seat:
 * joining runs under a Web Lock and takes the seat another tab stored meanwhile instead of a
 * second one, and a seat stored or forgotten by another tab reconnects this one.
 */
// @ts-check
/** @import { NamedForm } from '../common/dom.js' */

import { DEFAULT_LEVEL } from '../common/constants.js';
import { byId, formReady, h, setText } from '../common/dom.js';
import { errorText, initPage, onLangChange, t } from '../common/i18n.js';
import { holderKey } from '../common/holder.js';
import { createTable } from '../table/render.js';
import { createClock } from '../room/room-clock.js';
import { createReady } from '../room/room-ready.js';
import { createLeave } from '../room/room-leave.js';
import { createWait } from '../room/room-wait.js';
import { createReactions } from '../room/room-reactions.js';
import { seatName } from '../common/seat-words.js';
import { OnlineSession, SEAT_KEY_PREFIX, readSeat } from '../sessions/session-online.js';
import { joinContribution, joined } from '../sessions/deal-witness.js';
import { wireRoomStats } from '../room/room-stats.js';
import { defaultName, prefillName, readName, rememberName, nameToSeat, wireName } from './name-field.js';

initPage(document);

const roomId = decodeURIComponent(location.pathname.split('/')[2] ?? '');
const conn = byId('conn');
const message = byId('room-msg');
const join = byId('join');
const joinForm = /** @type {NamedForm} */ (byId('join-form'));
const joinError = byId('join-error');
const seatsBox = byId('seats');
const seatList = byId('seat-list');
const waiting = byId('waiting');
const spectatorNote = byId('spectator');
const invite = byId('invite');
const aiHelp = /** @type {HTMLElement} */ (document.querySelector('.ai-help'));
const inviteLink = /** @type {HTMLInputElement} */ (byId('invite-link'));
const copyButton = byId('copy');
const copyMessage = byId('copy-msg');
const shareButton = byId('share');
const qrToggle = byId('qr-toggle');
const qrBox = byId('qr');
const tableRoot = byId('table-root');

inviteLink.value = `${location.origin}/r/${encodeURIComponent(roomId)}`;
prefillName(joinForm.elements.name);
defaultName(joinForm.elements.name);
wireName(joinForm.elements.name);

let room = null;
let view = null;
let connState = 'connecting';
// From a lost connection until the next state: reconnect attempts go 'connecting' and back to
// 'retry' every few seconds meanwhile, and the line keeps saying that it is interrupted.
let connDown = false;

// "Raum verlassen": once a round is there, beside the table with its history and settings (on a
// phone one tap away, under "Verlauf & Einstellungen"); shown once the seat is known.
const leave = createLeave({ onLeave: () => session.leave() });
// A waiting open table: its countdown and "Jetzt mit Computern starten", above the seats.
const wait = createWait({ onStartNow: () => session.startNow() });
seatList.before(wait.element);

const session = new OnlineSession(roomId, { storage: localStorage });
session.subscribe({
  change() {
    room = session.roomInfo();
    view = session.view();
    renderRoom();
  },
  error(code) {
    if (code === 'left') return leftRoom();
    // The table says refusals while it is shown; before that, the page does.
    if (!view) message.textContent = errorText(code);
    if (code === 'room_not_found') notFound();
  },
  connection(state) {
    connState = state;
    renderConn();
  },
});
createTable(tableRoot, session, {
  roundLink: (n) => `/r/${encodeURIComponent(roomId)}/runde/${n}`,
  skipErrors: ['left'],
  roomParts: { clock: createClock(), ready: createReady() },
});
// Before the first round (no table yet) it stands at the foot of the seat list.
const side = tableRoot.querySelector('.side');
wireRoomStats(session, roomId, tableRoot);
// Reactions: their button sits in the table's top bar, their bubbles on the seat cards.
const reactions = createReactions({ session, storage: localStorage, roomId, root: tableRoot, nameOf: (s) => seatName(room, s) });
(tableRoot.querySelector('.table-top') ?? tableRoot).append(reactions.element);

/**
 * The connection line. While the connection is down it is pinned to the top of the screen
 * (style.css `.conn.bad`): the page may be scrolled anywhere then, and the player must see why
 * nothing moves.
 */
function renderConn() {
  if (connState === 'retry') connDown = true;
  else if (connState !== 'connecting') connDown = false;
  const key = connDown ? 'conn.retry' : { online: 'conn.online', connecting: 'conn.connecting' }[connState];
  if (connDown) {
    // a shorter text for a phone's narrow place beside "Verlauf & Einstellungen" (style.css)
    const words = [t('conn.retry'), t('conn.retryShort')];
    if (conn.textContent !== words.join('')) {
      conn.replaceChildren(h('span', { class: 'conn-long', text: words[0] }), h('span', { class: 'conn-short', text: words[1] }));
    }
  } else setText(conn, key ? t(key) : '');
  conn.classList.toggle('bad', connDown);
}

function hasFreeSeat(r) {
  return Boolean(r?.seats?.some((s) => s.kind === 'person' && !s.taken));
}

let seatSig = '';
let lastWait = '';
function renderRoom() {
  const mine = room?.you ?? null;
  const canJoin = mine === null && hasFreeSeat(room) && !readSeat(localStorage, roomId);
  join.hidden = !canJoin;
  spectatorNote.hidden = !(room && mine === null && !hasFreeSeat(room));
  waiting.hidden = Boolean(view);
  seatsBox.hidden = Boolean(view) && mine !== null;
  // Once the table is full and dealt, a seated person needs no invitation and no help for
  // agents (read while waiting): both go as the table comes, so nothing the person saw moves.
  invite.hidden = Boolean(view) && mine !== null;
  aiHelp.hidden = Boolean(view) && mine !== null;
  // The room's state as the server put it on the page (app.py room_classes), kept current: the
  // style sheets lay the page out by it.
  document.body.classList.toggle('started', Boolean(view));
  document.body.classList.toggle('joinable', hasFreeSeat(room));
  document.body.classList.toggle('open-table', Boolean(room?.public) && !view);
  document.documentElement.classList.toggle('has-seat', mine !== null || Boolean(readSeat(localStorage, roomId)));
  if (mine !== null) document.body.classList.remove('joining');
  // Before a round: at the seat list's foot, the page's last part, so that showing it moves nothing.
  const home = view ? side : seatsBox;
  if (leave.element.parentNode !== home) home.append(leave.element);
  leave.show(mine !== null);
  reactions.update(room);
  const waitSig = JSON.stringify([document.documentElement.lang, room?.wait_ms, mine, Boolean(view)]);
  if (waitSig !== lastWait) {
    lastWait = waitSig;
    wait.update(room, Boolean(view));
  }
  // An open table is joined from the list: while it waits its seats come before the invitation.
  if (room?.public && !view && seatsBox.compareDocumentPosition(invite) & Node.DOCUMENT_POSITION_PRECEDING) invite.before(seatsBox);
  const sig = JSON.stringify([document.documentElement.lang, room?.seats, mine]);
  if (sig === seatSig) return;
  seatSig = sig;
  seatList.replaceChildren(...(room?.seats ?? []).map((s) => {
    const who = s.kind === 'computer'
      ? t('table.computer', { level: t(`level.${s.level ?? DEFAULT_LEVEL}`) })
      : s.taken ? (s.name ?? '?') : t('room.seat.free');
    return h('li', { class: s.taken || s.kind === 'computer' ? 'taken' : 'free' },
      h('span', { class: 'seat-label', text: `${t('form.seat', { n: s.seat + 1 })}: ` }),
      h('strong', { text: who }),
      s.seat === mine && ` ${t('room.seat.you')}`,
      s.kind === 'person' && s.taken && ` – ${t(s.connected ? 'table.connected' : 'table.away')}`);
  }));
}

let hasLeft = false;
/** After "Raum verlassen": the seat is forgotten; the page says so and offers the start page. */
function leftRoom() {
  if (hasLeft) return;
  hasLeft = true;
  session.close();
  leave.show(false);
  tableRoot.hidden = true;
  join.hidden = true;
  seatsBox.hidden = true;
  invite.hidden = true;
  message.textContent = t('leave.done');
  message.append(h('a', { text: ` ${t('leave.home')}`, attrs: { href: '/' } }));
}

function notFound() {
  message.textContent = t('room.notFound');
  join.hidden = true;
  seatsBox.hidden = true;
  invite.hidden = true;
}

onLangChange(() => {
  seatSig = '';
  lastWait = '';
  leave.translate();
  renderRoom();
  renderConn();
});

async function copyLink() {
  try {
    await navigator.clipboard.writeText(inviteLink.value);
    copyMessage.textContent = t('room.invite.copied');
  } catch {
    inviteLink.select();
    copyMessage.textContent = t('room.invite.copyFailed');
  }
}
copyButton.addEventListener('click', copyLink);

// One tap on a phone: the system's share sheet where the browser has the Web Share API, else
// the link is copied; either way the page says what happened.
shareButton.addEventListener('click', async () => {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: t('room.invite.shareTitle'), text: t('room.invite.shareText'), url: inviteLink.value });
      copyMessage.textContent = t('room.invite.shared');
      return;
    } catch (error) {
      if (error?.name === 'AbortError') return; // the person closed the share sheet
    }
  }
  await copyLink();
});

// The QR code for a friend at the same table (made by the server, fetched when first shown).
qrToggle.addEventListener('click', () => {
  const show = qrBox.hidden;
  if (show && !qrBox.querySelector('img')) {
    qrBox.prepend(h('img', {
      attrs: {
        id: 'qr-img', width: 220, height: 220, 'data-i18n-attr': 'alt:room.invite.qrAlt', alt: t('room.invite.qrAlt'),
        src: `/r/${encodeURIComponent(roomId)}/qr.svg`,
      },
    }));
  }
  qrBox.hidden = !show;
  qrToggle.setAttribute('aria-expanded', String(show));
  qrToggle.dataset.i18n = show ? 'room.invite.qrHide' : 'room.invite.qr';
  qrToggle.textContent = t(qrToggle.dataset.i18n);
});

let joining = false;
joinForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  if (joining) return;
  const typed = readName(joinForm, joinError);
  if (typed === null) return;
  joining = true;
  // the profile is made (or renamed) first: the seat takes its name, "Gast NNNN" for "Gast"
  const name = await nameToSeat(joinForm, typed, true);
  if (name !== t('form.defaultName')) rememberName(name);
  // The last free seat deals the first round at once: the table's place is kept from the click
  // on, and the table shows once it is this person's, not a moment before as a spectator's
  // (room.css `.joining`).
  const free = room?.seats?.filter((s) => s.kind === 'person' && !s.taken).length ?? 0;
  document.body.classList.toggle('joining', free === 1);
  try {
    await oneJoinAtATime(() => joinOnce(name));
  } catch {
    joinError.textContent = errorText('network');
  } finally {
    joining = false;
    if (!readSeat(localStorage, roomId)) document.body.classList.remove('joining');
  }
});
formReady(joinForm);

/**
 * Runs `fn` while no other tab of this browser joins this room (a Web Lock; without the API it
 * just runs). Together with the check in joinOnce, two tabs that join at once take one seat.
 */
function oneJoinAtATime(fn) {
  const locks = globalThis.navigator?.locks;
  return locks?.request ? locks.request(`ziehdomino.join.${roomId}`, fn) : fn();
}

/** The Web Lock a tab holds (shared, while it lives) once it took a seat here. */
const SEATED_LOCK = `ziehdomino.seated.${roomId}`;

/**
 * Holds SEATED_LOCK from now on; resolves once it is held. Other tabs learn from it at once
 * that this browser has a seat here: the seat itself travels through localStorage, which
 * Chromium passes on to other tabs only a moment later.
 */
function holdSeatedLock() {
  const locks = globalThis.navigator?.locks;
  if (!locks?.request) return Promise.resolve();
  return new Promise((held) => {
    locks.request(SEATED_LOCK, { mode: 'shared' }, () => {
      held();
      return new Promise(() => {}); // released when the tab goes
    });
  });
}

/** The seat another tab stored, waited for up to `ms` when a tab of this browser holds one here. */
async function seatOfAnotherTab(ms = 3000) {
  const locks = globalThis.navigator?.locks;
  if (readSeat(localStorage, roomId) || !locks?.query) return readSeat(localStorage, roomId);
  const { held = [] } = await locks.query();
  if (!held.some((lock) => lock.name === SEATED_LOCK)) return null;
  for (let waited = 0; waited < ms; waited += 50) {
    await new Promise((wake) => setTimeout(wake, 50));
    if (readSeat(localStorage, roomId)) return readSeat(localStorage, roomId);
  }
  return null;
}

/**
 * The room as the socket last said, waiting up to `ms` for its first state if none came yet.
 * @returns {Promise<object|null>}  null when none came within `ms`.
 */
function roomInfoSoon(ms = 5000) {
  if (session.roomInfo()) return Promise.resolve(session.roomInfo());
  return new Promise((done) => {
    const finish = () => {
      clearTimeout(timer);
      stop();
      done(session.roomInfo());
    };
    const timer = setTimeout(finish, ms);
    const stop = session.subscribe({ change: () => session.roomInfo() && finish() });
  });
}

/** Joins, unless another tab of this browser took a seat here meanwhile: then plays that one. */
async function joinOnce(name) {
  if (await seatOfAnotherTab()) {
    join.hidden = true;
    session.connect();
    return;
  }
  // the joiner's contribution to the pending deal goes with the join (docs/fair.md): the join of
  // the last free seat deals the first round at once, so a click before the socket's first state
  // (the form is on the page from the start) waits for the pending commitment it brings
  const given = joinContribution(localStorage, roomId, await roomInfoSoon());
  // the browser's holder key: one seat per open table for it (common/holder.js)
  const response = await fetch(`/api/rooms/${encodeURIComponent(roomId)}/join`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, ...given, holder: holderKey(localStorage) }),
  });
  const data = await response.json().catch(() => ({}));
  if (response.status === 201 && Number.isInteger(data.seat) && typeof data.credential === 'string') {
    joined(localStorage, roomId, given);
    join.hidden = true;
    joinError.textContent = '';
    session.takeSeat(data.seat, data.credential);
    await holdSeatedLock(); // before the join lock goes, so a tab that waited for it sees the seat
  } else {
    joinError.textContent = errorText(data.code ?? 'unknown');
    if (data.code === 'room_full') join.hidden = true;
  }
}

renderConn();
if (!roomId) notFound();
else {
  // The summary tells quickly whether the room exists; the socket brings everything else.
  fetch(`/api/rooms/${encodeURIComponent(roomId)}`)
    .then((response) => {
      if (response.status === 404) {
        notFound();
        session.close();
      }
    })
    .catch(() => {});
  session.connect();
  window.addEventListener('online', () => session.connect());
  window.addEventListener('offline', () => session.networkLost());
  window.addEventListener('storage', (event) => {
    if (event.key === SEAT_KEY_PREFIX + roomId || event.key === null) session.seatChanged();
  });
}
