/**
 * @file Delta frames (docs/protocol.md, "Delta frames"): the full state a `delta` makes of the
 * state the page holds. The same as the server's reference, `server/protocol/deltas.py`'s `apply_delta`;
 * both are held to the vectors in `tests/vectors/deltas.json`.
 */
// @ts-check

import { follow, legalOf } from '../engine/follow.js';

/**
 * The state (a parsed `state` message) that `delta` (a parsed `delta` message) makes of
 * `state`, as a new object; null when it does not apply: its `seq` is not one more than
 * `state.seq` (a state was missed), it changes a view that `state` does not have, or its act is not one. The
 * page then asks for the full state (`{"type": "sync"}`); it never guesses. The act first
 * (engine/follow.js), then the fields and seats named, then the lists extended, then `legal` worked out. Fields
 * keep their order, so `JSON.stringify` of the result is the server's full text.
 *
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
