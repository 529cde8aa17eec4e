// Tests of the line's snake layout (src/ziehdomino/web/table/snake.js) and of the table's keys
// (src/ziehdomino/web/table/keys.js). Run: node --test tests/web/
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { isTyping, keyAction, steppedTile } from '../../src/ziehdomino/web/table/keys.js';
import { snakeLayout } from '../../src/ziehdomino/web/table/snake.js';

const BOX = { width: 600, height: 200, maxTile: 72, minTile: 36, gap: 4, chip: 76 };

test('the snake turns at a row\'s end and comes back, neighbours stay neighbours', () => {
  const g = snakeLayout(26, BOX);
  assert.ok(g.cols >= 2 && g.rows >= 2, JSON.stringify(g));
  for (let i = 1; i < 26; i++) {
    const [a, b] = [g.cells[i - 1], g.cells[i]];
    const sameRow = a.y === b.y;
    if (sameRow) assert.equal(Math.abs(a.x - b.x), g.tile + BOX.gap, `tiles ${i - 1} and ${i}`);
    else assert.equal(a.x, b.x, `the turn between ${i - 1} and ${i} goes straight down`);
  }
  assert.equal(g.cells[g.cols].reversed, true);
  assert.equal(g.cells[0].reversed, false);
});

test('everything fits the box: tiles shrink until every row fits, and nothing leaves it sideways', () => {
  for (const [width, height] of [[300, 110], [330, 140], [860, 280], [600, 60]]) {
    for (const n of [1, 7, 13, 26, 28]) {
      const g = snakeLayout(n, { ...BOX, width, height });
      const fits = g.height <= height;
      assert.ok(fits || g.tile - 2 < BOX.minTile, `${n} tiles in ${width}x${height}: ${g.height} high at tile ${g.tile}`);
      for (const c of g.cells) {
        assert.ok(c.x >= BOX.chip - 0.01 || g.cols * (g.tile + BOX.gap) > width - 2 * BOX.chip, 'left gutter kept');
        assert.ok(c.x + g.tile <= width - BOX.chip + 0.01, `${n} in ${width}: tile at ${c.x} passes the right gutter`);
      }
    }
  }
});

test('each end\'s chip is beside the tile at that end, at 26 tiles too', () => {
  const g = snakeLayout(26, BOX);
  const first = g.cells[0];
  const last = g.cells[25];
  assert.deepEqual(g.left, { x: first.x, y: first.y + g.tile / 4 });
  assert.equal(g.right.y, last.y + g.tile / 4);
  assert.equal(g.right.x, last.reversed ? last.x : last.x + g.tile);
  assert.equal(g.right.toLeft, last.reversed);
  assert.equal(snakeLayout(0, BOX).left, null);
});

test('keys: digits pick tiles, L/R ends, Z/P/N buttons; nothing while typing or with a modifier', () => {
  assert.deepEqual(keyAction('1'), { tile: 0 });
  assert.deepEqual(keyAction('0'), { tile: 9 });
  assert.deepEqual(keyAction('L'), { end: 'left' });
  assert.deepEqual(keyAction('r'), { end: 'right' });
  assert.deepEqual(keyAction('z'), { button: 'draw' });
  assert.deepEqual(keyAction('P'), { button: 'pass' });
  assert.deepEqual(keyAction('n'), { button: 'next' });
  assert.equal(keyAction('x'), null);
  const target = (field) => ({ closest: (sel) => (field && sel.includes(field) ? {} : null) });
  assert.equal(isTyping({ key: 'z', target: target('input') }), true);
  assert.equal(isTyping({ key: 'z', target: target('select') }), true);
  assert.equal(isTyping({ key: 'z', target: target(null), ctrlKey: true }), true);
  assert.equal(isTyping({ key: 'z', target: target(null) }), false);
});

test('keys: "." and "," step through the whole hand, past the tenth tile, round and round', () => {
  assert.deepEqual(keyAction('.'), { step: 1 });
  assert.deepEqual(keyAction(','), { step: -1 });
  // A hand of 21 tiles (two players: 7 dealt, all 14 of the boneyard drawn): "." from none
  // picked reaches every tile once, in order, then comes back to the first.
  const seen = [];
  let picked = -1;
  for (let i = 0; i < 22; i++) {
    picked = steppedTile(21, picked, 1);
    seen.push(picked);
  }
  assert.deepEqual(seen, [...Array(21).keys(), 0]);
  assert.equal(steppedTile(21, -1, -1), 20);
  assert.equal(steppedTile(21, 0, -1), 20);
  assert.equal(steppedTile(21, 12, -1), 11);
  assert.equal(steppedTile(0, -1, 1), -1);
});
