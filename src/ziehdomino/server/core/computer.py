"""Computer seats: their choice, from their own seat's view only, and the loop that plays them.

A computer is a seated player (docs/architecture.md): it sees exactly what :func:`seat_view`
gives its seat and acts through the room's writer like a person. :func:`decide` asks
``ziehdomino.bots.decide(view, level, seed)``; the answer is only a proposal that the writer
applies through the engine, falling back to :func:`legal_move` if the engine refuses it or the
bot fails. :class:`ComputerPlayers` listens to every room's writer and starts the room's
computer loop when a computer is to move; the same loop stands in for a person whose turn's
deadline has passed (away past the grace, idle past the turn time, or left for good).
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
from collections.abc import Callable
from typing import Any

from ... import bots
from ...constants import STAND_IN_LEVEL
from ...engine import Refusal, seat_view
from ...engine.actions import ActionJSON
from ...engine.view import SeatView
from . import changes
from .changes import Step
from .room import RoomError
from .writer import RoomWriter

log = logging.getLogger("ziehdomino.computer")

Seat = int


def legal_move(view: SeatView, level: str, seed: int) -> ActionJSON:
    """One of ``view["legal"]``, picked with ``random.Random(seed)``; ``level`` is ignored.

    Raises:
        ValueError: the view has no legal action (not this seat's turn, or the round is over).
    """
    legal = view.get("legal") or []
    if not legal:
        raise ValueError("no legal action in this view")
    return random.Random(seed).choice(legal).copy()


def decide(view: SeatView, level: str, seed: int) -> ActionJSON:
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


class ComputerPlayers:
    """Plays every computer turn of the rooms whose writers it listens to, each when it is due.

    A computer seat (or a left person's) moves ``delay`` seconds after the last change; a
    person's turn is played once their deadline has passed (:meth:`.room.Room.deadline`).

    Args:
        delay: seconds between a change and a computer's move.
        closing: True once the server shuts down (no loop starts then).
    """

    def __init__(self, delay: float, closing: Callable[[], bool]) -> None:
        self.delay = delay
        self.closing = closing

    def due(self, writer: RoomWriter) -> tuple[int, float, bool] | None:
        """Who plays next: ``(seat, at, stand_in)`` -- the seat to act, when (unix s) and whether
        a computer stands in for a person -- or None when no computer is to move."""
        room = writer.room
        seat = room.turn
        if seat is None or writer.deleted or writer.gone:
            return None
        s = room.seats[seat]
        at = writer.last_change + self.delay
        if s.played_by_computer:
            return seat, at, s.kind == "person"
        deadline = writer.deadline()
        if deadline is None:
            return None
        return seat, max(at, deadline), True

    def changed(self, writer: RoomWriter, step: Step | None) -> None:
        """Wake the room's computer loop (a deadline may have moved) and start it if a computer
        is to move now or later. It never waits."""
        if self.closing():
            return
        due = self.due(writer)
        if due is None:
            return  # a loop still waiting finds nothing due when it wakes, and ends
        if writer.computer_task is None or writer.computer_task.done():
            writer.computer_task = asyncio.get_running_loop().create_task(self._loop(writer))
        elif due[1] < writer.computer_until:
            # Woken only when the move is due sooner than the loop waits for: most changes move a
            # deadline later (the turn passed on), and the loop looks again when it wakes anyway,
            # so a plain move by a person costs no wake-up and no new timer.
            writer.wake.set()

    async def _loop(self, writer: RoomWriter) -> None:
        """Play computer turns, each when due, from that seat's own view, through the writer.

        An unexpected error is logged and the turn tried again a second later: a computer must
        never leave a table stuck on its turn. A move that could not be stored is tried again
        too, without a line of its own (the failed write was logged where it failed).
        """
        while True:
            try:
                if not await self._turn_once(writer):
                    return
            except asyncio.CancelledError:
                raise
            except RoomError:
                await asyncio.sleep(1.0)
            except Exception:
                log.exception("room %s: a computer's turn failed; trying again", writer.id)
                await asyncio.sleep(1.0)

    async def _turn_once(self, writer: RoomWriter) -> bool:
        """Wait until a computer's move is due (or the room changes) and play it, as level Mittel
        for a person, from that seat's view only; False when no computer is to move at all."""
        writer.wake.clear()  # cleared before looking, so a change from now on wakes the wait below
        due = self.due(writer)
        if due is None:
            return False
        wait = due[1] - time.time()
        if wait > 0:
            writer.computer_until = due[1]
            try:
                await asyncio.wait_for(writer.wake.wait(), wait)
            except asyncio.TimeoutError:
                pass
            finally:
                writer.computer_until = float("inf")
            return True  # look again: the deadline may have moved, or it is due now
        room = writer.room
        if room.match is None:
            return True
        seat, _, stand_in = due
        view = seat_view(room.match, seat)
        level = room.seats[seat].level or STAND_IN_LEVEL
        action = await asyncio.to_thread(decide, view, level, secrets.randbits(32))
        async with writer.lock:
            due = self.due(writer)
            if due is None or due[0] != seat or writer.room.match is None or writer.room.match.version != view["version"]:
                return True  # the table moved on meanwhile (the person acted or came back); look again
            version = view["version"]
            try:
                await writer.run_locked(lambda r: changes.act(r, seat, version, action, time.time(), stand_in=stand_in))
            except Refusal as exc:
                log.warning("room %s: computer's action %r refused (%s); playing a legal move",
                            writer.id, action, exc.code)
                fallback = legal_move(view, level, secrets.randbits(32))
                await writer.run_locked(lambda r: changes.act(r, seat, version, fallback, time.time(),
                                                              stand_in=stand_in))
            # a RoomError (storage failed, or the room moved) reaches _loop, which tries again a second later
        return True
