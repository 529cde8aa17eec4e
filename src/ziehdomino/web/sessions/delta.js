/**
 * @file Delta frames (docs/protocol.md, "Delta frames"): the full state a `delta` makes of the
 * state the page holds. The same as the server's reference, `server/deltas.py`'s `apply_delta`;
 * both are held to the vectors in `tests/vectors/deltas.json`.
 */

/**
 * The state (a parsed `state` message) that `delta` (a parsed `delta` message) makes of
 * `state`, as a new object; null when it does not apply: its `base` is not `state.seq` (a
 * state was missed), or it changes a view that `state` does not have. The page then asks for
 * the full state (`{"type": "sync"}`); it never guesses. Fields keep their order, so
 * `JSON.stringify` of the result is the server's full text.
 *
 * @param {object|null} state
 * @param {object} delta
 * @returns {object|null}
 */
export function applyDelta(state, delta) {
  if (!state || !delta || state.seq !== delta.base || !Number.isInteger(delta.seq)) return null;
  const changesView = 'view' in delta || 'append' in delta || 'prepend' in delta;
  if (!state.view && changesView) return null;
  const out = structuredClone(state);
  out.seq = delta.seq;
  Object.assign(out.room, delta.room ?? {});
  if (out.view) {
    const view = out.view;
    Object.assign(view, delta.view ?? {});
    for (const [name, items] of Object.entries(delta.append ?? {})) {
      if (!Array.isArray(view[name]) || !Array.isArray(items)) return null;
      view[name] = view[name].concat(items);
    }
    for (const [name, items] of Object.entries(delta.prepend ?? {})) {
      if (!Array.isArray(view[name]) || !Array.isArray(items)) return null;
      view[name] = items.concat(view[name]);
    }
  }
  return out;
}
