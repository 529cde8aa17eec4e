"""The committed deal (docs/fair.md): the vectors, a second reading of the document, bad input."""

import hashlib
import hmac
import json
from pathlib import Path

import pytest

from ziehdomino.engine import Match, PositionError, deal_round, match_from_state, match_to_state, round_record, seat_view
from ziehdomino.engine.fair import (below, check_contribution, commitment_of, deal_json, deal_order, message,
                                    new_seed)
from ziehdomino.engine.tiles import format_tile

VECTORS = json.loads((Path(__file__).resolve().parent.parent / "vectors" / "fair" / "deals.json").read_text())
SIZES = {2: 7, 3: 5, 4: 5}


@pytest.mark.parametrize("case", VECTORS["deals"], ids=[c["id"] for c in VECTORS["deals"]])
def test_deal_vectors(case):
    contributions = case["contributions"]
    assert commitment_of(case["seed"]) == case["commitment"]
    got = deal_json(case["seed"], contributions, SIZES[len(contributions)])
    assert got == {"order": case["order"], "hands": case["hands"], "boneyard": case["boneyard"],
                   "starter": case["starter"]}


@pytest.mark.parametrize("case", VECTORS["below"], ids=[c["id"] for c in VECTORS["below"]])
def test_below_vectors(case):
    numbers = iter(case["numbers"])
    assert below(numbers.__next__, case["n"]) == case["expect"]
    assert next(numbers, None) is None  # every number was read, no more


def _written_down(seed: str, contributions: list[str]) -> tuple[list[str], int]:
    """docs/fair.md read again, as plainly as it is written: the order and the first starter."""
    key = bytes.fromhex(seed)
    text = ("ziehdomino-deal-v1:" + ",".join(contributions)).encode()
    numbers: list[int] = []
    for k in range(8):
        block = hmac.digest(key, text + bytes([0, 0, 0, k]), "sha256")
        numbers += [int.from_bytes(block[i:i + 4], "big") for i in range(0, 32, 4)]
    tiles = [f"{a}|{b}" for a in range(7) for b in range(a, 7)]
    def below(n: int) -> int:
        while numbers[0] >= 2**32 - 2**32 % n:
            numbers.pop(0)
        return numbers.pop(0) % n

    for i in range(27, 0, -1):
        j = below(i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return tiles, below(len(contributions))


@pytest.mark.parametrize("case", VECTORS["deals"], ids=[c["id"] for c in VECTORS["deals"]])
def test_vectors_are_the_documented_function(case):
    assert case["commitment"] == hashlib.sha256(bytes.fromhex(case["seed"])).hexdigest()
    assert _written_down(case["seed"], case["contributions"]) == (case["order"], case["starter"])


def test_every_contribution_changes_the_deal():
    seed = new_seed()
    a, b = "0" * 32, "0" * 31 + "1"
    assert deal_order(seed, [a, ""]) != deal_order(seed, [b, ""])
    assert deal_order(seed, [a, ""]) != deal_order(seed, ["", a])  # the seat order counts
    assert deal_order(seed, [a, ""]) == deal_order(seed, [a, ""])


@pytest.mark.parametrize("bad", ["0" * 31, "0" * 33, "A" * 32, "g" * 32, "<b>" + "0" * 29, None, 5, " " + "0" * 31])
def test_a_malformed_contribution_is_refused(bad):
    with pytest.raises(ValueError):
        check_contribution(bad)
    with pytest.raises(ValueError):
        message(["", bad])


@pytest.mark.parametrize("bad", ["0" * 63, "F" * 64, "x" * 64, None])
def test_a_malformed_seed_is_refused(bad):
    with pytest.raises(ValueError):
        commitment_of(bad)
    with pytest.raises(ValueError):
        deal_order(bad, ["", ""])


def test_a_round_dealt_in_the_committed_order():
    case = VECTORS["deals"][2]
    order = deal_order(case["seed"], case["contributions"])
    rnd = deal_round(3, 1, order=order)
    assert [[format_tile(t) for t in h] for h in rnd.hands] == case["hands"]
    assert [format_tile(t) for t in rnd.boneyard] == case["boneyard"]
    assert Match(3, committed=(case["seed"], case["contributions"])).starters == [case["starter"]]
    match = Match(3, first_starter=0, committed=(case["seed"], case["contributions"]))
    assert match.opening["hands"] == case["hands"]
    assert match.opening["boneyard"] == case["boneyard"]
    with pytest.raises(ValueError):
        deal_round(3, 0, order=order[:-1] + order[:1])
    with pytest.raises(ValueError):
        Match(3, committed=(case["seed"], case["contributions"][:2]))


def test_the_view_shows_the_seed_only_once_the_round_is_over():
    case = VECTORS["deals"][0]
    match = Match(2, first_starter=0, committed=(case["seed"], case["contributions"]))
    for seat in (0, 1, None):
        view = seat_view(match, seat)
        assert view["fair"] == {"commitment": case["commitment"], "seed": None, "contributions": None}
        assert case["seed"] not in json.dumps(view)
    while match.result is None:
        match.apply(match.round.turn, match.round.legal_actions(match.round.turn)[0])
    proof = {"commitment": case["commitment"], "seed": case["seed"], "contributions": case["contributions"]}
    assert seat_view(match, 1)["fair"] == proof
    assert round_record(match)["fair"] == proof
    restored = match_from_state(match_to_state(match))
    assert restored.fair == proof
    match.next_round(committed=(new_seed(), ["", ""]))
    assert seat_view(match, None)["fair"]["seed"] is None


def test_a_stored_proof_whose_commitment_is_not_its_seed_is_refused():
    case = VECTORS["deals"][0]
    state = match_to_state(Match(2, first_starter=0, committed=(case["seed"], case["contributions"])))
    state["fair"]["commitment"] = "0" * 64
    with pytest.raises(PositionError):
        match_from_state(state)
