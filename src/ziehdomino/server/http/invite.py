"""The invitation link of a room as a QR code (SVG, by ``segno``), dark on a white square with
the standard quiet zone, so it scans in a dark theme too.
"""

from __future__ import annotations

import io

import segno


def invitation_link(base_url: str, room_id: str) -> str:
    """The room's invitation link: ``base_url`` (scheme, host, ``/``) + ``r/<room_id>``."""
    return f"{base_url.rstrip('/')}/r/{room_id}"


def qr_svg(text: str, title: str) -> bytes:
    """``text`` as a QR code (error correction M): UTF-8 SVG with a viewBox and ``title``."""
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", border=4, dark="#000", light="#fff", xmldecl=False,
                                     omitsize=True, title=title)
    return out.getvalue()
