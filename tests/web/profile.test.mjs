// This browser's profile (src/ziehdomino/web/common/profile.js; docs/profile.md): made with the
// holder key, kept as {id, name}, renamed when a form sends another name, taken to another
// browser by a code (its key becomes the holder key), forgotten here or deleted. The server is a
// fake fetch. Run: node --test tests/web/
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { HOLDER_KEY, holderKey } from '../../src/ziehdomino/web/common/holder.js';
import { NAME_KEY, PROFILE_HEADER, PROFILE_KEY, deleteProfile, enterProfile, forgetHere, keptProfile, nameForSeat,
  takeProfile } from '../../src/ziehdomino/web/common/profile.js';

function memoryStorage() {
  const map = new Map();
  return { map, getItem: (k) => (map.has(k) ? map.get(k) : null), setItem: (k, v) => map.set(k, String(v)),
    removeItem: (k) => map.delete(k) };
}

/** A fake server of profiles by key: records every request. */
function fakeServer() {
  const profiles = new Map();
  const calls = [];
  let guest = 1000;
  const reply = (status, body) => ({ ok: status < 400, status, json: async () => body, text: async () => JSON.stringify(body) });
  async function fetchFn(url, init = {}) {
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(init.body) : null;
    const key = init.headers?.[PROFILE_HEADER];
    calls.push({ method, url, body, key });
    if (url === '/api/profile' && method === 'POST') {
      const had = profiles.get(body.holder);
      if (had) return reply(200, had);
      const made = { id: `id${profiles.size}`, name: body.name ?? `Gast ${guest++}`, created: 1 };
      profiles.set(body.holder, made);
      return reply(201, made);
    }
    if (url === '/api/profile' && !profiles.has(key)) return reply(404, { code: 'profile_not_found' });
    if (url === '/api/profile' && method === 'PATCH') {
      profiles.get(key).name = body.name;
      return reply(200, profiles.get(key));
    }
    if (url === '/api/profile' && method === 'DELETE') {
      profiles.delete(key);
      return reply(200, { deleted: true });
    }
    if (url === '/api/profile/device') {
      const [holder, profile] = [...profiles.entries()][0];
      return body.code === 'ABCD-EFGH' ? reply(200, { holder, profile }) : reply(404, { code: 'device_code_wrong' });
    }
    return reply(404, { code: 'not_found' });
  }
  return { profiles, calls, fetchFn };
}

test('a profile is made with the holder key and kept; a default name leaves the naming to the server', async () => {
  const storage = memoryStorage();
  const server = fakeServer();
  assert.equal(keptProfile(storage), null);
  const name = await nameForSeat(storage, 'Gast', { make: true, isDefault: true }, server.fetchFn);
  assert.equal(name, 'Gast 1000');
  assert.deepEqual(server.calls[0].body, { holder: holderKey(storage) });
  assert.deepEqual(keptProfile(storage), { id: 'id0', name: 'Gast 1000' });
  assert.equal(storage.map.get(NAME_KEY), 'Gast 1000'); // every name field shows it
  // The same name again asks nothing; the field's default shows the profile's name.
  assert.equal(await nameForSeat(storage, 'Gast 1000', { make: true, isDefault: false }, server.fetchFn), 'Gast 1000');
  assert.equal(server.calls.length, 1);
});

test('another name on a form renames the profile; a local game makes none', async () => {
  const server = fakeServer();
  const local = memoryStorage();
  assert.equal(await nameForSeat(local, 'Fuchs', { make: false, isDefault: false }, server.fetchFn), 'Fuchs');
  assert.equal(server.calls.length, 0);
  assert.equal(keptProfile(local), null);
  const storage = memoryStorage();
  await nameForSeat(storage, 'Fuchs', { make: true, isDefault: false }, server.fetchFn);
  assert.equal(server.calls.at(-1).body.name, 'Fuchs');
  assert.equal(await nameForSeat(storage, '<b>Dachs</b>', { make: false, isDefault: false }, server.fetchFn), '<b>Dachs</b>');
  assert.deepEqual(server.calls.at(-1), { method: 'PATCH', url: '/api/profile', body: { name: '<b>Dachs</b>' },
    key: holderKey(storage) });
  assert.equal(keptProfile(storage).name, '<b>Dachs</b>');
});

test('a key whose profile is there already gets it, renamed to the form\'s name; a deleted one is made again', async () => {
  const server = fakeServer();
  const storage = memoryStorage();
  await enterProfile(storage, 'Alt', server.fetchFn);
  storage.map.delete(PROFILE_KEY); // the kept copy lost, the key kept
  assert.equal(await nameForSeat(storage, 'Neu', { make: true, isDefault: false }, server.fetchFn), 'Neu');
  assert.equal(server.profiles.get(holderKey(storage)).name, 'Neu');
  server.profiles.clear(); // deleted on another browser
  assert.equal(await nameForSeat(storage, 'Wieder', { make: true, isDefault: false }, server.fetchFn), 'Wieder');
  assert.equal(keptProfile(storage).name, 'Wieder');
});

test('a server that does not answer never stops the game: the typed name is used', async () => {
  const storage = memoryStorage();
  const down = async () => { throw new TypeError('offline'); };
  assert.equal(await nameForSeat(storage, 'Fuchs', { make: true, isDefault: false }, down), 'Fuchs');
  assert.equal(keptProfile(storage), null);
});

test('a code brings the profile: its key becomes the holder key; signing out and deleting forget it here', async () => {
  const server = fakeServer();
  const first = memoryStorage();
  await enterProfile(first, 'Fuchs', server.fetchFn);
  const second = memoryStorage();
  await assert.rejects(takeProfile(second, 'WRONG-CODE', server.fetchFn), { code: 'device_code_wrong' });
  const taken = await takeProfile(second, ' ABCD-EFGH ', server.fetchFn);
  assert.deepEqual(taken, { id: 'id0', name: 'Fuchs' });
  assert.equal(second.map.get(HOLDER_KEY), first.map.get(HOLDER_KEY));
  forgetHere(second);
  assert.equal(keptProfile(second), null);
  assert.ok(!second.map.has(HOLDER_KEY) && !second.map.has(NAME_KEY));
  assert.notEqual(holderKey(second), holderKey(first)); // a fresh key next time
  await deleteProfile(first, server.fetchFn);
  assert.equal(server.profiles.size, 0);
  assert.equal(keptProfile(first), null);
  await deleteProfile(first, server.fetchFn); // gone already: still forgotten here, no error
});

test('a kept profile of another shape is none', () => {
  const storage = memoryStorage();
  for (const bad of ['{', '[]', '{"id": 1, "name": "x"}', '{"id": "a", "name": ""}']) {
    storage.map.set(PROFILE_KEY, bad);
    assert.equal(keptProfile(storage), null, bad);
  }
});
