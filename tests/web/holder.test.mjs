// The browser's holder key (src/ziehdomino/web/common/holder.js): made once, 32 lowercase hex
// digits, kept in storage and sent the same by every page; a kept value of another shape is
// replaced; without storage a page keeps one key of its own. Run: node --test tests/web/
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { HOLDER_KEY, holderKey } from '../../src/ziehdomino/web/common/holder.js';

/** localStorage's methods the module uses, over a Map. */
function memoryStorage() {
  const map = new Map();
  return { map, getItem: (k) => (map.has(k) ? map.get(k) : null), setItem: (k, v) => map.set(k, String(v)) };
}

test('the holder key is made once, kept, and the same for every request', () => {
  const storage = memoryStorage();
  const key = holderKey(storage);
  assert.match(key, /^[0-9a-f]{32}$/);
  assert.equal(storage.map.get(HOLDER_KEY), key);
  assert.equal(holderKey(storage), key);
  assert.notEqual(holderKey(memoryStorage()), key); // another browser, another key
});

test('a kept value of another shape is replaced by a fresh key', () => {
  const storage = memoryStorage();
  for (const bad of ['', 'ABCDEF0123456789ABCDEF0123456789', 'x'.repeat(32), '0'.repeat(31)]) {
    storage.map.set(HOLDER_KEY, bad);
    const key = holderKey(storage);
    assert.match(key, /^[0-9a-f]{32}$/);
    assert.equal(storage.map.get(HOLDER_KEY), key);
  }
});

test('without storage the page keeps one key of its own', () => {
  const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } };
  const key = holderKey(broken);
  assert.match(key, /^[0-9a-f]{32}$/);
  assert.equal(holderKey(broken), key);
});
