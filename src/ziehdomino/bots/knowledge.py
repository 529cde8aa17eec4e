"""What one seat knows from its view alone: its hand, the line, the counts, and the slots the
public log reveals (``docs/bots.md``, "Inference"). Twin: ``web/bots/knowledge.js``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .masks import FULL, NUM, TA, TB, tile_index
from .playouts import SimRound

if TYPE_CHECKING:  # the shape only: a computer never imports the round, the match or the view builder
    from ..engine.view import SeatView


@dataclass(frozen=True)
class Play:
    """A play in the log (``at``: its index): ``birth`` of the slot it removed, ``next_lack``
    what the next seat was known to lack just before it."""

    at: int
    seat: int
    tile: int
    end: str | None
    ends: tuple[int, int] | None
    birth: int
    next_lack: int


@dataclass
class Knowledge:
    """One seat's knowledge at its turn. ``left``/``right`` -1 on an empty line; ``slots``: per
    seat, each hidden tile's forbidden numbers, oldest first, with their ``births``;
    ``explained``: whether the log explains a seat's count."""

    players: int
    me: int
    hand: int
    left: int
    right: int
    counts: list[int]
    bone_count: int
    hidden: int
    slots: list[list[int]]
    passes: int
    births: list[list[int]]
    plays: list[Play]
    explained: list[bool]

    def public_lacks(self, seat: int) -> int:
        """The numbers everybody can tell ``seat`` lacks."""
        lack = 0x7F
        for f in self.slots[seat]:
            lack &= f
        return lack

    def lacks(self, seat: int) -> int:
        """:meth:`public_lacks` plus the numbers with no hidden tile left."""
        lack = self.public_lacks(seat)
        for n in range(7):
            if not NUM[n] & self.hidden:
                lack |= 1 << n
        return lack

    def root(self) -> SimRound:
        """A sim round with only the viewer's hand filled in."""
        hands = [0] * self.players
        hands[self.me] = self.hand
        return SimRound(self.players, hands, [], self.left, self.right, self.me, self.passes)


def knowledge_of(view: SeatView) -> Knowledge:
    """Read a seat's view; ``ValueError`` for a spectator's or one whose counts do not add up."""
    me, held = view.get("seat"), view.get("hand")
    if me is None or held is None:
        raise ValueError("a computer needs a seat's view, not a spectator's")
    players = view["players"]
    hand = 0
    for text in held:
        hand |= 1 << tile_index(text)
    on_line = 0
    for text in view["line"]:
        on_line |= 1 << tile_index(text)
    ends = view.get("ends")
    left, right = (ends[0], ends[1]) if ends else (-1, -1)
    counts = list(view["hand_counts"])
    hidden = FULL & ~hand & ~on_line
    others = sum(n for s, n in enumerate(counts) if s != me)
    if counts[me] != len(held) or others + view["boneyard_count"] > hidden.bit_count():
        raise ValueError("an inconsistent view: more tiles in other hands and the boneyard than it leaves unseen")
    log = view.get("log") or []
    # Slots at the start of the log: today's count, plus the tiles played since, minus those drawn.
    start = list(counts)
    for e in log:
        if e["type"] == "play":
            start[e["seat"]] += 1
        elif e["type"] == "draw":
            start[e["seat"]] -= 1
    slots: list[list[int]] = [[0] * max(n, 0) for n in start]
    births: list[list[int]] = [[-1] * max(n, 0) for n in start]
    plays: list[Play] = []
    for at, e in enumerate(log):
        seat = e["seat"]
        own = slots[seat]
        born = births[seat]
        ends_then = e.get("ends")
        if e["type"] == "play":
            i = tile_index(e["tile"])
            shows = (1 << TA[i]) | (1 << TB[i])
            next_lack = 0x7F
            for f in slots[(seat + 1) % players]:
                next_lack &= f
            birth = -1
            for k, f in enumerate(own):
                if not f & shows:
                    del own[k]
                    birth = born.pop(k)
                    break
            else:
                if own:
                    own.pop()
                    birth = born.pop()
            plays.append(Play(at, seat, i, e.get("end"), (ends_then[0], ends_then[1]) if ends_then else None, birth, next_lack))
            continue
        if ends_then:
            gone = (1 << ends_then[0]) | (1 << ends_then[1])
            for k in range(len(own)):
                own[k] |= gone
        if e["type"] == "draw":
            own.append(0)
            born.append(at)
    explained = [len(slots[s]) == counts[s] for s in range(players)]
    for s in range(players):
        if not explained[s]:
            slots[s] = [0] * counts[s]  # know nothing
            births[s] = [-1] * counts[s]
    return Knowledge(players, me, hand, left, right, counts, view["boneyard_count"], hidden, slots,
                     view.get("passes", 0), births, plays, explained)
