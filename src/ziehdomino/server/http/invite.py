"""The invitation link of a room as a QR code (SVG), for a friend at the same table to scan.

The code is made by ``segno`` (a maintained QR library, ISO/IEC 18004) from the link the room
page shows: the request's own scheme and host plus ``/r/<room>``. Dark modules on a white
square with the standard quiet zone of four modules, so it scans in a dark theme too.
"""

from __future__ import annotations

import io

import segno


def invitation_link(base_url: str, room_id: str) -> str:
    """The room's invitation link: ``base_url`` (scheme, host, ``/``) + ``r/<room_id>``."""
    return f"{base_url.rstrip('/')}/r/{room_id}"


def qr_svg(text: str, title: str) -> bytes:
    """``text`` as a QR code (error correction M), an SVG with a viewBox and no fixed size.

    Args:
        text: what the code holds (an URL of at most a few hundred characters).
        title: the SVG's ``<title>`` (what a screen reader may read for it).
    Returns:
        UTF-8 SVG without an XML declaration.
    """
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", border=4, dark="#000", light="#fff", xmldecl=False,
                                     omitsize=True, title=title)
    return out.getvalue()
