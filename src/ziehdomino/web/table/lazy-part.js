/**
 * @file Modules loaded when first needed, not with the page (the table's seal, motion, sound,
 * change of view and dragging; render.js names them).
 */
// @ts-check

/**
 * Once `needed()` holds, loads `paths` (relative to table/) in order and hands them to `use`. A
 * browser keeps a module's failure for the page's life, so a failed load is retried at an
 * address of its own, and a lazy module imports only what is loaded before it
 * (tests/web/lazy-parts.test.mjs).
 * @param {string[]} paths
 * @param {() => unknown} needed
 * @param {(...modules: object[]) => void} use
 * @returns {() => void} loads if needed and not loaded yet
 */
export function lazyPart(paths, needed, use) {
  const got = [];
  let tries = 0;
  let busy = false;
  return async () => {
    if (busy || got.length === paths.length || !needed()) return;
    busy = true;
    try {
      while (got.length < paths.length) {
        const path = paths[got.length];
        got.push(await import(tries ? `${path}?try=${tries}` : path));
      }
      use(...got);
    } catch {
      tries += 1;
    } finally {
      busy = false;
    }
  };
}
