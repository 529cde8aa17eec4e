/**
 * @file The puzzles page (/aufgaben, docs/puzzles.md): the puzzle of the day or one of a series
 * (`#<id>` in the address), played against Stark's longest resistance; progress and the daily
 * streak in localStorage. Works offline once the service worker keeps the page and the file.
 */
// @ts-check

import '../learn/puzzle-strings.js';
import { byId, h } from '../common/dom.js';
import { initPage, lang, onLangChange, t } from '../common/i18n.js';
import { drawBoard } from '../learn/puzzle-board.js';
import { moveOfSolution, newGame, play, solved, takeBack } from '../learn/puzzle-game.js';
import {
  currentStreak, dailyIndex, dateText, loadProgress, markShown, markSolved, nextPuzzleOf, saveProgress, seriesState,
} from '../learn/puzzle-progress.js';
import { mainLine, reply } from '../learn/puzzle-search.js';
import { lineSentences, moveName, moveSentence, outcomeWords, whyNot } from '../learn/puzzle-words.js';

initPage(document);

const SERIES = ['einstieg', 'mitte', 'meister'];
const els = {
  board: byId('pz-board'), title: byId('pz-title'), other: byId('pz-other'), otherH: byId('pz-other-h'),
  line: byId('pz-line'), hand: byId('pz-hand'), handH: byId('pz-mine-h'), status: byId('pz-status'),
  back: byId('pz-back'), show: byId('pz-show'), next: byId('pz-next'), solution: byId('pz-solution'),
  steps: byId('pz-solution-steps'), first: byId('pz-solution-first'), not: byId('pz-solution-not'), log: byId('pz-log'), msg: byId('pz-msg'),
  series: byId('pz-series'), streak: byId('pz-streak'), daily: /** @type {HTMLAnchorElement} */ (byId('pz-daily')),
};
const storage = (() => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
})();

let puzzles = [];
let game = null;
let status = { key: 'pz.task', params: {}, tone: '', answers: [] };
const today = () => dateText(new Date());
const dailyPuzzle = () => puzzles[dailyIndex(today(), puzzles.length)];

function isDaily(p) {
  return p === dailyPuzzle();
}

function titleOf(p) {
  const done = progress().solved[p.id] ? ` · ${t('pz.done')}` : '';
  if (isDaily(p)) {
    const date = new Date().toLocaleDateString(lang() === 'en' ? 'en-GB' : 'de-DE', { day: 'numeric', month: 'long' });
    return t('pz.dailyOf', { date }) + done;
  }
  const list = puzzles.filter((q) => q.series === p.series);
  return t('pz.ofSeries', { series: t(`pz.series.${p.series}`), n: list.indexOf(p) + 1, total: list.length }) + done;
}

/** The status line: the other seat's answers, then the verdict (in the current language). */
function statusText() {
  const answers = status.answers.map((a) => moveSentence(a, false));
  return [...answers, t(status.key, status.params)].join(' ');
}

function say(key, params = {}, tone = '', answers = []) {
  status = { key, params, tone, answers };
  els.status.textContent = statusText();
  els.status.className = `pz-status ${tone}`;
}

function drawLog() {
  els.log.replaceChildren(...game.steps.map((s) => h('li', { text: moveSentence(s.move, s.seat === game.me) })));
}

function drawSolution() {
  const p = game.puzzle;
  const start = newGame(p);
  const first = moveOfSolution(p.solution);
  const line = mainLine(start.pos, start.search);
  els.first.textContent = t('pz.solution.first', { move: moveName(first) });
  els.steps.replaceChildren(...lineSentences(start.pos, line, start.me).map((text) => h('li', { text })));
  els.not.replaceChildren(...whyNot(start.pos, start.search, first, reply).map((text) => h('li', { text })));
}

function draw() {
  els.title.textContent = titleOf(game.puzzle);
  drawBoard(els, game, onMove);
  drawLog();
  els.status.textContent = statusText();
  els.back.hidden = !game.steps.some((s) => s.seat === game.me);
  if (!els.solution.hidden) drawSolution();
  drawSeries();
}

function progress() {
  return loadProgress(storage);
}

function drawSeries() {
  const data = progress();
  const streak = currentStreak(data, today());
  els.streak.textContent = streak ? t(streak === 1 ? 'pz.streak1' : 'pz.streak', { n: streak }) : t('pz.streakNone');
  els.daily.href = `#${dailyPuzzle().id}`;
  els.series.replaceChildren(...SERIES.map((name) => {
    const state = seriesState(data, puzzles.filter((p) => p.series === name));
    const label = t(`pz.series.${name}`);
    const link = state.next
      ? h('a', { class: 'btn', text: t('pz.series.go', { series: label }), attrs: { href: `#${state.next.id}` } })
      : h('span', { text: t('pz.series.done', { series: label }) });
    return h('li', {}, link, h('span', { text: t('pz.series.state', state) }),
      h('span', { class: 'about', text: t(`pz.series.about.${name}`) }));
  }));
}

/** After the player's move: the answer, the words, the progress. */
function onMove(move) {
  const { wins, answers } = play(game, move);
  const p = game.puzzle;
  if (solved(game)) {
    const data = progress();
    const shown = Boolean(data.shown[p.id]);
    saveProgress(storage, markSolved(data, p.id, today(), isDaily(p)));
    say(shown ? 'pz.solvedShown' : 'pz.solved', {}, 'good', answers);
  } else if (game.ended !== null) {
    say(game.ended === -1 ? 'pz.over.shared' : 'pz.over.lost', {}, 'bad', answers);
  } else if (!wins || game.lost) {
    say('pz.wrong', { out: outcomeWords(game.search.score(game.pos)) }, 'bad', answers);
  } else {
    say('pz.good', {}, 'good', answers);
  }
  draw();
  focusAfterMove();
}

function focusAfterMove() {
  const first = els.hand.querySelector('button');
  if (solved(game) || game.ended !== null) (solved(game) ? els.next : els.back).focus();
  else if (first) first.focus();
}

function open(p) {
  game = newGame(p);
  els.solution.hidden = true;
  els.show.setAttribute('aria-expanded', 'false');
  say('pz.task');
  els.board.hidden = false;
  draw();
}

function openFromAddress() {
  const id = decodeURIComponent(location.hash.slice(1));
  open(puzzles.find((p) => p.id === id) ?? dailyPuzzle());
}

function nextPuzzle() {
  const next = nextPuzzleOf(progress(), puzzles, game.puzzle, isDaily(game.puzzle), SERIES);
  if (next.id === decodeURIComponent(location.hash.slice(1))) openFromAddress();
  else location.hash = next.id;
}

function wire() {
  els.back.addEventListener('click', () => {
    if (takeBack(game)) say(game.steps.length ? 'pz.yourTurn' : 'pz.task');
    draw();
    (els.hand.querySelector('button') ?? els.show).focus();
  });
  els.show.addEventListener('click', () => {
    const open = els.solution.hidden;
    els.solution.hidden = !open;
    els.show.setAttribute('aria-expanded', String(open));
    if (open) {
      saveProgress(storage, markShown(progress(), game.puzzle.id));
      drawSolution();
    }
  });
  els.next.addEventListener('click', nextPuzzle);
  window.addEventListener('hashchange', () => {
    openFromAddress();
    els.title.focus();
  });
  onLangChange(() => {
    say(status.key, status.params, status.tone, status.answers);
    if (game) draw();
  });
}

async function load() {
  try {
    const response = await fetch('/static/learn/puzzles.json');
    if (!response.ok) throw new Error(String(response.status));
    puzzles = (await response.json()).puzzles;
  } catch {
    els.board.hidden = true; // its place was kept from the first paint (puzzles.css): no board
    els.msg.textContent = t('pz.loadFailed');
    return;
  }
  wire();
  openFromAddress();
}

load();
