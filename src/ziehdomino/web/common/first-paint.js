/**
 * @file What only this browser knows about a page's first paint, as classes on <html> set before
 * anything is drawn: `has-seat` on a room page whose seat is stored here (no join form), and
 * `resuming` on /lokal when a saved game is about to be shown (no setup form). The page scripts
 * keep them current (page-room.js, page-local.js).
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
