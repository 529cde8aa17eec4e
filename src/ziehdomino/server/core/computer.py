"""Computer seats: their choice from their own seat's view only, applied through the writer like
a person's, and the loop that plays them and stands in for people past their deadline
(docs/architecture.md; docs/protocol.md, "Turn time and stand-ins").
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
    """The action (JSON form) a computer of ``level`` takes from its seat's ``view``; a bot's
    error falls back to :func:`legal_move`.

    Raises:
        ValueError: the view has no legal action.
    """
    try:
        return bots.decide(view, level, seed)
    except Exception:  # a bot's bug must never stop a room
        log.exception("bots.decide failed; playing a legal move")
    return legal_move(view, level, seed)


class ComputerPlayers:
    """Plays every computer turn of the rooms it listens to when due: ``delay`` seconds after the
    last change, a person's at their :meth:`.room.Room.deadline`; none once ``closing``."""

    def __init__(self, delay: float, closing: Callable[[], bool]) -> None:
        self.delay = delay
        self.closing = closing

    def due(self, writer: RoomWriter) -> tuple[int, float, bool] | None:
        """``(seat, at, stand_in)`` of the computer move due next (``at`` unix s), or None."""
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
        """Wake the room's computer loop, starting it if a computer is to move; never waits."""
        if self.closing():
            return
        due = self.due(writer)
        if due is None:
            return  # a loop still waiting finds nothing due when it wakes, and ends
        if writer.computer_task is None or writer.computer_task.done():
            writer.computer_task = asyncio.get_running_loop().create_task(self._loop(writer))
        elif due[1] < writer.computer_until:
            # Woken only when due sooner than the loop waits: most changes move a deadline later.
            writer.wake.set()

    async def _loop(self, writer: RoomWriter) -> None:
        """Play computer turns when due; after an error, try again a second later, so a table
        is never stuck on a computer's turn."""
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
        """Wait until a computer's move is due and play it (Mittel for a person); False when none is."""
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
