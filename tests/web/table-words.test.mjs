// Tests of the table's words (src/ziehdomino/web/table/words.js): every sentence the table says,
// from a seat's view and the room info alone. Run: node --test tests/web/
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { setLang } from '../../src/ziehdomino/web/common/i18n.js';
import {
  cardMeta, cardName, deedText, entryText, freshTiles, isAway, keysText, nextStarterText, outcomeWord, previewText, reasons,
  recentEntries, resultSentence, roundEndNote, seatName, statusText,
} from '../../src/ziehdomino/web/table/words.js';

globalThis.localStorage = { getItem: () => null, setItem() {}, removeItem() {} };

const LOCAL = {
  local: true, you: 0,
  seats: [{ seat: 0, kind: 'person', name: 'Anna' }, { seat: 1, kind: 'computer', level: 'leicht' },
    { seat: 2, kind: 'computer', level: 'stark' }],
};
const ONLINE = {
  you: 1,
  seats: [{ seat: 0, kind: 'person', name: 'Ben', connected: true }, { seat: 1, kind: 'person', name: 'Anna', connected: true },
    { seat: 2, kind: 'person', name: null, connected: false }],
};

function view(extra = {}) {
  return {
    version: 7, players: 3, seat: 0, round_number: 1, starter: 1,
    line: ['3|5', '5|5', '5|2'], ends: [3, 2], hand: ['1|3', '2|6', '4|4'], hand_counts: [3, 3, 6], boneyard_count: 4,
    turn: 0, passes: 0,
    legal: [{ type: 'play', tile: '1|3', end: 'left' }, { type: 'play', tile: '2|6', end: 'right' }],
    log: [
      { seat: 1, type: 'play', tile: '5|5', end: null, ends: null },
      { seat: 2, type: 'play', tile: '3|5', end: 'left', ends: [5, 5] },
      { seat: 0, type: 'play', tile: '2|5', end: 'right', ends: [3, 5] },
      { seat: 1, type: 'draw', ends: [3, 2] },
      { seat: 1, type: 'draw', ends: [3, 2] },
      { seat: 1, type: 'pass', ends: [3, 2] },
      { seat: 2, type: 'draw', ends: [3, 2] },
      { seat: 2, type: 'draw', ends: [3, 2] },
    ],
    result: null, hands: null, pips: null,
    match: { wins: [0, 1, 0], shared: [0, 0, 0], next_starter: 2 },
    ...extra,
  };
}

test('seats are named as the setup numbers them, the viewer as "Du"', () => {
  setLang('de');
  assert.equal(seatName(LOCAL, 0), 'Anna');
  assert.equal(seatName(LOCAL, 2), 'Computer 2');
  assert.equal(seatName(ONLINE, 2), 'Platz 3');
  assert.equal(cardName(view(), LOCAL, 0), 'Du (Anna)');
  assert.equal(cardName(view(), LOCAL, 1), 'Computer 1');
});

test('a computer keeps its number when a person takes over an earlier computer seat', () => {
  setLang('de');
  const seats = [{ seat: 0, kind: 'person', name: 'Anna' }, { seat: 1, kind: 'computer', level: 'mittel' },
    { seat: 2, kind: 'computer', level: 'mittel' }];
  assert.equal(seatName({ seats }, 2), 'Computer 2');
  const taken = [seats[0], { seat: 1, kind: 'person', name: 'Ben', since: 3 }, seats[2]];
  assert.equal(seatName({ seats: taken }, 1), 'Ben');
  assert.equal(seatName({ seats: taken }, 2), 'Computer 2');
});

test('log entries read as sentences, for the viewer in the second person', () => {
  setLang('de');
  const v = view();
  assert.equal(entryText(v, LOCAL, v.log[0]), 'Computer 1 eröffnet mit 5|5.');
  assert.equal(entryText(v, LOCAL, v.log[1]), 'Computer 2 legt 3|5 links an.');
  assert.equal(entryText(v, LOCAL, v.log[2]), 'Du legst 2|5 rechts an.');
  assert.equal(entryText(v, LOCAL, v.log[3]), 'Computer 1 zieht einen Stein.');
  assert.equal(entryText(v, LOCAL, v.log[5]), 'Computer 1 passt.');
  setLang('en');
  assert.equal(entryText(v, LOCAL, v.log[2]), 'You play 2|5 on the right.');
  setLang('de');
});

test('the status says whose turn, the open ends, and what the others did since one\'s own action', () => {
  setLang('de');
  const v = view();
  assert.deepEqual(recentEntries(v, 10), v.log.slice(3));
  assert.equal(statusText(v, LOCAL),
    'Du bist am Zug. Offene Enden: links 3, rechts 2. Zuletzt: Computer 1 zieht 2 Steine. Computer 1 passt. Computer 2 zieht 2 Steine.');
  const theirs = view({ turn: 1, legal: [], log: v.log.slice(0, 3) });
  assert.equal(statusText(theirs, LOCAL), 'Computer 1 ist am Zug. Offene Enden: links 3, rechts 2. Zuletzt: Du legst 2|5 rechts an.');
  const empty = view({ line: [], ends: null, log: [], turn: 0 });
  assert.equal(statusText(empty, LOCAL), 'Du bist am Zug. Die Kette ist leer: der erste Stein ist frei.');
  const watching = view({ seat: null, hand: null, legal: [], turn: 1 });
  assert.match(statusText(watching, ONLINE), /^Anna ist am Zug\. Du schaust zu\. Offene Enden/);
});

test('each card says what that seat did in its latest turn', () => {
  setLang('de');
  const v = view();
  assert.equal(deedText(v, 1), 'zieht 2, passt');
  assert.equal(deedText(v, 2), 'zieht 2');
  assert.equal(deedText(view({ log: v.log.slice(0, 2) }), 2), 'legt 3|5 links an');
  assert.equal(deedText(view({ log: v.log.slice(0, 1) }), 1), 'eröffnet mit 5|5');
  assert.equal(deedText(view({ log: [] }), 1), '');
  setLang('en');
  assert.equal(deedText(v, 1), 'draws 2, passes');
  setLang('de');
});

test('the tiles others placed since the viewer acted are the fresh ones', () => {
  const v = view();
  assert.deepEqual(freshTiles(view({ log: v.log.slice(0, 2) })), ['5|5', '3|5']);
  assert.deepEqual(freshTiles(v), []); // only draws and a pass since
  assert.deepEqual(freshTiles(view({ seat: null, log: v.log.slice(0, 2) })), ['3|5']);
});

test('reasons say why Ziehen or Passen is not allowed, and nothing when it is', () => {
  setLang('de');
  assert.deepEqual(reasons(view()), {
    draw: 'Ziehen ist nicht erlaubt: 1|3 passt links.', pass: 'Passen ist nicht erlaubt: 1|3 passt links.',
  });
  const mustDraw = view({ legal: [{ type: 'draw' }] });
  assert.deepEqual(reasons(mustDraw), { draw: '', pass: 'Passen ist nicht erlaubt: der Vorrat ist nicht leer, ziehe.' });
  const theirs = view({ turn: 1, legal: [] });
  assert.equal(reasons(theirs).draw, 'Ziehen ist nicht erlaubt: Du bist nicht am Zug.');
  // Each reason is a sentence of its own, so that two read one after the other never run
  // together ("...passt linksPassen ist nicht erlaubt...").
  setLang('en');
  assert.equal(reasons(view()).pass, 'Passing is not allowed: 1|3 fits on the left.');
  setLang('de');
  assert.equal(previewText(view(), '1|3'), '1|3 passt links (an die 3).');
  assert.equal(previewText(view(), '4|4'), '4|4 passt an kein Ende.');
  assert.equal(previewText(mustDraw, null), 'Kein Stein passt: ziehe einen Stein.');
});

test('result sentences: "zwischen dir und …", who opens next, and the outcome words', () => {
  setLang('de');
  const over = { turn: null, legal: [], hands: [['1|3'], ['0|4'], ['2|2', '6|6']], pips: [4, 4, 16] };
  const shared = view({ ...over, result: { kind: 'blocked', winners: [0, 1], pips: [4, 4, 16] } });
  assert.equal(resultSentence(shared, LOCAL),
    'Blockade: Die Runde ist geteilt zwischen dir und Computer 1 (je 4 Augen). Niemand erhält einen Sieg.');
  assert.equal(outcomeWord(shared, 0), 'geteilt');
  assert.equal(outcomeWord(shared, 2), '');
  const won = view({ ...over, hands: [[], ['0|4'], ['2|2']], pips: [0, 4, 4], result: { kind: 'domino', winners: [0] } });
  assert.equal(resultSentence(won, LOCAL), 'Du gewinnst die Runde mit leerer Hand.');
  const theirs = view({ ...over, hands: [['1|3'], [], ['2|2']], pips: [4, 0, 4], result: { kind: 'domino', winners: [1] } });
  assert.equal(resultSentence(theirs, LOCAL), 'Computer 1 gewinnt die Runde mit leerer Hand.'); // a sentence, as yours
  assert.equal(outcomeWord(won, 0), 'Sieg');
  assert.equal(nextStarterText(won, LOCAL), 'Computer 2 eröffnet die nächste Runde.');
  const mine = view({ ...over, result: { kind: 'domino', winners: [1] }, match: { wins: [0, 2, 0], shared: [0, 0, 0], next_starter: 0 } });
  assert.equal(nextStarterText(mine, LOCAL), 'Du eröffnest die nächste Runde.');
  assert.doesNotMatch(resultSentence(shared, LOCAL) + nextStarterText(mine, LOCAL), /zwischen Du|eröffnet: Du/);
  setLang('en');
  assert.equal(resultSentence(shared, LOCAL),
    'Blocked: the round is shared by you and Computer 1 (4 pips each). Nobody gets a win.');
  setLang('de');
});

test('cards: the level, and "verbunden" only while the viewer is connected', () => {
  setLang('de');
  const v = view({ seat: 1 });
  assert.equal(cardMeta(view(), LOCAL, 1), 'Computer, Leicht · 3 Steine');
  assert.equal(cardMeta(v, ONLINE, 0, 'online'), 'verbunden · 3 Steine');
  assert.equal(cardMeta(v, ONLINE, 2, 'online'), '6 Steine'); // "abwesend" is the badge (isAway)
  assert.equal(isAway(ONLINE, 2, 'online'), true);
  for (const state of ['retry', 'connecting', 'closed']) {
    assert.equal(cardMeta(v, ONLINE, 0, state), 'Verbindung unklar · 3 Steine');
    assert.equal(isAway(ONLINE, 2, state), false);
  }
  setLang('en');
  assert.equal(cardMeta(view(), LOCAL, 2), 'Computer, Strong · 6 tiles');
  setLang('de');
});

test('a replay says what its viewer can do: no next round, no keys for playing', () => {
  setLang('de');
  const over = { turn: null, legal: [], hands: [[], ['0|4'], ['2|2']], pips: [0, 4, 4], result: { kind: 'domino', winners: [0] } };
  const player = view(over);
  const spectator = view({ ...over, seat: null, hand: null });
  const replay = view({ ...over, seat: null, hand: null, replay: { step: 8, steps: 8, action: null } });
  assert.equal(roundEndNote(player, LOCAL), nextStarterText(player, LOCAL));
  assert.equal(roundEndNote(spectator, LOCAL), 'Computer 2 eröffnet die nächste Runde.');
  for (const lang of ['de', 'en']) {
    setLang(lang);
    const note = roundEndNote(replay, LOCAL);
    const keys = keysText(replay);
    assert.doesNotMatch(note, /nächste Runde|next round|eröffnet|opens/);
    assert.match(note, lang === 'de' ? /„Abspielen“ .*„Zurück“/ : /"Play" .*"Back"/);
    assert.match(keys, lang === 'de' ? /Pfeil links.*Pfeil rechts.*Pos1.*Ende/ : /left arrow.*right arrow.*Home.*End/);
    assert.doesNotMatch(keys, /Z zieht|P passt|N startet|Z draws|P passes|next round/);
    assert.match(keysText(player), lang === 'de' ? /Z zieht, P passt/ : /Z draws, P passes/);
    assert.equal(keysText(spectator), ''); // a live table's spectator has no keys at all
  }
  setLang('de');
});

test('every draw changes the status: the count grows, one\'s own draw names its tile, nobody else\'s', () => {
  const base = view().log.slice(0, 3); // seat 0 played last; seat 1 then seat 2 act next
  const hands = ['1|3', '2|6', '4|4', '0|0', '6|6', '1|1'];
  // Seat 0 (the viewer) draws three times in a row in its turn.
  const own = (n, extra = {}) => view({
    log: [...base, { seat: 1, type: 'pass', ends: [3, 2] }, { seat: 2, type: 'pass', ends: [3, 2] },
      ...Array.from({ length: n }, () => ({ seat: 0, type: 'draw', ends: [3, 2] }))],
    hand: hands.slice(0, 3 + n), hand_counts: [3 + n, 3, 6], ...extra,
  });
  // Seat 1 draws three times, seen by seat 0 and by a spectator.
  const theirs = (n, extra = {}) => view({
    turn: 1, legal: [], log: [...base, ...Array.from({ length: n }, () => ({ seat: 1, type: 'draw', ends: [3, 2] }))],
    hand_counts: [3, 3 + n, 6], ...extra,
  });
  for (const lang of ['de', 'en']) {
    setLang(lang);
    const said = [1, 2, 3].map((n) => statusText(own(n), LOCAL));
    assert.equal(new Set(said).size, 3, said.join(' / '));
    assert.match(said[0], lang === 'de' ? /Zuletzt: Du ziehst einen Stein\. Gezogen: 0\|0\.$/ : /Last: You draw a tile\. Drawn: 0\|0\.$/);
    assert.match(said[2], lang === 'de' ? /Zuletzt: Du ziehst 3 Steine\. Gezogen: 1\|1\.$/ : /Last: You draw 3 tiles\. Drawn: 1\|1\.$/);
    for (const watcher of [{}, { seat: null, hand: null }]) {
      const heard = [1, 2, 3].map((n) => statusText(theirs(n, watcher), LOCAL));
      assert.equal(new Set(heard).size, 3, heard.join(' / '));
      assert.match(heard[2], lang === 'de' ? /Computer 1 zieht 3 Steine\.$/ : /Computer 1 draws 3 tiles\.$/);
      for (const text of heard) assert.doesNotMatch(text, /Gezogen|Drawn/); // never another seat's tile
    }
  }
  // A long run of draws is never cut: the count still grows past the entries shown otherwise.
  setLang('de');
  assert.match(statusText(view({ hand: Array(14).fill('1|3'), log: [...base, ...Array.from({ length: 12 }, () => ({ seat: 0, type: 'draw', ends: [3, 2] }))] }), LOCAL),
    /Du ziehst 12 Steine\./);
  // After the draws, the play that ends the turn is told with them, and no tile is named any more.
  const played = statusText(view({ turn: 1, legal: [], log: [...own(2).log, { seat: 0, type: 'play', tile: '2|3', end: 'right', ends: [3, 2] }] }), LOCAL);
  assert.match(played, /Zuletzt: Du ziehst 2 Steine\. Du legst 2\|3 rechts an\.$/);
});

test('"Sortieren" orders a hand by the lower number, then by pips', async () => {
  const { sortedHand } = await import('../../src/ziehdomino/web/table/hand.js');
  assert.deepEqual(sortedHand(['5|6', '0|3', '2|2', '1|5', '0|0', '6|2', '1|1']), ['0|0', '0|3', '1|1', '1|5', '2|2', '6|2', '5|6']);
  const hand = ['3|4', '0|1'];
  sortedHand(hand);
  assert.deepEqual(hand, ['3|4', '0|1'], 'the view\'s hand is left as it is');
});
