/**
 * @file Statistics: a local game's rounds per computer level and table size (in localStorage),
 * and an online room's per seat from its finished rounds. Pure, without the rules engine.
 */
// @ts-check

import { LEVELS, TABLE_SIZES } from '../common/constants.js';

export const STATS_KEY = 'ziehdomino.stats';
export const STATS_FORMAT = 1;
export const LEVEL_ORDER = LEVELS;

const empty = () => ({ played: 0, won: 0, shared: 0, lost: 0 });
const isCount = (v) => Number.isInteger(v) && v >= 0;

/** The strongest of a table's computer levels. */
export function tableLevel(levels) {
  let best = -1;
  for (const level of levels) best = Math.max(best, LEVEL_ORDER.indexOf(level));
  if (best < 0) throw new RangeError('a local table has at least one computer with a level');
  return LEVEL_ORDER[best];
}

/**
 * @param {{winners: readonly number[]}} result
 * @returns {'won'|'shared'|'lost'}
 */
export function outcomeOf(result, seat) {
  if (!result.winners.includes(seat)) return 'lost';
  return result.winners.length === 1 ? 'won' : 'shared';
}

/**
 * The local statistics, read from storage; anything unreadable reads as none.
 * @param {Storage} storage
 * @returns {{format: 1, tables: Object<string, {played: number, won: number, shared: number, lost: number}>}}
 *   `tables` keyed `"<level>:<players>"`, e.g. `"mittel:3"`
 */
export function readLocalStats(storage) {
  let data = null;
  try {
    data = JSON.parse(storage.getItem(STATS_KEY));
  } catch {
    data = null;
  }
  /** @type {ReturnType<typeof readLocalStats>} */
  const out = { format: STATS_FORMAT, tables: {} };
  if (!data || data.format !== STATS_FORMAT || typeof data.tables !== 'object' || data.tables === null) return out;
  for (const [key, row] of Object.entries(data.tables)) {
    const [level, players] = key.split(':');
    if (!LEVEL_ORDER.includes(level) || !TABLE_SIZES.map(String).includes(players)) continue;
    if (!row || !['played', 'won', 'shared', 'lost'].every((k) => isCount(row[k]))) continue;
    if (row.won + row.shared + row.lost !== row.played) continue;
    out.tables[key] = { played: row.played, won: row.won, shared: row.shared, lost: row.lost };
  }
  return out;
}

/**
 * Counts one finished local round for the person at `seat`.
 * @param {Storage} storage
 * @param {{players: number, levels: string[], result: {winners: readonly number[]}, seat?: number}} round
 * @returns {object} the statistics after counting (as readLocalStats)
 */
export function countLocalRound(storage, { players, levels, result, seat = 0 }) {
  const stats = readLocalStats(storage);
  const key = `${tableLevel(levels)}:${players}`;
  const row = stats.tables[key] ?? empty();
  row.played += 1;
  row[outcomeOf(result, seat)] += 1;
  stats.tables[key] = row;
  try {
    storage.setItem(STATS_KEY, JSON.stringify(stats));
  } catch {
    // a full or blocked storage loses the count, never the game
  }
  return stats;
}

/** "Zurücksetzen": forgets the local statistics. */
export function resetLocalStats(storage) {
  try {
    storage.removeItem(STATS_KEY);
  } catch {
    // nothing to forget
  }
}

/**
 * The local statistics as rows, by level (Leicht first) then table size.
 * @returns {{level: string, players: number, played: number, won: number, shared: number, lost: number}[]}
 */
export function localRows(stats) {
  return Object.entries(stats.tables)
    .map(([key, row]) => {
      const [level, players] = key.split(':');
      return { level, players: Number(players), ...row };
    })
    .sort((a, b) => LEVEL_ORDER.indexOf(a.level) - LEVEL_ORDER.indexOf(b.level) || a.players - b.players);
}

/**
 * A room's statistics per seat from its finished rounds' summaries.
 * @param {{winners: number[], pips: number[]}[]} summaries
 * @param {number} players
 * @returns {{seat: number, rounds: number, wins: number, shared: number, averagePips: number|null}[]}
 *   `averagePips` null before the first round, else rounded to one decimal
 */
export function roomRows(summaries, players) {
  return Array.from({ length: players }, (_, seat) => {
    let wins = 0;
    let shared = 0;
    let pips = 0;
    for (const s of summaries) {
      const outcome = outcomeOf(s, seat);
      if (outcome === 'won') wins += 1;
      else if (outcome === 'shared') shared += 1;
      pips += s.pips[seat];
    }
    const rounds = summaries.length;
    return { seat, rounds, wins, shared, averagePips: rounds ? Math.round((pips / rounds) * 10) / 10 : null };
  });
}
