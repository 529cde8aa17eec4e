/**
 * @file The actions of a turn, types only: the twin of Python's `engine/actions.py`.
 */
// @ts-check

/** @typedef {'left'|'right'} End */
/**
 * @typedef {{type: 'play', tile: string, end?: End|null} | {type: 'draw'} | {type: 'pass'}} Action
 * `end` may be absent or null only on an empty line (tests/vectors/FORMAT.md, ACTION).
 */

// Makes this file a module, so its types are imported by name.
export {};
