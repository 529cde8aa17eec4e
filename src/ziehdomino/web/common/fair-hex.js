/**
 * @file The committed deal's hex forms (docs/fair.md): a seed (32 bytes, 64 lowercase hex
 * digits), a person's contribution (16 bytes, 32 digits; "" for none) and fresh ones from
 * `crypto.getRandomValues`. Apart from engine/fair.js so that a room's page, which only sends its
 * contribution, loads this and not the deal's derivation.
 */
// @ts-check

/** Bytes of a seed (64 hex digits). */
export const SEED_BYTES = 32;
/** Bytes of a person's contribution (32 hex digits); a computer's, or a missing one, is "". */
export const CONTRIBUTION_BYTES = 16;
const SEED_RE = /^[0-9a-f]{64}$/;
const CONTRIBUTION_RE = /^(?:[0-9a-f]{32})?$/;

/** @param {unknown} value @returns {boolean} 64 lowercase hex digits. */
export function isSeed(value) {
  return typeof value === 'string' && SEED_RE.test(value);
}

/** @param {unknown} value @returns {boolean} 32 lowercase hex digits, or "" (none). */
export function isContribution(value) {
  return typeof value === 'string' && CONTRIBUTION_RE.test(value);
}

/** @param {ArrayBuffer|Uint8Array} bytes @returns {string} lowercase hex, two digits a byte. */
export function toHex(bytes) {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

function randomHex(count) {
  const bytes = new Uint8Array(count);
  crypto.getRandomValues(bytes);
  return toHex(bytes);
}

/** A fresh seed from `crypto.getRandomValues` (a local game's), 64 hex digits. */
export function newSeed() {
  return randomHex(SEED_BYTES);
}

/** A fresh contribution from `crypto.getRandomValues`, 32 hex digits. */
export function newContribution() {
  return randomHex(CONTRIBUTION_BYTES);
}
