// Tests of the UI words and the language switch (src/ziehdomino/web/common/i18n.js). Run: node --test tests/web/
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { CLOSE, ERROR_CODES, FINAL_CLOSES } from '../../src/ziehdomino/web/common/codes.js';
import { LANG_KEY, STRINGS, errorText, lang, loadLang, setLang, t } from '../../src/ziehdomino/web/common/i18n.js';
// The words each part adds when it loads (common/i18n.js addWords): checked with the rest.
import '../../src/ziehdomino/web/learn/analysis-strings.js';
import '../../src/ziehdomino/web/learn/puzzle-strings.js';
import '../../src/ziehdomino/web/table/fair-strings.js';
import '../../src/ziehdomino/web/pages/start-strings.js';
import '../../src/ziehdomino/web/pages/plain-strings.js';
import '../../src/ziehdomino/web/replay/watch-strings.js';
import '../../src/ziehdomino/web/pages/local-strings.js';

class FakeStorage {
  constructor() { this.map = new Map(); }
  getItem(k) { return this.map.has(k) ? this.map.get(k) : null; }
  setItem(k, v) { this.map.set(k, String(v)); }
  removeItem(k) { this.map.delete(k); }
}

test('German is the default and every English key has a German original', () => {
  globalThis.localStorage = new FakeStorage();
  assert.equal(loadLang(), 'de');
  for (const key of Object.keys(STRINGS.en)) assert.ok(key in STRINGS.de, key);
});

test('a part cannot add a word that is there already', async () => {
  const { addWords } = await import('../../src/ziehdomino/web/common/i18n.js');
  assert.throws(() => addWords({ 'table.draw': 'Ziehen' }, {}), /table\.draw/);
  assert.throws(() => addWords({}, { 'pz.h': 'Puzzles' }), /pz\.h/);
  assert.equal(t('table.draw'), 'Ziehen');
});

test('every German key has an English translation', () => {
  const missing = Object.keys(STRINGS.de).filter((k) => !(k in STRINGS.en) && k !== 'site.name');
  assert.deepEqual(missing, []);
});

test('the names agents rely on are stable in German', () => {
  globalThis.localStorage = new FakeStorage();
  loadLang();
  assert.equal(t('table.tile', { t: '2|5' }), 'Stein 2|5');
  assert.equal(t('table.placeLeft', { t: '2|5' }), '2|5 links anlegen');
  assert.equal(t('table.placeRight', { t: '2|5' }), '2|5 rechts anlegen');
  assert.equal(t('table.placeOnly', { t: '2|5' }), '2|5 anlegen');
  assert.equal(t('table.draw'), 'Ziehen');
  assert.equal(t('table.pass'), 'Passen');
  assert.equal(t('result.next'), 'Nächste Runde');
  assert.equal(t('status.yourTurn'), 'Du bist am Zug.');
  assert.equal(t('why.draw', { reason: t('why.fits', { t: '5|2', end: t('end.right') }) }), 'Ziehen ist nicht erlaubt: 5|2 passt rechts.');
  assert.equal(t('local.note'), 'Lokale Ergebnisse sind nicht serverseitig verifiziert.');
});

test('the switch is remembered in storage and read back', () => {
  const storage = new FakeStorage();
  globalThis.localStorage = storage;
  setLang('en');
  assert.equal(storage.getItem(LANG_KEY), 'en');
  assert.equal(t('table.draw'), 'Draw');
  setLang('de');
  storage.setItem(LANG_KEY, 'en');
  assert.equal(loadLang(), 'en');
  assert.equal(lang(), 'en');
  storage.setItem(LANG_KEY, 'xx');
  assert.equal(loadLang(), 'de');
});

test('placeholders are filled literally, markup stays text', () => {
  globalThis.localStorage = new FakeStorage();
  loadLang();
  assert.equal(t('status.turnOf', { name: '<img src=x onerror=a()>' }), '<img src=x onerror=a()> ist am Zug.');
  assert.equal(t('status.turnOf', { name: '{name}' }), '{name} ist am Zug.');
});

test('every wire code (codes.js) is in docs/protocol.md, and every error the page shows has words', () => {
  globalThis.localStorage = new FakeStorage();
  loadLang();
  const protocol = readFileSync(new URL('../../docs/protocol.md', import.meta.url), 'utf8');
  for (const code of ERROR_CODES) assert.ok(protocol.includes(`\`${code}\``), `${code} is in docs/protocol.md`);
  for (const [name, number] of Object.entries(CLOSE)) assert.ok(protocol.includes(String(number)), `${name} ${number} is in docs/protocol.md`);
  for (const code of [...ERROR_CODES, ...Object.values(FINAL_CLOSES), 'network', 'offline', 'pending']) {
    assert.notEqual(errorText(code), `error.${code}`);
    assert.ok(!errorText(code).includes('schiefgegangen'), code);
  }
  assert.match(errorText('what_is_this'), /what_is_this/);
});

test('a connection that is down is worded without blaming the player\'s network, in both languages', () => {
  globalThis.localStorage = new FakeStorage();
  loadLang();
  for (const language of ['de', 'en']) {
    setLang(language);
    for (const text of [t('conn.retry'), errorText('network'), errorText('offline'), errorText('pending')]) {
      assert.doesNotMatch(text, /prüfe|check (the|your) (connection|network)/i, text);
    }
    assert.match(t('conn.retry'), language === 'de' ? /Verbindung zum Server unterbrochen/ : /connection to the server interrupted/i);
    assert.match(errorText('offline'), language === 'de' ? /Nicht gesendet/ : /Not sent/);
  }
  setLang('de');
});
