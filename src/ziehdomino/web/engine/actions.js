/**
 * @file The three actions of a turn, play, draw and pass: the twin of Python's
 * `engine/actions.py`. An action stays the JSON object a client sends, checked on every apply
 * (round.js); this module names its shape and imports nothing, so no page loads it.
 */
// @ts-check

/** @typedef {'left'|'right'} End  An end of the line. */
/**
 * @typedef {{type: 'play', tile: string, end?: End|null} | {type: 'draw'} | {type: 'pass'}} Action
 * An action as a client sends it. `tile` is `"a|b"` in either orientation; `end` is required on
 * a non-empty line and may be absent or null on an empty one (tests/vectors/FORMAT.md, ACTION).
 */

// No values: the export makes this file a module for the type checker too, so its types are
// imported by name (`@import`) rather than global.
export {};
