"""Many independent rounds played at once in lockstep, with numpy (the ``bench`` extra).

It serves ``ziehdomino bench engine`` only (throughput over many random rounds), so it lives
with the benchmarks and numpy is no dependency of the game: the computer players play out their
samples with their own bitmask sim (``bots/playouts.py``), which the bots' tests hold equal to
:class:`~ziehdomino.engine.round.Round`.

Same rules as :class:`~ziehdomino.engine.round.Round` (docs/rules.md "A round"): a player who has a
fitting tile plays one; otherwise draws one tile (the turn stays) while the boneyard holds any,
else passes; playing the last tile wins at once (``"domino"``); ``players`` passes in a row block
the round and the lowest pip sums win, ties shared (``"blocked"``). Only the policy differs from a
person: every round takes its actions from ``"random"`` (uniform over
:meth:`Round.legal_actions`) or ``"heaviest"`` (see :func:`play`).

Representation, one row per round (``n`` rounds, ``p`` players, the same ``p`` for the batch):

- a tile is its index 0..27 in :data:`~ziehdomino.engine.tiles.ALL_TILES`;
- ``hands``: ``(n, p)`` uint32 bitmasks, bit ``t`` set when the seat holds tile ``t``;
- ``boneyard``: ``(n, 28)`` int8 tile indices, drawn from column ``drawn`` up to ``boneyard_len``;
- ``left``, ``right``: ``(n,)`` int8 open ends, :data:`~ziehdomino.engine.round.NO_END` (-1) on an
  empty line;
- ``turn``, ``passes``: ``(n,)`` int8.

Each step every unfinished round takes exactly one action (a play, one draw or a pass), so a
recorded sequence replays action by action through :meth:`Round.apply`.

The randomness is a :class:`numpy.random.Generator` (not cryptographic): for bots and benchmarks,
never for the deal of a real round.

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

TILE_COUNT: Final = len(ALL_TILES)  # 28

#: Per tile index: its low half, high half and pips.
LOW: Final = np.array([a for a, _ in ALL_TILES], dtype=np.int8)
HIGH: Final = np.array([b for _, b in ALL_TILES], dtype=np.int8)
PIPS: Final = (LOW + HIGH).astype(np.int8)
#: ``BIT[t]`` is the one-tile bitmask of tile ``t``.
BIT: Final = (np.uint32(1) << np.arange(TILE_COUNT, dtype=np.uint32)).astype(np.uint32)
FULL: Final = np.uint32((1 << TILE_COUNT) - 1)

#: ``NUMBER[k]`` is the bitmask of the tiles with a half ``k`` (0-6).
NUMBER: Final = np.array([sum(1 << t for t, (a, b) in enumerate(ALL_TILES) if k in (a, b))
                          for k in range(HIGHEST + 1)], dtype=np.uint32)
# Indexed by an end, -1 (NO_END) included: numpy reads index -1 as the last entry. On an empty
# line every tile is an opening play, counted once: all of them "on the left", none on the right.
_FITS_LEFT: Final = np.append(NUMBER, FULL).astype(np.uint32)
_FITS_RIGHT: Final = np.append(NUMBER, np.uint32(0)).astype(np.uint32)
#: ``PIP_CLASS[s]`` is the bitmask of the tiles worth ``s`` pips (0-12).
PIP_CLASS: Final = np.array([sum(1 << t for t, (a, b) in enumerate(ALL_TILES) if a + b == s)
                             for s in range(2 * HIGHEST + 1)], dtype=np.uint32)

#: Result kinds in :attr:`BatchResult.kinds`.
DOMINO: Final = 0
BLOCKED: Final = 1
KIND_NAMES: Final = ("domino", "blocked")

#: Action codes in :attr:`BatchResult.actions`: a play of tile ``t`` is ``t`` (left end),
#: ``PLAY_RIGHT + t`` (right end) or ``PLAY_OPENING + t`` (empty line, no end).
PLAY_RIGHT: Final = 28
PLAY_OPENING: Final = 56
DRAW_CODE: Final = 84
PASS_CODE: Final = 85
NO_ACTION: Final = -1  # padding after a round's end


@dataclass(slots=True)
class Batch:
    """The positions of ``n`` rounds of ``players`` seats, as arrays (see the module docstring).

    Build one with :func:`deal_batch` or :func:`batch_from_rounds`; :func:`play` changes it in
    place, so play a :meth:`copy` to keep the start.
    """

    players: int
    hands: np.ndarray         # (n, players) uint32
    boneyard: np.ndarray      # (n, 28) int8
    boneyard_len: np.ndarray  # (n,) int8
    drawn: np.ndarray         # (n,) int8, next column of ``boneyard`` to draw
    left: np.ndarray          # (n,) int8
    right: np.ndarray         # (n,) int8
    turn: np.ndarray          # (n,) int8
    passes: np.ndarray        # (n,) int8

    def __len__(self) -> int:
        return len(self.turn)

    def copy(self) -> Batch:
        """An independent copy of every array."""
        return Batch(self.players, *(a.copy() for a in (self.hands, self.boneyard, self.boneyard_len,
                                                        self.drawn, self.left, self.right, self.turn,
                                                        self.passes)))

    def round(self, i: int) -> Round:
        """Round ``i`` as a scalar :class:`Round`, e.g. to replay a batch round action by action.

        The hands list tiles in index order, the boneyard in draw order. The batch keeps no
        line, only its ends: a round on an empty line (every fresh deal) comes back exact;
        otherwise ``line`` is a stand-in, the one tile ``(left, right)``, so that the ends,
        the legal actions and the result are right but the tiles in the line are not.
        """
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
    """Shuffle and deal ``n`` fresh rounds, each shuffle uniform and independent.

    Each row orders the 28 tiles by independent uniform keys (argsort); seat ``s`` gets the
    ``s``-th run of :func:`~ziehdomino.engine.deal.hand_size` tiles, the rest is the boneyard
    in that order.

    Args:
        n: rounds, >= 0.
        players: 2-4.
        starter: the seat that opens every round; None draws it uniformly per round.
        rng: a numpy Generator or a seed.

    Raises:
        ValueError: bad ``n``, ``players`` or ``starter``.
    """
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
    """The positions of scalar rounds (e.g. deals sampled by a bot) as one batch.

    Reads hands, boneyard order, ends, turn and passes; the rounds are not changed.

    Raises:
        ValueError: no rounds, rounds with different player counts, or a round that is over.
    """
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
    """How each of ``n`` rounds ended.

    Attributes:
        kinds: ``(n,)`` int8, :data:`DOMINO` or :data:`BLOCKED` (names in :data:`KIND_NAMES`).
        winners: ``(n, players)`` bool: the seat that went out, or every lowest seat of a
            blocked round (several: a shared round).
        pips: ``(n, players)`` int16, every seat's pip sum in hand at the end (for a domino
            too, where :class:`~ziehdomino.engine.round.Result` leaves them out).
        action_counts: ``(n,)`` int16, actions taken (plays, draws and passes).
        actions, seats: ``(n, steps)`` int8 when recorded, else None: the action codes (see
            :func:`decode_action`) and the seat taking each, :data:`NO_ACTION` after the end.
    """

    kinds: np.ndarray
    winners: np.ndarray
    pips: np.ndarray
    action_counts: np.ndarray
    actions: np.ndarray | None = None
    seats: np.ndarray | None = None

    def actions_of(self, i: int) -> list[tuple[Seat, Action]]:
        """Round ``i``'s recorded actions as ``(seat, action)`` pairs for :meth:`Round.apply`.

        Raises:
            ValueError: the play was not recorded (``record=False``).
        """
        if self.actions is None or self.seats is None:
            raise ValueError("actions were not recorded: play(..., record=True)")
        count = int(self.action_counts[i])
        return [(int(s), decode_action(int(c))) for s, c in zip(self.seats[i, :count], self.actions[i, :count])]


def decode_action(code: int) -> Action:
    """The :class:`Action` an action code stands for.

    Raises:
        ValueError: ``code`` is not 0-85.
    """
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
#: ``_BYTE_SELECT[b, k]``: the position (0-7) of the ``k``-th set bit of the byte ``b``, else 0.
_BYTE_SELECT: Final = np.array([([i for i in range(8) if b >> i & 1] + [0] * 8)[:8] for b in range(256)],
                               dtype=np.int8)


def _nth_tile(masks: np.ndarray, nth: np.ndarray) -> np.ndarray:
    """Per row, the index of the ``nth`` (0-based) set bit of the uint32 ``masks``.

    Rows whose mask has no such bit get some index 0-31; callers ignore them. Works a byte at
    a time through lookup tables: find the byte holding the bit, then the bit in the byte.
    """
    below = np.zeros(len(masks), dtype=np.int8)  # set bits in the bytes before the chosen one
    counted = np.zeros(len(masks), dtype=np.int8)  # set bits in bytes 0..i-1
    byte = np.zeros(len(masks), dtype=np.int8)
    for i in (1, 2, 3):
        counted += _BYTE_POP[(masks >> np.uint32(8 * (i - 1))) & np.uint32(255)]
        further = nth >= counted
        below = np.where(further, counted, below)
        byte += further
    shift = (byte * 8).astype(np.uint32)
    found: np.ndarray = shift.astype(np.int8) + _BYTE_SELECT[(masks >> shift) & np.uint32(255), nth - below]
    return found


#: ``_BYTE_TOP_PIPS[i, b]``: the highest pips of a tile in bit set ``b`` of byte ``i`` of a hand
#: mask, -1 for none.
_BYTE_TOP_PIPS: Final = np.array([[max([int(PIPS[8 * i + j]) for j in range(8) if b >> j & 1
                                        and 8 * i + j < TILE_COUNT], default=-1) for b in range(256)]
                                  for i in range(4)], dtype=np.int8)


def _heaviest_only(masks: np.ndarray) -> np.ndarray:
    """Per row, the bitmask of the highest-pip tiles in ``masks`` (0 for an empty mask)."""
    top = np.full(len(masks), -1, dtype=np.int8)
    for i in range(4):
        top = np.maximum(top, _BYTE_TOP_PIPS[i, (masks >> np.uint32(8 * i)) & np.uint32(255)])
    return masks & PIP_CLASS[top]  # top -1 (no tile) reads PIP_CLASS[-1] (12 pips); masks is 0


def play(batch: Batch, policy: Policy = "random", rng: RngLike = None, *, record: bool = False) -> BatchResult:
    """Play every round of ``batch`` to its end; ``batch`` is changed in place.

    Policies pick among a seat's legal plays (draw and pass are forced when nothing fits):

    - ``"random"``: uniform over :meth:`Round.legal_actions`, so a tile that fits both ends of
      a line showing two different numbers counts twice (once per end), as does a tile fitting
      a line showing the same number at both ends; on an empty line each tile counts once.
    - ``"heaviest"``: the same uniform choice restricted to the tiles of the highest pip value
      that fit (ties between tiles and between ends broken uniformly at random).

    Args:
        batch: positions whose rounds are all unfinished (see :func:`batch_from_rounds`).
        policy: ``"random"`` or ``"heaviest"``.
        rng: a numpy Generator or a seed.
        record: keep every action and seat (for verification; costs memory and time).

    Returns:
        One :class:`BatchResult` row per batch row; ``batch`` then holds the final positions.

    Raises:
        ValueError: an unknown policy, or a round already over (a seat with an empty hand, or
            ``players`` passes in a row), e.g. a batch played before.
    """
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

    live = np.arange(n)  # the batch rows still playing; the working arrays below hold only those
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
        if over.any():  # write the finished rows back to ``batch`` and drop them
            done, keep = live[over], ~over
            working = (hands, boneyard, boneyard_len, drawn, left, right, turn, passes)
            for f, a in zip(fields, working):
                getattr(batch, f)[done] = a[over]
            live = live[keep]
            hands, boneyard, boneyard_len, drawn, left, right, turn, passes = (a[keep] for a in working)
    return _result(batch, winners, counts, steps if record else None)


def _result(batch: Batch, winners: np.ndarray, counts: np.ndarray,
            steps: list[tuple[np.ndarray, np.ndarray, np.ndarray]] | None) -> BatchResult:
    """Assemble :class:`BatchResult` from the finished ``batch`` and the domino ``winners``."""
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
    """``(n, players)`` int16 pip sums of ``(n, players)`` uint32 hand bitmasks."""
    bits = (hands[..., None] >> _SHIFTS) & np.uint32(1)
    return (bits.astype(np.int16) @ PIPS.astype(np.int16)).astype(np.int16)
