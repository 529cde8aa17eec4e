"""The browser app as the server sends it (the real web folder, in process): every page with the
shared parts of ``web/parts/`` put in, error pages with the site's header in German and English,
Cache-Control and revalidation on pages and static files, the service worker stamped with the
app's version."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.support.server import ServerProcess, on_own_thread

from ziehdomino.server.http.app import create_app
from ziehdomino.server.protocol.codes import ErrorCode
from ziehdomino.server.http.invite import invitation_link, qr_svg
from ziehdomino.server.http.pages import ERRORS, VERSION_MARK, web_version
from ziehdomino.server.process.settings import DEFAULT_WEB_DIR, Settings

I18N = (DEFAULT_WEB_DIR / "common" / "i18n.js").read_text(encoding="utf-8")
#: The words the error pages add when they load (pages/plain-strings.js: German, then English).
PLAIN = (DEFAULT_WEB_DIR / "pages" / "plain-strings.js").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[httpx.Client]:
    """A real server with the packaged pages."""
    srv = ServerProcess(tmp_path_factory.mktemp("pages") / "d").start()
    try:
        with httpx.Client(base_url=srv.base, headers=srv.own_site, timeout=30) as c:
            yield c
    finally:
        srv.stop()


def _in_process(app: object, path: str) -> httpx.Response:
    """One GET against the app in this process (no lifespan: only for routes that need no rooms)."""
    async def get() -> httpx.Response:
        transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)  # type: ignore[arg-type]
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as c:
            return await c.get(path)
    return on_own_thread(get())


def _strings(lang: str) -> dict[str, str]:
    """The key -> text table of one language: i18n.js's DE or EN block and the words the plain
    pages add (plain-strings.js: ``addWords({DE}, {EN})``)."""
    block = re.search(rf"const {lang} = \{{(.*?)\n\}};", I18N, re.S)
    added = re.search(r"addWords\(\{(.*?)\n\}, \{(.*?)\n\}\);", PLAIN, re.S)
    assert block and added, lang
    pair = r"^\s*'([\w.]+)': '((?:[^'\\]|\\.)*)',?$"
    table = dict(re.findall(pair, block.group(1), re.M))
    table.update(re.findall(pair, added.group(1 if lang == "DE" else 2), re.M))
    return table


@pytest.mark.parametrize("path, kind", [("/r/AAAAAAAAAAAAAAAAAAAAAA", ErrorCode.ROOM_NOT_FOUND),
                                        ("/nowhere", ErrorCode.NOT_FOUND), ("/static/missing.js", ErrorCode.NOT_FOUND)])
def test_error_pages_have_the_site_header_navigation_and_both_languages(client: httpx.Client, path: str, kind: ErrorCode) -> None:
    r = client.get(path)
    assert r.status_code == 404 and r.headers["content-type"].startswith("text/html")
    body = r.text
    assert '<header class="site">' in body and 'aria-label="Hauptnavigation"' in body
    for link in ('href="/"', 'href="/lokal"', 'href="/regeln"'):
        assert link in body
    assert "data-lang-switch" in body and '<script type="module" src="/static/pages/page-plain.js">' in body
    assert "${" not in body and "<footer" in body
    de, en = _strings("DE"), _strings("EN")
    title, heading, text = ERRORS[kind]
    for key, german in ((f"errorpage.{kind}.h", heading), (f"errorpage.{kind}.text", text)):
        assert f'data-i18n="{key}">{german}<' in body
        assert de[key] == german and en[key] and en[key] != german
    assert f'data-i18n-title="errorpage.{kind}.title"' in body and de[f"errorpage.{kind}.title"] == f"{title} – Ziehdomino"


def test_the_server_error_page_is_the_same_page(tmp_path: Path) -> None:
    app = create_app(Settings(data_dir=tmp_path, computer_delay=0))

    async def boom(request: object) -> None:
        raise RuntimeError("boom")

    app.add_route("/boom", boom)
    r = _in_process(app, "/boom")
    assert r.status_code == 500 and '<header class="site">' in r.text
    assert 'data-i18n="errorpage.server_error.h">Ein Fehler ist aufgetreten<' in r.text


PAGE_PATHS = {"/": "index.html", "/lokal": "local.html", "/regeln": "rules.html", "/ansehen": "replay.html",
              "/aufgaben": "puzzles.html",
              "/zuschauen": "watch.html", "/profil": "profile.html", "/p/AbCdEfGhIjKl": "player.html"}
HEAD_PART = (DEFAULT_WEB_DIR / "parts" / "head.html").read_text(encoding="utf-8")
HEADER_PART = (DEFAULT_WEB_DIR / "parts" / "header.html").read_text(encoding="utf-8")
FOOTER_PART = (DEFAULT_WEB_DIR / "parts" / "footer.html").read_text(encoding="utf-8")


def check_served(body: str, label: str) -> None:
    """A page as served: the shared head first in <head> (the charset in the first 1024 bytes),
    then the page's own title; the skip link, header and navigation; the footer; once each,
    with no include line left."""
    assert "<!-- include" not in body, label
    head = body[body.index("<head>\n") + 7:body.index("</head>")]
    assert head.startswith(HEAD_PART + "<title>"), (label, head[:200])
    assert body.index('<meta charset="utf-8">') < 1024 - len('<meta charset="utf-8">'), label
    for part in (HEAD_PART, HEADER_PART, FOOTER_PART):
        assert body.count(part) == 1, (label, part[:40])
    for line in ('<link rel="icon" href="/static/icon.svg" type="image/svg+xml">', '<link rel="manifest" href="/static/manifest.webmanifest">',
                 '<link rel="apple-touch-icon" href="/static/apple-touch-icon.png">', '<link rel="stylesheet" href="/static/style.css">',
                 '<header class="site">', 'aria-label="Hauptnavigation"', '<footer class="site">'):
        assert body.count(line) == 1, (label, line)
    body = re.sub(r'<body class="[a-z0-9 -]+">', "<body>", body, count=1)  # a page's state (app.py room_classes)
    assert body.index("<body>\n" + HEADER_PART) < body.index("<main ") < body.index("</main>\n" + FOOTER_PART), label


def test_every_page_is_served_with_its_shared_parts(client: httpx.Client) -> None:
    room = client.post("/api/rooms", json={"seats": [{"kind": "person"}, {"kind": "person"}], "name": "Anna"}).json()["room"]
    paths = {**PAGE_PATHS, f"/r/{room}": "room.html", "/nowhere": "error.html"}
    for path, name in paths.items():
        r = client.get(path)
        assert r.status_code == (404 if name == "error.html" else 200), path
        assert r.headers["content-type"] == "text/html; charset=utf-8", path
        check_served(r.text, path)
        if name != "error.html":
            # The file as written, with only its include lines filled in (and its state's classes).
            back = re.sub(r'<body class="[a-z0-9 -]+">', "<body>", r.text, count=1)
            for part, text in (("head", HEAD_PART), ("header", HEADER_PART), ("footer", FOOTER_PART)):
                back = back.replace(text, f"<!-- include {part}.html -->\n")
            assert back == (DEFAULT_WEB_DIR / name).read_text(encoding="utf-8"), path


def _body_classes(client: httpx.Client, path: str) -> set[str]:
    found = re.search(r'<body(?: class="([^"]*)")?>', client.get(path).text)
    assert found, path
    return set((found.group(1) or "").split())


def test_the_room_and_replay_pages_carry_their_state_as_body_classes(client: httpx.Client) -> None:
    # What the style sheets lay the first paint out by, before any script ran (room.css).
    made = client.post("/api/rooms", json={"seats": [{"kind": "person"}, {"kind": "person"}, {"kind": "computer"}], "name": "Anna"}).json()
    room = made["room"]
    assert _body_classes(client, f"/r/{room}") == {"seats-3", "joinable"}
    assert client.post(f"/api/rooms/{room}/join", json={"name": "Ben"}).status_code == 201
    assert _body_classes(client, f"/r/{room}") == {"seats-3", "started"}
    quick = client.post("/api/quick", json={"name": "Cleo", "size": 4}).json()
    assert _body_classes(client, quick["link"]) == {"seats-4", "joinable", "open-table"}
    assert _body_classes(client, "/ansehen") == {"open-file"}
    assert _body_classes(client, "/ansehen?lokal=2") == {"has-round"}
    assert _body_classes(client, "/lokal") == set()


def test_a_page_is_revalidated_by_its_etag_and_a_missing_part_is_never_served_half(tmp_path: Path) -> None:
    web = tmp_path / "web"
    shutil.copytree(DEFAULT_WEB_DIR, web)
    app = create_app(Settings(data_dir=tmp_path / "d", web_dir=web))

    async def run() -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)  # type: ignore[arg-type]
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as c:
            first = await c.get("/regeln")
            again = await c.get("/regeln", headers={"if-none-match": first.headers["etag"]})
            (web / "parts" / "footer.html").write_text("<footer class=\"site\">neu</footer>\n", encoding="utf-8")
            changed = await c.get("/regeln", headers={"if-none-match": first.headers["etag"]})
            (web / "parts" / "footer.html").unlink()
            broken = await c.get("/regeln")
            return [first, again, changed, broken]

    first, again, changed, broken = on_own_thread(run())
    assert first.status_code == 200 and first.headers["cache-control"] == "no-cache"
    assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == first.headers["etag"]
    # A part changed (a deploy): the page is new, and says so.
    assert changed.status_code == 200 and ">neu</footer>" in changed.text and changed.headers["etag"] != first.headers["etag"]
    # A part gone (a broken deploy): a server error, not the page without its footer.
    assert broken.status_code == 500 and "Regeln und FAQ" not in broken.text


def test_cache_control_on_pages_and_static_files(client: httpx.Client) -> None:
    for path in ("/", "/lokal", "/regeln", "/static/style.css", "/static/pages/page-start.js", "/static/common/i18n.js"):
        r = client.get(path)
        assert r.status_code == 200 and r.headers["cache-control"] == "no-cache", path
    for path in ("/static/icon.svg",):
        r = client.get(path)
        assert r.headers["cache-control"] == "public, max-age=86400", path
    # A revalidation answers 304 while the file is unchanged, with the same header.
    first = client.get("/static/style.css")
    again = client.get("/static/style.css", headers={"if-none-match": first.headers["etag"]})
    assert again.status_code == 304 and again.headers["cache-control"] == "no-cache"


def test_the_service_worker_carries_the_apps_version_and_a_deploy_changes_it(tmp_path: Path) -> None:
    web = tmp_path / "web"
    shutil.copytree(DEFAULT_WEB_DIR, web)
    assert VERSION_MARK in (web / "sw.js").read_text(encoding="utf-8")
    first = _in_process(create_app(Settings(data_dir=tmp_path / "d1", web_dir=web)), "/sw.js")
    assert first.headers["cache-control"] == "no-cache"
    version = web_version(web)
    assert re.fullmatch(r"[0-9a-f]{12}", version) and f"ziehdomino-static-{version}" in first.text
    assert VERSION_MARK not in first.text and "__WEB_FILES__" not in first.text
    # Every script and style of the app is cached for offline play (none forgotten in a list).
    for name in ("pages/page-local.js", "engine/round.js", "common/names.js", "sessions/local-save.js", "bots/index.js",
                 "table/table.css", "style.css", "icon.svg"):
        assert f"'/static/{name}'" in first.text, name
    (web / "style.css").write_text((web / "style.css").read_text(encoding="utf-8") + "\n/* deploy */\n", encoding="utf-8")
    second = _in_process(create_app(Settings(data_dir=tmp_path / "d2", web_dir=web)), "/sw.js")
    assert web_version(web) != version and second.text != first.text


def test_the_invitation_qr_code_holds_the_rooms_link(client: httpx.Client) -> None:
    made = client.post("/api/rooms", json={"seats": [{"kind": "person"}, {"kind": "person"}], "name": "Anna"}).json()
    r = client.get(f"/r/{made['room']}/qr.svg")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    link = str(client.base_url).rstrip("/") + made["link"]
    assert link.endswith(made["link"]) and link.startswith("http://127.0.0.1:")
    # segno is deterministic: the served code is the code of exactly that link.
    assert r.content == qr_svg(link, "QR-Code des Einladungslinks")
    assert r.content.startswith(b"<svg") and b"viewBox" in r.content and b"<title>" in r.content
    assert b"<script" not in r.content
    missing = client.get("/r/AAAAAAAAAAAAAAAAAAAAAA/qr.svg")
    assert missing.status_code == 404 and missing.json()["code"] == "room_not_found"


def test_qr_codes_of_different_links_differ() -> None:
    one = qr_svg(invitation_link("http://127.0.0.1:8000/", "A" * 22), "t")
    two = qr_svg(invitation_link("http://127.0.0.1:8000/", "B" * 22), "t")
    assert one != two and invitation_link("http://h/", "x") == "http://h/r/x"
