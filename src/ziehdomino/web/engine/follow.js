/**
 * @file What one public action does to a seat's view, worked out from that view alone: a delta
 * frame names the action taken (its act) instead of the fields it changed (docs/protocol.md,
 * "Delta frames"). The twin of the server's reference, `engine/follow.py`; both are held to the
 * vectors in `tests/vectors/deltas.json`. The server sends every field whose value is not the
 * one worked out here (a round's end, a drawn tile, an absent person's time).
 *
 * An act is `[seat, tile, end]` for a play (`end` null for the opening tile), `[seat, 'draw']`
 * or `[seat, 'pass']`, with `true` added at its end when a computer made the move for a person.
 *
 * The room page loads this module alone of the engine, importing nothing (a round, a match and
 * the rest are the local game's, and too heavy for a page that only shows what the server
 * decides), so the one rule needed here, which actions the seat to act has, is written again on
 * the view's own terms; `tests/web/follow.test.mjs` holds it equal to round.js's `legalActions`
 * over many random rounds.
 */
// @ts-check

/** A tile's two halves from its text `"a|b"`. */
function halves(text) {
  return [text.charCodeAt(0) - 48, text.charCodeAt(2) - 48];
}

/**
 * The log entry `act` makes, with the open `ends` before it, keys in the view's order.
 * @param {Array} act
 * @param {number[]|null} ends
 * @returns {object}
 * @throws {TypeError} when `act` is not an act.
 */
export function entryOf(act, ends) {
  if (!Array.isArray(act)) throw new TypeError('not an act');
  const [seat, what, ...rest] = act;
  const marked = rest.length > 0 && rest[rest.length - 1] === true;
  if (marked) rest.pop();
  /** @type {{seat: number, type: string, tile?: string, end?: string, ends: number[]|null, stand_in?: true}} */
  let entry;
  if ((what === 'draw' || what === 'pass') && rest.length === 0) entry = { seat, type: what, ends };
  else if (typeof what === 'string' && rest.length === 1) entry = { seat, type: 'play', tile: what, end: rest[0], ends };
  else throw new TypeError('not an act');
  if (marked) entry.stand_in = true;
  return entry;
}

/**
 * Where a play's tile goes in the line and how it lies there (the opening tile: right, as
 * given); null for a draw or a pass.
 * @param {Array} act
 * @param {number[]|null} ends
 * @returns {[string, string]|null} `['left' | 'right', 'a|b']`
 */
export function placed(act, ends) {
  const tile = act[1];
  if (tile === 'draw' || tile === 'pass') return null;
  if (ends === null) return ['right', tile];
  const [a, b] = halves(tile);
  if (act[2] === 'left') return ['left', `${b === ends[0] ? a : b}|${ends[0]}`];
  return ['right', `${ends[1]}|${a === ends[1] ? b : a}`];
}

/**
 * The view's `legal` from its other fields, as the server makes it (docs/rules.md, "A round"
 * 3–4; the order of docs/view.md): empty for a spectator, after the round, or when another seat
 * is to act; on an empty line every tile once with `end: null`; else plays by hand order, left
 * before right, and only when none fits a draw (tiles left to draw) or a pass.
 * @param {object} view
 * @returns {object[]}
 */
export function legalOf(view) {
  if (view.seat === null || view.result !== null || view.turn !== view.seat) return [];
  const { ends, hand } = view;
  const actions = [];
  for (const tile of hand) {
    if (ends === null) {
      actions.push({ type: 'play', tile, end: null });
      continue;
    }
    const [a, b] = halves(tile);
    if (a === ends[0] || b === ends[0]) actions.push({ type: 'play', tile, end: 'left' });
    if (a === ends[1] || b === ends[1]) actions.push({ type: 'play', tile, end: 'right' });
  }
  if (actions.length === 0) actions.push({ type: view.boneyard_count > 0 ? 'draw' : 'pass' });
  return actions;
}

/**
 * The history's line (ROUND, docs/protocol.md) of the round that `view` shows at its end, read
 * off the view as the server's `round_of` does; null while the round is played.
 * @param {object} view
 * @returns {object|null}
 */
export function roundOf(view) {
  const { result } = view;
  if (result === null || result === undefined) return null;
  return {
    round: view.round_number, starter: view.starter, kind: result.kind, winners: result.winners, pips: view.pips, fair: view.fair,
  };
}

const TILE = /^[0-6]\|[0-6]$/;

/** A test for an action equal to `action`. */
const same = (action) => (x) => x.type === action.type && x.tile === action.tile && x.end === action.end;

/**
 * Throws a TypeError when `act` cannot follow `view` (the page then asks for the full state);
 * the rules are engine/follow.py's `check_act`.
 */
export function checkAct(view, act) {
  if (!Array.isArray(act) || act.length < 2 || view.result !== null) throw new TypeError('no act follows a finished round');
  const [seat, what, ...rest] = act;
  if (rest.length > 0 && rest[rest.length - 1] === true) rest.pop();
  if (!Number.isInteger(seat) || seat !== view.turn) throw new TypeError('that seat is not to act');
  let action;
  if (what === 'draw' || what === 'pass') {
    if (rest.length > 0 || (view.boneyard_count > 0) !== (what === 'draw')) throw new TypeError('does not fit the boneyard');
    action = { type: what };
  } else {
    action = { type: 'play', tile: what, end: rest.length === 1 ? rest[0] : 'none' };
    // the rule that makes the legal plays, for a hand of that one tile: it fits the end named
    const [a, b] = typeof what === 'string' && TILE.test(what) ? halves(what) : [];
    if (a === undefined || a > b || view.line.includes(`${a}|${b}`) || view.line.includes(`${b}|${a}`)
      || !legalOf({ ...view, seat, hand: [what] }).some(same(action))) throw new TypeError('does not fit');
  }
  if (view.seat === seat && view.hand !== null && !legalOf(view).some(same(action))) {
    throw new TypeError('not a legal action of this seat');
  }
}

/**
 * Applies `act` to a state's `room` and `view` (changed in place): the log entry, the line, the
 * version, the ends, the counts, the turn, the passes, the clock once the turn moved on, and the
 * viewer's hand when the viewer played. `legal` is left to `legalOf`.
 * @param {object} room
 * @param {object} view
 * @param {Array} act
 * @throws {TypeError} when `act` cannot follow `view` (`checkAct`); nothing changed then.
 */
export function follow(room, view, act) {
  checkAct(view, act);
  const [seat, what] = act;
  const ends = view.ends;
  view.log = view.log.concat([entryOf(act, ends)]);
  const players = view.hand_counts.length;
  const counts = view.hand_counts.slice();
  const turn = view.turn;
  const where = placed(act, ends);
  if (where) {
    const [side, text] = where;
    view.line = side === 'left' ? [text].concat(view.line) : view.line.concat([text]);
    if (view.seat === seat && view.hand !== null) view.hand = view.hand.filter((t) => t !== act[1]);
    const a = Number(text[0]);
    const b = Number(text[2]);
    view.ends = ends === null ? [a, b] : side === 'left' ? [a, ends[1]] : [ends[0], b];
    counts[seat] -= 1;
    view.passes = 0;
    view.turn = counts[seat] === 0 ? null : (seat + 1) % players;
  } else if (what === 'draw') {
    counts[seat] += 1;
    view.boneyard_count -= 1;
  } else {
    view.passes += 1;
    view.turn = view.passes >= players ? null : (seat + 1) % players;
  }
  view.hand_counts = counts;
  view.version += 1;
  if (view.turn !== turn) {
    room.clock = view.turn === null || room.turn_time === null || room.turn_time === undefined
      ? null
      : { seat: view.turn, ms: room.turn_time * 1000, stand_in: false };
  }
}
