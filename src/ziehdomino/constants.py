"""The product's numbers and names, each written once: levels, table sizes, turn times, limits.
The player-facing ones go to ``web/common/constants.js`` (:func:`browser_module`, written by
``scripts/write-constants-js``, held equal by a test). Imports nothing of the package, so that
every part may import it.
"""

from __future__ import annotations

import json
from typing import Final, Literal, TypeAlias, get_args

# --- Players: what the start page and the table offer -----------------------------------------

#: A computer level's id, on the wire, in saves and in the bots.
Level: TypeAlias = Literal["leicht", "mittel", "stark"]
#: Computer levels, weakest first.
LEVELS: Final[tuple[Level, ...]] = get_args(Level)
#: The level of a computer seat whose level was left out.
DEFAULT_LEVEL: Final[Level] = "mittel"
#: The level of the computer that plays a person's turn (away, out of time, or left).
STAND_IN_LEVEL: Final[Level] = "mittel"

#: Seats at a table, fewest and most (a room, a local game, "Nur zuschauen").
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
#: Every table size, smallest first.
TABLE_SIZES: Final[tuple[int, ...]] = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))
#: People a room needs at least (one person with computers plays locally).
MIN_PEOPLE: Final = 2

#: A turn time a room may be opened with (seconds; None: no limit).
TurnTime: TypeAlias = Literal[30, 60, 120]
#: The turn times, shortest first.
TURN_TIMES: Final[tuple[TurnTime, ...]] = get_args(TurnTime)
#: The turn time of a room opened without one (seconds).
DEFAULT_TURN_TIME: Final[TurnTime] = 60

#: A match's target: the wins a seat needs to win the match (None: no target, rounds go on).
MatchTarget: TypeAlias = Literal[3, 5, 10]
#: The targets, smallest first.
MATCH_TARGETS: Final[tuple[MatchTarget, ...]] = get_args(MatchTarget)

#: A reaction's id: one of a fixed set of phrases, never free text.
Reaction: TypeAlias = Literal["hallo", "viel_glueck", "gut_gespielt", "danke", "glueckwunsch", "oh_nein", "hoppla",
                              "tschuess"]
#: The reactions, in the order the table offers them.
REACTIONS: Final[tuple[Reaction, ...]] = get_args(Reaction)
#: Seconds between two reactions of one seat (more are refused); a reaction shows about as long.
REACTION_GAP: Final = 3.0

#: Most characters (code points, after trimming) in a person's name.
NAME_MAX: Final = 24
#: Combining marks one character of a name may carry.
MAX_MARKS: Final = 4

# --- A room's connections (server) ---------------------------------------------------------

#: Connections one seat may hold at once (several tabs); a newer one closes the oldest (4409).
MAX_CONNECTIONS_PER_SEAT: Final = 4
#: Spectator connections one room takes; more are closed with 4429.
MAX_SPECTATORS: Final = 64
#: Messages waiting in one connection's outbox before it is closed as too slow (4408).
MAX_PENDING: Final = 64
#: Largest WebSocket message or HTTP request body answered (bytes); more is ``too_large``.
MAX_MESSAGE: Final = 4096
#: Seconds a new WebSocket has to send its hello.
HELLO_TIMEOUT: Final = 20.0

# --- Defaults of `ziehdomino serve`'s options (operators) ----------------------------------

#: Seconds a computer waits before it acts (``--computer-delay``).
COMPUTER_DELAY: Final = 0.8
#: Hours until a room whose people have all been away ends (``--abandon-hours``).
ABANDON_HOURS: Final = 24.0
#: Seconds before a computer plays the turn of a person who is away (``--grace``).
GRACE: Final = 20.0
#: The same in a room without a turn time (``--grace-no-limit``).
GRACE_NO_LIMIT: Final = 120.0
#: Rooms one address may have open at once (``--max-rooms-per-address``).
MAX_ROOMS_PER_ADDRESS: Final = 20
#: Seconds a room still counts toward its address's limit once nobody is at it, or before
#: anyone arrives (``--limit-away``).
LIMIT_AWAY: Final = 300.0
#: Seats one address may hold at once at waiting open tables, claims included
#: (``--max-open-seats-per-address``): enough for one network to fill the largest table.
MAX_OPEN_SEATS_PER_ADDRESS: Final = 4
#: Rooms one process keeps at once; creating more answers 503 ``server_full``.
MAX_ROOMS: Final = 20000
#: Seconds a table opened by "Schnell spielen" waits for people before computers fill it
#: (``--quick-wait``).
QUICK_WAIT: Final = 30.0
#: The match's target of a table opened by "Schnell spielen" when the request names none (wins).
QUICK_TARGET: Final[MatchTarget] = 5
#: Seconds between two sweeps for ended rooms (``--cleanup-interval``).
CLEANUP_INTERVAL: Final = 600.0
#: Messages per second per WebSocket (``--ws-rate``).
WS_RATE: Final = 20
#: Room creations and joins per minute per address (``--http-rate``).
HTTP_RATE: Final = 60
#: Requests naming unknown rooms per minute per address (``--miss-rate``).
MISS_RATE: Final = 60
#: WebSocket connects per minute per address (``--ws-connect-rate``).
WS_CONNECT_RATE: Final = 600
#: WebSockets one address may hold open at once (``--max-sockets-per-address``).
MAX_SOCKETS_PER_ADDRESS: Final = 200
#: Connections of any kind one address may hold open at once (``--max-connections-per-address``).
MAX_CONNECTIONS_PER_ADDRESS: Final = MAX_SOCKETS_PER_ADDRESS + 56
#: Seconds a connection has to send a complete request, from its opening or last answer
#: (``--request-timeout``).
REQUEST_TIMEOUT: Final = 5.0
#: Seconds until another process may take the rooms of one that stopped renewing (``--lease``).
LEASE_SECONDS: Final = 4.0

#: The names :func:`browser_module` writes to ``web/common/constants.js``: what the pages need.
BROWSER: Final = ("LEVELS", "DEFAULT_LEVEL", "STAND_IN_LEVEL", "MIN_PLAYERS", "MAX_PLAYERS", "TABLE_SIZES",
                  "MIN_PEOPLE", "TURN_TIMES", "DEFAULT_TURN_TIME", "NAME_MAX", "MAX_MARKS", "MATCH_TARGETS",
                  "REACTIONS", "REACTION_GAP")


def browser_module() -> str:
    """The text of ``web/common/constants.js``: :data:`BROWSER` as frozen ES exports."""
    values = globals()
    lines = [
        "/**",
        " * @file The product's numbers and names the pages need: levels, table sizes, turn times,",
        " * the name length.",
        " *",
        " * Written from src/ziehdomino/constants.py by scripts/write-constants-js; a test fails when",
        " * the two differ. Do not edit by hand.",
        " */",
        "// @ts-check",
        "",
    ]
    for name in BROWSER:
        value = values[name]
        text = json.dumps(list(value) if isinstance(value, tuple) else value)
        lines.append(f"export const {name} = {f'Object.freeze({text})' if isinstance(value, tuple) else text};")
    return "\n".join(lines) + "\n"
