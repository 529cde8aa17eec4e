/**
 * @file The computers' numbers (docs/bots.md): heuristic weights, model scales, playout
 * counts and budgets.
 *
 * Written from src/ziehdomino/bots/weights.json by scripts/write-weights-js; a test fails
 * when the two differ. Do not edit by hand.
 */
// @ts-check

/** Freezes an object and everything in it. */
function deepFreeze(value) {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** Every section of weights.json but its note. */
export const WEIGHTS = deepFreeze({
  "mittel": {
    "pips": 1,
    "follow": 10,
    "double": 20,
    "block": 64,
    "lack": 16
  },
  "searching": {
    "follow": 3,
    "double": 10,
    "block": 7,
    "lack": 6,
    "open": 3,
    "same": 8,
    "kinds": 2
  },
  "heaviest": {
    "pips": 100,
    "follow": 1
  },
  "like": {
    "mult": 59299,
    "floor": 1024,
    "max_d": 255
  },
  "models": [
    [
      1,
      0,
      0
    ],
    [
      4,
      0,
      0
    ],
    [
      0,
      40,
      0
    ],
    [
      0,
      0,
      1
    ]
  ],
  "pips_model": 2,
  "search": {
    "playouts": 1000,
    "stark_playouts": 800,
    "stark_playouts_2": 1000,
    "min_samples": 24,
    "raw_factor": 2,
    "weight_bits": 20,
    "seat_bits": 16,
    "sample_tries": 20,
    "node_limit": 20000,
    "exact_bone": 6,
    "exact_nodes": 60000
  }
});
