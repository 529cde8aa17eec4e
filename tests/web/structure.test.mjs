// The browser code's shape, computed from the files of src/ziehdomino/web (the twin of
// tests/test_structure.py): no function past 80 lines outside the few listed, and the folders
// import only downward, in one declared order of layers, without a circle. The reader of the
// code (js-source.mjs) is tested here on tricky input first.
// Run: node --test tests/web/
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { functionsOf, importsOf, tokenize } from './js-source.mjs';

const WEB = join(dirname(fileURLToPath(import.meta.url)), '../../src/ziehdomino/web');

/** Lines a function may have at most, but in LONG_FUNCTIONS. */
const FUNCTION_LINES = 80;
/**
 * Where a function may be longer, and why. The computers' inner loops (web/bots/) could stay
 * long as Python's bots/ do, but none needs to today.
 */
const LONG_FUNCTIONS = new Map([]);

/**
 * The folders of web/ from the bottom up; a folder imports only from itself and from the layers
 * below its own (not from a folder beside it in its layer). `top` is the files at web/'s top (sw.js).
 */
const LAYERS = [
  ['common'], // words, names, codes, the DOM kit, the tempo: no imports outside
  ['engine'], // the rules, twin of the Python engine
  ['bots'], // the computers
  ['replay', 'stats', 'learn'], // a round's record and its controls; the statistics; tips, analysis, puzzles
  ['sessions'], // the sessions: local (keeps records, counts its rounds in stats), online, replay, watch
  ['table'], // the table over any session (the tips panel loads learn/, the seal replay/'s check)
  ['room', 'lobby'], // a room's own parts; the start page's lists (Meine Räume reads the stored seats)
  ['pages', 'top'], // one entry module per page; the service worker
];

function jsFiles(dir = WEB) {
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsFiles(path);
    return name.endsWith('.js') ? [relative(WEB, path)] : [];
  });
}

const folderOf = (path) => (path.includes('/') ? path.split('/')[0] : 'top');

/** Every JS file of web/ as {path: source}. */
function webSources() {
  return Object.fromEntries(jsFiles().map((file) => [file, readFileSync(join(WEB, file), 'utf8')]));
}

/** The folder-level import graph of `sources` ({path: source}): folder -> Map(folder it imports -> ["file: specifier"]). */
function folderGraph(sources) {
  const graph = new Map();
  for (const [file, source] of Object.entries(sources)) {
    const from = folderOf(file);
    if (!graph.has(from)) graph.set(from, new Map());
    for (const { specifier } of importsOf(source)) {
      if (!specifier.startsWith('.')) continue;
      const target = normalize(join(dirname(file), specifier.split('?')[0]));
      const to = folderOf(target);
      if (to === from) continue;
      const edges = graph.get(from);
      if (!edges.has(to)) edges.set(to, []);
      edges.get(to).push(`${file}: ${specifier}`);
    }
  }
  return graph;
}

/** The imports of `graph` that do not go down LAYERS. */
function upwardImports(graph) {
  const layer = new Map(LAYERS.flatMap((folders, i) => folders.map((f) => [f, i])));
  const upward = [];
  for (const [from, edges] of graph) {
    for (const [to, where] of edges) {
      if (!(layer.get(to) < layer.get(from))) upward.push(`${from} -> ${to} (${where.join('; ')})`);
    }
  }
  return upward;
}

/** The circles of `graph`, each as "a -> b -> a". */
function circlesOf(graph) {
  const state = new Map();
  const circles = [];
  const visit = (node, stack) => {
    state.set(node, 1);
    for (const next of [...(graph.get(node)?.keys() ?? [])].sort()) {
      if (state.get(next) === 1) circles.push([...stack.slice(stack.indexOf(next)), node, next].join(' -> '));
      else if (!state.has(next)) visit(next, [...stack, node]);
    }
    state.set(node, 2);
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node, []);
  return circles;
}

// ---- the reader -------------------------------------------------------------------------------

test('the scanner keeps strings, templates, comments and regular expressions apart from code', () => {
  const source = [
    "const a = '}{ // not a comment'; // a comment with a } and a '",
    'const b = `x ${ { k: `inner ${1 + 2} }` }.k } y` + "/* not a comment */";',
    '/* a comment { with braces',
    '   over lines } */ const c = /[/}]\\/{/g.test(a) ? 4 / 2 / 1 : x => x;',
    'const d = (n) / 2;',
    'return /}/.source;',
  ].join('\n');
  const tokens = tokenize(source);
  assert.deepEqual(tokens.filter((t) => t.type === 'regex').map((t) => t.value), ['/[/}]\\/{/g', '/}/']);
  assert.deepEqual(tokens.filter((t) => t.type === 'str').map((t) => t.value), ['}{ // not a comment', '/* not a comment */']);
  assert.equal(tokens.filter((t) => t.value === '{').length, tokens.filter((t) => t.value === '}').length);
  assert.equal(tokens.find((t) => t.value === 'c').line, 4);
  assert.equal(tokens.find((t) => t.value === 'd').line, 5);
});

test('the reader measures declarations, methods, getters and named arrows, and nothing else', () => {
  const source = `
export async function one(a, b = { x: 1 }) {
  const s = '}';
  return \`\${s}\`;
}
class Two extends Base {
  static make() {
    if (x) { y(); }
    return new Two();
  }
  get size() { return 1; }
  async *walk() {
    yield 1;
  }
}
const three = async (x) => {
  items.forEach((i) => { f(i); });
};
const four = {
  five(a) {
    return a;
  },
  six: (b) => b
    + 1,
  seven: function () {},
};
this.eight = function named() {
  return 8;
};
setTimeout(() => {
  whatever();
}, 10);
const nine = x
  ? 1 : 2;
`;
  const found = Object.fromEntries(functionsOf(source).map((f) => [f.name, [f.line, f.lines]]));
  assert.deepEqual(found, {
    one: [2, 4], make: [7, 4], size: [11, 1], walk: [12, 3], three: [16, 3],
    five: [20, 3], six: [23, 2], seven: [25, 1], named: [27, 3],
  });
});

test('the reader finds static, re-exported and dynamic imports, and not the ones in comments', () => {
  // module names without an ending here, so that the repo's check of cited files passes them by
  const source = `
import { a } from './a';
import './side';
export { b } from '../b';
/** @param {import('./typed').T} t */
const m = await import(again ? \`../c?try=\${n}\` : '../c');
const from = 'not an import';
`;
  assert.deepEqual(importsOf(source).map((i) => [i.specifier, i.dynamic]),
    [['./a', false], ['./side', false], ['../b', false], ['../c', true]]);
});

// ---- the rules --------------------------------------------------------------------------------

test(`no function of web/ is longer than ${FUNCTION_LINES} lines outside the listed ones`, () => {
  const long = {};
  for (const file of jsFiles()) {
    for (const { name, lines } of functionsOf(readFileSync(join(WEB, file), 'utf8'))) {
      const key = `${file}:${name}`;
      if (lines > FUNCTION_LINES && !LONG_FUNCTIONS.has(key)) long[key] = lines;
    }
  }
  assert.deepEqual(long, {}, `functions past ${FUNCTION_LINES} lines`);
});

test('every listed long function is still there and still long', () => {
  const lengths = new Map();
  for (const file of jsFiles()) {
    for (const { name, lines } of functionsOf(readFileSync(join(WEB, file), 'utf8'))) lengths.set(`${file}:${name}`, lines);
  }
  for (const key of LONG_FUNCTIONS.keys()) assert.ok(lengths.get(key) > FUNCTION_LINES, `${key} is short now: take it off the list`);
});

test('every folder of web/ has its place in the layers', () => {
  const placed = LAYERS.flat();
  const folders = [...new Set(jsFiles().map(folderOf))].sort();
  assert.deepEqual(folders.filter((f) => !placed.includes(f)), [], 'folders without a layer');
  assert.equal(new Set(placed).size, placed.length, 'a folder in two layers');
});

test('the folders of web/ import only downward', () => {
  assert.deepEqual(upwardImports(folderGraph(webSources())), [], 'imports that do not go down the layers');
});

test('the folder graph of web/ has no circle', () => {
  assert.deepEqual(circlesOf(folderGraph(webSources())), []);
});

test('the checks see an upward import, one beside in the same layer, and a circle', () => {
  const graph = folderGraph({ // module names without an ending, as above
    'common/a': "import { b } from '../table/b';",
    'table/b': "export { a } from '../common/a';\nconst later = () => import('../sessions/c?try=1');",
    'sessions/c': "import '../table/b';",
    'room/d': "import '../lobby/e';",
  });
  assert.deepEqual(upwardImports(graph).map((u) => u.split(' (')[0]), ['common -> table', 'sessions -> table', 'room -> lobby']);
  assert.deepEqual(circlesOf(graph), ['common -> table -> common', 'table -> sessions -> table']);
});
