// Tests of the static pages (src/ziehdomino/web/*.html): what every page must carry, and that
// what they share is written once in web/parts/ and put in by the server (server/http/pages.py,
// "<!-- include NAME -->"; no build step, the rules page reads without script). The pages as
// served are checked in tests/server/http/test_pages.py. Run: node --test tests/web/
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { posix, sep } from 'node:path';
import { test } from 'node:test';

const WEB = new URL('../../src/ziehdomino/web/', import.meta.url);
const PAGES = readdirSync(WEB).filter((name) => name.endsWith('.html')).sort();
const PARTS = ['head.html', 'header.html', 'footer.html'];
const read = (name) => readFileSync(new URL(name, WEB), 'utf8');
const part = (name) => read(`parts/${name}`);

test('every page and part names no inline script or style; the head part names the icon (no /favicon.ico request)', () => {
  assert.ok(PAGES.length >= 7, PAGES.join());
  for (const name of [...PAGES, ...PARTS.map((p) => `parts/${p}`)]) {
    const html = read(name);
    assert.doesNotMatch(html, /<script(?![^>]*\ssrc=)/, `${name}: inline script`);
    assert.doesNotMatch(html, /<style|\sstyle=/, `${name}: inline style`);
  }
  assert.match(part('head.html'), /^<meta charset="utf-8">\n/); // first: before any text that needs it
  assert.match(part('head.html'), /<link rel="icon" href="\/static\/icon.svg" type="image\/svg\+xml">/);
  assert.match(read('icon.svg'), /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
});

test('the head, the header with the navigation and the footer are written once: every page includes them', () => {
  for (const name of PAGES) {
    const html = read(name);
    assert.match(html, /^<!doctype html>\n<html [^\n]*>\n<head>\n<!-- include head.html -->\n<title>/, `${name}: head`);
    assert.match(html, /<body>\n<!-- include header.html -->\n<main /, `${name}: header`);
    assert.match(html, /<\/main>\n<!-- include footer.html -->\n<\/body>\n<\/html>\n$/, `${name}: footer`);
    assert.equal(html.match(/<!-- include /g).length, 3, name);
    // Nothing of a part is repeated by hand.
    for (const line of PARTS.flatMap((p) => part(p).split('\n')).filter((l) => l.trim().length > 12)) {
      assert.ok(!html.includes(line), `${name} repeats "${line.trim()}"`);
    }
  }
  assert.match(part('header.html'), /^<a class="skip" href="#main"[^\n]*>\n<header class="site">[\s\S]*<\/header>\n$/);
  assert.match(part('footer.html'), /^<footer class="site">[\s\S]*<\/footer>\n$/);
});

test('name fields take any text (the script refuses a long name visibly, never cuts it)', () => {
  for (const name of ['index.html', 'room.html', 'local.html']) {
    const html = read(name);
    assert.doesNotMatch(html, /maxlength/, name);
    for (const input of html.match(/<input [^>]*name="name"[^>]*>/g) ?? []) assert.match(input, /aria-describedby="[\w-]+-hint"/);
  }
});

test('the AI help is written once; the room page links to it', () => {
  assert.match(read('index.html'), /id="ai-help"/);
  assert.match(read('room.html'), /href="\/#ai-help"/);
  assert.doesNotMatch(read('room.html'), /Eine KI kann mitspielen/);
});

/** The web-relative path of the module `spec` imports from `from` (a path relative to web/). */
const resolve = (from, spec) => posix.normalize(posix.join(posix.dirname(from), spec));

/**
 * Every module a page's script loads from `entry` (paths relative to web/), following static
 * imports and, with `dynamic`, also the imports a module makes when it runs.
 */
function moduleGraph(entry, { dynamic = true } = {}) {
  const pattern = dynamic
    ? /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[\w./-]+\.js)['"]/g
    : /\bfrom\s*['"](\.{1,2}\/[\w./-]+\.js)['"]/g;
  const seen = new Set();
  const todo = [entry];
  while (todo.length) {
    const name = todo.pop();
    if (seen.has(name)) continue;
    seen.add(name);
    for (const m of read(name).matchAll(pattern)) todo.push(resolve(name, m[1]));
  }
  return seen;
}

// Only the static imports count: the tips a player can turn on at a room's table fetch the
// computers (bots/index.js) when asked, never with the page.
test('the start and room pages load no rules engine and no local session with the page', () => {
  for (const page of ['pages/page-start.js', 'pages/page-room.js']) {
    const graph = moduleGraph(page, { dynamic: false });
    assert.ok(graph.has('common/names.js'), `${page} checks names with names.js`);
    for (const heavy of ['sessions/session-local.js', 'bots/index.js']) {
      assert.ok(!graph.has(heavy), `${page} loads ${heavy}: ${[...graph]}`);
    }
    // Of the engine, only what a delta frame's act does to the view (engine/follow.js).
    const rules = [...graph].filter((name) => /^engine\//.test(name) && name !== 'engine/follow.js');
    assert.deepEqual(rules, [], `${page} loads the rules engine`);
  }
  // The name rule is a module of its own, importing only the product's constants (its length).
  assert.deepEqual([...moduleGraph('common/names.js')].sort(), ['common/constants.js', 'common/names.js']);
});

test('the local page imports the computers (bots/index.js) only dynamically: no part of its first load', () => {
  const staticOnly = moduleGraph('pages/page-local.js', { dynamic: false });
  assert.ok(staticOnly.has('engine/round.js') && staticOnly.has('table/render.js'), [...staticOnly]);
  assert.ok(!staticOnly.has('bots/index.js'), [...staticOnly]);
  assert.match(read('pages/page-local.js'), /import\('\.\.\/bots\/index\.js'\)/);
});

test('every relative import inside web/ names a file that is there', () => {
  const modules = readdirSync(WEB, { recursive: true }).filter((name) => name.endsWith('.js')).map((name) => name.split(sep).join('/'));
  for (const name of modules) {
    for (const m of read(name).matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)['"](\.{1,2}\/[\w./-]+\.js)['"]/g)) {
      assert.ok(existsSync(new URL(resolve(name, m[1]), WEB)), `${name} imports ${m[1]}, which is not there`);
    }
  }
});

test('one DOM kit: only common/dom.js makes elements or looks ids up (no module keeps its own copy)', () => {
  const modules = readdirSync(WEB, { recursive: true }).filter((name) => name.endsWith('.js')).map((name) => name.split(sep).join('/'));
  for (const name of modules.filter((m) => m !== 'common/dom.js')) {
    assert.doesNotMatch(read(name), /\.createElement(NS)?\(|\.getElementById\(/, `${name}: use common/dom.js`);
  }
});

/** Width and height of a PNG file (from its IHDR chunk). */
function pngSize(name) {
  const bytes = readFileSync(new URL(name, WEB));
  assert.equal(bytes.toString('latin1', 1, 4), 'PNG', name);
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test('the app can be installed: a manifest with SVG and PNG icons that exist in their sizes, linked by every page', () => {
  const manifest = JSON.parse(read('manifest.webmanifest'));
  assert.equal(manifest.name, 'Ziehdomino');
  assert.equal(manifest.start_url, '/');
  assert.equal(manifest.display, 'standalone');
  const sizes = new Set();
  for (const icon of manifest.icons) {
    const file = icon.src.replace(/^\/static\//, '');
    if (icon.type === 'image/png') {
      assert.equal(pngSize(file), icon.sizes, file);
      sizes.add(`${icon.sizes} ${icon.purpose}`);
    } else {
      assert.match(read(file), /^<svg xmlns/, file);
    }
  }
  for (const need of ['192x192 any', '512x512 any', '512x512 maskable']) assert.ok(sizes.has(need), need);
  assert.equal(pngSize('apple-touch-icon.png'), '180x180');
  // In the head every page includes (above).
  assert.match(part('head.html'), /<link rel="manifest" href="\/static\/manifest.webmanifest">/);
  assert.match(part('head.html'), /<link rel="apple-touch-icon" href="\/static\/apple-touch-icon.png">/);
});
