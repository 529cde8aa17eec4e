"""What one seat knows: its hand, the line, the counts, and what the public log reveals.

Built from a seat's view (``docs/view.md``) and nothing else. The log tells, for every other
seat, which numbers it could not have held (``docs/bots.md``, "Inference"):

* Every hidden tile of a seat is a *slot* with a set of numbers it cannot show. A seat's slots
  are kept oldest first; the older a slot, the more it has been through, so the forbidden sets
  are nested (older ⊇ newer).
* A draw or a pass at open ends ``a`` and ``b``: no tile in that hand showed ``a`` or ``b``,
  so every slot gets ``a`` and ``b``. A draw then adds a new, unconstrained slot: the drawn tile
  can show any number, which takes back what was known about the other numbers for that tile.
* A play of tile ``t`` removes the oldest slot that can hold ``t`` (sound because the sets are
  nested: a tile that sat in that slot could have sat in the one that really held ``t``).
* A number none of whose tiles is hidden is lacked by everybody.

Dealing the hidden tiles consistently with this knowledge is :mod:`.sampling`'s.
``web/bots/knowledge.js`` is the same.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .masks import FULL, NUM, TA, TB, tile_index
from .playouts import SimRound

if TYPE_CHECKING:  # the shape only: a computer never imports the round, the match or the view builder
    from ..engine.view import SeatView


@dataclass(frozen=True)
class Play:
    """A play in the log, as the inference reads it.

    Attributes:
        at: its index in the log; seat, tile (sim index), end ("left", "right" or None).
        ends: the open ends just before it, None on an empty line.
        birth: the birth (log index of a draw, -1 for dealt) of the slot the play removed.
        next_lack: the numbers the next seat was publicly known to lack just before it.
    """

    at: int
    seat: int
    tile: int
    end: str | None
    ends: tuple[int, int] | None
    birth: int
    next_lack: int


@dataclass
class Knowledge:
    """One seat's knowledge at its turn (see the module docstring).

    Attributes:
        players, me: the table size and the viewer's seat.
        hand: the viewer's tiles as a mask.
        left, right: the open ends, -1 on an empty line.
        counts: tiles per seat; bone_count: tiles in the boneyard.
        hidden: mask of the tiles in other hands or the boneyard.
        slots: per seat, the forbidden-number masks of its tiles as the public log tells them,
            oldest first (the viewer's own slots are what the others can know of its hand).
        passes: consecutive passes so far.
        births: per seat and slot, the log index of the draw that brought the slot in (-1 for
            a dealt tile).
        plays: every play of the log as a :class:`Play`.
        explained: per seat, whether the log explains its count (else it knows nothing of it).
    """

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
        """The numbers (7-bit mask) everybody can tell from the log that ``seat`` lacks."""
        lack = 0x7F
        for f in self.slots[seat]:
            lack &= f
        return lack

    def lacks(self, seat: int) -> int:
        """The numbers (7-bit mask) the viewer knows ``seat`` lacks: :meth:`public_lacks` plus
        the numbers with no hidden tile left."""
        lack = self.public_lacks(seat)
        for n in range(7):
            if not NUM[n] & self.hidden:
                lack |= 1 << n
        return lack

    def root(self) -> SimRound:
        """A sim round with only the viewer's hand filled in (others empty, no boneyard)."""
        hands = [0] * self.players
        hands[self.me] = self.hand
        return SimRound(self.players, hands, [], self.left, self.right, self.me, self.passes)


def knowledge_of(view: SeatView) -> Knowledge:
    """Read a seat's view (docs/view.md) into :class:`Knowledge`.

    Raises:
        ValueError: the view has no seat (a spectator's view) or no hand, or it counts more tiles
            in other hands and the boneyard than it leaves unseen.
    """
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
            slots[s] = [0] * counts[s]  # a log that does not explain the counts: know nothing
            births[s] = [-1] * counts[s]
    return Knowledge(players, me, hand, left, right, counts, view["boneyard_count"], hidden, slots,
                     view.get("passes", 0), births, plays, explained)
