/**
 * @file The computer players for the browser and node (docs/bots.md): re-exports what the pages,
 * the tips, the arena and the tests use. Each module is the twin of the Python one of its name in
 * `ziehdomino.bots`.
 */
// @ts-check

export { knowledgeOf } from './knowledge.js';
export { LEVELS, analyse, decide, decideSeeing } from './levels.js';
export { DRAW, NUM, OPEN, PASS, PIPS, TA, TB, moveOf, popcount } from './masks.js';
export { SimRound, playout } from './playouts.js';
export { Mulberry32, mixSeed } from './rng.js';
