/**
 * @file The product's numbers and names the pages need: levels, table sizes, turn times,
 * the name length.
 *
 * Written from src/ziehdomino/constants.py by scripts/write-constants-js; a test fails when
 * the two differ. Do not edit by hand.
 */
// @ts-check

export const LEVELS = Object.freeze(["leicht", "mittel", "stark"]);
export const DEFAULT_LEVEL = "mittel";
export const STAND_IN_LEVEL = "mittel";
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 4;
export const TABLE_SIZES = Object.freeze([2, 3, 4]);
export const MIN_PEOPLE = 2;
export const TURN_TIMES = Object.freeze([30, 60, 120]);
export const DEFAULT_TURN_TIME = 60;
export const NAME_MAX = 24;
export const MAX_MARKS = 4;
export const MATCH_TARGETS = Object.freeze([3, 5, 10]);
export const REACTIONS = Object.freeze(["hallo", "viel_glueck", "gut_gespielt", "danke", "glueckwunsch", "oh_nein", "hoppla", "tschuess"]);
export const REACTION_GAP = 3.0;
