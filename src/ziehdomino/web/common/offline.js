/**
 * @file Registers the service worker (/sw.js) from every page, so that whichever page a person
 * opens first (an installed app starts at /) the pages that need no server work offline
 * afterwards. Registered once the page has loaded, so it never competes with the page's own
 * files.
 */
// @ts-check
if ('serviceWorker' in navigator && location.protocol !== 'file:') {
  const register = () => navigator.serviceWorker.register('/sw.js').catch(() => {});
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}
