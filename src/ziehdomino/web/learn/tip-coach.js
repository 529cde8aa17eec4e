/**
 * @file The count behind "Mit Tipps lernen" (the rules page's FAQ), loaded with the table; the
 * tips themselves load when the switch is turned on.
 */
// @ts-check

/** Number of confirmed own actions a round of tips accompanies (rules page: "bis zu drei"). */
export const TIP_ACTIONS = 3;

const DONE = {
  de: 'Die Tipps haben dich drei Aktionen begleitet und sind jetzt aus. Du kannst sie jederzeit wieder einschalten.',
  en: 'The tips have accompanied three of your actions and are now off. You can switch them on again at any time.',
};

/**
 * The switch and its count. Off at first; `start()` switches on with a fresh count of
 * {@link TIP_ACTIONS}; every confirmed own action calls `countAction()`; a preview never does.
 * Nothing is stored: a new page (a reload) begins switched off.
 */
export class TipCoach {
  constructor() {
    /** @type {boolean} */
    this.on = false;
    /** @type {number} confirmed own actions left to accompany */
    this.remaining = 0;
  }

  /** Switch on (again) with a fresh count. */
  start() {
    this.on = true;
    this.remaining = TIP_ACTIONS;
  }

  /** Switch off; the count is dropped. */
  stop() {
    this.on = false;
    this.remaining = 0;
  }

  /**
   * Count one confirmed own action (play, draw or pass) while the tips are on.
   * @returns {boolean} true when this action was the last one: the tips have just switched off
   */
  countAction() {
    if (!this.on) return false;
    this.remaining -= 1;
    if (this.remaining > 0) return false;
    this.stop();
    return true;
  }

  /** The message shown when the tips end by themselves. */
  static doneText(lang = 'de') {
    return DONE[lang] ?? DONE.de;
  }
}
