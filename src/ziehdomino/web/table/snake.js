/**
 * @file Where each tile of the line of play lies on screen: a snake. The line runs left to
 * right in the first row, turns at the row's end with an upright corner tile and comes back
 * right to left in the next, and so on, so that neighbours in the line are neighbours on screen
 * and each row reads in the line's direction. Each end's chip takes cells of
 * the snake as if it were tiles: the left end's chip the first cells of the first row, just
 * before the first tile; the right end's chip the cells just after the last tile, in the
 * direction the line runs there, or, when that row has no room left for it, straight below the
 * last tile, where the line turns. So no row keeps a gutter free for a chip it does not hold,
 * and the tiles get the whole width. Pure arithmetic, no DOM (tests/web/table-layout.test.mjs).
 */
// @ts-check

/**
 * The snake's sizes for a box `width` px wide: the longest and shortest tile and the least
 * width a chip's cells keep. A phone's tiles may shrink to 24 px: a long line on a small phone,
 * whose right end's chip needs a row of its own at 28 px, then fits in the rows it has. At the
 * round's end (`over`) the line is only looked at, beside the result below it, so its tiles may
 * shrink further rather than scroll.
 * @param {number} width  the line box's width in CSS px
 * @param {boolean} over  whether the round has ended
 * @param {number} [n]  tiles in the line: the first few (up to SHORT_LINE) may be as long as a
 *   hand's tile (84 px on a phone, 100 wider); a longer line keeps to the sizes that give its
 *   rows several tiles each, and shrinks from there as it grows
 * @returns {{maxTile: number, minTile: number, chip: number}}
 */
export function snakeSizes(width, over, n = SHORT_LINE + 1) {
  const short = n <= SHORT_LINE;
  if (width < 420) return { maxTile: short ? 84 : 68, minTile: over ? 20 : 24, chip: 62 };
  const least = over ? 8 : 0;
  if (width < 700) return { maxTile: short ? 96 : 72, minTile: 32 - least, chip: 68 };
  return { maxTile: short ? 100 : 72, minTile: 36 - least, chip: 76 };
}

/** Tiles in a line short enough to lie in one row at a hand tile's length. */
export const SHORT_LINE = 3;

/**
 * Lays `n` tiles out in a box.
 * @param {number} n  tiles in the line (0–28)
 * @param {{width: number, height: number, maxTile: number, minTile: number, gap: number,
 *   chip: number, chipHeight: number, corners?: boolean}} box  sizes in CSS px (and whether
 *   the line may turn with corner tiles, default true): the box, the largest and smallest
 *   tile length (a tile is half as high as it is long), the gap between tiles, and the larger
 *   of the two end chips' width and its height
 * @returns {{tile: number, cols: number, rows: number, cells: {x: number, y: number, reversed: boolean, corner?: boolean}[],
 *   left: {x: number, y: number}|null, right: {x: number, y: number, toLeft: boolean}|null, height: number}}
 *   the tile length chosen; cells per row and rows (the chips' cells included); each tile's
 *   top-left corner as it lies before it is turned (whether it is drawn turned, in a
 *   right-to-left row; a `corner` is drawn upright, turned a quarter about its centre); the chips' anchor
 *   points: the left chip ends `gap` before `left.x`, the right chip starts `gap` after
 *   `right.x` (or, `toLeft`, ends `gap` before it), both centred on their `y`; and the height
 *   the layout needs. The tile shrinks from `maxTile` down to `minTile` until every row fits
 *   the box's height; at `minTile` it may need more.
 */
export function snakeLayout(n, box) {
  // Corners take a cell each; where even the smallest tiles then need more rows than the box
  // has, or the caller asks for none (`box.corners` false), the line turns without them
  // (straight down, each row still beside the next).
  if (box.corners === false) return layout(n, box, false);
  const turned = layout(n, box, true);
  return turned.height <= box.height ? turned : layout(n, box, false);
}

function layout(n, { width, height, maxTile, minTile, gap, chip, chipHeight }, corners) {
  const at = (tile) => rowsOf(n, tile, { width, gap, chip, chipHeight, corners });
  let g;
  for (let tile = maxTile; ; tile -= 2) {
    g = at(tile);
    if (g.height <= height || tile - 2 < minTile) break;
  }
  if (g.rows === 2 && g.k + n <= g.cols) {
    // A second row for the right chip alone: a somewhat smaller tile that puts the whole line
    // and both chips in one row reads better.
    for (let tile = g.tile - 2; tile >= Math.max(minTile, 0.8 * g.tile); tile -= 2) {
      const one = at(tile);
      if (one.rows === 1) {
        g = one;
        break;
      }
    }
  }
  const { tile, cols, rows, k, step, rowStep, overhang, below } = g;
  const usedCols = rows === 1 ? k + n + k : cols; // one row: centred, its chips with it
  const x0 = Math.max(0, (width - (usedCols * step - gap)) / 2);
  const y0 = Math.max(0, (height - g.height) / 2) + overhang;
  const cell = (slot) => {
    const row = Math.floor(slot / cols);
    const reversed = row % 2 === 1;
    const col = reversed ? cols - 1 - (slot % cols) : slot % cols;
    return { x: x0 + col * step, y: y0 + row * rowStep, reversed };
  };
  const cells = [];
  for (const { slot, corner } of slotsOf(n, k, cols, corners)) {
    const c = cell(slot);
    // A corner stands upright in the row's last cell, between its row and the next, its middle
    // where the two rows' middles meet and its long side against the row's tiles (drawn turned
    // a quarter about the centre of this unturned box); its first half, the one that touches
    // the tile before it, on top.
    cells.push(corner ? { ...c, x: c.x + (c.reversed ? tile / 4 : -tile / 4), y: c.y + rowStep / 2, corner: true } : c);
  }
  if (n === 0) return { tile, cols, rows, cells, left: null, right: null, height: g.height };
  const first = cells[0];
  const last = cells[n - 1];
  const middle = tile / 4;
  let anchor;
  if (below) {
    // The next row runs the other way: the chip starts under the last tile's outer edge.
    const y = last.y + rowStep + middle;
    anchor = last.reversed ? { x: last.x - gap, y, toLeft: false } : { x: last.x + tile + gap, y, toLeft: true };
  } else {
    anchor = last.reversed ? { x: last.x, y: last.y + middle, toLeft: true } : { x: last.x + tile, y: last.y + middle, toLeft: false };
  }
  return { tile, cols, rows, cells, left: { x: first.x, y: first.y + middle }, right: anchor, height: g.height };
}

/**
 * The cell of each tile: after the chip's `k` cells, one by one; a tile that lands in a row's
 * last cell while more follow is a corner: it takes that cell and the next row's first one
 * (the cell below it), so that the line visibly turns there. Without `corners`, or in rows of
 * fewer than 3 cells, none is.
 * @returns {{slot: number, corner: boolean}[]}
 */
function slotsOf(n, k, cols, corners) {
  const out = [];
  let slot = k;
  for (let i = 0; i < n; i++) {
    const corner = corners && cols >= 3 && slot % cols === cols - 1 && i < n - 1;
    out.push({ slot, corner });
    slot += corner ? 2 : 1;
  }
  return out;
}

/** The grid for one tile length: cells per row, the cells a chip takes, rows, the height needed. */
function rowsOf(n, tile, { width, gap, chip, chipHeight, corners }) {
  const step = tile + gap;
  const cols = Math.max(1, Math.floor((width + gap) / step));
  // A chip and its gap to the tile take whole cells; in a box too narrow for a chip and a tile
  // in one row the chips take none (and may lie over a tile).
  const want = Math.ceil((chip + gap) / step);
  const k = cols > want ? want : 0;
  // Rows far enough apart that a chip taller than a tile clears the rows above and below it.
  let rowGap = Math.max(gap, chipHeight / 2 - tile / 4);
  const overhang = Math.max(0, chipHeight / 2 - tile / 4);
  let rows = 0;
  let below = false;
  if (n > 0) {
    const after = slotsOf(n, k, cols, corners)[n - 1].slot + 1; // the slot just after the last tile
    const free = after % cols === 0 ? 0 : cols - (after % cols); // cells left in the last tile's row
    below = k > 0 && free < k;
    rows = Math.ceil(after / cols) + (below ? 1 : 0);
  }
  // Two rows: the chips may lie one above the other, and clear each other too.
  if (rows === 2) rowGap = Math.max(rowGap, chipHeight - tile / 2 + 1);
  const rowStep = tile / 2 + rowGap;
  const height = rows === 0 ? 0 : rows * rowStep - rowGap + 2 * overhang;
  return { tile, cols, rows, k, step, rowStep, overhang, height, below };
}
