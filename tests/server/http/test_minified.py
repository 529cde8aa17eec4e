"""Scripts and style sheets are served without comments: smaller, the same rules and the same
code (node parses every module as served and as written to the same syntax tree, and imports
both to the same exports), revalidated by their own ETag, and made again when the file changes."""

from __future__ import annotations

import gzip
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

from typing import Any

import httpx
from starlette.applications import Starlette
from starlette.routing import Mount

from tests.support.server import on_own_thread
from ziehdomino.server.http.pages import (FILES_MARK, VERSION_MARK, CachedStaticFiles, offline_files,
                                          service_worker_text)

WEB = Path(__file__).resolve().parents[3] / "src" / "ziehdomino" / "web"


class _Client:
    """GET requests to the static files of ``web`` in-process (no server, no socket)."""

    def __init__(self, web: Path) -> None:
        self.app = Starlette(routes=[Mount("/static", CachedStaticFiles(directory=web))])

    def get(self, path: str, headers: dict[str, str] | None = None) -> httpx.Response:
        async def one() -> httpx.Response:
            transport = httpx.ASGITransport(app=self.app, raise_app_exceptions=False)  # type: ignore[arg-type]
            async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
                return await client.get(path, headers=headers)
        result: Any = on_own_thread(one())
        return result


def _declarations(css: str) -> list[str]:
    """Every ``property:value`` of a style sheet, spaces and comments taken out (a rough
    reading, the same for both forms)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    return [re.sub(r"\s+", "", d) for d in re.findall(r"[-a-z]+\s*:[^;{}]+", css)]


def test_every_style_sheet_is_served_smaller_with_the_same_declarations() -> None:
    client = _Client(WEB)
    sheets = sorted(WEB.rglob("*.css"))
    assert len(sheets) >= 5
    for path in sheets:
        source = path.read_text(encoding="utf-8")
        got = client.get(f"/static/{path.relative_to(WEB).as_posix()}")
        assert got.status_code == 200 and got.headers["content-type"] == "text/css; charset=utf-8"
        assert "/*" not in got.text and len(got.content) < len(source.encode())
        assert len(gzip.compress(got.content)) < len(gzip.compress(source.encode()))
        # the same declarations in the same order (a space inside calc() is kept: it matters)
        assert _declarations(got.text) == _declarations(source), path
        assert "calc(" not in source or re.search(r"calc\([^)]* [-+] ", got.text), path


def test_a_sheet_is_revalidated_by_its_etag_and_made_again_when_it_changes(tmp_path: Path) -> None:
    web = tmp_path / "web"
    web.mkdir()
    sheet = web / "a.css"
    sheet.write_text("/* why */\n.a {\n  color: red;\n}\n", encoding="utf-8")
    client = _Client(web)
    first = client.get("/static/a.css")
    assert first.text == ".a{color:red}"
    etag = first.headers["etag"]
    again = client.get("/static/a.css", headers={"if-none-match": etag})
    assert again.status_code == 304 and again.headers["cache-control"] == "no-cache"
    sheet.write_text(".a { color: blue; }\n", encoding="utf-8")
    os.utime(sheet, ns=(first_ns := sheet.stat().st_mtime_ns + 10**9, first_ns))
    changed = client.get("/static/a.css", headers={"if-none-match": etag})
    assert changed.status_code == 200 and changed.text == ".a{color:blue}" and changed.headers["etag"] != etag
    shutil.rmtree(web)
    assert client.get("/static/a.css").status_code == 404


# Node's own JavaScript parser (acorn, which node ships for its REPL) reads both forms of every
# file; node imports both trees. Printed: one JSON line per file.
_COMPARE = r"""
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { readFileSync } from 'node:fs';
const acorn = createRequire(import.meta.url)('internal/deps/acorn/acorn/dist/acorn');
const [written, served, list] = process.argv.slice(2);
// The syntax tree without positions (the only thing that differs when nothing else does).
const tree = (text) => JSON.stringify(acorn.parse(text, { ecmaVersion: 'latest', sourceType: 'module' }),
  (k, v) => (k === 'start' || k === 'end' ? undefined : typeof v === 'bigint' ? `${v}n` : v));
async function exports(dir, name) {
  try { return Object.keys(await import(pathToFileURL(`${dir}/${name}`))).sort(); }
  catch (e) { return `${e.name}: ${e.message}`.replaceAll(dir, 'DIR'); }
}
for (const name of JSON.parse(readFileSync(list, 'utf8'))) {
  let same;
  try { same = tree(readFileSync(`${written}/${name}`, 'utf8')) === tree(readFileSync(`${served}/${name}`, 'utf8')); }
  catch (e) { same = `${e.name}: ${e.message}`; }
  const importable = !name.endsWith('sw.js');
  console.log(JSON.stringify({ name, same, written: importable && await exports(written, name),
                               served: importable && await exports(served, name) }));
}
process.exit(0);
"""


def _tree(root: Path, files: dict[str, str]) -> Path:
    """``files`` (path under ``root``: text) written out as ES modules that node can import."""
    (root / "package.json").parent.mkdir(parents=True)
    (root / "package.json").write_text('{"type": "module"}', encoding="utf-8")
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def test_every_module_is_served_smaller_as_the_same_code_with_the_same_exports(tmp_path: Path) -> None:
    client = _Client(WEB)
    names = sorted(p.relative_to(WEB).as_posix() for p in WEB.rglob("*.js"))
    assert len(names) >= 100 and "engine/follow.js" in names and "sw.js" in names
    written = {name: (WEB / name).read_text(encoding="utf-8") for name in names}
    served = {}
    for name in names:
        got = client.get(f"/static/{name}")
        assert got.status_code == 200 and got.headers["content-type"] == "text/javascript; charset=utf-8", name
        assert got.headers["cache-control"] == "no-cache" and got.headers["etag"], name
        served[name] = got.text
        source = written[name].encode()
        assert len(got.content) < len(source) and len(gzip.compress(got.content)) < len(gzip.compress(source)), name
        # no comment is left ("//" stays inside a string or a regular expression only)
        assert "/**" not in got.text and not re.search(r"^\s*//", got.text, re.M), name
    # the service worker as its route serves it: the same worker, stamped, minified
    files = ", ".join(f"'{url}'" for url in offline_files(WEB))
    stamped = written["sw.js"].replace(VERSION_MARK, "0123456789ab").replace(FILES_MARK, files)
    worker = service_worker_text(WEB, "0123456789ab")
    assert worker is not None and "0123456789ab" in worker and "'/static/engine/follow.js'" in worker
    assert len(worker) < len(stamped) and "/**" not in worker
    name = "sw-stamped" + ".js"  # a file of this test's own folder, not of the repo
    written[name], served[name] = stamped, worker

    (tmp_path / "compare.mjs").write_text(_COMPARE, encoding="utf-8")
    (tmp_path / "names.json").write_text(json.dumps(sorted(written)), encoding="utf-8")
    done = subprocess.run(
        ["node", "--expose-internals", "--no-warnings", str(tmp_path / "compare.mjs"),
         str(_tree(tmp_path / "written", written)), str(_tree(tmp_path / "served", served)),
         str(tmp_path / "names.json")],
        capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    results = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    assert [r["name"] for r in results] == sorted(written), done.stdout[-3000:]
    # The same syntax tree: every statement, name, string, template and regular expression.
    # (rjsmin misreads a template literal nested in another's ${...}: write ' oder ' + r there.)
    assert [r["name"] for r in results if r["same"] is not True] == [], [r for r in results if r["same"] is not True]
    # The same exports where node can import the module (the others fail alike, on a browser
    # global such as document, after node parsed the module: never on a syntax error).
    assert [r for r in results if r["written"] != r["served"]] == []
    importable = [r for r in results if isinstance(r["written"], list)]
    assert len(importable) >= 50 and any(r["name"] == "engine/follow.js" and r["written"] for r in importable)
    assert not [r for r in results if isinstance(r["served"], str) and "SyntaxError" in r["served"]]


def test_a_module_is_revalidated_by_its_etag_and_made_again_when_it_changes(tmp_path: Path) -> None:
    web = tmp_path / "web"
    web.mkdir()
    module = web / "a.js"
    module.write_text("/** Why. */\nexport const a = `x ${1 ? '' : ' oder ' + 2}`; // a\nexport const b = 'c // d';\n",
                      encoding="utf-8")
    client = _Client(web)
    first = client.get("/static/a.js")
    assert first.text == "export const a=`x ${1 ? '' : ' oder ' + 2}`;export const b='c // d';"
    assert first.headers["content-type"] == "text/javascript; charset=utf-8"
    etag = first.headers["etag"]
    again = client.get("/static/a.js", headers={"if-none-match": etag})
    assert again.status_code == 304 and again.headers["cache-control"] == "no-cache" and again.content == b""
    module.write_text("export const a = 2;\n", encoding="utf-8")
    os.utime(module, ns=(later := module.stat().st_mtime_ns + 10**9, later))
    changed = client.get("/static/a.js", headers={"if-none-match": etag})
    assert changed.status_code == 200 and changed.text == "export const a=2;" and changed.headers["etag"] != etag
    assert client.get("/static/a.js", headers={"if-none-match": changed.headers["etag"]}).status_code == 304
    module.unlink()
    assert client.get("/static/a.js").status_code == 404
