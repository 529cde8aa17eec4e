"""Scripts and style sheets as served: minified by rjsmin and rcssmin once per version of the
file (the page weight limit counts what is sent). rjsmin misreads a template literal nested in
another one's ``${...}``, so the modules write none (``tests/server/http/test_minified.py``).
"""

from __future__ import annotations

import hashlib
import os
from email.utils import formatdate

import rcssmin
import rjsmin

#: The media type of each kind of file served minified, by its ending.
MEDIA_TYPES = {".css": "text/css", ".js": "text/javascript"}
#: The minifiers' versions, counted in the app's version (:func:`.pages.web_version`).
MINIFIERS = f"rcssmin {rcssmin.__version__}, rjsmin {rjsmin.__version__}"


def is_minified(path: str) -> bool:
    """Whether the static file at ``path`` is served minified (:class:`Minified`)."""
    return path.endswith(tuple(MEDIA_TYPES))


def media_type(path: str) -> str:
    """The media type a minified file at ``path`` is served as (:data:`MEDIA_TYPES`).

    Raises:
        KeyError: for a path that :func:`is_minified` refuses.
    """
    return MEDIA_TYPES[os.path.splitext(path)[1]]


def minify_script(text: str) -> str:
    """A module's (or the service worker's) text without its comments and needless whitespace."""
    result: str = rjsmin.jsmin(text, keep_bang_comments=False)
    return result


def minify(path: str, text: str) -> str:
    """The text of the file at ``path`` (a style sheet or a module, by its ending) as served."""
    if path.endswith(".js"):
        return minify_script(text)
    result: str = rcssmin.cssmin(text, keep_bang_comments=False)
    return result


class Minified:
    """The minified text of static files, kept per path while the file on disk stays the same."""

    def __init__(self) -> None:
        self._kept: dict[str, tuple[tuple[int, int], bytes, dict[str, str]]] = {}

    def get(self, full_path: str, stat: os.stat_result) -> tuple[bytes, dict[str, str]]:
        """The served bytes of the file at ``full_path`` with its ``etag`` and ``last-modified``
        headers, made again when ``stat`` (just read) differs.

        Raises:
            OSError: the file cannot be read. UnicodeDecodeError: it is not UTF-8.
        """
        version = (stat.st_mtime_ns, stat.st_size)
        kept = self._kept.get(full_path)
        if kept is None or kept[0] != version:
            with open(full_path, encoding="utf-8") as f:
                body = minify(full_path, f.read()).encode()
            headers = {"etag": f'"{hashlib.sha256(body).hexdigest()[:20]}"',
                       "last-modified": formatdate(stat.st_mtime, usegmt=True)}
            kept = self._kept[full_path] = (version, body, headers)
        return kept[1], kept[2]
