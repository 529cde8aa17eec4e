"""Computer seats: their choice, from their own seat's view only, and the loop that plays them.

A computer is a seated player (docs/architecture.md): it sees exactly what :func:`seat_view`
gives its seat and acts through the room's writer like a person. :func:`decide` asks
``ziehdomino.bots.decide(view, level, seed)``; the answer is only a proposal that the writer
applies through the engine, falling back to :func:`legal_move` if the engine refuses it or the
bot fails. :func:`schedule` starts a room's computer loop when a computer is to move.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from typing import TYPE_CHECKING, Any

from .. import bots
from ..engine import Refusal, seat_view

if TYPE_CHECKING:
    from .rooms import Room, Rooms

log = logging.getLogger("ziehdomino.computer")

Seat = int


def legal_move(view: dict[str, Any], level: str, seed: int) -> dict[str, Any]:
    """One of ``view["legal"]``, picked with ``random.Random(seed)``; ``level`` is ignored.

    Raises:
        ValueError: the view has no legal action (not this seat's turn, or the round is over).
    """
    legal = view.get("legal") or []
    if not legal:
        raise ValueError("no legal action in this view")
    return dict(random.Random(seed).choice(legal))


def decide(view: dict[str, Any], level: str, seed: int) -> dict[str, Any]:
    """The action (JSON form) a computer of ``level`` takes from its seat's ``view``.

    Any error in the bot falls back to :func:`legal_move`: a bot's bug never stops a room.

    Raises:
        ValueError: the view has no legal action.
    """
    try:
        return bots.decide(view, level, seed)
    except Exception:  # a bot's bug must never stop a room
        log.exception("bots.decide failed; playing a legal move")
    return legal_move(view, level, seed)


def computer_turn(room: Room) -> Seat | None:
    """The seat to act if it is a computer's turn in a round being played, else None."""
    m = room.match
    if m is None or m.round.result is not None:
        return None
    seat = m.round.turn
    return seat if room.seats[seat].kind == "computer" else None


def schedule(rooms: Rooms, room: Room) -> None:
    """Start the room's computer loop if a computer is to move and none is running.

    Call it from inside the room's writer after every change; it never waits.
    """
    if rooms.closing or computer_turn(room) is None:
        return
    if room.computer_task is None or room.computer_task.done():
        room.computer_task = asyncio.get_running_loop().create_task(_loop(rooms, room))


async def _loop(rooms: Rooms, room: Room) -> None:
    """Play computer turns, each after the delay, from that seat's own view, through the writer.

    An unexpected error is logged and the turn tried again a second later: a computer must
    never leave a table stuck on its turn.
    """
    while True:
        try:
            if not await _turn_once(rooms, room):
                return
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("room %s: a computer's turn failed; trying again", room.id)
            await asyncio.sleep(1.0)


async def _turn_once(rooms: Rooms, room: Room) -> bool:
    """Wait the delay and play one computer turn; False when no computer is to move."""
    await asyncio.sleep(rooms.settings.computer_delay)
    async with room.lock:
        seat = computer_turn(room)
        if seat is None or room.match is None:
            return False
        view = seat_view(room.match, seat)
    level = room.seats[seat].level or "mittel"
    action = await asyncio.to_thread(decide, view, level, secrets.randbits(32))
    async with room.lock:
        if computer_turn(room) != seat or room.match is None or room.match.version != view["version"]:
            return True  # the table moved on meanwhile; look again
        try:
            await rooms.apply_locked(room, seat, view["version"], action)
        except Refusal as exc:
            log.warning("room %s: computer's action %r refused (%s); playing a legal move",
                        room.id, action, exc.code)
            await rooms.apply_locked(room, seat, view["version"], legal_move(view, level, secrets.randbits(32)))
        # a RoomError (storage failed) reaches _loop, which tries again a second later
    return True
