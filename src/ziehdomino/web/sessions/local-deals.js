/**
 * @file A local game's committed deals (docs/fair.md): every round is dealt from a seed of the
 * browser's own (`crypto.getRandomValues`) with no contributions, by the same function as a
 * room's, so that its record can be checked like a room's. The hashing is asynchronous
 * (`crypto.subtle`), so the next round's deal is prepared ahead; a round dealt before its deal
 * is ready is shuffled without a proof (the seal is not shown). Loaded by session-local.js once
 * a game is there.
 */
// @ts-check

import { commitmentOf, dealPlan, newSeed, swapsRng } from '../engine/fair.js';
import { checkView } from '../replay/fair-proof.js';

export class LocalDeals {
  constructor() {
    this.deals = {}; // per table size: the next round's deal, {fair, swaps, starter}
  }

  /**
   * Prepares the next round's deal for each table size of `sizes`.
   * @param {readonly number[]} sizes
   * @returns {Promise<void>}
   */
  prepare(sizes) {
    return Promise.all(sizes.map(async (players) => {
      const seed = newSeed();
      const contributions = new Array(players).fill('');
      try {
        const [commitment, { swaps, starter }] = await Promise.all([commitmentOf(seed), dealPlan(seed, contributions)]);
        this.deals[players] = { fair: { commitment, seed, contributions }, swaps, starter };
      } catch {
        // no crypto.subtle (an old browser, or a page not served securely): deals go unproven
      }
    })).then(() => {});
  }

  /**
   * The engine's options for dealing a round of `players` by its prepared deal (`rng`, `fair`),
   * with the first starter it draws (for a new game's first round); `{}` when none is ready.
   * Prepares the next one.
   * @param {number} players
   */
  take(players) {
    const deal = this.deals[players];
    delete this.deals[players];
    this.prepare([players]);
    return deal ? { rng: swapsRng(deal.swaps), fair: deal.fair, starter: deal.starter } : {};
  }

  /**
   * The check of a finished round's deal (replay/fair-proof.js). This browser made the seed, so
   * its commitment came first.
   * @param {object} view
   */
  check(view) {
    const commitment = view?.fair?.commitment ?? null;
    return checkView(view, { seen: commitment, promised: commitment, byJoin: false, waited: false, mine: null, previous: null, own: true });
  }
}
