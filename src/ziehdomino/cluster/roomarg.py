"""A room's id on an operator's command line (``ziehdomino where``, ``scripts/cluster where``)."""

from __future__ import annotations


def room_arguments(argv: list[str], options: set[str]) -> list[str]:
    """``argv`` with a room id after ``where`` made safe from option parsing: a room id may begin
    with ``-`` (ids are URL-safe base64), which argparse would read as an unknown option. Such a
    token (one that is not in ``options``, the command's own option names) is passed on as its
    link path ``/r/ID``, which :func:`room_of` reads back."""
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
