/**
 * @file Names at the table: the name rule of a person, the same as the server's (server/protocol/models.py
 * `clean_name`, docs/protocol.md "Names"), and the number a computer is called by. Every page
 * checks names with it; it needs no rules engine, so the start and room pages load only this.
 */
// @ts-check

import { MAX_MARKS, NAME_MAX } from './constants.js';

/** Most characters (Unicode code points, after trimming) a name may have (constants.js). */
export { NAME_MAX };

// Refused anywhere, by Unicode category: controls (Cc), surrogates (Cs), line and paragraph
// separators (Zl, Zp), private-use code points (Co: an empty box);
// the bidi controls that would reorder or hide the text around a name, characters that draw as
// blank space (Hangul fillers, the blank braille pattern, U+303F, U+FFFC, U+1D159) and tag characters.
const FORBIDDEN = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}\p{Co}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u115f\u1160\u3164\uffa0\u2800\u303f\ufffc\u{1d159}\u{e0000}-\u{e007f}]/u;
// Format characters (Cf) draw nothing and hide between letters ("An\u200bna" shows as "Anna"):
// all are refused but the soft hyphen, and a joiner between two symbols (an emoji sequence,
// maybe with U+FE0F or a skin tone).
const ZERO_WIDTH = /(?![\u00ad\u200d])\p{Cf}|(?<!\p{So}[\ufe0f\u{1f3fb}-\u{1f3ff}]*)\u200d|\u200d(?!\p{So})/u;
// A combining mark may not open a name, and one character carries at most MAX_MARKS of them.
const PILED_MARKS = new RegExp(`^\\p{M}|\\p{M}{${MAX_MARKS + 1}}`, 'u');
// Only space separators (Zs) are trimmed, as on the server (String.trim would also drop U+FEFF).
const EDGE_SPACES = /^\p{Zs}+|\p{Zs}+$/gu;
// A name needs one character that draws something: not a format character (Cf, e.g. U+200B,
// U+00AD), a separator (Z*), a control or a surrogate.
const VISIBLE = /[^\p{Cc}\p{Cf}\p{Cs}\p{Z}]/u;

/**
 * What is wrong with a name, by the server's rule; null when nothing is.
 * @param {unknown} name
 * @returns {null | {code: 'forbidden'|'empty'|'tooLong'|'invisible', length: number}}
 *   `length`: code points after trimming (what "Höchstens 24 Zeichen (jetzt 28)" counts)
 */
export function nameProblem(name) {
  const text = String(name ?? '').normalize('NFC');
  const trimmed = text.replace(EDGE_SPACES, '');
  const length = [...trimmed].length;
  if (FORBIDDEN.test(text)) return { code: 'forbidden', length };
  if (length < 1) return { code: 'empty', length };
  if (length > NAME_MAX) return { code: 'tooLong', length };
  if (!VISIBLE.test(trimmed)) return { code: 'invisible', length };
  if (ZERO_WIDTH.test(text)) return { code: 'forbidden', length };
  if (PILED_MARKS.test(trimmed)) return { code: 'invisible', length };
  return null;
}

/**
 * A name as the rules allow it (the server's clean_name): NFC, space separators trimmed,
 * 1–24 characters with at least one visible one, no control, line or paragraph separator, bidi
 * control or other format character anywhere (a soft hyphen, and a joiner inside an emoji
 * sequence, excepted). Markup stays literal text.
 * @param {unknown} name
 * @returns {string|null} the clean name, or null when the rule refuses it
 */
export function cleanName(name) {
  if (nameProblem(name) !== null) return null;
  return String(name).normalize('NFC').replace(EDGE_SPACES, '');
}

/**
 * The number the computer at seat `s` is called by ("Computer n"): its place among the seats up
 * to `s` that a computer holds or held, as the setup forms number them. A seat a person took over
 * from a computer (SEATINFO's `since` set) still counts, so the other computers keep their numbers.
 * `seats` is ROOMINFO's (or a room summary's) list of SEATINFO.
 */
export function computerNumber(seats, s) {
  const wasComputer = (seat) => seat?.kind === 'computer' || (seat?.kind === 'person' && Number.isInteger(seat.since));
  return seats.slice(0, s + 1).filter(wasComputer).length;
}
