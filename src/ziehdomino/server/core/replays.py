"""The records of a room's finished rounds and the replays served from them
(``docs/replay.md``): stored with the action that ends the round, served the same to everyone
and only once the round is over.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from ...engine import Match, PositionError, replay_frames, round_record
from ...engine.replay import RoundRecord
from ...engine.view import fair_json
from ..protocol.codes import ErrorCode
from ..protocol.wire import RoundReplay, RoundSummary
from ..storage.record import StoredSeat

log = logging.getLogger("ziehdomino.replays")


class ReplayError(Exception):
    """A replay refused: ``code``, HTTP ``status`` and an English ``message``."""

    def __init__(self, code: ErrorCode, status: int, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.status = status
        self.message = message


def finished_record(match: Match) -> RoundRecord | None:
    """The record of the current round if it is over (call right after the action that ended it), else None."""
    return round_record(match) if match.round.result is not None else None


def checked_records(room_id: str, records: Sequence[RoundRecord]) -> list[tuple[RoundRecord, RoundSummary]]:
    """The stored records that replay through the rules, each with its summary; a bad one is
    logged and left out, so it never keeps a room from resuming."""
    good = []
    for record in records:
        try:
            good.append((record, round_summary(record)))
        except (PositionError, KeyError, TypeError) as exc:
            log.error("room %s: the record of round %r is left out: %s", room_id, record.get("round"), exc)
    return good


def summary_of(match: Match) -> RoundSummary:
    """:func:`round_summary` of ``match``'s finished round, read off the match.

    Raises:
        ValueError: the round is not over.
    """
    r = match.round
    if r.result is None:
        raise ValueError("the round is not over")
    return {"round": match.round_number, "starter": r.starter, "kind": r.result.kind,
            "winners": list(r.result.winners), "pips": list(r.pip_sums()), "fair": fair_json(match)}


def round_number(text: str) -> int | None:
    """The round number of a path segment (``1`` to ``99999``, decimal digits only), else None."""
    # ASCII only: "²".isdigit() and "٣".isdigit() are true, and int() refuses the first one
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 5 and int(text) >= 1 else None


def find_record(rounds: Sequence[RoundRecord], match: Match | None, n: int | None) -> RoundRecord:
    """The record of round ``n`` among the finished rounds' ``rounds``.

    Raises:
        ReplayError: ``round_in_progress`` (409); ``round_not_found`` (404), also for ``n``
            None or a round finished before records were kept.
    """
    current = 0 if match is None else match.round_number
    if n is not None and n == current and match is not None and match.round.result is None:
        raise ReplayError(ErrorCode.ROUND_IN_PROGRESS, 409,
                          f"round {n} is still being played; it can be replayed once it is over")
    if n is None or n > current:
        raise ReplayError(ErrorCode.ROUND_NOT_FOUND, 404, f"this room has not dealt a round {n or ''}".rstrip())
    for record in rounds:
        if record["round"] == n:
            return record
    if n == current and match is not None:  # over, but finished before records were kept
        return round_record(match)
    raise ReplayError(ErrorCode.ROUND_NOT_FOUND, 404, f"this room keeps no record of round {n}")


def replay_body(room_id: str, seats: list[StoredSeat], record: RoundRecord) -> RoundReplay:
    """The answer of the replay data route (:class:`~..protocol.wire.RoundReplay`)."""
    return {"room": room_id, "round": record["round"],
            "seats": [{"kind": s["kind"], "level": s["level"], "name": s["name"]} for s in seats],
            "record": record}


def round_summary(record: RoundRecord) -> RoundSummary:
    """A finished round in one line (ROUND, :class:`~..protocol.wire.RoundSummary`), from its record.

    Raises:
        PositionError: a record the rules refuse (the room's records were checked on load).
    """
    end = replay_frames(record)[-1]
    result = end["result"]
    if result is None:  # replay_frames refuses a record whose round does not end
        raise PositionError("the round does not end with its last action")
    return {"round": record["round"], "starter": record["starter"], "kind": result["kind"],
            "winners": result["winners"], "pips": end["pips"], "fair": record.get("fair")}
