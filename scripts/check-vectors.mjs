#!/usr/bin/env node
/**
 * @file Runs conformance vector files (tests/vectors/FORMAT.md) against the browser engine.
 *
 *   node scripts/check-vectors.mjs tests/vectors/handed.json tests/vectors/random-sample.json
 *
 * Prints every failing case with its id, the step index and what differed, then one last line
 * `browser: N passed, M failed` (N and M count cases); exits 1 if any case failed, 2 on misuse.
 * `runVectors(data)` is exported for the node tests.
 */

import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

import {
  PositionError,
  Refusal,
  applyAction,
  formatOriented,
  formatTile,
  matchApply,
  matchFromState,
  matchToState,
  newMatch,
  nextRound,
  parseTile,
  roundFromPosition,
} from '../src/ziehdomino/web/engine/index.js';

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const show = (value) => JSON.stringify(value);
/** JSON with every object's keys sorted, so that two values compare whatever their key order. */
const canonicalJson = (value) => JSON.stringify(value, (_, v) =>
  (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v));

/** A tile written low first, or the input unchanged if it is no tile (so it shows up as a difference). */
function canonical(text) {
  try {
    return formatTile(parseTile(text));
  } catch {
    return text;
  }
}

/** A hand as a sorted multiset of low-first tiles. */
const multiset = (hand) => (Array.isArray(hand) ? hand.map(canonical).sort() : hand);

/** The round's tiles as text: line oriented, hands and boneyard low first (works once it is over, too). */
const tilesOf = (round) => ({
  line: round.line.map(formatOriented),
  hands: round.hands.map((hand) => hand.map(formatTile)),
  boneyard: round.boneyard.map(formatTile),
});

/** What differs between the STATE a step expects and the round; one string per field. */
function differences(expect, round) {
  const got = tilesOf(round);
  const diffs = [];
  const check = (field, want, have) => {
    if (!same(want, have)) diffs.push(`${field}: expected ${show(want)}, got ${show(have)}`);
  };
  for (const field of Object.keys(expect)) {
    const want = expect[field];
    if (field === 'line') check('line', want, got.line);
    else if (field === 'hands') check('hands', Array.isArray(want) ? want.map(multiset) : want, got.hands.map(multiset));
    else if (field === 'boneyard') check('boneyard', Array.isArray(want) ? want.map(canonical) : want, got.boneyard);
    else if (field === 'turn') check('turn', want, round.turn);
    else if (field === 'passes') check('passes', want, round.passes);
    else if (field === 'result') check('result', want, round.result);
    else diffs.push(`unknown STATE field ${show(field)}`);
  }
  return diffs;
}

/** The whole state of a round, to see that a refused action changed nothing. */
const snapshot = (round) => JSON.stringify(round);

/** Runs one round case; returns a list of failure lines (empty when it passed). */
function runRoundCase(kase) {
  let round;
  try {
    round = roundFromPosition(kase.position);
  } catch (error) {
    return [`position refused: ${error.message}`];
  }
  if (!Array.isArray(kase.steps)) return ['steps must be a list'];
  for (let i = 0; i < kase.steps.length; i++) {
    const step = kase.steps[i];
    const at = `step ${i} (seat ${step.seat} ${show(step.action)})`;
    if ('reject' in step) {
      const before = snapshot(round);
      try {
        applyAction(round, step.seat, step.action);
        return [`${at}: expected refusal ${step.reject}, but the action was accepted`];
      } catch (error) {
        if (!(error instanceof Refusal)) return [`${at}: expected refusal ${step.reject}, got ${error.name}: ${error.message}`];
        if (error.code !== step.reject) return [`${at}: expected refusal ${step.reject}, got ${error.code} (${error.message})`];
      }
      if (snapshot(round) !== before) return [`${at}: the refused action changed the round`];
    } else if ('expect' in step) {
      try {
        applyAction(round, step.seat, step.action);
      } catch (error) {
        return [`${at}: expected acceptance, got ${error.code ?? error.name}: ${error.message}`];
      }
      const diffs = differences(step.expect, round);
      if (diffs.length > 0) return diffs.map((d) => `${at}: ${d}`);
    } else {
      return [`step ${i}: has neither "reject" nor "expect"`];
    }
  }
  return [];
}

/**
 * A position whose round ends, after every seat passes once from `starter` on, with exactly
 * `winners` holding the lowest pip sum (5; everyone else 8 or more). Nothing fits the line 6|6.
 */
function roundWonBy(players, starter, winners) {
  const low = [['0|5'], ['1|4'], ['2|3'], ['0|1', '0|4']];
  const high = [['5|5'], ['4|5'], ['3|5'], ['4|4']];
  const hands = [];
  for (let s = 0; s < players; s++) hands.push(winners.includes(s) ? low[s] : high[s]);
  return { players, hands, boneyard: [], line: ['6|6'], turn: starter, passes: 0, starter };
}

/** Runs one match case (rotation and counters) through newMatch / matchApply / nextRound. */
function runMatchCase(kase) {
  const { players, first_starter: firstStarter, round_winners: roundWinners } = kase.match;
  let match;
  try {
    match = newMatch(players, { firstStarter });
    for (let r = 0; r < roundWinners.length; r++) {
      const starter = match.round.starter;
      match.round = roundFromPosition(roundWonBy(players, starter, roundWinners[r]));
      for (let k = 0; k < players; k++) matchApply(match, (starter + k) % players, { type: 'pass' });
      if (!same(match.round.result.winners, roundWinners[r])) {
        return [`round ${r}: winners ${show(match.round.result.winners)}, wanted ${show(roundWinners[r])}`];
      }
      nextRound(match);
    }
  } catch (error) {
    return [`${error.name}: ${error.message}`];
  }
  const diffs = [];
  for (const field of ['wins', 'shared', 'starters']) {
    if (field in kase.expect && !same(kase.expect[field], match[field])) {
      diffs.push(`${field}: expected ${show(kase.expect[field])}, got ${show(match[field])}`);
    }
  }
  return diffs;
}

/**
 * Runs one stored-match case through matchFromState: accepted with the summary it gives and
 * written back unchanged by matchToState, or refused with a message naming the field at fault.
 */
function runStoredCase(kase) {
  let match;
  try {
    match = matchFromState(kase.stored);
  } catch (error) {
    if (!(error instanceof PositionError)) return [`expected a PositionError, got ${error.name}: ${error.message}`];
    if (!('refuse' in kase)) return [`refused (${error.message}), expected acceptance`];
    return error.message.includes(kase.refuse) ? [] : [`refused (${error.message}), expected the refusal to name ${show(kase.refuse)}`];
  }
  if ('refuse' in kase) return [`accepted, expected a refusal naming ${show(kase.refuse)}`];
  const over = match.round.result !== null;
  const got = { version: match.version, round_number: match.roundNumber, turn: over ? null : match.round.turn, result: match.round.result };
  const diffs = [];
  for (const [field, want] of Object.entries(kase.accept)) {
    if (!same(want, got[field])) diffs.push(`${field}: expected ${show(want)}, got ${show(got[field])}`);
  }
  if (canonicalJson(matchToState(match)) !== canonicalJson(kase.stored)) {
    diffs.push('matchToState of the restored match differs from the stored match');
  }
  return diffs;
}

/**
 * Runs every case of one parsed vector file.
 * @param {{format: number, cases: object[]}} data
 * @returns {{id: string, failures: string[]}[]} one entry per case; passed when `failures` is empty.
 */
export function runVectors(data) {
  if (data === null || typeof data !== 'object' || data.format !== 1 || !Array.isArray(data.cases)) {
    return [{ id: '(file)', failures: ['not a vector file: expected {"format": 1, "cases": [...]}'] }];
  }
  return data.cases.map((kase, i) => {
    const id = typeof kase?.id === 'string' ? kase.id : `(case ${i})`;
    try {
      if (kase?.position) return { id, failures: runRoundCase(kase) };
      if (kase?.match) return { id, failures: runMatchCase(kase) };
      if (kase?.stored !== undefined) return { id, failures: runStoredCase(kase) };
      return { id, failures: ['neither a round case (position), a match case (match) nor a stored match (stored)'] };
    } catch (error) {
      return { id, failures: [`crashed: ${error.stack ?? error}`] };
    }
  });
}

function main(files) {
  if (files.length === 0) {
    console.error('usage: node scripts/check-vectors.mjs FILE...');
    return 2;
  }
  let passed = 0;
  let failed = 0;
  for (const file of files) {
    let results;
    try {
      results = runVectors(JSON.parse(readFileSync(file, 'utf8')));
    } catch (error) {
      results = [{ id: '(file)', failures: [`cannot read: ${error.message}`] }];
    }
    for (const { id, failures } of results) {
      if (failures.length === 0) {
        passed += 1;
        continue;
      }
      failed += 1;
      for (const failure of failures) console.log(`FAIL ${file} ${id}: ${failure}`);
    }
  }
  console.log(`browser: ${passed} passed, ${failed} failed`);
  return failed > 0 ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
