"""One round (``docs/rules.md`` "A round"): hands, boneyard, line, turn, result.

>>> from ziehdomino.engine.position import round_from_position
>>> r = round_from_position({"players": 2, "hands": [["5|2"], ["0|0", "1|1"]],
...                          "boneyard": [], "line": ["3|5"], "turn": 0})
>>> r.legal_actions(0)
[Play(tile=(2, 5), end='right')]
>>> r.apply(0, r.legal_actions(0)[0]); r.result
Result(kind='domino', winners=(0,), pips=None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NotRequired, TypeAlias, TypedDict

from .actions import DRAW, PASS, Action, Draw, End, Pass, Play
from .errors import Refusal
from .tiles import ALL_TILES, Oriented, Tile, format_tile, hand_pips

Seat: TypeAlias = int
"""A place at the table, numbered clockwise from 0."""

NO_END = -1  # both ends while the line is empty

# Every play, built once and shared (actions are frozen); a (high, low) tile gets a fresh Play.
_OPENING: dict[Tile, Play] = {t: Play(t) for t in ALL_TILES}
_ON_LEFT: dict[Tile, Play] = {t: Play(t, "left") for t in ALL_TILES}
_ON_RIGHT: dict[Tile, Play] = {t: Play(t, "right") for t in ALL_TILES}


def legal_plays(hand: list[Tile], ends: tuple[int, int] | None, boneyard_count: int) -> list[Action]:
    """The legal actions of the seat to act, from what its view holds (``ends`` None on an
    empty line): plays in hand order, left before right; else draw or pass (docs/rules.md,
    "A round" 3-4)."""
    if ends is None:
        return [_OPENING.get(t) or Play(t) for t in hand]
    lo, hi = ends
    out: list[Action] = []
    for t in hand:
        a, b = t
        if a == lo or b == lo:
            out.append(_ON_LEFT.get(t) or Play(t, "left"))
        if a == hi or b == hi:
            out.append(_ON_RIGHT.get(t) or Play(t, "right"))
    if out:
        return out
    return [DRAW] if boneyard_count else [PASS]


class ResultJSON(TypedDict):
    """A finished round's ``result`` (``docs/view.md``)."""

    kind: Literal["domino", "blocked"]
    winners: list[int]
    pips: NotRequired[list[int]]


class LogEntryJSON(TypedDict):
    """One entry of the view's ``log`` (``docs/view.md``); ``stand_in`` only from a room."""

    seat: int
    type: Literal["play", "draw", "pass"]
    tile: NotRequired[str]
    end: NotRequired[End | None]
    ends: list[int] | None
    stand_in: NotRequired[bool]


@dataclass(frozen=True, slots=True)
class Result:
    """How a round ended: ``"domino"`` (one winner, ``pips`` None) or ``"blocked"`` (the
    lowest pip sums win; ``pips`` is every seat's sum)."""

    kind: Literal["domino", "blocked"]
    winners: tuple[Seat, ...]
    pips: tuple[int, ...] | None = None

    @property
    def is_shared(self) -> bool:
        """A blocked round whose lowest pip sums tie: nobody gets a win."""
        return len(self.winners) > 1

    def to_json(self) -> ResultJSON:
        out: ResultJSON = {"kind": self.kind, "winners": list(self.winners)}
        if self.pips is not None:
            out["pips"] = list(self.pips)
        return out


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One accepted action as everyone may know it (a draw names no tile); ``ends`` are those
    just before it."""

    seat: Seat
    kind: Literal["play", "draw", "pass"]
    tile: Tile | None
    end: End | None
    ends: tuple[int, int] | None

    def to_json(self) -> LogEntryJSON:
        ends = list(self.ends) if self.ends is not None else None
        if self.kind == "play":
            assert self.tile is not None
            return {"seat": self.seat, "type": self.kind, "tile": format_tile(self.tile), "end": self.end, "ends": ends}
        return {"seat": self.seat, "type": self.kind, "ends": ends}


class Round:
    """The state of one deal. Read its attributes; change them only through :meth:`apply`.
    ``hands`` in held order; ``boneyard[0]`` is drawn next; ``left``/``right`` are
    :data:`NO_END` on an empty line; ``result`` None while it goes on; ``log`` None when
    kept off (playouts)."""

    __slots__ = ("players", "hands", "boneyard", "line", "left", "right", "turn", "passes",
                 "starter", "result", "log")

    def __init__(
        self,
        players: int,
        hands: list[list[Tile]],
        boneyard: list[Tile],
        *,
        line: list[Oriented] | None = None,
        turn: Seat = 0,
        passes: int = 0,
        starter: Seat | None = None,
        keep_log: bool = True,
    ) -> None:
        """As given, unchecked (``position.round_from_position`` checks)."""
        self.players = players
        self.hands = hands
        self.boneyard = boneyard
        self.line: list[Oriented] = line if line is not None else []
        self.left = self.line[0][0] if self.line else NO_END
        self.right = self.line[-1][1] if self.line else NO_END
        self.turn = turn
        self.passes = passes
        self.starter = turn if starter is None else starter
        self.result: Result | None = None
        self.log: list[LogEntry] | None = [] if keep_log else None

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def ends(self) -> tuple[int, int] | None:
        """``(left, right)``, or None while the line is empty."""
        return None if not self.line else (self.left, self.right)

    def fits(self, t: Tile) -> bool:
        if not self.line:
            return True
        a, b = t
        return a == self.left or b == self.left or a == self.right or b == self.right

    def has_fit(self, seat: Seat) -> bool:
        if not self.line:
            return bool(self.hands[seat])
        lo, hi = self.left, self.right
        for a, b in self.hands[seat]:
            if a == lo or b == lo or a == hi or b == hi:
                return True
        return False

    def legal_actions(self, seat: Seat) -> list[Action]:
        """:func:`legal_plays`; empty unless it is ``seat``'s turn."""
        if self.result is not None or seat != self.turn:
            return []
        return legal_plays(self.hands[seat], (self.left, self.right) if self.line else None, len(self.boneyard))

    def pip_sums(self) -> tuple[int, ...]:
        return tuple(hand_pips(h) for h in self.hands)

    def check(self, seat: Seat, action: Action) -> None:
        """Raise :class:`Refusal` if ``seat`` may not take ``action`` now, the first code in
        :data:`~.errors.REFUSAL_CODES` order."""
        if isinstance(action, Play):
            if action.end is None and self.line:
                raise Refusal("invalid_action", f"play {format_tile(action.tile)}: name the end (left or right)")
        elif not isinstance(action, (Draw, Pass)):
            raise Refusal("invalid_action", f"not an action: {action!r}")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise Refusal("invalid_action", f"no seat {seat!r} at a table of {self.players}")
        if self.result is not None:
            raise Refusal("round_over", "the round is over")
        if seat != self.turn:
            raise Refusal("not_your_turn", f"it is seat {self.turn}'s turn, not seat {seat}'s")
        if isinstance(action, Play):
            t = action.tile
            if t not in self.hands[seat]:
                raise Refusal("tile_not_in_hand", f"seat {seat} does not hold {format_tile(t)}")
            if self.line:
                want = self.left if action.end == "left" else self.right
                if want not in t:
                    raise Refusal("tile_does_not_fit",
                                  f"{format_tile(t)} does not fit the {action.end} end, which shows {want}")
            return
        if self.has_fit(seat):
            what = "draw" if isinstance(action, Draw) else "pass"
            raise Refusal("must_play", f"seat {seat} may not {what}: a tile in hand fits")
        if isinstance(action, Draw):
            if not self.boneyard:
                raise Refusal("cannot_draw", "the boneyard is empty: pass instead")
        elif self.boneyard:
            raise Refusal("cannot_pass", f"the boneyard still holds {len(self.boneyard)} tiles: draw instead")

    def apply(self, seat: Seat, action: Action) -> None:
        """Apply ``action``, or raise :class:`Refusal` and change nothing."""
        self.check(seat, action)
        self.apply_unchecked(seat, action)

    def apply_unchecked(self, seat: Seat, action: Action) -> None:
        """Apply a legal action unchecked (playouts); an illegal one corrupts the round."""
        log = self.log
        if isinstance(action, Play):
            t = action.tile
            ends = (self.left, self.right) if self.line else None
            hand = self.hands[seat]
            hand.remove(t)
            a, b = t
            if not self.line:
                self.line.append(t)
                self.left, self.right = a, b
            elif action.end == "left":
                placed = (a, b) if b == self.left else (b, a)
                self.line.insert(0, placed)
                self.left = placed[0]
            else:
                placed = (a, b) if a == self.right else (b, a)
                self.line.append(placed)
                self.right = placed[1]
            if log is not None:
                log.append(LogEntry(seat, "play", t, action.end if ends else None, ends))
            self.passes = 0
            if not hand:
                self.result = Result("domino", (seat,))
            else:
                self.turn = (seat + 1) % self.players
        elif isinstance(action, Draw):
            if log is not None:
                log.append(LogEntry(seat, "draw", None, None, self.ends))
            self.hands[seat].append(self.boneyard.pop(0))
        else:
            if log is not None:
                log.append(LogEntry(seat, "pass", None, None, self.ends))
            self.passes += 1
            if self.passes >= self.players:
                sums = self.pip_sums()
                low = min(sums)
                self.result = Result("blocked", tuple(s for s, p in enumerate(sums) if p == low), sums)
            else:
                self.turn = (seat + 1) % self.players

    def copy(self, *, keep_log: bool = False) -> Round:
        """An independent copy, without the log unless asked."""
        r = Round.__new__(Round)
        r.players = self.players
        r.hands = [list(h) for h in self.hands]
        r.boneyard = list(self.boneyard)
        r.line = list(self.line)
        r.left, r.right = self.left, self.right
        r.turn, r.passes, r.starter, r.result = self.turn, self.passes, self.starter, self.result
        r.log = list(self.log) if keep_log and self.log is not None else None
        return r
