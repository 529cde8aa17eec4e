"""Computer seats: their choice, from their own seat's view only, and the loop that plays them.

A computer is a seated player (docs/architecture.md): it sees exactly what :func:`seat_view`
gives its seat and acts through the room's writer like a person. :func:`decide` asks
``ziehdomino.bots.decide(view, level, seed)``; the answer is only a proposal that the writer
applies through the engine, falling back to :func:`legal_move` if the engine refuses it or the
bot fails. :func:`schedule` starts a room's computer loop when a computer is to move; the same
loop stands in for a person whose turn's deadline has passed (away past the grace, idle past
the turn time, or left for good).
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
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


def schedule(rooms: Rooms, room: Room) -> None:
    """Wake the room's computer loop (a deadline may have moved) and start it if a computer --
    a computer seat, or one standing in for a person -- is to move now or later.

    Call it from inside the room's writer after every change; it never waits.
    """
    if rooms.closing:
        return
    due = rooms.computer_due(room)
    if due is None:
        return  # a loop still waiting finds nothing due when it wakes, and ends
    if room.computer_task is None or room.computer_task.done():
        room.computer_task = asyncio.get_running_loop().create_task(_loop(rooms, room))
    elif due[1] < room.computer_until:
        # Woken only when the move is due sooner than the loop waits for: most changes move a
        # deadline later (the turn passed on), and the loop looks again when it wakes anyway,
        # so a plain move by a person costs no wake-up and no new timer.
        room.wake.set()


async def _loop(rooms: Rooms, room: Room) -> None:
    """Play computer turns, each when due, from that seat's own view, through the writer.

    An unexpected error is logged and the turn tried again a second later: a computer must
    never leave a table stuck on its turn. A move that could not be stored is tried again too,
    without a line of its own (the failed write was logged where it failed).
    """
    from .rooms import RoomError  # rooms imports this module

    while True:
        try:
            if not await _turn_once(rooms, room):
                return
        except asyncio.CancelledError:
            raise
        except RoomError:
            await asyncio.sleep(1.0)
        except Exception:
            log.exception("room %s: a computer's turn failed; trying again", room.id)
            await asyncio.sleep(1.0)


async def _turn_once(rooms: Rooms, room: Room) -> bool:
    """Wait until a computer's move is due (or the room changes) and play it; False when no
    computer is to move at all.

    A computer seat moves ``computer_delay`` after the last change; for a person it stands in
    once their deadline has passed (``Rooms.computer_due``), as level Mittel, from that person's
    seat's view only, and the log marks the move as a stand-in's.
    """
    room.wake.clear()  # cleared before looking, so a change from now on wakes the wait below
    due = rooms.computer_due(room)
    if due is None:
        return False
    wait = due[1] - time.time()
    if wait > 0:
        room.computer_until = due[1]
        try:
            await asyncio.wait_for(room.wake.wait(), wait)
        except asyncio.TimeoutError:
            pass
        finally:
            room.computer_until = float("inf")
        return True  # look again: the deadline may have moved, or it is due now
    async with room.lock:
        due = rooms.computer_due(room)
        if due is None or due[1] > time.time() or room.match is None:
            return True
        seat, _, stand_in = due
        view = seat_view(room.match, seat)
    level = room.seats[seat].level or "mittel"
    action = await asyncio.to_thread(decide, view, level, secrets.randbits(32))
    async with room.lock:
        due = rooms.computer_due(room)
        if due is None or due[0] != seat or room.match is None or room.match.version != view["version"]:
            return True  # the table moved on meanwhile (the person acted or came back); look again
        try:
            await rooms.apply_locked(room, seat, view["version"], action, stand_in=stand_in)
        except Refusal as exc:
            log.warning("room %s: computer's action %r refused (%s); playing a legal move",
                        room.id, action, exc.code)
            await rooms.apply_locked(room, seat, view["version"], legal_move(view, level, secrets.randbits(32)),
                                     stand_in=stand_in)
        # a RoomError (storage failed, or the room moved) reaches _loop, which tries again a second later
    return True
