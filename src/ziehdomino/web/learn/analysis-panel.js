/**
 * @file "Runde analysieren" on the replay page (docs/analysis.md, "What the page shows"), run in
 * the browser a decision at a time.
 */
// @ts-check

import { h, svg } from '../common/dom.js';
import { t } from '../common/i18n.js';
import './analysis-strings.js';
import { seatName } from '../common/seat-words.js';
import { analyseDecision, decisionsOf } from './analysis.js';
import { chartLabel, decisionDetail, decisionLine, summaryText } from './analysis-words.js';

const W = 320;
const H = 110;
/** Where the plot begins: left of it the scale's words. */
const L = 92;

/**
 * The chart: the player's chance per decision (0–100), the marks as dots, with a scale a
 * beginner reads (100 gewonnen, 50 offen, 0 verloren) left of the plot.
 */
function chart(decisions) {
  const x = (i) => (decisions.length < 2 ? (L + W) / 2 : L + 8 + (i * (W - L - 16)) / (decisions.length - 1));
  const y = (c) => H - 10 - (c * (H - 20)) / 100;
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'an-chart', role: 'img', 'aria-label': chartLabel(decisions) });
  for (const [c, key] of /** @type {[number, string][]} */ ([[100, 'an.scale.won'], [50, 'an.scale.open'], [0, 'an.scale.lost']])) {
    root.append(svg('line', { x1: L, x2: W, y1: y(c), y2: y(c), class: c === 50 ? 'an-mid' : 'an-grid' }));
    const label = svg('text', { x: L - 6, y: y(c), class: 'an-scale', 'text-anchor': 'end', 'dominant-baseline': 'middle' });
    label.textContent = t(key, { n: c });
    root.append(label);
  }
  const points = decisions.map((d, i) => `${x(i)},${y(d.chance_played)}`).join(' ');
  root.append(svg('polyline', { points, class: 'an-line' }));
  decisions.forEach((d, i) => {
    root.append(svg('circle', { cx: x(i), cy: y(d.chance_played), r: d.mark ? 6 : 3, class: `an-dot ${d.mark ?? ''}` }));
  });
  return root;
}

/** Analyses every decision of `seat` in the round, one at a time, the progress shown as it goes. */
async function analyse(record, seat, progress, progressText) {
  const todo = decisionsOf(record, seat);
  progress.hidden = false;
  progress.max = Math.max(1, todo.length);
  const found = [];
  for (let i = 0; i < todo.length; i++) {
    progress.value = i;
    progressText.textContent = t('an.running', { k: i, n: todo.length });
    await new Promise((resolve) => setTimeout(resolve, 0)); // let the page draw the progress
    const d = analyseDecision(todo[i].view, todo[i].action, todo[i].step);
    if (d) found.push(d);
  }
  return found;
}

/**
 * The choice of the seat to analyse: the people's seats (else seat 0), and `seat` if it is
 * another one of the round; the field is hidden while there is one seat to choose.
 */
function seatChoice(room, record, seat) {
  const persons = room.seats.map((s, i) => (s?.kind === 'person' ? i : -1)).filter((i) => i >= 0);
  const seats = persons.length ? persons : [0];
  if (seat !== null && seat < record.players && !seats.includes(seat)) seats.unshift(seat);
  const select = h('select', { attrs: { id: 'an-seat' } }, ...seats.map((s) => h('option', { text: seatName(room, s), attrs: { value: s } })));
  const seatLabel = h('label', { text: t('an.seat'), attrs: { for: 'an-seat' } });
  const seatField = h('p', { class: 'field an-seat' }, seatLabel, select);
  seatField.hidden = seats.length < 2;
  if (seat !== null && seats.includes(seat)) select.value = String(seat);
  return { select, seatLabel, seatField };
}

/**
 * @param {{record: object, session: object, note: HTMLElement, seat: number|null, onJump: () => void}} opts
 *   `note`: where the chosen decision's words go; `seat`: the seat to analyse first (else the first person's)
 * @returns {{element: HTMLElement, run: () => Promise<void>, render: () => void}} `render`
 *   says everything again in the current language.
 */
export function createAnalysisPanel({ record, session, note, seat = null, onJump }) {
  const room = session.roomInfo();
  const { select, seatLabel, seatField } = seatChoice(room, record, seat);
  const start = h('button', { class: 'btn primary', text: t('an.start'), attrs: { type: 'button', id: 'an-start' } });
  const progress = h('progress', { attrs: { max: 1, value: 0, id: 'an-progress', 'aria-label': t('an.progress') } });
  const progressText = h('p', { class: 'an-progress-text', attrs: { 'aria-live': 'polite' } });
  const results = h('div', { class: 'an-results' });
  progress.hidden = true;
  const heading = h('h2', { text: t('an.h'), attrs: { id: 'an-h' } });
  const intro = h('p', { class: 'hint', text: t('an.intro') });
  const element = h('section', { class: 'card analysis', attrs: { 'aria-labelledby': 'an-h', id: 'analysis' } },
    heading, intro, seatField, h('p', { class: 'buttons' }, start), progress, progressText, results);
  let done = null;
  let chosen = null;
  const nameOf = (s) => seatName(room, s);

  function jump(d) {
    session.pause();
    session.seek(d.step);
    chosen = d;
    note.hidden = false;
    note.textContent = decisionDetail(d, nameOf);
    onJump();
  }

  function render() {
    heading.textContent = t('an.h');
    intro.textContent = t('an.intro');
    seatLabel.textContent = t('an.seat');
    start.textContent = t('an.start');
    progress.setAttribute('aria-label', t('an.progress'));
    if (done) {
      progressText.textContent = t(done.length === 1 ? 'an.done1' : 'an.done', { n: done.length });
      show(done);
    }
    if (chosen) note.textContent = decisionDetail(chosen, nameOf);
  }

  function button(d) {
    const b = h('button', { class: `btn an-decision ${d.mark ?? ''}`, text: decisionLine(d), attrs: { type: 'button' } });
    b.addEventListener('click', () => jump(d));
    return h('li', {}, b);
  }

  function show(decisions) {
    const marked = decisions.filter((d) => d.mark);
    results.replaceChildren(
      h('p', { class: 'an-summary', text: summaryText(decisions) }),
      h('figure', { class: 'an-figure' }, chart(decisions), h('figcaption', { text: t('an.chart') })),
      h('h3', { text: t('an.marked') }),
      marked.length ? h('ol', { class: 'an-list an-marked' }, ...marked.map(button)) : h('p', { text: t('an.noMarks') }),
      h('details', { class: 'an-all' }, h('summary', { text: t('an.all') }), h('ol', { class: 'an-list' }, ...decisions.map(button))),
    );
  }

  async function run() {
    start.disabled = true;
    // the panel comes into view with its progress, then the results under its heading
    element.scrollIntoView({ block: 'start' });
    done = await analyse(record, Number(select.value), progress, progressText);
    progress.value = progress.max;
    progress.hidden = true;
    progressText.textContent = t(done.length === 1 ? 'an.done1' : 'an.done', { n: done.length });
    start.disabled = false;
    show(done);
    element.dataset.analysed = String(done.length);
    element.scrollIntoView({ block: 'start' });
  }

  start.addEventListener('click', run);
  return { element, run, render };
}
