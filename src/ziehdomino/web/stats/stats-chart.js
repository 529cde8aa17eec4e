/**
 * @file The statistics' chart: one horizontal stacked bar per row (for example "Mittel, 3
 * Spieler": won, shared, lost), drawn as SVG by our code (no chart library at this size), and
 * the same figures as a real <table> beside it, which is what a screen reader reads (the SVG
 * is decoration, aria-hidden). All text goes in through textContent.
 */

const SVG = 'http://www.w3.org/2000/svg';
const ROW = 28; // px per bar, in the viewBox
const LABEL = 150; // px for the row labels
const WIDTH = 520;

function el(doc, name, attrs = {}, text) {
  const node = name.startsWith('svg:') ? doc.createElementNS(SVG, name.slice(4)) : doc.createElement(name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * The chart's bars as geometry (pure, tested): per row, per part, `{x, width}` in the viewBox.
 * @param {{parts: number[]}[]} rows
 * @returns {{x: number, width: number}[][]} bars scaled to the largest row total
 */
export function barGeometry(rows) {
  const most = Math.max(1, ...rows.map((r) => r.parts.reduce((a, b) => a + b, 0)));
  const span = WIDTH - LABEL - 40;
  return rows.map((r) => {
    let x = LABEL;
    return r.parts.map((n) => {
      const width = (n / most) * span;
      const bar = { x, width };
      x += width;
      return bar;
    });
  });
}

/**
 * A figure with the chart and its table.
 * @param {Document} doc
 * @param {{caption: string, rowHead: string, parts: {label: string, cls: string}[],
 *   extra?: {label: string}[], rows: {label: string, parts: number[], extra?: string[]}[],
 *   empty: string}} data  `parts` name the stacked segments (legend and table columns);
 *   `extra` columns appear in the table only (e.g. "Ø Augen übrig")
 * @returns {HTMLElement} a <figure class="stats-chart">
 */
export function statsFigure(doc, { caption, rowHead, parts, extra = [], rows, empty }) {
  const figure = el(doc, 'figure', { class: 'stats-chart' });
  figure.append(el(doc, 'figcaption', {}, caption));
  if (rows.length === 0) {
    figure.append(el(doc, 'p', { class: 'note' }, empty));
    return figure;
  }
  const height = rows.length * ROW + 24;
  const svg = el(doc, 'svg:svg', { viewBox: `0 0 ${WIDTH} ${height}`, 'aria-hidden': 'true', focusable: 'false', class: 'chart' });
  const geometry = barGeometry(rows);
  rows.forEach((row, i) => {
    const y = i * ROW + 4;
    svg.append(el(doc, 'svg:text', { x: LABEL - 8, y: y + 15, 'text-anchor': 'end', class: 'chart-label' }, row.label));
    geometry[i].forEach((bar, j) => {
      if (bar.width <= 0) return;
      svg.append(el(doc, 'svg:rect', { x: bar.x.toFixed(1), y, width: bar.width.toFixed(1), height: ROW - 8, class: `bar ${parts[j].cls}` }));
    });
    const total = row.parts.reduce((a, b) => a + b, 0);
    const end = geometry[i].length ? geometry[i][geometry[i].length - 1] : { x: LABEL, width: 0 };
    svg.append(el(doc, 'svg:text', { x: (end.x + end.width + 6).toFixed(1), y: y + 15, class: 'chart-total' }, String(total)));
  });
  let lx = LABEL;
  const ly = rows.length * ROW + 8;
  for (const part of parts) {
    svg.append(el(doc, 'svg:rect', { x: lx, y: ly, width: 12, height: 12, class: `bar ${part.cls}` }));
    svg.append(el(doc, 'svg:text', { x: lx + 16, y: ly + 11, class: 'chart-legend' }, part.label));
    lx += 24 + part.label.length * 8;
  }
  figure.append(svg);

  // The roles keep it a table when a phone lays its rows out as grids (stats.css).
  const table = el(doc, 'table', { class: 'stats-table', role: 'table' });
  table.style?.setProperty('--stats-cols', String(parts.length + extra.length));
  table.append(el(doc, 'caption', { class: 'sr-only' }, caption));
  const head = el(doc, 'tr', { role: 'row' });
  head.append(el(doc, 'th', { scope: 'col', role: 'columnheader', class: 'row-head' }, rowHead));
  for (const c of [...parts, ...extra]) head.append(el(doc, 'th', { scope: 'col', role: 'columnheader' }, c.label));
  const thead = el(doc, 'thead', { role: 'rowgroup' });
  thead.append(head);
  const tbody = el(doc, 'tbody', { role: 'rowgroup' });
  for (const row of rows) {
    const tr = el(doc, 'tr', { role: 'row' });
    tr.append(el(doc, 'th', { scope: 'row', role: 'rowheader' }, row.label));
    for (const n of row.parts) tr.append(el(doc, 'td', { class: 'num', role: 'cell' }, String(n)));
    for (const x of row.extra ?? []) tr.append(el(doc, 'td', { class: 'num', role: 'cell' }, x));
    tbody.append(tr);
  }
  table.append(thead, tbody);
  const scroll = el(doc, 'div', { class: 'stats-scroll' }); // should a table still be too wide, it scrolls, not the page
  scroll.append(table);
  figure.append(scroll);
  return figure;
}
