/**
 * "Mit Tipps lernen": a tip for the player's next action, and the counter that ends the tips
 * after three confirmed own actions.
 *
 * Source: the rules page (`web/rules.html`, FAQ "Wie helfen mir die optionalen Tipps?"): tips are off at
 * first, accompany up to three confirmed own actions (play, draw or pass), explain one allowed
 * tile and the matching side from the player's hand and the open ends; previewing a selection
 * is not a move; switching off and on again starts anew; after a reload they are off.
 *
 * A tip is computed from the seat's view only (docs/view.md): the own hand, the open ends,
 * the legal actions and the public log. It never sees another hand or the boneyard.
 */

import { halves } from './tiles.js';

/** Number of confirmed own actions a round of tips accompanies (rules page: "bis zu drei"). */
export const TIP_ACTIONS = 3;

const TEXT = {
  de: {
    playOpen: (t) => `Lege ${t} an: Die Kette ist leer, jeder Stein passt.`,
    play: (t, side, n) => `Lege ${t} ${side === "left" ? "links" : "rechts"} an: ${side === "left" ? "links" : "rechts"} liegt eine ${n}.`,
    heavy: (p) => `Damit wirst du ${p} Augen los – droht eine Blockade, zählen niedrige Restaugen.`,
    keep: (n, k) => `Danach liegt dort eine ${n}, und davon hast du noch ${k} – so kannst du wieder anlegen.`,
    block: (name, n) => `${name} musste bei einer ${n} schon ziehen oder passen – vermutlich fehlt dort die ${n}.`,
    draw: (l, r) => `Ziehe einen Stein: Keiner deiner Steine zeigt eine ${l}${l === r ? "" : ` oder ${r}`}. Ziehe so lange, bis einer passt.`,
    pass: (l, r) => `Passe: Keiner deiner Steine zeigt eine ${l}${l === r ? "" : ` oder ${r}`}, und der Vorrat ist leer.`,
    seat: (s) => `Platz ${s + 1}`,
    done: "Die Tipps haben dich drei Aktionen begleitet und sind jetzt aus. Du kannst sie jederzeit wieder einschalten.",
  },
  en: {
    playOpen: (t) => `Play ${t}: the line is empty, every tile fits.`,
    play: (t, side, n) => `Play ${t} on the ${side}: the ${side} end shows a ${n}.`,
    heavy: (p) => `It gets rid of ${p} pips – if the round gets blocked, low pips in hand win.`,
    keep: (n, k) => `Afterwards that end shows a ${n}, and you still hold ${k} of those – so you can play again.`,
    block: (name, n) => `${name} already had to draw or pass at a ${n} – they probably lack it.`,
    draw: (l, r) => `Draw a tile: none of your tiles shows a ${l}${l === r ? "" : ` or a ${r}`}. Keep drawing until one fits.`,
    pass: (l, r) => `Pass: none of your tiles shows a ${l}${l === r ? "" : ` or a ${r}`}, and the boneyard is empty.`,
    seat: (s) => `Seat ${s + 1}`,
    done: "The tips have accompanied three of your actions and are now off. You can switch them on again at any time.",
  },
};

/**
 * The numbers each seat is known to lack, read from the public log.
 *
 * A seat that drew or passed while the ends showed a and b held neither then. A draw brings in
 * an unknown tile, so it takes back what was known about every number not showing at that
 * moment: a later draw may have brought any of those numbers in, so treating them as still
 * lacking would be a trap.
 *
 * @param {object} view the seat's view (docs/view.md)
 * @returns {Array<Set<number>>} one set of numbers per seat
 */
export function knownLacks(view) {
  const lacks = Array.from({ length: view.players }, () => new Set());
  for (const entry of view.log) {
    if (entry.type === "play" || !entry.ends) continue;
    const [l, r] = entry.ends;
    if (entry.type === "draw") {
      for (const n of [...lacks[entry.seat]]) if (n !== l && n !== r) lacks[entry.seat].delete(n);
    }
    lacks[entry.seat].add(l);
    lacks[entry.seat].add(r);
  }
  return lacks;
}

/** The open end a play leaves behind: the tile's other half (the tile's own half on an empty line). */
function newEnd(view, tile, end) {
  const [a, b] = halves(tile);
  if (!view.ends) return end === "left" ? a : b;
  const touching = end === "left" ? view.ends[0] : view.ends[1];
  return a === touching ? b : a;
}

/**
 * Score a legal play (higher is better), in whole numbers so the choice never depends on
 * floating-point rounding. The weights follow the rules page's strategy hints: shed high pips,
 * keep numbers you hold many of, prefer ends the next player could not play on.
 */
function scorePlay(view, action, lacks) {
  const [a, b] = halves(action.tile);
  const rest = view.hand.filter((t) => t !== action.tile).map(halves);
  const after = newEnd(view, action.tile, action.end);
  const other = view.ends ? (action.end === "left" ? view.ends[1] : view.ends[0]) : (after === a ? b : a);
  const holdAfter = rest.filter(([x, y]) => x === after || y === after).length;
  const next = (view.seat + 1) % view.players;
  const nextLacks = (lacks[next].has(after) ? 1 : 0) + (lacks[next].has(other) ? 1 : 0);
  const double = a === b ? 2 : 0;
  return { score: 4 * (a + b) + 6 * holdAfter + 10 * nextLacks + double, after, other, holdAfter, nextLacks };
}

/**
 * A tip for the viewer's next action, or null when it is not the viewer's turn.
 *
 * @param {object} view the seat's view (docs/view.md); uses hand, ends, legal, log, seat, players
 * @param {"de"|"en"} [lang="de"]
 * @returns {null | {action: object, tile: string|null, end: "left"|"right"|null, text: string}}
 *   `action` is one of `view.legal` (so it is always allowed); `tile`/`end` name what to
 *   highlight on the table (null for a draw or pass; `end` null on an empty line).
 */
export function tipFor(view, lang = "de") {
  if (!view || view.seat === null || view.result || view.turn !== view.seat || !view.legal?.length) return null;
  const t = TEXT[lang] ?? TEXT.de;
  const plays = view.legal.filter((a) => a.type === "play");
  if (!plays.length) {
    const action = view.legal[0];
    const [l, r] = view.ends;
    const text = action.type === "draw" ? t.draw(l, r) : t.pass(l, r);
    return { action, tile: null, end: null, text };
  }
  const lacks = knownLacks(view);
  let best = null;
  for (const action of plays) {
    const s = scorePlay(view, action, lacks);
    if (!best || s.score > best.s.score) best = { action, s };
  }
  const { action, s } = best;
  const [a, b] = halves(action.tile);
  const parts = [];
  if (!view.ends) {
    parts.push(t.playOpen(action.tile));
  } else {
    parts.push(t.play(action.tile, action.end, action.end === "left" ? view.ends[0] : view.ends[1]));
  }
  const next = (view.seat + 1) % view.players;
  if (s.nextLacks && view.ends) {
    parts.push(t.block(t.seat(next), lacks[next].has(s.after) ? s.after : s.other));
  } else if (a + b >= 7) {
    parts.push(t.heavy(a + b));
  } else if (s.holdAfter >= 1) {
    parts.push(t.keep(s.after, s.holdAfter));
  } else {
    parts.push(t.heavy(a + b));
  }
  return { action, tile: action.tile, end: action.end ?? null, text: parts.join(" ") };
}

/**
 * The switch and its count. Off at first; `start()` switches on with a fresh count of
 * {@link TIP_ACTIONS}; every confirmed own action calls `countAction()`; a preview never does.
 * Nothing is stored: a new page (a reload) begins switched off.
 */
export class TipCoach {
  constructor() {
    /** @type {boolean} */
    this.on = false;
    /** @type {number} confirmed own actions left to accompany */
    this.remaining = 0;
  }

  /** Switch on (again) with a fresh count. */
  start() {
    this.on = true;
    this.remaining = TIP_ACTIONS;
  }

  /** Switch off; the count is dropped. */
  stop() {
    this.on = false;
    this.remaining = 0;
  }

  /**
   * Count one confirmed own action (play, draw or pass) while the tips are on.
   * @returns {boolean} true when this action was the last one: the tips have just switched off
   */
  countAction() {
    if (!this.on) return false;
    this.remaining -= 1;
    if (this.remaining > 0) return false;
    this.stop();
    return true;
  }

  /** The message shown when the tips end by themselves. */
  static doneText(lang = "de") {
    return (TEXT[lang] ?? TEXT.de).done;
  }
}
