"""Many rounds played at once in lockstep with numpy, by the rules of
:class:`~ziehdomino.engine.round.Round`, for ``ziehdomino bench engine`` only (numpy is no
dependency of the game). One row per round; a tile is its index in ``ALL_TILES``, a hand a
uint32 bitmask. Each step every unfinished round takes one action, so a recorded round replays
through :meth:`Round.apply`. The generator is numpy's, never for a real deal.

>>> batch = deal_batch(1000, players=2, rng=7)
>>> out = play(batch, "random", rng=7)
>>> out.kinds.shape, out.winners.dtype, out.pips.shape
((1000,), dtype('bool'), (1000, 2))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, TypeAlias

import numpy as np

from ..engine.actions import DRAW, PASS, Action, Play
from ..engine.deal import hand_size
from ..engine.round import NO_END, Round, Seat
from ..engine.tiles import ALL_TILES, HIGHEST

Policy: TypeAlias = Literal["random", "heaviest"]
RngLike: TypeAlias = np.random.Generator | int | None

TILE_COUNT: Final = len(ALL_TILES)

LOW: Final = np.array([a for a, _ in ALL_TILES], dtype=np.int8)
HIGH: Final = np.array([b for _, b in ALL_TILES], dtype=np.int8)
PIPS: Final = (LOW + HIGH).astype(np.int8)
BIT: Final = (np.uint32(1) << np.arange(TILE_COUNT, dtype=np.uint32)).astype(np.uint32)
FULL: Final = np.uint32((1 << TILE_COUNT) - 1)

#: ``NUMBER[k]``: the tiles with a half ``k``.
NUMBER: Final = np.array([sum(1 << t for t, (a, b) in enumerate(ALL_TILES) if k in (a, b))
                          for k in range(HIGHEST + 1)], dtype=np.uint32)
# Indexed by an end; NO_END (-1) reads the last entry: every tile opens, counted "on the left".
_FITS_LEFT: Final = np.append(NUMBER, FULL).astype(np.uint32)
_FITS_RIGHT: Final = np.append(NUMBER, np.uint32(0)).astype(np.uint32)
#: ``PIP_CLASS[s]``: the tiles worth ``s`` pips.
PIP_CLASS: Final = np.array([sum(1 << t for t, (a, b) in enumerate(ALL_TILES) if a + b == s)
                             for s in range(2 * HIGHEST + 1)], dtype=np.uint32)

DOMINO: Final = 0
BLOCKED: Final = 1
KIND_NAMES: Final = ("domino", "blocked")

#: Action codes: a play of tile ``t`` is ``t`` (left), ``PLAY_RIGHT + t`` or ``PLAY_OPENING + t``.
PLAY_RIGHT: Final = 28
PLAY_OPENING: Final = 56
DRAW_CODE: Final = 84
PASS_CODE: Final = 85
NO_ACTION: Final = -1  # padding after a round's end


@dataclass(slots=True)
class Batch:
    """The positions of ``n`` rounds of ``players`` seats; :func:`play` changes it in place."""

    players: int
    hands: np.ndarray         # (n, players) uint32
    boneyard: np.ndarray      # (n, 28) int8
    boneyard_len: np.ndarray  # (n,) int8
    drawn: np.ndarray         # (n,) int8, the next column of ``boneyard`` to draw
    left: np.ndarray          # (n,) int8
    right: np.ndarray         # (n,) int8
    turn: np.ndarray          # (n,) int8
    passes: np.ndarray        # (n,) int8

    def __len__(self) -> int:
        return len(self.turn)

    def copy(self) -> Batch:
        return Batch(self.players, *(a.copy() for a in (self.hands, self.boneyard, self.boneyard_len,
                                                        self.drawn, self.left, self.right, self.turn,
                                                        self.passes)))

    def round(self, i: int) -> Round:
        """Round ``i`` as a :class:`Round`. The batch keeps only the line's ends: a line that is
        not empty comes back as the one tile ``(left, right)``."""
        hands = [[ALL_TILES[t] for t in range(TILE_COUNT) if int(self.hands[i, s]) >> t & 1]
                 for s in range(self.players)]
        boneyard = [ALL_TILES[t] for t in self.boneyard[i, self.drawn[i]:self.boneyard_len[i]]]
        left, right = int(self.left[i]), int(self.right[i])
        line = [] if left == NO_END else [(left, right)]
        return Round(self.players, hands, boneyard, line=line, turn=int(self.turn[i]),
                     passes=int(self.passes[i]))


def _rng(rng: RngLike) -> np.random.Generator:
    return rng if isinstance(rng, np.random.Generator) else np.random.default_rng(rng)


def deal_batch(n: int, players: int = 2, starter: Seat | None = None, rng: RngLike = None) -> Batch:
    """Deal ``n`` fresh rounds, each shuffled uniformly; ``starter`` None draws it per round.
    Raises ``ValueError`` on bad arguments."""
    size = hand_size(players)
    if not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be a count of rounds >= 0, not {n!r}")
    if starter is not None and not (isinstance(starter, int) and 0 <= starter < players):
        raise ValueError(f"starter must be a seat 0-{players - 1} or None, not {starter!r}")
    gen = _rng(rng)
    order = np.argsort(gen.random((n, TILE_COUNT)), axis=1).astype(np.int8)
    hands = np.bitwise_or.reduce(BIT[order[:, :players * size]].reshape(n, players, size), axis=2)
    rest = TILE_COUNT - players * size
    boneyard = np.zeros((n, TILE_COUNT), dtype=np.int8)
    boneyard[:, :rest] = order[:, players * size:]
    turn = (gen.integers(0, players, n) if starter is None else np.full(n, starter)).astype(np.int8)
    return Batch(players, hands.astype(np.uint32), boneyard, np.full(n, rest, dtype=np.int8),
                 np.zeros(n, dtype=np.int8), np.full(n, NO_END, dtype=np.int8),
                 np.full(n, NO_END, dtype=np.int8), turn, np.zeros(n, dtype=np.int8))


def batch_from_rounds(rounds: list[Round]) -> Batch:
    """Unfinished rounds of one table size as a batch; ``ValueError`` otherwise."""
    if not rounds:
        raise ValueError("batch_from_rounds needs at least one round")
    players = rounds[0].players
    n = len(rounds)
    index = {t: i for i, t in enumerate(ALL_TILES)}
    hands = np.zeros((n, players), dtype=np.uint32)
    boneyard = np.zeros((n, TILE_COUNT), dtype=np.int8)
    boneyard_len = np.zeros(n, dtype=np.int8)
    for i, r in enumerate(rounds):
        if r.players != players:
            raise ValueError(f"round {i} has {r.players} players, round 0 has {players}: one count per batch")
        if r.result is not None:
            raise ValueError(f"round {i} is over ({r.result.kind}): nothing to play")
        for s, hand in enumerate(r.hands):
            hands[i, s] = sum(1 << index[t] for t in hand)
        boneyard[i, :len(r.boneyard)] = [index[t] for t in r.boneyard]
        boneyard_len[i] = len(r.boneyard)
    def as_int8(values: list[int]) -> np.ndarray:
        return np.array(values, dtype=np.int8)

    return Batch(players, hands, boneyard, boneyard_len, np.zeros(n, dtype=np.int8),
                 as_int8([r.left for r in rounds]), as_int8([r.right for r in rounds]),
                 as_int8([r.turn for r in rounds]), as_int8([r.passes for r in rounds]))


@dataclass(frozen=True, slots=True)
class BatchResult:
    """How each of ``n`` rounds ended: ``kinds`` (n,) :data:`DOMINO` or :data:`BLOCKED`;
    ``winners`` (n, players) bool; ``pips`` (n, players), for a domino too; ``action_counts``
    (n,); ``actions``, ``seats`` (n, steps) when recorded, padded with :data:`NO_ACTION`."""

    kinds: np.ndarray
    winners: np.ndarray
    pips: np.ndarray
    action_counts: np.ndarray
    actions: np.ndarray | None = None
    seats: np.ndarray | None = None

    def actions_of(self, i: int) -> list[tuple[Seat, Action]]:
        """Round ``i``'s ``(seat, action)`` pairs; ``ValueError`` unless recorded."""
        if self.actions is None or self.seats is None:
            raise ValueError("actions were not recorded: play(..., record=True)")
        count = int(self.action_counts[i])
        return [(int(s), decode_action(int(c))) for s, c in zip(self.seats[i, :count], self.actions[i, :count])]


def decode_action(code: int) -> Action:
    """The :class:`Action` of a code; ``ValueError`` for no code."""
    if 0 <= code < PLAY_RIGHT:
        return Play(ALL_TILES[code], "left")
    if PLAY_RIGHT <= code < PLAY_OPENING:
        return Play(ALL_TILES[code - PLAY_RIGHT], "right")
    if PLAY_OPENING <= code < DRAW_CODE:
        return Play(ALL_TILES[code - PLAY_OPENING])
    if code == DRAW_CODE:
        return DRAW
    if code == PASS_CODE:
        return PASS
    raise ValueError(f"not an action code: {code!r} (0-{PASS_CODE})")


_SHIFTS: Final = np.arange(TILE_COUNT, dtype=np.uint32)
_BYTE_POP: Final = np.array([bin(b).count("1") for b in range(256)], dtype=np.int8)
#: ``_BYTE_SELECT[b, k]``: the position of the ``k``-th set bit of the byte ``b``, else 0.
_BYTE_SELECT: Final = np.array([([i for i in range(8) if b >> i & 1] + [0] * 8)[:8] for b in range(256)],
                               dtype=np.int8)


def _nth_tile(masks: np.ndarray, nth: np.ndarray) -> np.ndarray:
    """Per row, the index of the ``nth`` set bit of ``masks`` (any index where there is none)."""
    below = np.zeros(len(masks), dtype=np.int8)  # set bits before the chosen byte
    counted = np.zeros(len(masks), dtype=np.int8)
    byte = np.zeros(len(masks), dtype=np.int8)
    for i in (1, 2, 3):
        counted += _BYTE_POP[(masks >> np.uint32(8 * (i - 1))) & np.uint32(255)]
        further = nth >= counted
        below = np.where(further, counted, below)
        byte += further
    shift = (byte * 8).astype(np.uint32)
    found: np.ndarray = shift.astype(np.int8) + _BYTE_SELECT[(masks >> shift) & np.uint32(255), nth - below]
    return found


#: ``_BYTE_TOP_PIPS[i, b]``: the highest pips in byte ``i`` of a hand being ``b``, -1 for none.
_BYTE_TOP_PIPS: Final = np.array([[max([int(PIPS[8 * i + j]) for j in range(8) if b >> j & 1
                                        and 8 * i + j < TILE_COUNT], default=-1) for b in range(256)]
                                  for i in range(4)], dtype=np.int8)


def _heaviest_only(masks: np.ndarray) -> np.ndarray:
    top = np.full(len(masks), -1, dtype=np.int8)
    for i in range(4):
        top = np.maximum(top, _BYTE_TOP_PIPS[i, (masks >> np.uint32(8 * i)) & np.uint32(255)])
    return masks & PIP_CLASS[top]  # top -1 (no tile) reads PIP_CLASS[-1] (12 pips); masks is 0


def play(batch: Batch, policy: Policy = "random", rng: RngLike = None, *, record: bool = False) -> BatchResult:
    """Play every round of ``batch`` to its end, in place; one result row per round.
    ``"random"``: uniform over :meth:`Round.legal_actions`; ``"heaviest"``: the same among the
    heaviest fitting tiles. ``record`` keeps every action. ``ValueError`` for an unknown policy
    or a round already over."""
    if policy not in ("random", "heaviest"):
        raise ValueError(f"unknown policy {policy!r} (random or heaviest)")
    over = (batch.hands == 0).any(axis=1) | (batch.passes >= batch.players)
    if over.any():
        raise ValueError(f"round {int(np.argmax(over))} of the batch is over already: nothing to play")
    gen = _rng(rng)
    n, players = len(batch), batch.players
    winners = np.zeros((n, players), dtype=bool)
    counts = np.zeros(n, dtype=np.int16)
    steps: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []

    live = np.arange(n)  # the rows still playing; the working arrays hold only those
    fields = ("hands", "boneyard", "boneyard_len", "drawn", "left", "right", "turn", "passes")
    hands, boneyard, boneyard_len, drawn, left, right, turn, passes = (getattr(batch, f).copy() for f in fields)
    while len(live):
        rows = np.arange(len(live))
        hand = hands[rows, turn]
        fit_left = hand & _FITS_LEFT[left]
        fit_right = hand & _FITS_RIGHT[right]
        if policy == "heaviest":
            best = _heaviest_only(fit_left | fit_right)
            fit_left &= best
            fit_right &= best
        n_left = np.bitwise_count(fit_left)
        choices = n_left + np.bitwise_count(fit_right)
        # floor(u * k) is uniform on 0..k-1 up to float rounding (< 2**-50 for k <= 56).
        pick = (gen.random(len(live)) * choices).astype(np.int8)
        to_right = pick >= n_left
        tile = _nth_tile(np.where(to_right, fit_right, fit_left), np.where(to_right, pick - n_left, pick))

        plays = choices > 0
        can_draw = drawn < boneyard_len
        draws = ~plays & can_draw
        passing = ~plays & ~can_draw
        opening = left == NO_END
        drawn_tile = boneyard[rows, np.minimum(drawn, TILE_COUNT - 1)]
        hand = np.where(plays, hand & ~BIT[tile], np.where(draws, hand | BIT[drawn_tile], hand))
        hands[rows, turn] = hand
        drawn += draws
        new_left = np.where(opening, LOW[tile], PIPS[tile] - left)
        new_right = np.where(opening, HIGH[tile], PIPS[tile] - right)
        left = np.where(plays & (opening | ~to_right), new_left, left).astype(np.int8)
        right = np.where(plays & (opening | to_right), new_right, right).astype(np.int8)
        passes = np.where(plays, 0, passes + passing).astype(np.int8)
        if record:
            code = np.where(opening, PLAY_OPENING + tile, np.where(to_right, PLAY_RIGHT + tile, tile))
            code = np.where(plays, code, np.where(draws, DRAW_CODE, PASS_CODE))
            steps.append((live, code.astype(np.int8), turn.copy()))
        counts[live] += 1

        domino = plays & (hand == 0)
        over = domino | (passing & (passes >= players))
        winners[live[domino], turn[domino]] = True
        turn = np.where(draws | over, turn, (turn + 1) % players).astype(np.int8)
        if over.any():  # finished rows back to ``batch``
            done, keep = live[over], ~over
            working = (hands, boneyard, boneyard_len, drawn, left, right, turn, passes)
            for f, a in zip(fields, working):
                getattr(batch, f)[done] = a[over]
            live = live[keep]
            hands, boneyard, boneyard_len, drawn, left, right, turn, passes = (a[keep] for a in working)
    return _result(batch, winners, counts, steps if record else None)


def _result(batch: Batch, winners: np.ndarray, counts: np.ndarray,
            steps: list[tuple[np.ndarray, np.ndarray, np.ndarray]] | None) -> BatchResult:
    pips = _pip_sums(batch.hands)
    blocked = ~winners.any(axis=1)
    winners[blocked] = pips[blocked] == pips[blocked].min(axis=1, keepdims=True)
    actions = seats = None
    if steps is not None:
        n = len(batch)
        actions = np.full((n, len(steps)), NO_ACTION, dtype=np.int8)
        seats = np.full((n, len(steps)), NO_ACTION, dtype=np.int8)
        for column, (rows, codes, turn) in enumerate(steps):
            actions[rows, column] = codes
            seats[rows, column] = turn
    return BatchResult(np.asarray(blocked, dtype=np.int8), winners, pips, counts, actions, seats)


def _pip_sums(hands: np.ndarray) -> np.ndarray:
    bits = (hands[..., None] >> _SHIFTS) & np.uint32(1)
    return (bits.astype(np.int16) @ PIPS.astype(np.int16)).astype(np.int16)
