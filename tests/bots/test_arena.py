"""The arena: fair rotation, winners credited to the right level, the summary line."""

from __future__ import annotations

import json

import pytest

from ziehdomino import arena
from ziehdomino.bots import decide as real_decide


def test_winners_are_credited_to_the_level_that_sat_there(monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: with 4 seats, a rotation of 1 or 3 once credited the wrong level."""
    levels = ("leicht", "mittel", "heaviest", "stark")
    last: list[tuple[int, str]] = []

    def spy(view: dict, level: str, seed: int) -> dict:
        last.append((view["seat"], level))
        return real_decide(view, "leicht", seed)

    monkeypatch.setattr(arena, "decide", spy)
    checked = 0
    for index in range(40):
        last.clear()
        winners = arena.play_round(levels, index, 3)
        seats_levels = dict(last)
        rotation = index % 4
        assert all(seats_levels[(j + rotation) % 4] == lv for j, lv in enumerate(levels) if (j + rotation) % 4
                   in seats_levels)
        if len(winners) == 1 and last[-1][1] == levels[winners[0]]:
            checked += 1
        elif len(winners) == 1:
            # A blocked round: the winner need not be the last to act.
            pass
    assert checked >= 30


def test_rotation_gives_every_level_every_seat_and_starter() -> None:
    seen = set()
    for index in range(16):
        group, rotation = divmod(index, 4)
        for j in range(4):
            seen.add((j, (j + rotation) % 4, group % 4))
    assert len(seen) == 4 * 4 * 4


def test_run_prints_a_json_summary_last(capsys: pytest.CaptureFixture[str]) -> None:
    summary = arena.run(["mittel", "leicht"], 24, 1, workers=1, progress=False)
    lines = capsys.readouterr().out.strip().splitlines()
    last = json.loads(lines[-1])
    assert last == summary
    assert last["rounds"] == 24
    assert set(last["win_rate"]) == {"mittel", "leicht"}
    t = last["per_seat"]
    assert all(s["won"] + s["shared"] + s["lost"] == 24 for s in t)


def test_results_do_not_depend_on_the_number_of_processes(capsys: pytest.CaptureFixture[str]) -> None:
    one = arena.run(["heaviest", "leicht", "mittel"], 30, 5, workers=1, chunk=7, progress=False)
    two = arena.run(["heaviest", "leicht", "mittel"], 30, 5, workers=2, chunk=4, progress=False)
    for key in ("per_seat", "win_rate", "decided"):
        assert one[key] == two[key]


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown level"):
        arena.run(["mittel", "grandmaster"], 2, 1, workers=1)


@pytest.mark.parametrize("rounds", [0, -4, 7])
def test_rounds_must_fill_whole_deal_groups(rounds: int) -> None:
    with pytest.raises(ValueError, match="positive multiple of 2"):
        arena.run(("mittel", "leicht"), rounds, 1, workers=1, progress=False)


def test_the_node_engine_gives_the_python_engine_s_figures(capsys: pytest.CaptureFixture[str]) -> None:
    """web/bots/ decides like ziehdomino.bots, the ceiling included: the same tallies."""
    for levels, rounds in ((("stark", "stark-v1"), 6), (("ceiling", "heaviest", "mittel"), 6)):
        py = arena.run(levels, rounds, 4, workers=1, progress=False)
        node = arena.run(levels, rounds, 4, workers=1, progress=False, engine="node")
        for key in ("per_seat", "win_rate", "decided"):
            assert py[key] == node[key]


def test_the_tips_player_needs_the_node_engine_and_follows_the_tip(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match="node engine"):
        arena.run(("tips", "mittel"), 2, 1, workers=1, progress=False)
    summary = arena.run(("tips", "mittel"), 4, 1, workers=1, progress=False, engine="node")
    assert sum(summary["per_seat"][0][k] for k in ("won", "shared", "lost")) == 4
