"""Whole rooms played over real WebSockets, every frame and every replay answer checked by the leak oracle."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from ziehdomino.engine import hand_size
from ziehdomino.engine.fair import commitment_of, deal_json
from tests.support.server import Client, ServerProcess, check_frames, check_replays, run, seated_room

ROUNDS = 3


def _settled(clients: list[Client], seats: list[str]) -> bool:
    views = [c.view for c in clients]
    if any(v is None for v in views):
        return False
    versions = {v["version"] for v in views}  # type: ignore[index]
    if len(versions) != 1:
        return False
    v = views[0]
    assert v is not None
    return v["result"] is not None or seats[v["turn"]] == "person"


async def play_room(server: ServerProcess, seats: list[str], rounds: int, rng: random.Random) -> dict[str, Any]:
    """Play ``rounds`` rounds to their end; returns the last view. Every frame goes through the oracle."""
    room, creds = seated_room(server, seats)
    # odd seats and the spectator take delta frames: the oracle checks each delta's text, and
    # the state it makes, as it checks a full state
    players = {s: await Client(server, room, cred, deltas=s % 2 == 1).open() for s, cred in creds.items()}
    spectator = await Client(server, room, deltas=True).open()
    clients = [*players.values(), spectator]
    checked = 0
    finished: dict[int, dict[str, Any]] = {}  # round number -> the stored match at its end
    responses: list[tuple[str, int, str]] = []
    replayed = 0
    promised: dict[int, str] = {}  # round number -> the commitment announced before its deal
    sent: dict[int, dict[int, str]] = {}  # round number -> each person's contribution to its deal
    try:
        while True:
            changed = asyncio.gather(*(c.wait_for(lambda c: c.view is not None) for c in clients))
            await changed
            await asyncio.wait_for(_until_settled(clients, seats), 60)
            view = players[0].view
            assert view is not None
            if view["result"] is not None:
                checked += check_frames(server, room, clients, view["round_number"], list(creds.values()))
                finished[view["round_number"]] = server.stored(room)[1]  # type: ignore[assignment]
                _check_proof(view, finished[view["round_number"]], promised, sent)
                replayed += check_replays(server, room, finished, responses)
                for _, _, text in responses:
                    assert not any(cred in text for cred in creds.values())
                if view["round_number"] >= rounds:
                    deltas = sum(1 for c in clients for text, _ in c.frames if text.startswith('{"type":"delta"'))
                    return {"view": view, "checked": checked, "room": room, "replayed": replayed,
                            "responses": responses, "deltas": deltas}
                # every person contributes to the next deal, after its commitment, then the ready step
                pending = players[0].states[-1]["room"]["fair"]
                assert pending["commitment"] is not None and not any(pending["contributed"])
                n = view["round_number"] + 1
                promised[n], sent[n] = pending["commitment"], {}
                for seat, player in players.items():
                    sent[n][seat] = rng.randbytes(16).hex()
                    await player.send({"type": "contribute", "commitment": promised[n], "contribution": sent[n][seat]})
                    await player.wait_state(lambda s, a=seat: s["room"]["fair"]["contributed"][a])
                # the ready step: every person asks; the round is dealt after the last one
                askers = sorted(players)
                rng.shuffle(askers)
                for asker in askers:
                    assert players[asker].view["round_number"] == view["round_number"]
                    await players[asker].send({"type": "next_round", "version": view["version"]})
                    if asker != askers[-1]:
                        await players[asker].wait_state(lambda s, a=asker: s["room"]["seats"][a]["ready"])
                await players[askers[0]].wait_state(lambda s: s["view"]["round_number"] == view["round_number"] + 1)
                continue
            if view["version"] % 7 == 0:  # now and then, mid-round: the round in progress stays shut
                replayed += check_replays(server, room, finished, responses)
            seat = view["turn"]
            mine = players[seat].view
            assert mine is not None and mine["legal"], mine
            action = rng.choice(mine["legal"])
            await players[seat].send({"type": "action", "version": mine["version"], "action": action})
            await players[seat].wait_state(lambda s: s["view"]["version"] > mine["version"])
            for c in clients:
                assert not c.errors, c.errors
    finally:
        for c in clients:
            await c.close()


def _check_proof(view: dict[str, Any], stored: dict[str, Any], promised: dict[int, str],
                 sent: dict[int, dict[int, str]]) -> None:
    """The round's revealed proof: the seed is the commitment's, the commitment the one announced
    before the deal, every person's contribution in its place, and the stored deal the documented
    function of them (docs/fair.md)."""
    proof = view["fair"]
    n = view["round_number"]
    assert commitment_of(proof["seed"]) == proof["commitment"] == stored["fair"]["commitment"]
    if n in promised:
        assert proof["commitment"] == promised[n]
        for seat, contribution in sent[n].items():
            assert proof["contributions"][seat] == contribution
    deal = deal_json(proof["seed"], proof["contributions"], hand_size(view["players"]))
    assert stored["deal"]["hands"] == deal["hands"] and stored["deal"]["boneyard"] == deal["boneyard"]
    if n == 1:
        assert view["starter"] == deal["starter"]


async def _until_settled(clients: list[Client], seats: list[str]) -> None:
    while not _settled(clients, seats):
        await asyncio.sleep(0.005)


SEATINGS = [
    ["person", "person"],
    ["person", "person", "person"],
    ["person", "person", "person", "person"],
    ["person", "computer", "person"],
    ["person", "person", "computer:leicht", "computer:stark"],
    ["person", "computer:mittel", "computer:leicht", "person"],
]
#: Every seating on SQLite; on PostgreSQL the two that write the most (four seats, persons only
#: and with computers): what is stored is the same for the others.
PLAYS = [("sqlite", s) for s in SEATINGS] + [("postgresql", SEATINGS[2]), ("postgresql", SEATINGS[5])]


@pytest.mark.parametrize(("backend", "seats"), PLAYS, indirect=["backend"], scope="module",
                         ids=[f"{b}-" + "-".join(k.split(":")[0][0] for k in s) for b, s in PLAYS])
def test_room_played_over_rounds(server: ServerProcess, seats: list[str]) -> None:
    out = run(play_room(server, seats, ROUNDS, random.Random(len(seats) * 7 + seats.count("person"))))
    view = out["view"]
    assert view["round_number"] == ROUNDS and view["result"] is not None
    wins, shared = view["match"]["wins"], view["match"]["shared"]
    assert len(wins) == len(seats) and sum(wins) <= ROUNDS
    assert sum(wins) == ROUNDS or sum(shared) >= 2  # a round without a single winner was shared
    assert out["checked"] > 0
    assert out["deltas"] > out["checked"] // 3  # the delta frames went through the oracle too
    assert out["replayed"] >= ROUNDS * (ROUNDS + 1) // 2  # every finished round, again after each later one
    assert any(status == 409 for _, status, _ in out["responses"])  # a round in progress was asked for
    _, match = server.stored(out["room"])
    assert match is not None and match["wins"] == wins and match["shared"] == shared
    starters = match["starters"]
    assert len(starters) == ROUNDS
    assert all(b == (a + 1) % len(seats) for a, b in zip(starters, starters[1:]))
