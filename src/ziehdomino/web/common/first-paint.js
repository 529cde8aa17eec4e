/**
 * @file What runs before a page's modules, as the page is parsed:
 * - classes on <html> from what only this browser knows, set before anything is drawn:
 *   `has-seat` on a room page whose seat is stored here (no join form), `resuming` on /lokal
 *   when a saved game is about to be shown (no setup form); page-room.js and page-local.js keep
 *   them current;
 * - a form sent before its page's module listens (a tap while the modules still load) would go
 *   out as a plain GET and reload the page, the tap lost: it is held instead, and sent again
 *   once the module listens (common/dom.js `formReady`).
 */
// @ts-check
(function firstPaint() {
  const root = document.documentElement;
  try {
    const room = location.pathname.match(/^\/r\/([A-Za-z0-9_-]+)$/);
    if (room && localStorage.getItem(`ziehdomino.seat.${room[1]}`)) root.classList.add('has-seat');
    if (location.pathname === '/lokal'
      && (localStorage.getItem('ziehdomino.local') || sessionStorage.getItem('ziehdomino.localSetup'))) root.classList.add('resuming');
  } catch {
    // no storage: the page's default layout
  }
  /** @type {Set<HTMLFormElement>} */
  const held = new Set();
  /** @type {any} */ (globalThis).ziehdominoHeldForms = held;
  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.dataset.ready) return;
    event.preventDefault();
    held.add(form);
  }, true);
}());
