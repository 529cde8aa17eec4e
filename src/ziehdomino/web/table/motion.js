/**
 * @file The table's motion: after one more action (view-change.js) the tile flies to where it
 * now lies, as a copy in an aria-hidden layer moved by transform and opacity only, so nothing in
 * the layout moves and the real tile takes clicks all along. One flight at a time; none with
 * reduced motion or on a full redraw.
 */
// @ts-check

import { h } from '../common/dom.js';
import { plainTile } from '../common/tiles.js';

/** A flight's length in ms by the pace "Tempo" (common/tempo.js TEMPOS); at most 300. */
export const MOTION_MS = Object.freeze({ langsam: 300, normal: 220, schnell: 140 });

const EASE = 'cubic-bezier(0.2, 0.7, 0.3, 1)';

/**
 * @param {string|null|undefined} tempo  a name of MOTION_MS (anything else: "normal")
 * @param {boolean} reduced  the person asks for reduced motion
 * @returns {number} ms, 0 for none
 */
export function motionMs(tempo, reduced) {
  if (reduced) return 0;
  return Object.hasOwn(MOTION_MS, tempo ?? '') ? MOTION_MS[tempo] : MOTION_MS.normal;
}

const reducedMotion = () => Boolean(globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches);

/**
 * @param {{stage: HTMLElement, line: HTMLElement, hand: HTMLElement, boneyard: HTMLElement,
 *   tempo: () => string|null}} parts
 * @returns {{prepare: (change: object, before: object|null, next: object|null) => object|null,
 *   run: (plan: object|null) => void}}  `prepare` before the redraw (it reads what the redraw
 *   replaces), `run` with its plan after it
 */
export function createMotion({ stage, line, hand, boneyard, tempo }) {
  const flyer = h('div', { class: 'flyer' });
  const layer = h('div', { class: 'flights', attrs: { 'aria-hidden': 'true' } }, flyer);
  const M = { stage, line, hand, boneyard, tempo, flyer, layer, running: [] };
  return { prepare: (change, before, next) => prepare(M, change, before, next), run: (plan) => run(M, plan) };
}

/** Ends every flight at once (its copy turns see-through, the real tile shows). */
function land(M) {
  for (const a of M.running) a.finish();
  M.running = [];
}

const rectOf = (el) => {
  const r = el?.getBoundingClientRect();
  return r && r.width > 0 && r.height > 0 ? r : null;
};
const cardOf = (M, seat) => M.stage.querySelector(`.players [data-seat="${seat}"], .me-info[data-seat="${seat}"]`);

function prepare(M, { action }, before, next) {
  land(M);
  const ms = motionMs(M.tempo(), reducedMotion());
  if (!action || action.type === 'pass' || ms === 0) return null;
  const plan = { ...action, ms, from: null, drawn: null, oriented: null };
  if (action.type === 'play') {
    plan.oriented = next.line.find((text) => plainTile(text) === action.tile) ?? action.tile;
    if (action.mine) plan.from = rectOf(M.hand.querySelector(`button[data-tile="${action.tile}"] svg`));
  } else if (action.mine) {
    plan.drawn = next.hand.find((tile) => !before.hand.includes(tile)) ?? null;
  }
  return plan;
}

function run(M, plan) {
  if (!plan) return;
  const bone = rectOf(M.boneyard);
  if (plan.type === 'play') {
    const li = M.line.querySelector(`li[data-tile="${plan.tile}"]`);
    const to = rectOf(li);
    const from = plan.from ?? rectOf(cardOf(M, plan.seat));
    if (!to || !from) return;
    const copy = li.querySelector('svg').cloneNode(true);
    // From the hand the tile stands upright, its low half on top: it turns to lie in the line.
    let turn = 0;
    if (plan.from) {
      const leftLow = Number(plan.oriented[0]) <= Number(plan.oriented[2]);
      turn = leftLow !== li.classList.contains('rev') ? 90 : -90;
    }
    const scale = plan.from ? plan.from.height / to.width : 0.6;
    fly(M, copy, to, from, { turn, scale, fadeIn: !plan.from, hide: li, rev: li.classList.contains('rev'), ms: plan.ms });
  } else if (plan.mine) {
    const button = plan.drawn && M.hand.querySelector(`button[data-tile="${plan.drawn}"]`);
    const face = button?.querySelector('svg');
    const to = rectOf(face);
    if (!to || !bone) return;
    fly(M, face.cloneNode(true), to, bone, { scale: 0.5, fadeIn: true, hide: button, ms: plan.ms });
  } else {
    const card = rectOf(cardOf(M, plan.seat));
    if (!card || !bone) return;
    // A small tile's back lands in the middle of the seat's card and fades there.
    const size = Math.min(28, card.height * 0.8);
    const to = { left: card.left + card.width / 2 - size / 4, top: card.top + card.height / 2 - size / 2, width: size / 2, height: size };
    fly(M, null, to, bone, { scale: 1, fadeOut: true, ms: plan.ms });
  }
}

/**
 * One flight: a copy of `node` (null: a tile's back) at `to` (a viewport rect) that starts at
 * the middle of `from`, turned by `turn` degrees and scaled by `scale`, and moves to rest.
 */
function fly(M, node, to, from, { turn = 0, scale = 1, fadeIn = false, fadeOut = false, hide = null, rev = false, ms }) {
  const { stage, layer, flyer } = M;
  if (!layer.isConnected) stage.append(layer);
  const box = layer.getBoundingClientRect();
  flyer.className = `flyer${node ? '' : ' flyer-back'}${rev ? ' rev' : ''}`;
  flyer.replaceChildren(...(node ? [node] : []));
  Object.assign(flyer.style, {
    left: `${to.left - box.left}px`, top: `${to.top - box.top}px`, width: `${to.width}px`, height: `${to.height}px`,
  });
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  const start = { transform: `translate(${dx}px, ${dy}px) rotate(${turn}deg) scale(${scale})`, opacity: fadeIn ? 0.3 : 1 };
  const frames = fadeOut ? [start, { opacity: 1, offset: 0.75 }, { transform: 'none', opacity: 0 }] : [start, { transform: 'none', opacity: 1 }];
  const flight = flyer.animate(frames, { duration: ms, easing: EASE, id: 'motion' });
  // The real tile stays see-through until the copy is there (opacity: its button still takes clicks).
  const wait = hide ? hide.animate({ opacity: [0, 0] }, { duration: ms, id: 'motion' }) : null;
  M.running = wait ? [flight, wait] : [flight];
}
