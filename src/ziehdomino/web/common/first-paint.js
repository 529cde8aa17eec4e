/**
 * @file What only this browser knows about a page's first paint, as classes on <html>, before
 * the page's modules run (a classic script in the head, so it runs before anything is drawn):
 *
 * - `has-seat` on a room page (/r/{room}) when a seat of this room is stored here: the join form
 *   does not show (room.css).
 * - `resuming` on /lokal when a saved game, or one handed over by the start page, is about to be
 *   shown: the table has its place instead of the setup form (style.css).
 *
 * The page scripts keep them current afterwards (page-room.js, page-local.js). The storage keys
 * are those of session-online.js (`SEAT_KEY_PREFIX`), local-save.js (`SAVE_KEY`) and setup.js
 * (`LOCAL_SETUP_KEY`).
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
}());
