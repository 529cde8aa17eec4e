// The table's parts that load when first needed (src/ziehdomino/web/table/render.js `lazyPart`)
// can be loaded again after a failed try: a browser keeps a module's failure for the page's life,
// for every module that imports the failed one too, so a lazy module may import statically only
// what the table has already loaded, or a module named before it in its own lazyPart list.
// Run: node --test tests/web/
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const WEB = join(dirname(fileURLToPath(import.meta.url)), '../../src/ziehdomino/web');

/** The paths (relative to WEB) that `path` imports statically, directly. */
function imports(path) {
  const source = readFileSync(join(WEB, path), 'utf8');
  const found = [...source.matchAll(/^import\s+(?:[^'"]*?\bfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gms)];
  return found.map((m) => normalize(join(dirname(path), m[1])));
}

/** `path` and everything it imports statically, at any depth. */
function closure(path, seen = new Set()) {
  if (seen.has(path)) return seen;
  seen.add(path);
  for (const next of imports(path)) closure(next, seen);
  return seen;
}

/** Every lazyPart list in render.js, as paths relative to WEB. */
function lazyLists() {
  const source = readFileSync(join(WEB, 'table/render.js'), 'utf8');
  return [...source.matchAll(/lazyPart\(\[([^\]]*)\]/g)].map((m) =>
    [...m[1].matchAll(/'([^']+)'/g)].map((p) => normalize(join('table', p[1]))));
}

test('the table loads its lazy parts in lists, among them the seal, motion and the change of view', () => {
  const all = lazyLists().flat();
  for (const part of ['table/fair-seal.js', 'table/motion.js', 'table/sound.js', 'table/view-change.js', 'table/drag.js']) {
    assert.ok(all.includes(part), part);
  }
});

test('a lazy module imports statically only what the table has, or an earlier module of its list', () => {
  const table = closure('table/render.js');
  for (const list of lazyLists()) {
    list.forEach((path, i) => {
      assert.ok(!table.has(path), `${path} is loaded with the page already`);
      const allowed = new Set([...table, ...list.slice(0, i)]);
      const missing = [...closure(path)].filter((p) => p !== path && !allowed.has(p));
      assert.deepEqual(missing, [], `${path} imports what the page does not have: a failed load of it could never be tried again`);
    });
  }
});

test('the checker sees a missing import', () => {
  // fair-proof.js (loaded by the seal on its own) needs the rules, which the table does not load.
  const table = closure('table/render.js');
  assert.ok([...closure('replay/fair-proof.js')].some((p) => p !== 'replay/fair-proof.js' && !table.has(p)));
});
