"""Serving the browser app without a build step: pages with their shared parts from
``web/parts/`` filled in, error pages, static files with their cache headers (docs/protocol.md,
"Pages"), and the service worker stamped with the app's version, so a deploy installs a new one.
"""

from __future__ import annotations

import hashlib
import html
import os
import re
from collections.abc import Awaitable, Callable, Iterable
from os import PathLike
from pathlib import Path
from string import Template
from typing import Any

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.staticfiles import NotModifiedResponse, StaticFiles
from starlette.types import Scope

from ..protocol.codes import ErrorCode
from .minified import MINIFIERS, Minified, is_minified, media_type, minify_script

#: Cache-Control for pages, scripts and styles: stored, but revalidated on every use.
REVALIDATE = "no-cache"
#: Cache-Control for images and the manifest (seconds: one day).
KEEP_A_DAY = "public, max-age=86400"
_KEPT = (".svg", ".png", ".ico", ".webmanifest")

#: Placeholder in ``sw.js`` that :func:`service_worker_text` replaces by the app's version.
VERSION_MARK = "__WEB_VERSION__"
#: Placeholder (a quoted list item) in ``sw.js`` replaced by the static files to cache.
FILES_MARK = "'__WEB_FILES__'"
#: Static files the service worker keeps for offline play (.json: the puzzles).
_OFFLINE = (".js", ".css", ".svg", ".png", ".webmanifest", ".json")

#: A line of a page that :func:`page_text` replaces by the shared part ``web/parts/NAME``.
INCLUDE = re.compile(r"^[ \t]*<!-- include ([a-z][a-z0-9-]*\.html) -->[ \t]*\n", re.MULTILINE)
#: The folder of the shared parts, inside the web folder.
PARTS = "parts"

#: The error pages' German words by code: (title, heading, text); English from i18n.js.
ERRORS: dict[ErrorCode, tuple[str, str, str]] = {
    ErrorCode.NOT_FOUND: ("Nicht gefunden", "Nicht gefunden", "Diese Seite gibt es nicht."),
    ErrorCode.ROOM_NOT_FOUND: ("Raum nicht gefunden", "Raum nicht gefunden",
                       "Diesen Raum gibt es nicht (mehr). Eröffne einen neuen auf der Startseite."),
    ErrorCode.ROUND_IN_PROGRESS: ("Runde läuft noch", "Runde läuft noch",
                          "Diese Runde läuft noch. Ansehen kann man sie, sobald sie zu Ende ist."),
    ErrorCode.ROUND_NOT_FOUND: ("Nicht gefunden", "Runde nicht gefunden", "Diese Runde gibt es in diesem Raum nicht."),
    ErrorCode.RATE_LIMITED: ("Zu viele Anfragen", "Zu viele Anfragen",
                             "Von hier wurden zu viele unbekannte Räume aufgerufen. Warte bitte eine Minute."),
    ErrorCode.SERVER_ERROR: ("Fehler", "Ein Fehler ist aufgetreten", "Bitte lade die Seite neu. Versuche es sonst später noch einmal."),
}

# Used when the web folder has no error.html (a stripped-down test folder).
_FALLBACK = Template("""<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} – Ziehdomino</title><link rel="stylesheet" href="/static/style.css">
<link rel="icon" href="/static/icon.svg" type="image/svg+xml"></head>
<body><main><h1>${heading}</h1>
<p>${text}</p>
<p><a href="/">Zur Startseite</a></p></main></body>
</html>
""")


def cache_control(path: str) -> str:
    """The Cache-Control value for a static file's path (see the module docstring)."""
    return KEEP_A_DAY if path.endswith(_KEPT) else REVALIDATE


class CachedStaticFiles(StaticFiles):
    """Starlette's static files with :func:`cache_control` on every answer (200 and 304), the
    modules and style sheets minified (:mod:`.minified`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._minified = Minified()

    def file_response(self, full_path: PathLike[str] | str, stat_result: os.stat_result, scope: Scope,
                      status_code: int = 200) -> Response:
        name = os.fspath(full_path)
        if not is_minified(name):
            return super().file_response(full_path, stat_result, scope, status_code)
        body, headers = self._minified.get(name, stat_result)
        if self.is_not_modified(Headers(headers), Headers(scope=scope)):
            return NotModifiedResponse(Headers(headers))
        return Response(body, status_code=status_code, headers=headers, media_type=media_type(name))

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        if response.status_code in (200, 304):
            response.headers["cache-control"] = cache_control(path)
        return response


def web_version(web_dir: Path) -> str:
    """12 hex digits of SHA-256 over every file of ``web_dir`` and the minifiers' versions: the
    same on every server for the same files."""
    digest = hashlib.sha256(MINIFIERS.encode() + b"\0")
    if web_dir.is_dir():
        for path in sorted(p for p in web_dir.rglob("*") if p.is_file()):
            digest.update(path.relative_to(web_dir).as_posix().encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:12]


def offline_files(web_dir: Path) -> list[str]:
    """The ``/static/...`` URLs of the scripts, styles, images and manifest in ``web_dir``
    (sorted; ``sw.js`` itself excluded)."""
    if not web_dir.is_dir():
        return []
    return sorted(f"/static/{p.relative_to(web_dir).as_posix()}" for p in web_dir.rglob("*")
                  if p.is_file() and p.name.endswith(_OFFLINE) and p.name != "sw.js")


def service_worker_text(web_dir: Path, version: str) -> str | None:
    """``sw.js`` stamped with ``version`` and :func:`offline_files`, minified; None without one."""
    path = web_dir / "sw.js"
    if not path.is_file():
        return None
    files = ", ".join(f"'{url}'" for url in offline_files(web_dir))
    return minify_script(path.read_text(encoding="utf-8").replace(VERSION_MARK, version).replace(FILES_MARK, files))


def page_text(web_dir: Path, name: str) -> str:
    """The page ``name`` of ``web_dir`` with every :data:`INCLUDE` line replaced by its part.

    Raises:
        FileNotFoundError: the page, or a part it includes, is not there (never served half).
    """
    text = (web_dir / name).read_text(encoding="utf-8")
    return INCLUDE.sub(lambda m: (web_dir / PARTS / m.group(1)).read_text(encoding="utf-8"), text)


def html_page(request: Request, body: str, status: int = 200) -> Response:
    """``body`` as a ``no-cache`` HTML answer with an ETag of its bytes; a revalidation that
    names that ETag (``If-None-Match``) gets 304 without the body."""
    data = body.encode("utf-8")
    etag = f'"{hashlib.sha256(data).hexdigest()[:20]}"'
    headers = {"cache-control": REVALIDATE, "etag": etag}
    asked = request.headers.get("if-none-match", "")
    if status == 200 and etag in (tag.strip() for tag in asked.split(",")):
        return Response(status_code=304, headers=headers)
    return HTMLResponse(data, status_code=status, headers=headers)


def error_page(web_dir: Path, kind: ErrorCode, status: int) -> HTMLResponse:
    """The error page for ``kind`` (a key of :data:`ERRORS`), from ``error.html``.

    Raises:
        KeyError: for a ``kind`` that :data:`ERRORS` does not name.
    """
    title, heading, text = ERRORS[kind]
    template = web_dir / "error.html"
    values = {"title": html.escape(f"{title} – Ziehdomino"), "heading": html.escape(heading), "text": html.escape(text),
              "title_key": f"errorpage.{kind}.title", "heading_key": f"errorpage.{kind}.h",
              "text_key": f"errorpage.{kind}.text"}
    if template.is_file():
        body = Template(page_text(web_dir, "error.html")).safe_substitute(values)
    else:
        body = _FALLBACK.safe_substitute(values)
    return HTMLResponse(body, status_code=status, headers={"cache-control": REVALIDATE})


def with_body_classes(text: str, classes: Iterable[str]) -> str:
    """``text`` with ``classes`` on its first, attribute-less ``<body>`` tag, so that the first
    paint is laid out as the scripts will fill it."""
    names = " ".join(classes)
    return text.replace("<body>", f'<body class="{html.escape(names)}">', 1) if names else text


def page_response(request: Request, name: str, classes: Iterable[str] = ()) -> Response:
    """The page ``name`` of the web folder with its shared parts (:func:`page_text`) and
    ``classes`` on its body (:func:`with_body_classes`), as :func:`html_page`; else the 404 page."""
    web_dir: Path = request.app.state.settings.web_dir
    if not (web_dir / name).is_file():
        return error_page(web_dir, ErrorCode.NOT_FOUND, 404)
    return html_page(request, with_body_classes(page_text(web_dir, name), classes))


def page(name: str) -> Callable[[Request], Awaitable[Response]]:
    """The route for the page ``name`` (:func:`page_response`, no classes)."""

    async def serve(request: Request) -> Response:
        return page_response(request, name)

    return serve
