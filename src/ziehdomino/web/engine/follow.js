/**
 * @file A delta frame's act applied to a seat's view (docs/protocol.md, "Delta frames"): the
 * twin of `engine/follow.py`, both held to tests/vectors/deltas.json. The room page loads it
 * alone, so it imports nothing and restates `legalActions` on the view's terms
 * (tests/web/follow.test.mjs holds the two equal).
 */
// @ts-check

function halves(text) {
  return [text.charCodeAt(0) - 48, text.charCodeAt(2) - 48];
}

/**
 * The log entry `act` makes, given the ends before it.
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
 * Where a play's tile goes and how it lies there; null for a draw or a pass.
 * @param {Array} act
 * @param {number[]|null} ends
 * @returns {[string, string]|null}
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
 * The view's `legal`, as round.js's `legalActions` makes it.
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
 * The history line (docs/protocol.md, ROUND) of a finished round's view; null while it is played.
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

const same = (action) => (x) => x.type === action.type && x.tile === action.tile && x.end === action.end;

/** @throws {TypeError} when `act` cannot follow `view` (engine/follow.py's `check_act`). */
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
    // a one-tile hand's legal plays: the tile fits the end named
    const [a, b] = typeof what === 'string' && TILE.test(what) ? halves(what) : [];
    if (a === undefined || a > b || view.line.includes(`${a}|${b}`) || view.line.includes(`${b}|${a}`)
      || !legalOf({ ...view, seat, hand: [what] }).some(same(action))) throw new TypeError('does not fit');
  }
  if (view.seat === seat && view.hand !== null && !legalOf(view).some(same(action))) {
    throw new TypeError('not a legal action of this seat');
  }
}

/**
 * Applies `act` to `room` and `view` in place; `legal` is left to `legalOf`.
 * @param {object} room
 * @param {object} view
 * @param {Array} act
 * @throws {TypeError} when `act` cannot follow `view`; nothing changed then.
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
