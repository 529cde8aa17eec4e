/**
 * @file The browser's holder key, which says whose seats they are (docs/protocol.md, "Open
 * tables"): sent as `holder` with every request that takes a seat; it opens no seat by itself.
 */
// @ts-check

import { toHex } from './fair-hex.js';

/** The localStorage key the holder key is kept under. */
export const HOLDER_KEY = 'ziehdomino.holder';
const HOLDER_RE = /^[0-9a-f]{32}$/;

/** Used while storage cannot be read or written (private mode, storage off): this page's own. */
let unkept = null;

/** @returns {string} a fresh key from `crypto.getRandomValues`, 32 lowercase hex digits. */
function freshKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return toHex(bytes);
}

/**
 * This browser's holder key, made and kept on first use; without storage, one key for as long
 * as the page lives.
 * @param {Storage} storage  localStorage
 * @returns {string} 32 lowercase hex digits
 */
export function holderKey(storage) {
  try {
    const kept = storage.getItem(HOLDER_KEY);
    if (kept && HOLDER_RE.test(kept)) return kept;
    const made = freshKey();
    storage.setItem(HOLDER_KEY, made);
    return made;
  } catch {
    unkept ??= freshKey();
    return unkept;
  }
}

/**
 * Keeps `key` as this browser's holder key from now on (a profile brought from another browser:
 * docs/profile.md); a key of another shape is refused.
 * @param {Storage} storage  localStorage
 * @param {string} key  32 lowercase hex digits
 * @returns {boolean} whether it is this browser's key now
 */
export function keepHolderKey(storage, key) {
  if (!HOLDER_RE.test(key)) return false;
  try {
    storage.setItem(HOLDER_KEY, key);
  } catch {
    unkept = key;
  }
  return true;
}

/**
 * Forgets this browser's holder key ("Von diesem Gerät abmelden"): the next request that needs
 * one makes a fresh key.
 * @param {Storage} storage  localStorage
 */
export function dropHolderKey(storage) {
  unkept = null;
  try {
    storage.removeItem(HOLDER_KEY);
  } catch {
    // nothing kept
  }
}
