/**
 * @file Where each tile of the line of play lies on screen: a snake. The line runs left to
 * right in the first row, turns at the row's end and comes back right to left in the next, and
 * so on, so that neighbours in the line are neighbours on screen. The left end's chip sits just
 * before the first tile, the right end's chip just after the last one, in the direction the
 * line runs there. Pure arithmetic, no DOM (tests/web/table-layout.test.mjs).
 */

/**
 * Lays `n` tiles out in a box.
 * @param {number} n  tiles in the line (0–28)
 * @param {{width: number, height: number, maxTile: number, minTile: number, gap: number, chip: number}} box
 *   sizes in CSS px: the box, the largest and smallest tile length (a tile is half as high as it
 *   is long), the gap between tiles, and the width kept free on each side for an end's chip
 * @returns {{tile: number, cols: number, rows: number, x0: number, y0: number,
 *   cells: {x: number, y: number, reversed: boolean}[], left: {x: number, y: number}|null,
 *   right: {x: number, y: number, toLeft: boolean}|null, height: number}}
 *   the tile length chosen, tiles per row, rows, each tile's top-left corner (and whether it is
 *   drawn turned, in a right-to-left row), the chips' anchor points (the middle of the tile's
 *   outer edge), and the height the layout needs. The tile shrinks from `maxTile` down to
 *   `minTile` until every row fits the box's height; at `minTile` it may need more.
 */
export function snakeLayout(n, { width, height, maxTile, minTile, gap, chip }) {
  const inner = Math.max(0, width - 2 * chip);
  let tile = maxTile;
  let cols = 1;
  let rows = 0;
  for (; ; tile -= 2) {
    cols = Math.max(1, Math.floor((inner + gap) / (tile + gap)));
    rows = Math.ceil(n / cols);
    if (rows * (tile / 2 + gap) - gap <= height || tile - 2 < minTile) break;
  }
  const used = Math.min(n, cols);
  const step = tile + gap;
  const rowStep = tile / 2 + gap;
  const x0 = Math.max(0, (width - (used * step - gap)) / 2);
  const needed = Math.max(0, rows * rowStep - gap);
  const y0 = Math.max(0, (height - needed) / 2);
  const cells = [];
  for (let i = 0; i < n; i++) {
    const row = Math.floor(i / cols);
    const reversed = row % 2 === 1;
    const k = i % cols;
    const col = reversed ? cols - 1 - k : k;
    cells.push({ x: x0 + col * step, y: y0 + row * rowStep, reversed });
  }
  if (n === 0) return { tile, cols, rows, x0, y0, cells, left: null, right: null, height: needed };
  const first = cells[0];
  const last = cells[n - 1];
  return {
    tile, cols, rows, x0, y0, cells,
    left: { x: first.x, y: first.y + tile / 4 },
    right: last.reversed ? { x: last.x, y: last.y + tile / 4, toLeft: true } : { x: last.x + tile, y: last.y + tile / 4, toLeft: false },
    height: needed,
  };
}
