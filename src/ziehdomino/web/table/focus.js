/**
 * @file The focus keeper: after an own action, when the turn comes back and at the round's end
 * the focus goes to the next sensible control, but only a focus that is the table's (lost,
 * placed by the table, or none); a person elsewhere keeps theirs.
 */
// @ts-check

/**
 * @param {HTMLElement} section  the table
 * @param {() => HTMLElement|null} target  where the focus belongs now
 * @returns {{keep: (turnCameBack: boolean) => void, settle: (el: HTMLElement) => void}}
 *   `keep` moves a lost or table-placed focus to `target()`; `settle` moves the focus to `el`
 *   unless the person is elsewhere on the page
 */
export function createFocusKeeper(section, target) {
  let home = false; // the last focus on the page was inside the table
  let placed = null; // the control the table focused itself, until the person moves or acts
  let placing = false;
  section.addEventListener('focusin', () => {
    home = true;
    if (!placing) placed = null;
  });
  section.addEventListener('click', () => { placed = null; }, true);
  document.addEventListener('focusin', (event) => {
    if (!section.contains(/** @type {Node} */ (event.target))) home = false;
  });

  const lost = (el) => !el || el === document.body || !el.isConnected || el.disabled === true || Boolean(el.closest('[hidden]'));

  function put(el) {
    placing = true;
    el.focus({ preventScroll: true });
    placing = false;
    placed = el;
  }

  return {
    keep(turnCameBack) {
      if (!home) return;
      const el = document.activeElement;
      if (!lost(el) && !(turnCameBack && el === placed)) return;
      const next = target();
      if (next && next !== el) put(next);
    },
    settle(el) {
      const active = document.activeElement;
      const elsewhere = active && active !== document.body && !section.contains(active) && !home;
      if (!el || elsewhere || active === el) return;
      put(el);
    },
  };
}
