"""Style sheets as served: without comments and the spaces nothing needs.

The browser app has no build step, and its style sheets explain themselves in comments; they
were about a third of a room page's first load. A style sheet (``.css``) is served as rcssmin
makes it (comments and needless whitespace dropped, strings and ``calc()`` kept as they are).
Each file is made once per version on disk (its modification time and size) and kept in
memory.

Scripts are served as written: the JavaScript minifiers available to Python mangle a template
literal nested in another one (rjsmin 1.3.0 turned a tip's "3 oder 5" into "3oder 5"), and only
a full parser would be safe.
"""

from __future__ import annotations

import hashlib
import os
from email.utils import formatdate

import rcssmin


def is_minified(path: str) -> bool:
    """Whether the static file at ``path`` is served minified (:class:`Minified`)."""
    return path.endswith(".css")


class Minified:
    """The minified text of static files, kept per path while the file on disk stays the same."""

    def __init__(self) -> None:
        self._kept: dict[str, tuple[tuple[int, int], bytes, dict[str, str]]] = {}

    def get(self, full_path: str, stat: os.stat_result) -> tuple[bytes, dict[str, str]]:
        """The served bytes of the style sheet at ``full_path`` (UTF-8) with its ``etag`` and
        ``last-modified`` headers. ``stat`` is the file's, as just read; a file changed since it
        was last made is made again.

        Raises:
            OSError: the file cannot be read. UnicodeDecodeError: it is not UTF-8.
        """
        version = (stat.st_mtime_ns, stat.st_size)
        kept = self._kept.get(full_path)
        if kept is None or kept[0] != version:
            with open(full_path, encoding="utf-8") as f:
                body = rcssmin.cssmin(f.read(), keep_bang_comments=False).encode()
            headers = {"etag": f'"{hashlib.sha256(body).hexdigest()[:20]}"',
                       "last-modified": formatdate(stat.st_mtime, usegmt=True)}
            kept = self._kept[full_path] = (version, body, headers)
        return kept[1], kept[2]
