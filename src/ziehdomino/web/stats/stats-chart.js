/**
 * @file The statistics' chart: stacked SVG bars (aria-hidden decoration) beside a real <table>
 * of the same figures, which is what a screen reader reads.
 */
// @ts-check

import { h, svg } from '../common/dom.js';

const ROW = 28; // px per bar, in the viewBox
const LABEL = 150; // px for the row labels
const WIDTH = 520;

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
 * @param {{caption: string, rowHead: string, parts: {label: string, cls: string}[],
 *   extra?: {label: string}[], rows: {label: string, parts: number[], extra?: string[]}[],
 *   empty: string}} data  `extra` columns appear in the table only
 * @returns {HTMLElement} a <figure class="stats-chart">
 */
export function statsFigure({ caption, rowHead, parts, extra = [], rows, empty }) {
  const figure = h('figure', { class: 'stats-chart' }, h('figcaption', { text: caption }));
  if (rows.length === 0) {
    figure.append(h('p', { class: 'note', text: empty }));
    return figure;
  }
  const height = rows.length * ROW + 24;
  const chart = svg('svg', { viewBox: `0 0 ${WIDTH} ${height}`, 'aria-hidden': 'true', focusable: 'false', class: 'chart' });
  const geometry = barGeometry(rows);
  rows.forEach((row, i) => {
    const y = i * ROW + 4;
    chart.append(svg('text', { x: LABEL - 8, y: y + 15, 'text-anchor': 'end', class: 'chart-label' }, row.label));
    geometry[i].forEach((bar, j) => {
      if (bar.width <= 0) return;
      chart.append(svg('rect', { x: bar.x.toFixed(1), y, width: bar.width.toFixed(1), height: ROW - 8, class: `bar ${parts[j].cls}` }));
    });
    const total = row.parts.reduce((a, b) => a + b, 0);
    const end = geometry[i].length ? geometry[i][geometry[i].length - 1] : { x: LABEL, width: 0 };
    chart.append(svg('text', { x: (end.x + end.width + 6).toFixed(1), y: y + 15, class: 'chart-total' }, String(total)));
  });
  let lx = LABEL;
  const ly = rows.length * ROW + 8;
  for (const part of parts) {
    chart.append(svg('rect', { x: lx, y: ly, width: 12, height: 12, class: `bar ${part.cls}` }));
    chart.append(svg('text', { x: lx + 16, y: ly + 11, class: 'chart-legend' }, part.label));
    lx += 24 + part.label.length * 8;
  }
  figure.append(chart);

  // The roles keep it a table when a phone lays its rows out as grids (stats.css).
  const head = h('tr', { attrs: { role: 'row' } },
    h('th', { class: 'row-head', text: rowHead, attrs: { scope: 'col', role: 'columnheader' } }),
    ...[...parts, ...extra].map((c) => h('th', { text: c.label, attrs: { scope: 'col', role: 'columnheader' } })));
  const tbody = h('tbody', { attrs: { role: 'rowgroup' } }, ...rows.map((row) => h('tr', { attrs: { role: 'row' } },
    h('th', { text: row.label, attrs: { scope: 'row', role: 'rowheader' } }),
    ...[...row.parts.map(String), ...(row.extra ?? [])].map((x) => h('td', { class: 'num', text: x, attrs: { role: 'cell' } })))));
  const table = h('table', { class: 'stats-table', attrs: { role: 'table' } },
    h('caption', { class: 'sr-only', text: caption }), h('thead', { attrs: { role: 'rowgroup' } }, head), tbody);
  table.style.setProperty('--stats-cols', String(parts.length + extra.length));
  // Should a table still be too wide, it scrolls, not the page.
  figure.append(h('div', { class: 'stats-scroll' }, table));
  return figure;
}
