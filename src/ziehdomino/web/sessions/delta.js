/**
 * @file Delta frames (docs/protocol.md, "Delta frames"): the twin of `server/protocol/deltas.py`'s
 * `apply_delta`, both held to tests/vectors/deltas.json.
 */
// @ts-check

import { follow, legalOf } from '../engine/follow.js';

/**
 * The state `delta` makes of `state`, as a new object; null when it does not apply (the page
 * then asks for the full state, never guesses).
 * @param {object|null} state
 * @param {object} delta
 * @returns {object|null}
 */
export function applyDelta(state, delta) {
  if (!state || !delta || !Number.isInteger(state.seq) || delta.seq !== state.seq + 1) return null;
  const changesView = 'act' in delta || 'view' in delta || 'append' in delta || 'prepend' in delta;
  if (!state.view && changesView) return null;
  const out = structuredClone(state);
  out.seq = delta.seq;
  const view = out.view;
  if (view && 'act' in delta) {
    try {
      follow(out.room, view, delta.act);
    } catch {
      return null;
    }
  }
  Object.assign(out.room, delta.room ?? {});
  for (const change of delta.seats ?? []) {
    if (!Array.isArray(change) || !Array.isArray(out.room.seats) || !(change[0] in out.room.seats)) return null;
    Object.assign(out.room.seats[change[0]], change[1]);
  }
  if (view) {
    Object.assign(view, delta.view ?? {});
    for (const [name, items] of Object.entries(delta.append ?? {})) {
      if (!Array.isArray(view[name]) || !Array.isArray(items)) return null;
      view[name] = view[name].concat(items);
    }
    for (const [name, items] of Object.entries(delta.prepend ?? {})) {
      if (!Array.isArray(view[name]) || !Array.isArray(items)) return null;
      view[name] = items.concat(view[name]);
    }
    view.legal = legalOf(view);
  }
  return out;
}
