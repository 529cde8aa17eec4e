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
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.tiles import parse_tile
from .rng import Mulberry32
from .sim import ALLOWED, DRAW, INDEX, LEFT, NUM, OPEN, PASS, RIGHT, TA, TB, SimRound

#: Attempts at a consistent sample before the constraints are dropped (docs/bots.md).
SAMPLE_TRIES = 20
#: _LIMIT[n]: Mulberry32.below's rejection bound for n (2**32 - 2**32 % n), for the sampler's
#: inlined copy of below (the search samples thousands of tiles per decision).
_LIMIT = (0,) + tuple(0x100000000 - (0x100000000 % n) for n in range(1, 29))
#: _POP14[m]: the set bits of a 14-bit mask; _SELECT14[m][k]: the position of its k-th set bit
#: (ascending), so _SELECT14[m] lists the positions of its set bits. A tile mask is two such halves.
_POP14 = tuple(m.bit_count() for m in range(1 << 14))
_SELECT14 = tuple(tuple(j for j in range(14) if (m >> j) & 1) for m in range(1 << 14))


def tile_index(text: str) -> int:
    """The sim index of a tile written ``"a|b"`` in either order."""
    return INDEX[parse_tile(text)]


def move_of(action: dict[str, Any]) -> int:
    """The sim move of a JSON action from a view's ``legal`` list."""
    kind = action["type"]
    if kind == "draw":
        return DRAW
    if kind == "pass":
        return PASS
    end = action.get("end")
    return 3 * tile_index(action["tile"]) + (OPEN if end is None else LEFT if end == "left" else RIGHT)


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

    def slot_order(self) -> list[tuple[int, int, int]]:
        """Every other seat's slots as ``(seat, forbidden, age)``, most constrained first.

        Key: the number of hidden tiles the slot allows, then seat, then age (oldest first).
        """
        keyed = []
        for seat in range(self.players):
            if seat == self.me:
                continue
            for age, f in enumerate(self.slots[seat]):
                keyed.append(((ALLOWED[f] & self.hidden).bit_count(), seat, age, f))
        keyed.sort()
        return [(seat, f, age) for _, seat, age, f in keyed]

    def sample_hands(self, order: list[tuple[int, int, int]], rng: Mulberry32, slot_tiles: list[int]) -> list[int]:
        """The hands of one deal consistent with everything known; ``slot_tiles[j]`` receives
        the tile (a one-bit mask) given to the j-th slot of ``order``.

        Each slot in ``order`` takes a uniformly chosen hidden tile it allows (the k-th set bit,
        k = ``rng.below(count)``); a dead end restarts, and after :data:`SAMPLE_TRIES` failures
        the constraints are dropped.
        """
        limits, allowed, pop14, select14 = _LIMIT, ALLOWED, _POP14, _SELECT14
        state = rng.state
        for attempt in range(SAMPLE_TRIES + 1):
            relax = attempt == SAMPLE_TRIES
            pool = self.hidden
            hands = [0] * self.players
            hands[self.me] = self.hand
            ok = True
            for j, (seat, f, _) in enumerate(order):
                cand = pool if relax else pool & allowed[f]
                n = cand.bit_count()
                if n == 0:
                    ok = False
                    break
                k = 0
                if n > 1:  # rng.below(n), inlined
                    limit = limits[n]
                    while True:
                        state = (state + 0x6D2B79F5) & 0xFFFFFFFF
                        t = ((state ^ (state >> 15)) * (state | 1)) & 0xFFFFFFFF
                        t = (t ^ (t + (((t ^ (t >> 7)) * (t | 61)) & 0xFFFFFFFF))) & 0xFFFFFFFF
                        x = t ^ (t >> 14)
                        if x < limit:
                            k = x % n
                            break
                half = cand & 0x3FFF  # the k-th set bit of cand
                c = pop14[half]
                low = 1 << select14[half][k] if k < c else 1 << (14 + select14[cand >> 14][k - c])
                hands[seat] |= low
                slot_tiles[j] = low
                pool ^= low
            if ok:
                rng.state = state
                return hands
        raise AssertionError("unreachable: the relaxed attempt always succeeds")

    def bone_of(self, hands: list[int], rng: Mulberry32) -> list[int]:
        """The boneyard of a deal with these hands: the hidden tiles left, ascending, shuffled
        by Fisher-Yates (j from the last index down to 1, swap with ``rng.below(j + 1)``)."""
        pool = self.hidden
        for s in range(self.players):
            if s != self.me:
                pool &= ~hands[s]
        bone = list(_SELECT14[pool & 0x3FFF])  # the tile indices in pool, ascending
        bone.extend([14 + i for i in _SELECT14[pool >> 14]])
        limits = _LIMIT
        state = rng.state
        for j in range(len(bone) - 1, 0, -1):
            n = j + 1  # k = rng.below(n), inlined
            limit = limits[n]
            while True:
                state = (state + 0x6D2B79F5) & 0xFFFFFFFF
                t = ((state ^ (state >> 15)) * (state | 1)) & 0xFFFFFFFF
                t = (t ^ (t + (((t ^ (t >> 7)) * (t | 61)) & 0xFFFFFFFF))) & 0xFFFFFFFF
                x = t ^ (t >> 14)
                if x < limit:
                    break
            k = x % n
            bone[j], bone[k] = bone[k], bone[j]
        rng.state = state
        return bone

    def sample(self, order: list[tuple[int, int, int]], rng: Mulberry32) -> tuple[list[int], list[int]]:
        """One deal of the hidden tiles consistent with everything known: (hands, boneyard)."""
        hands = self.sample_hands(order, rng, [0] * len(order))
        return hands, self.bone_of(hands, rng)


def knowledge_of(view: dict[str, Any]) -> Knowledge:
    """Read a seat's view (docs/view.md) into :class:`Knowledge`.

    Raises:
        ValueError: the view has no seat (a spectator's view) or no hand, or it counts more tiles
            in other hands and the boneyard than it leaves unseen.
    """
    me = view.get("seat")
    if me is None or view.get("hand") is None:
        raise ValueError("a computer needs a seat's view, not a spectator's")
    players = view["players"]
    hand = 0
    for text in view["hand"]:
        hand |= 1 << tile_index(text)
    on_line = 0
    for text in view["line"]:
        on_line |= 1 << tile_index(text)
    ends = view.get("ends")
    left, right = (ends[0], ends[1]) if ends else (-1, -1)
    counts = list(view["hand_counts"])
    hidden = ((1 << 28) - 1) & ~hand & ~on_line
    others = sum(n for s, n in enumerate(counts) if s != me)
    if counts[me] != len(view["hand"]) or others + view["boneyard_count"] > hidden.bit_count():
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
            plays.append(Play(at, seat, i, e.get("end"), tuple(ends_then) if ends_then else None, birth, next_lack))
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
