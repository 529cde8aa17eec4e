/**
 * @file The browser's holder key: the key that identifies whose seats they are (docs/protocol.md,
 * "Open tables"). 128 random bits as 32 lowercase hex digits, made once and kept in localStorage
 * under `ziehdomino.holder`; every request that takes a seat (`POST /api/rooms`, `POST /api/quick`,
 * `POST /api/rooms/{id}/join`) sends it as `holder`, and the server lets one holder hold one seat
 * (or one claim to take a seat over) per open table, and sends a quick play back to its seat. The
 * server keeps only its hash and never sends it back. It is meant to become the key of the
 * person's profile; it opens no seat by itself (each seat has its own credential).
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
