"""Every WebSocket close code and error code (docs/protocol.md), in one table: written to
``web/common/codes.js`` by ``scripts/write-codes-js``; tests hold it to the docs and the words.
:data:`FINAL_CLOSES`: the closes after which a client must not reconnect with the same hello.
"""

from __future__ import annotations

import enum
import json
from typing import Final

from ...engine.errors import MATCH_CODES, REFUSAL_CODES


class Close(enum.IntEnum):
    """WebSocket close codes the server sends."""

    NORMAL = 1000
    """The connection ended normally."""
    GOING_AWAY = 1001
    """The server is shutting down."""
    TOO_LARGE = 1009
    """A frame over the size limit (64 KiB); sent by the WebSocket layer itself."""
    SERVER_ERROR = 1011
    """The connection failed inside the server."""
    BAD_HELLO = 4400
    """No valid hello as the first message, or none in time."""
    BAD_CREDENTIAL = 4401
    """The hello's credential opens no seat of this room."""
    BAD_ORIGIN = 4403
    """The page's origin is not this server's."""
    UNKNOWN_ROOM = 4404
    """No room has this id."""
    TOO_SLOW = 4408
    """The client reads too slowly (its outbox is full)."""
    REPLACED = 4409
    """A newer connection of the same seat took over."""
    LEFT = 4410
    """The seat's person left the room for good (a computer holds the seat now)."""
    TOO_MANY = 4429
    """Too many: the room has as many spectators as it takes, or this address holds as many
    sockets, connects as often or names as many unknown rooms as it may (a minute's wait helps)."""
    ROOM_MOVED = 4503
    """Another server process holds the room now (docs/deploy.md): reconnect, through the proxy."""


class ErrorCode(enum.StrEnum):
    """Codes of ``error`` messages and HTTP error bodies; the engine's refusals first."""

    INVALID_ACTION = "invalid_action"
    ROUND_OVER = "round_over"
    NOT_YOUR_TURN = "not_your_turn"
    TILE_NOT_IN_HAND = "tile_not_in_hand"
    TILE_DOES_NOT_FIT = "tile_does_not_fit"
    MUST_PLAY = "must_play"
    CANNOT_DRAW = "cannot_draw"
    CANNOT_PASS = "cannot_pass"
    ROUND_NOT_OVER = "round_not_over"
    STALE_VERSION = "stale_version"
    BAD_MESSAGE = "bad_message"
    """Not JSON, fails validation, a binary frame, or a second hello."""
    TOO_LARGE = "too_large"
    """A message or request body over the size limit."""
    RATE_LIMITED = "rate_limited"
    """Too many messages, or too many creations and joins from one address."""
    HELLO_FIRST = "hello_first"
    """The first message was not a valid hello."""
    BAD_CREDENTIAL = "bad_credential"
    """The hello's credential opens no seat of this room."""
    SPECTATOR = "spectator"
    """A spectator tried to act."""
    NOT_STARTED = "not_started"
    """An action before the first round."""
    ROOM_NOT_FOUND = "room_not_found"
    """No room has this id."""
    ROOM_FULL = "room_full"
    """Every person seat is taken."""
    INVALID_NAME = "invalid_name"
    """The name breaks the name rules."""
    BAD_REQUEST = "bad_request"
    """Any other malformed HTTP request."""
    NOT_FOUND = "not_found"
    """No such HTTP route."""
    METHOD_NOT_ALLOWED = "method_not_allowed"
    """The route exists, the method does not."""
    SERVER_FULL = "server_full"
    """The server holds as many rooms as it may."""
    CROSS_SITE = "cross_site"
    """A request that changes something came from a page of another site."""
    ROOM_MOVED = "room_moved"
    """Another server process holds the room now; the client reconnects (docs/deploy.md)."""
    SERVER_ERROR = "server_error"
    """Storing failed (nothing was changed), or the server failed."""
    ROUND_NOT_FOUND = "round_not_found"
    """A replay of a round the room never dealt, or whose record it does not keep."""
    ROUND_IN_PROGRESS = "round_in_progress"
    """A replay of the round still being played (nothing of it is shown before its end)."""
    TOO_MANY_ROOMS = "too_many_rooms"
    """One address has as many rooms open (not ended) as it may create."""
    REACTION_TOO_SOON = "reaction_too_soon"
    """A seat's reaction came less than 3 s after its last one."""
    ALREADY_SEATED = "already_seated"
    """This browser (its holder key) holds a seat or a claim at this open table already."""
    TOO_MANY_SEATS = "too_many_seats"
    """One address holds as many seats at open tables waiting for their first round (and claims
    to take a seat over) as it may."""
    BAD_PROFILE_KEY = "bad_profile_key"
    """A profile's request without its key (the header ``X-Ziehdomino-Profile``), or with
    something that is no key (32 lowercase hex digits)."""
    PROFILE_NOT_FOUND = "profile_not_found"
    """No profile has this key or public id: never made, or deleted."""
    DEVICE_CODE_WRONG = "device_code_wrong"
    """No device code is like this one (a wrong try, counted against the address)."""
    DEVICE_CODE_EXPIRED = "device_code_expired"
    """The device code's 10 minutes are over: ask the first browser for a new one."""
    DEVICE_CODE_USED = "device_code_used"
    """The device code brought its profile to a browser already; a code works once."""


#: Close codes after which reconnecting with the same hello cannot help, and the error code the
#: page shows for each (``bad_origin``, ``replaced`` and ``left`` are words of the page only, never sent).
FINAL_CLOSES: Final[dict[Close, str]] = {
    Close.BAD_HELLO: ErrorCode.BAD_MESSAGE,
    Close.BAD_CREDENTIAL: ErrorCode.BAD_CREDENTIAL,
    Close.BAD_ORIGIN: "bad_origin",
    Close.UNKNOWN_ROOM: ErrorCode.ROOM_NOT_FOUND,
    Close.REPLACED: "replaced",
    Close.LEFT: "left",
}

if tuple(ErrorCode)[: len(REFUSAL_CODES) + len(MATCH_CODES)] != REFUSAL_CODES + MATCH_CODES:
    raise AssertionError("ErrorCode must start with the engine's REFUSAL_CODES and MATCH_CODES, in order")


def browser_module() -> str:
    """The text of ``web/common/codes.js``: this table as a frozen ES module."""
    close = {c.name: c.value for c in Close}
    final = {str(c.value): word for c, word in FINAL_CLOSES.items()}
    errors = [str(e) for e in ErrorCode]
    return (
        "/**\n"
        " * @file Every code that crosses the wire: close codes and error codes (docs/protocol.md).\n"
        " *\n"
        " * Written from src/ziehdomino/server/protocol/codes.py by scripts/write-codes-js; a test fails when\n"
        " * the two differ. Do not edit by hand.\n"
        " */\n"
        "// @ts-check\n\n"
        "/** WebSocket close codes the server sends, by name. */\n"
        f"export const CLOSE = Object.freeze({json.dumps(close, indent=2)});\n\n"
        "/** Close codes after which reconnecting with the same hello cannot help, and the error code shown. */\n"
        f"export const FINAL_CLOSES = Object.freeze({json.dumps(final, indent=2)});\n\n"
        "/** Codes of error messages and HTTP error bodies; the engine's refusal codes first. */\n"
        f"export const ERROR_CODES = Object.freeze({json.dumps(errors, indent=2)});\n"
    )
