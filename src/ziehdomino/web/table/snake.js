/**
 * @file Where each tile of the line lies on screen: a snake that turns at each row's end with an
 * upright corner tile, so that neighbours in the line are neighbours on screen; each end's chip
 * takes cells as tiles do. Pure arithmetic (tests/web/table-layout.test.mjs).
 */
// @ts-check

/**
 * The snake's sizes for a box `width` px wide; at the round's end (`over`) tiles may shrink
 * further rather than scroll, and a short line (up to SHORT_LINE) may take a hand tile's length.
 * @param {number} width
 * @param {boolean} over
 * @param {number} [n]  tiles in the line
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
 * Lays `n` tiles out in a box: the tile shrinks from `maxTile` to `minTile` until every row fits
 * the box's height (at `minTile` it may need more). A tile is half as high as it is long.
 * @param {number} n  tiles in the line (0–28)
 * @param {{width: number, height: number, maxTile: number, minTile: number, gap: number,
 *   chip: number, chipHeight: number, corners?: boolean}} box  sizes in CSS px
 * @returns {{tile: number, cols: number, rows: number, cells: {x: number, y: number, reversed: boolean, corner?: boolean}[],
 *   left: {x: number, y: number}|null, right: {x: number, y: number, toLeft: boolean}|null, height: number}}
 *   a cell is a tile's top-left corner before it is turned; the left chip ends `gap` before
 *   `left.x`, the right one starts `gap` after `right.x` (`toLeft`: ends before it).
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
    // A corner stands upright in the row's last cell, between its row and the next (drawn turned a
    // quarter about this box's centre), the half that touches the tile before it on top.
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
 * The cell of each tile after the chip's `k` cells; a tile in a row's last cell with more to
 * follow is a corner and takes the cell below too (none without `corners`, or in rows under 3).
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
