/**
 * @file The service worker: keeps the local game playable offline once loaded.
 *
 * Served at /sw.js (scope "/"). Handles only same-origin GET requests for the pages and the
 * static files, network first with the cache as the fallback, so online pages always get
 * fresh files. The API, the WebSocket and room pages are never touched.
 */

const CACHE = 'ziehdomino-static-v3';
const FILES = [
  '/lokal', '/', '/regeln',
  '/static/style.css', '/static/table.css', '/static/icon.svg', '/static/i18n.js', '/static/render.js', '/static/tiles.js',
  '/static/session.js', '/static/table/attention.js', '/static/table/cards.js', '/static/table/dom.js',
  '/static/table/focus.js', '/static/table/hand.js', '/static/table/keys.js', '/static/table/line.js',
  '/static/table/log.js', '/static/table/result.js', '/static/table/settings.js', '/static/table/snake.js',
  '/static/table/tips-panel.js', '/static/table/words.js',
  '/static/tips.js', '/static/engine.js', '/static/bots.js', '/static/rng.js', '/static/session-local.js',
  '/static/session-online.js', '/static/codes.js', '/static/setup.js', '/static/page-local.js', '/static/page-start.js',
  '/static/page-rules.js',
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => Promise.all(FILES.map((url) => cache.add(url).catch(() => null)))),
  );
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('ziehdomino-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

function handled(url) {
  return url.origin === self.location.origin
    && (url.pathname === '/lokal' || url.pathname === '/' || url.pathname === '/regeln' || url.pathname.startsWith('/static/'));
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (!handled(url)) return;
  const key = url.pathname === '/lokal' ? '/lokal' : request;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok && response.type === 'basic') {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(key, copy)).catch(() => {});
        }
        return response;
      })
      .catch(() => caches.match(key).then((hit) => hit ?? Response.error())),
  );
});
