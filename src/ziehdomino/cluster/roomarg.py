"""A room's id on an operator's command line (``ziehdomino where``, ``scripts/cluster where``)."""

from __future__ import annotations


def room_arguments(argv: list[str], options: set[str]) -> list[str]:
    """``argv`` with a room id after ``where`` that begins with ``-`` (URL-safe base64) and is
    none of ``options`` written as ``/r/ID``, so that argparse does not read it as an option."""
    out = list(argv)
    for i in range(1, len(out)):
        token = out[i]
        if out[i - 1] == "where" and token.startswith("-") and token.split("=", 1)[0] not in options:
            out[i] = "/r/" + token
    return out


def room_of(text: str) -> str:
    """The room id in ``text``: the id itself, or the last part of a link to the room
    (``https://host/r/ID``, ``/r/ID``)."""
    return text.rstrip("/").rsplit("/", 1)[-1]
