// Tests of the line's snake layout (src/ziehdomino/web/table/snake.js) and of the table's keys
// (src/ziehdomino/web/table/keys.js). Run: node --test tests/web/
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { isTyping, keyAction, steppedTile } from '../../src/ziehdomino/web/table/keys.js';
import { snakeLayout, snakeSizes } from '../../src/ziehdomino/web/table/snake.js';

const BOX = { width: 600, height: 200, maxTile: 72, minTile: 36, gap: 4, chip: 76, chipHeight: 28 };

/** The rectangles [left, top, right, bottom] of both chips, as line.js places them. */
function chipBoxes(g, { gap, chip, chipHeight }) {
  const half = chipHeight / 2;
  const left = [g.left.x - gap - chip, g.left.y - half, g.left.x - gap, g.left.y + half];
  const right = g.right.toLeft
    ? [g.right.x - gap - chip, g.right.y - half, g.right.x - gap, g.right.y + half]
    : [g.right.x + gap, g.right.y - half, g.right.x + gap + chip, g.right.y + half];
  return [left, right];
}

const tileBox = (g, c) => [c.x, c.y, c.x + g.tile, c.y + g.tile / 2];
const meet = (a, b) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

test('the snake turns at a row\'s end with an upright corner and comes back, neighbours stay neighbours', () => {
  const g = snakeLayout(26, { ...BOX, height: 400 });
  assert.ok(g.cols >= 3 && g.rows >= 2, JSON.stringify(g));
  const step = g.tile + BOX.gap;
  const toCorner = step - g.tile / 4; // an upright corner's long side lies against its neighbours
  let turns = 0;
  for (let i = 1; i < 26; i++) {
    const [a, b] = [g.cells[i - 1], g.cells[i]];
    if (b.corner) {
      // the corner stands in the row's last cell, right after its neighbour, half a row lower
      assert.equal(Math.abs(a.x - b.x), toCorner, `tiles ${i - 1} and the corner ${i}`);
      assert.ok(b.y > a.y && b.y < a.y + g.tile, `the corner ${i} stands between two rows`);
      assert.ok(!a.corner, 'no two corners in a row');
    } else if (a.corner) {
      // after a corner the next row runs back the other way, from the cell beside the corner
      assert.equal(Math.abs(a.x - b.x), toCorner, `the corner ${i - 1} and tile ${i}`);
      assert.equal(b.reversed, !a.reversed);
      assert.ok(b.y > a.y, `tile ${i} is in the next row`);
      turns += 1;
    } else if (a.y === b.y) assert.equal(Math.abs(a.x - b.x), step, `tiles ${i - 1} and ${i}`);
    else assert.fail(`tiles ${i - 1} and ${i} change rows without a corner`);
  }
  assert.ok(turns >= 1);
  assert.equal(g.cells[0].reversed, false);
  assert.ok(!g.cells[25].corner, 'the last tile is never a corner');
  // A box too low even for the smallest tiles with corners: the line turns straight down.
  const low = snakeLayout(28, { width: 330, height: 60, maxTile: 52, minTile: 28, gap: 4, chip: 72, chipHeight: 24 });
  assert.ok(low.cells.every((c) => !c.corner), 'no corners where they do not fit');
});

test('everything fits the box: tiles shrink until every row fits, no chip over a tile or outside', () => {
  const phone = { maxTile: 52, minTile: 28, gap: 4, chip: 72, chipHeight: 24 };
  for (const sizes of [BOX, phone]) {
    for (const [width, height] of [[300, 110], [330, 100], [330, 140], [860, 280], [600, 60]]) {
      for (let n = 1; n <= 28; n++) {
        const box = { ...sizes, width, height };
        const g = snakeLayout(n, box);
        const label = `${n} tiles in ${width}x${height} at tile ${g.tile}`;
        if (g.height > height) {
          assert.equal(g.tile - 2 < sizes.minTile, true, `${label}: ${g.height} high before the smallest tile`);
          continue;
        }
        const chips = chipBoxes(g, box);
        for (const r of [...g.cells.map((c) => tileBox(g, c)), ...chips]) {
          assert.ok(r[0] >= -0.01 && r[2] <= width + 0.01 && r[1] >= -0.01 && r[3] <= height + 0.01,
            `${label}: ${r} leaves the box`);
        }
        for (const c of g.cells) {
          for (const chip of chips) assert.ok(!meet(chip, tileBox(g, c)), `${label}: a chip ${chip} over the tile at ${c.x},${c.y}`);
        }
        assert.ok(!meet(chips[0], chips[1]), `${label}: the chips over each other`);
      }
    }
  }
});

test('a phone\'s small felt holds every line of a round without scrolling, above the smallest tile', () => {
  // 360 px wide, four seats: the line's box is about 330×100 (as measured in the browser).
  // With a gutter kept free for a chip beside every row, 27 tiles needed six rows of the
  // smallest tile and overflowed the box (the chips at its ends scrolled out of sight).
  const box = { width: 330, height: 100, maxTile: 52, minTile: 28, gap: 4, chip: 72, chipHeight: 24 };
  for (let n = 1; n <= 28; n++) {
    const g = snakeLayout(n, box);
    assert.ok(g.height <= box.height, `${n} tiles: ${g.height} px high`);
    if (n <= 14) assert.ok(g.tile > box.minTile, `${n} tiles at the smallest tile`);
  }
});

test('a small phone\'s felt at a four-seat table with a clock holds 24 tiles and both chips', () => {
  // 360×640, four seats, the turn clock shown: the line's box is about 300×66. At 28 px, 22
  // tiles filled three rows to their last cell and the right end's chip needed a fourth,
  // which the box did not have (it scrolled out of sight); the phone's tiles may go to 24 px.
  const width = 300;
  const height = 66;
  const s = snakeSizes(width, false);
  for (let n = 1; n <= 24; n++) {
    const g = snakeLayout(n, { width, height, gap: 4, chip: s.chip, chipHeight: 26, maxTile: s.maxTile, minTile: s.minTile,
      corners: false });
    assert.ok(g.height <= height, `${n} tiles: ${g.height} px high at ${g.tile} px`);
    assert.ok(g.tile >= 24, `${n} tiles at ${g.tile} px`);
  }
});

test('each end\'s chip is beside the tile at that end, or straight below it where the line turns', () => {
  const wide = { ...BOX, height: 1000 };
  let below = 0;
  for (let n = 1; n <= 28; n++) {
    const g = snakeLayout(n, wide);
    const first = g.cells[0];
    const last = g.cells[n - 1];
    assert.deepEqual(g.left, { x: first.x, y: first.y + g.tile / 4 });
    assert.equal(first.reversed, false);
    const [, right] = chipBoxes(g, wide);
    const lastBox = tileBox(g, last);
    if (g.right.y === last.y + g.tile / 4) {
      assert.equal(g.right.toLeft, last.reversed, `${n}: the chip runs on with its row`);
      assert.equal(g.right.x, last.reversed ? last.x : last.x + g.tile);
    } else {
      below += 1;
      assert.ok(right[1] >= lastBox[3] - 0.01 && right[1] - lastBox[3] <= g.tile / 2, `${n}: not in the next row`);
      assert.ok(Math.abs(right[0] - lastBox[0]) < 0.01 || Math.abs(right[2] - lastBox[2]) < 0.01,
        `${n}: not aligned with the last tile's outer edge`);
      assert.equal(g.right.toLeft, !last.reversed, `${n}: the chip runs the way the next row does`);
    }
  }
  assert.ok(below >= 1, 'some line turns at its right end');
  assert.equal(snakeLayout(0, BOX).left, null);
});

test('keys: digits pick tiles, L/R ends, Z/P/N buttons; nothing while typing or with a modifier, but after a switch was clicked', () => {
  assert.deepEqual(keyAction('1'), { tile: 0 });
  assert.deepEqual(keyAction('0'), { tile: 9 });
  assert.deepEqual(keyAction('L'), { end: 'left' });
  assert.deepEqual(keyAction('r'), { end: 'right' });
  assert.deepEqual(keyAction('z'), { button: 'draw' });
  assert.deepEqual(keyAction('P'), { button: 'pass' });
  assert.deepEqual(keyAction('n'), { button: 'next' });
  assert.equal(keyAction('x'), null);
  // A target inside `tag` (an <input> of `type`), or in no field.
  const target = (tag, type = '') => ({
    closest: (sel) => (tag && sel.split(', ').includes(tag) ? { tagName: tag.toUpperCase(), type } : null),
  });
  assert.equal(isTyping({ key: 'z', target: target('input', 'text') }), true);
  assert.equal(isTyping({ key: 'z', target: target('input', 'search') }), true);
  assert.equal(isTyping({ key: 'z', target: target('textarea') }), true);
  assert.equal(isTyping({ key: 'z', target: target('select') }), true);
  // A settings switch or a button that was clicked keeps no keys from the table.
  assert.equal(isTyping({ key: 'z', target: target('input', 'checkbox') }), false);
  assert.equal(isTyping({ key: '1', target: target('input', 'radio') }), false);
  assert.equal(isTyping({ key: 'n', target: target('input', 'button') }), false);
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
