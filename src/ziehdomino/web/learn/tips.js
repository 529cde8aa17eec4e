/**
 * "Mit Tipps lernen": a tip for the player's next action and the counter that ends the tips, as
 * the rules page's FAQ "Wie helfen mir die optionalen Tipps?" describes them. The tip is Stark's
 * choice from the seat's view (bots/index.js `analyse`) with one reason (learn/reasons.js); every
 * fact in it comes from `analyse`.
 */
// @ts-check

import { mixSeed } from '../bots/rng.js';
import { playReason, tenths, wordsIn } from './reasons.js';

export { TIP_ACTIONS, TipCoach } from './tip-coach.js';

const SIDE = { de: { left: 'links', right: 'rechts' }, en: { left: 'left', right: 'right' } };

const TEXT = {
  de: {
    playOpen: (t) => `Lege ${t} an: Die Kette ist leer, jeder Stein passt.`,
    play: (t, side, n) => `Lege ${t} ${SIDE.de[side]} an die ${n}.`,
    draw: (l, r) => `Ziehe einen Stein: Keiner deiner Steine zeigt eine ${l}${l === r ? '' : ' oder ' + r}. Ziehe so lange, bis einer passt.`,
    pass: (l, r) => `Passe: Keiner deiner Steine zeigt eine ${l}${l === r ? '' : ' oder ' + r}, und der Vorrat ist leer.`,
    only: 'Nur dieser Zug ist möglich.',
    same: (t) => `Nur ${t} passt, und an beiden Enden ergibt er dieselben offenen Enden: es ist dein einziger Zug.`,
    solved: ['Der Vorrat ist leer, also kennst du alle Steine: Die Runde ist nicht mehr zu gewinnen, kein Zug ist besser.',
      'Der Vorrat ist leer, also kennst du alle Steine: Mit diesem Zug endet die Runde bei bestem Spiel geteilt.',
      'Der Vorrat ist leer, also kennst du alle Steine: Mit diesem Zug gewinnst du sicher, was der andere auch tut.'],
    alt: (t, side) => (side ? `mit ${t} ${SIDE.de[side]}` : `mit ${t}`),
    seat: (s) => `Platz ${s + 1}`,
  },
  en: {
    playOpen: (t) => `Play ${t}: the line is empty, every tile fits.`,
    play: (t, side, n) => `Play ${t} on the ${side}, at the ${n}.`,
    draw: (l, r) => `Draw a tile: none of your tiles shows a ${l}${l === r ? '' : ' or a ' + r}. Keep drawing until one fits.`,
    pass: (l, r) => `Pass: none of your tiles shows a ${l}${l === r ? '' : ' or a ' + r}, and the boneyard is empty.`,
    only: 'This is the only possible move.',
    same: (t) => `Only ${t} fits, and both ends leave the same open ends: it is your only move.`,
    solved: ['The boneyard is empty, so you know every tile: the round cannot be won any more; no move is better.',
      'The boneyard is empty, so you know every tile: with this move the round ends shared with best play.',
      'The boneyard is empty, so you know every tile: with this move you win for sure, whatever the other does.'],
    alt: (t, side) => (side ? `with ${t} on the ${side}` : `with ${t}`),
    seat: (s) => `Seat ${s + 1}`,
  },
};

/**
 * The search's seed, fixed by the view, so that the same view always gets the same tip.
 * @param {object} view a seat's view
 * @returns {number}
 */
export function tipSeed(view) {
  return mixSeed(0x71b5, view.round_number ?? 0, view.version ?? 0, view.seat ?? 0);
}

let bots = null;
let loading = null;

/**
 * Loads the computer players (bots/index.js) the tips ask, once. A room page loads them only when
 * the tips are switched on; until then `tipFor` returns null.
 * @returns {Promise<void>}
 */
export function loadTips() {
  loading ??= import('../bots/index.js').then((module) => {
    bots = module;
  });
  return loading;
}

let cached = { key: null, found: null };

/** `analyse` for this view, remembered for the last view (the table renders a view often). */
function searchFor(view) {
  const key = JSON.stringify([view.round_number, view.version, view.seat, view.hand, view.line, view.log,
    view.hand_counts, view.boneyard_count]);
  if (cached.key !== key) cached = { key, found: bots.analyse(view, tipSeed(view)) };
  return cached.found;
}

/**
 * A tip for the viewer's next action, or null off turn (or before bots/index.js is loaded: `loadTips`).
 * @param {object} view the seat's view (docs/view.md)
 * @param {"de"|"en"} [lang="de"]
 * @param {(seat: number) => string} [nameOf] the name to give another seat (default "Platz n")
 * @returns {null | {action: object, tile: string|null, end: "left"|"right"|null, text: string, search: object}}
 *   `tile`/`end`: what to highlight (null for a draw or pass; `end` null on an empty line)
 */
export function tipFor(view, lang = 'de', nameOf = null) {
  if (!view || view.seat === null || view.result || view.turn !== view.seat || !view.legal?.length) return null;
  if (!bots) {
    loadTips();
    return null;
  }
  const t = TEXT[lang] ?? TEXT.de;
  const name = nameOf ?? t.seat;
  const found = searchFor(view);
  const action = view.legal[found.choice];
  if (action.type !== 'play') {
    const [l, r] = view.ends;
    return { action, tile: null, end: null, text: action.type === 'draw' ? t.draw(l, r) : t.pass(l, r), search: found };
  }
  const chosen = found.candidates.find((c) => c.index === found.choice);
  const parts = [view.ends ? t.play(action.tile, action.end, action.end === 'left' ? view.ends[0] : view.ends[1])
    : t.playOpen(action.tile)];
  if (found.method === 'only') parts.push(t.only);
  else if (found.method === 'same') parts.push(t.same(action.tile));
  else if (found.method === 'solve') parts.push(t.solved[chosen.value]);
  const reason = found.method === 'sample' || found.method === 'solve' ? playReason(view, found, chosen, name, wordsIn(lang)) : '';
  if (reason) parts.push(reason);
  // The playouts are then the reason itself, with their number: no second sentence with it.
  const playouts = found.method === 'sample' && reason.includes(wordsIn(lang)('reason.playouts', { k: tenths(found, chosen) }));
  if (found.method === 'sample' && !playouts) {
    const chance = chanceSentence(view, found, chosen, t, lang);
    if (chance) parts.push(chance);
  }
  return { action, tile: action.tile, end: action.end ?? null, text: parts.join(' '), search: found };
}

/**
 * "Stark hat mit diesem Zug in etwa 6 von 10 ausgespielten Fällen gewonnen, mit 4|6 links in
 * etwa 4 von 10.": only where it helps, when Stark's move wins at least one in ten more often
 * than the next best candidate (rounded to tenths); else null.
 */
function chanceSentence(view, found, chosen, t, lang) {
  let alt = null;
  for (const c of found.candidates) {
    if (c === chosen) continue;
    if (!alt || 2 * c.won + c.shared > 2 * alt.won + alt.shared) alt = c;
  }
  if (!alt || tenths(found, chosen) - tenths(found, alt) < 1) return null;
  const a = view.legal[alt.index];
  return wordsIn(lang)('reason.chance', { k: tenths(found, chosen), alt: t.alt(a.tile, view.ends ? a.end : null), j: tenths(found, alt) });
}
