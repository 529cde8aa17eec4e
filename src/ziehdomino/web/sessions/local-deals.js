/**
 * @file A local game's committed deals (docs/fair.md). Hashing is asynchronous, so the next deal
 * is prepared ahead; a round dealt before it is ready goes unproven.
 */
// @ts-check

import { commitmentOf, dealPlan, newSeed, swapsRng } from '../engine/fair.js';
import { checkView } from '../replay/fair-proof.js';

export class LocalDeals {
  constructor() {
    this.deals = {}; // per table size: the next round's deal, {fair, swaps, starter}
  }

  /**
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
   * The engine's options (`rng`, `fair`, `starter`) for a round of `players`, `{}` when none is
   * ready; prepares the next one.
   * @param {number} players
   */
  take(players) {
    const deal = this.deals[players];
    delete this.deals[players];
    this.prepare([players]);
    return deal ? { rng: swapsRng(deal.swaps), fair: deal.fair, starter: deal.starter } : {};
  }

  /**
   * This browser made the seed, so its commitment came first.
   * @param {object} view
   */
  check(view) {
    const commitment = view?.fair?.commitment ?? null;
    return checkView(view, { seen: commitment, promised: commitment, byJoin: false, waited: false, mine: null, previous: null, own: true });
  }
}
