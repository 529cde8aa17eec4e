#!/usr/bin/env node
/**
 * @file Checks the decision vectors against the browser's computer players.
 *
 *   node scripts/check-decisions.mjs [tests/vectors/decisions.json]
 *
 * For every case and level, `decide(view, level, seed)` from web/bots/index.js must return the
 * recorded action (written by the Python side, tests/bots/make_decisions.py). Prints each
 * mismatch, then `browser: N passed, M failed` (N and M count cases); exits 1 if any failed. `checkDecisions(data)`
 * is exported for the node tests.
 */

import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { decide } from '../src/ziehdomino/web/bots/index.js';

const DEFAULT = fileURLToPath(new URL('../tests/vectors/decisions.json', import.meta.url));

/**
 * Counts cases: a case passes when every level's choice matches.
 * @returns {{passed: number, failed: number, choices: number, report: string[]}}
 */
export function checkDecisions(data) {
  let passed = 0;
  let failed = 0;
  let choices = 0;
  const report = [];
  for (const c of data.cases) {
    let ok = true;
    for (const [level, { seed, action }] of Object.entries(c.choices)) {
      choices += 1;
      let got;
      try {
        got = decide(c.view, level, seed);
      } catch (error) {
        got = `refused: ${error.message}`;
      }
      if (JSON.stringify(got) !== JSON.stringify(action)) {
        ok = false;
        report.push(`FAIL ${c.id} ${level} seed ${seed}: expected ${JSON.stringify(action)}, got ${JSON.stringify(got)}`);
      }
    }
    if (ok) passed += 1;
    else failed += 1;
  }
  return { passed, failed, choices, report };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const path = process.argv[2] || DEFAULT;
  const { passed, failed, report } = checkDecisions(JSON.parse(readFileSync(path, 'utf8')));
  for (const line of report) console.log(line);
  console.log(`browser: ${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}
