/**
 * @file The service worker: keeps the local game playable offline once loaded; same-origin GETs
 * of pages and static files only, network first. The API, the WebSocket and rooms are untouched.
 */
// @ts-check

// The server stamps the app's version and the list of its static files here (server/http/pages.py),
// so a deploy installs a new worker that caches the new files and drops the old cache.
const CACHE = 'ziehdomino-static-__WEB_VERSION__';
// The pages kept offline, each under its path alone (/ansehen?lokal=2 is /ansehen).
const PAGES = ['/lokal', '/', '/regeln', '/aufgaben', '/ansehen', '/zuschauen'];
const FILES = [...PAGES, '__WEB_FILES__'];
/** `self`, typed as the ServiceWorkerGlobalScope it is (the WebWorker library types it as any worker's). */
const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => Promise.all(FILES.map((url) => cache.add(url).catch(() => null)))),
  );
  worker.skipWaiting();
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('ziehdomino-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => worker.clients.claim()),
  );
});

function handled(url) {
  return url.origin === worker.location.origin && (PAGES.includes(url.pathname) || url.pathname.startsWith('/static/'));
}

worker.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (!handled(url)) return;
  const key = PAGES.includes(url.pathname) ? url.pathname : request;
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
