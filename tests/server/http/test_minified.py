"""Style sheets are served without comments: smaller, the same rules, revalidated by their own
ETag, and made again when the file changes; scripts are served as written."""

from __future__ import annotations

import gzip
import os
import re
import shutil
from pathlib import Path

from typing import Any

import httpx
from starlette.applications import Starlette
from starlette.routing import Mount

from tests.support.server import on_own_thread
from ziehdomino.server.http.pages import CachedStaticFiles

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
    (web / "a.js").write_text("// kept\nexport const a = `x ${1 ? '' : ` oder ${2}`}`;\n", encoding="utf-8")
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
    # a script is the file as written, comments and all
    assert client.get("/static/a.js").text == (web / "a.js").read_text(encoding="utf-8")
    shutil.rmtree(web)
    assert client.get("/static/a.css").status_code == 404
