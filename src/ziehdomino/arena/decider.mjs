/**
 * @file The arena's decisions in node: one JSON request per line on stdin, one action per line
 * on stdout (`ziehdomino arena --engine node`).
 *
 * A request is `{"view": ..., "level": ..., "seed": ...}`; the level is one of bots/index.js's
 * levels, "tips" (the action `tipFor` from tips.js names: a player who follows every tip) or
 * "ceiling" (stark handed the other hands; the request then carries `"hands"`, every seat's
 * tiles). web/bots/ decides exactly as Python's ziehdomino.bots does (the decision vectors hold
 * them equal), so an arena gives the same figures with either engine, only faster.
 */

import { createInterface } from 'node:readline';

import { decide, decideSeeing } from '../web/bots/index.js';
import { loadTips, tipFor } from '../web/tips.js';

await loadTips();

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', (line) => {
  const { view, level, seed, hands } = JSON.parse(line);
  let action;
  if (level === 'tips') action = tipFor(view, 'de').action;
  else if (level === 'ceiling') action = decideSeeing(view, hands, seed);
  else action = decide(view, level, seed);
  process.stdout.write(`${JSON.stringify(action)}\n`);
});
