// Tests of a room's words and parts without a browser: the stand-in log line and seat words, the
// ready step's waiting list, the clock's seconds and its once-per-turn key, and the local game's
// "Rundenübersicht" kept in its save. Run: node --test tests/web/
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { setLang } from '../../src/ziehdomino/web/common/i18n.js';
import { clockWords, secondsLeft, turnKey } from '../../src/ziehdomino/web/room/room-clock.js';
import { iAmReady, waitingFor, waitingText } from '../../src/ziehdomino/web/room/room-ready.js';
import { actionPhrase, seatWords, standInText } from '../../src/ziehdomino/web/common/stand-in.js';
import { cardMeta, entryText, isAway } from '../../src/ziehdomino/web/table/words.js';
import { LocalSession } from '../../src/ziehdomino/web/sessions/session-local.js';

function memory() {
  const m = new Map();
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => m.set(k, String(v)), removeItem: (k) => m.delete(k) };
}
globalThis.localStorage = memory();

const ROOM = {
  you: 0,
  seats: [
    { seat: 0, kind: 'person', name: 'Anna', taken: true, connected: true, left: false, stand_in: false, ready: true },
    { seat: 1, kind: 'person', name: 'Ben', taken: true, connected: false, left: false, stand_in: true, ready: false },
    { seat: 2, kind: 'person', name: 'Cleo', taken: true, connected: true, left: false, stand_in: false, ready: false },
    { seat: 3, kind: 'person', name: 'Dora', taken: true, connected: false, left: true, stand_in: true, ready: false },
  ],
};
const VIEW = { seat: 0, players: 4, hand_counts: [5, 4, 5, 3], result: null, round_number: 1, log: [] };

test('a stand-in move reads "Computer spielt für Ben: legt 3|5 rechts an.", for the viewer "für dich", a sentence of its own', () => {
  setLang('de');
  const entry = { seat: 1, type: 'play', tile: '3|5', end: 'right', ends: [1, 3], stand_in: true };
  assert.equal(entryText(VIEW, ROOM, entry), 'Computer spielt für Ben: legt 3|5 rechts an.');
  assert.equal(standInText({ ...entry, seat: 0 }, 'Anna', true), 'Computer spielt für dich: legt 3|5 rechts an.');
  assert.equal(standInText({ seat: 1, type: 'play', tile: '3|5', end: 'right' }, 'Ben', false), null);
  assert.equal(actionPhrase({ type: 'play', tile: '2|2', end: null }), 'eröffnet mit 2|2');
  assert.equal(actionPhrase({ type: 'draw', n: 3 }), 'zieht 3 Steine');
  assert.equal(actionPhrase({ type: 'pass' }), 'passt');
  setLang('en');
  assert.equal(entryText(VIEW, ROOM, entry), 'Computer plays for Ben: plays 3|5 on the right.');
  setLang('de');
});

test('the seat says who plays it: "Computer spielt" (and the badge "abwesend"), "hat den Raum verlassen · Computer spielt"', () => {
  setLang('de');
  assert.equal(cardMeta(VIEW, ROOM, 1), 'Computer spielt · 4 Steine');
  assert.equal(isAway(ROOM, 1), true); // the card's badge says "abwesend", once
  assert.equal(cardMeta(VIEW, ROOM, 3), 'hat den Raum verlassen · Computer spielt · 3 Steine');
  assert.equal(isAway(ROOM, 3), false); // left for good: no "abwesend" beside it
  assert.equal(cardMeta(VIEW, ROOM, 2), 'verbunden · 5 Steine');
  assert.deepEqual(seatWords(ROOM.seats[0], true), ['bereit']);
  assert.deepEqual(seatWords(ROOM.seats[0], false), []);
  assert.deepEqual(seatWords({ kind: 'computer' }, true), []);
});

test('an away person whose grace still runs is not yet said to be played by a computer', () => {
  setLang('de');
  const ben = ROOM.seats[1];
  const counting = { ...ROOM, clock: { seat: 1, ms: 17000, stand_in: false } };
  assert.equal(cardMeta(VIEW, counting, 1), '4 Steine');
  assert.deepEqual(seatWords(ben, false, { seat: 1, ms: 0, stand_in: true }), ['Computer spielt']);
  assert.deepEqual(seatWords(ben, false, { seat: 2, ms: 5000, stand_in: false }), ['Computer spielt']);
});

test('an away person\'s count says name and seconds first on a phone, the sentence on a wide screen', () => {
  const away = { standIn: false, me: false, away: true };
  setLang('de');
  assert.equal(clockWords(away, 15200, 'Ben'), 'In 16 s spielt ein Computer für Ben');
  assert.equal(clockWords(away, 15200, 'Ben', true), 'Ben: Computer in 16 s');
  assert.equal(clockWords(away, 0, 'Ben', true), 'Computer spielt für Ben');
  assert.equal(clockWords({ ...away, away: false }, 15200, 'Ben', true), 'Ben am Zug: noch 16 s');
  assert.equal(clockWords({ standIn: false, me: true, away: false }, 15200, 'Ben', true), 'Dein Zug: noch 16 s');
  setLang('en');
  assert.equal(clockWords(away, 15200, 'Ben'), 'In 16 s a computer plays for Ben');
  assert.equal(clockWords(away, 15200, 'Ben', true), 'Ben: computer in 16 s');
  setLang('de');
});

test('the ready step waits for the persons at the table who have not asked, not for the away or left', () => {
  assert.deepEqual(waitingFor(ROOM), [2]);
  assert.equal(iAmReady(ROOM), true);
  assert.equal(iAmReady({ ...ROOM, you: 2 }), false);
  assert.deepEqual(waitingFor({ local: true, seats: ROOM.seats }), []);
});

test('the waiting line lists the names as the language does and addresses the viewer', () => {
  const words = { nameOf: (s) => ['Anna', 'Ben', 'Cleo'][s], isMe: (s) => s === 0 };
  assert.equal(waitingText([0, 1, 2], words), 'Warte auf dich, Ben und Cleo.');
  assert.equal(waitingText([0, 1], words), 'Warte auf dich und Ben.');
  assert.equal(waitingText([0], words), 'Warte auf dich.');
  assert.equal(waitingText([1, 2], words), 'Warte auf Ben und Cleo.');
  assert.equal(waitingText([], words), 'Alle sind bereit.');
  setLang('en');
  try {
    assert.equal(waitingText([0, 1, 2], words), 'Waiting for you, Ben, and Cleo.');
    assert.equal(waitingText([1], words), 'Waiting for Ben.');
  } finally {
    setLang('de');
  }
});

test('the clock shows whole seconds rounded up and has one key per turn (draws keep it)', () => {
  assert.equal(secondsLeft(10000), 10);
  assert.equal(secondsLeft(9001), 10);
  assert.equal(secondsLeft(9000), 9);
  assert.equal(secondsLeft(-5), 0);
  const view = { round_number: 2, log: [{ seat: 0 }, { seat: 1 }] };
  const drew = { round_number: 2, log: [{ seat: 0 }, { seat: 1 }, { seat: 1, type: 'draw' }] };
  const next = { round_number: 2, log: [{ seat: 0 }, { seat: 1 }, { seat: 1 }, { seat: 0 }, { seat: 1 }] };
  assert.equal(turnKey(view, 1), turnKey(drew, 1));
  assert.notEqual(turnKey(view, 1), turnKey(next, 1));
});

test('the local game keeps every finished round in its save and shows it again after a resume', async () => {
  const storage = memory();
  const session = new LocalSession({ storage, chooseMove: (v) => v.legal[0], schedule: () => 0, cancel: () => {} });
  session.start({ name: 'Anna', computers: ['leicht'] });
  for (let round = 1; round <= 2; round++) {
    while (!session.view().result) {
      const seat = session.match.round.turn;
      if (seat === 0) session.act(session.view().legal[0]);
      else await session.computerMove();
    }
    if (round === 1) session.nextRound();
  }
  const history = session.history();
  assert.deepEqual(history.map((e) => e.round), [1, 2]);
  assert.ok(history.every((e) => ['domino', 'blocked'].includes(e.kind) && e.pips.length === 2 && e.winners.length >= 1));
  const again = new LocalSession({ storage, schedule: () => 0, cancel: () => {} });
  assert.equal(again.resume(), 'resumed');
  assert.deepEqual(again.history(), history);
});
