"""Scripts and style sheets as served: without comments and the spaces nothing needs.

The app has no build step and its files explain themselves in comments, which weighed a page's
first load over its limit; so a static file is served as rcssmin (``.css``) or rjsmin (``.js``,
and the service worker, :func:`minify_script`) makes it from the file on disk, once per version
of the file (modification time and size), with an ETag of the bytes served.

rjsmin misreads a template literal nested in another one's ``${...}``, so the modules write
none; ``tests/server/http/test_minified.py`` holds every module as served to the same syntax
tree and exports as written.
"""

from __future__ import annotations

import hashlib
import os
from email.utils import formatdate

import rcssmin
import rjsmin

#: The media type of each kind of file served minified, by its ending.
MEDIA_TYPES = {".css": "text/css", ".js": "text/javascript"}
#: The minifiers' versions: what is served follows from them as from the files, so the app's
#: version (:func:`.pages.web_version`) counts them too.
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
        """The served bytes of the style sheet or module at ``full_path`` (UTF-8) with its
        ``etag`` and ``last-modified`` headers. ``stat`` is the file's, as just read; a file
        changed since it was last made is made again.

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
