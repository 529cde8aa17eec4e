/**
 * @file The computer players for the browser and node, the same algorithms as Python's
 * `ziehdomino.bots` (docs/bots.md): this module re-exports what the pages, the tips, the
 * arena and the tests use. The modules, each the twin of the Python module of the same name:
 * rng.js (the seeded generator), weights.js (the numbers, written from bots/weights.json),
 * masks.js (tiles and moves as integers), scores.js (how a seat scores a play), playouts.js
 * (a round simulated to its end), knowledge.js (what a seat can infer about the hidden tiles),
 * sampling.js (deals consistent with it, weighed by the plays), solve.js (the exact endgame
 * solver) and levels.js (each level's decision, `decide`).
 */
// @ts-check

export { knowledgeOf } from './knowledge.js';
export { LEVELS, analyse, decide, decideSeeing } from './levels.js';
export { DRAW, NUM, OPEN, PASS, PIPS, TA, TB, moveOf, popcount } from './masks.js';
export { SimRound, playout } from './playouts.js';
export { Mulberry32, mixSeed } from './rng.js';
