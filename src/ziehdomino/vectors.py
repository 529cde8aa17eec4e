"""Run conformance vectors against the Python engine and computer players: rules vectors
(``tests/vectors/FORMAT.md``) and decision vectors (``docs/bots.md``, "Decision vectors").
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from .engine import (PASS, Match, PositionError, Refusal, format_oriented, format_tile, match_from_state, match_to_state,
                     parse_action, round_from_position)
from .engine.round import Round
from .engine.tiles import parse_tile


def _state_differences(rnd: Round, expect: dict[str, Any]) -> list[str]:
    diffs = []
    if "line" in expect:
        got = [format_oriented(t) for t in rnd.line]
        if got != expect["line"]:
            diffs.append(f"line: expected {expect['line']}, got {got}")
    if "hands" in expect:
        for seat, want in enumerate(expect["hands"]):
            got_hand = Counter(rnd.hands[seat]) if seat < rnd.players else Counter()
            if got_hand != Counter(parse_tile(t) for t in want):
                diffs.append(f"hands[{seat}]: expected {sorted(want)}, got "
                             f"{sorted(format_tile(t) for t in rnd.hands[seat])}")
    if "boneyard" in expect:
        got_b = [parse_tile(t) for t in expect["boneyard"]]
        if got_b != rnd.boneyard:
            diffs.append(f"boneyard: expected {expect['boneyard']}, got {[format_tile(t) for t in rnd.boneyard]}")
    if "turn" in expect and (rnd.result is not None or rnd.turn != expect["turn"]):
        diffs.append(f"turn: expected {expect['turn']}, got {None if rnd.result else rnd.turn}")
    if "passes" in expect and rnd.passes != expect["passes"]:
        diffs.append(f"passes: expected {expect['passes']}, got {rnd.passes}")
    if "result" in expect:
        got_r = rnd.result.to_json() if rnd.result is not None else None
        if got_r != expect["result"]:
            diffs.append(f"result: expected {expect['result']}, got {got_r}")
    return diffs


def _snapshot(rnd: Round) -> tuple[Any, ...]:
    return (rnd.hands, rnd.boneyard, rnd.line, rnd.left, rnd.right, rnd.turn, rnd.passes, rnd.result,
            len(rnd.log or []))


def is_decision_file(data: dict[str, Any]) -> bool:
    """Whether a vector file holds decision cases (a view and the choice of every level)."""
    return bool(data.get("cases")) and all("view" in c and "choices" in c for c in data["cases"])


def _round_won_by(players: int, starter: int, winners: list[int]) -> dict[str, Any]:
    """A position blocked once everyone passes, ``winners`` holding the lowest pips."""
    low = [["0|5"], ["1|4"], ["2|3"], ["0|1", "0|4"]]  # 5 pips each
    high = [["5|5"], ["4|5"], ["3|5"], ["4|4"]]  # 8-10 pips
    hands = [low[s] if s in winners else high[s] for s in range(players)]
    return {"players": players, "hands": hands, "boneyard": [], "line": ["6|6"], "turn": starter,
            "passes": 0, "starter": starter}


def _run_match_case(case: dict[str, Any]) -> list[str]:
    """A match case played through :class:`Match`, each round blocked with the named winners."""
    spec, want = case["match"], case["expect"]
    m = Match(spec["players"], first_starter=spec["first_starter"])
    for i, winners in enumerate(spec["round_winners"]):
        starter = m.round.starter
        m.round = round_from_position(_round_won_by(m.players, starter, winners))
        for k in range(m.players):
            m.apply((starter + k) % m.players, PASS)
        if m.round.result is None or list(m.round.result.winners) != list(winners):
            return [f"round {i}: winners {m.round.result and list(m.round.result.winners)}, wanted {winners}"]
        m.next_round()
    got = {"wins": m.wins, "shared": m.shared, "starters": m.starters}
    return [f"{k}: expected {want[k]}, got {got[k]}" for k in want if got.get(k) != want[k]]


def _run_stored_case(case: dict[str, Any]) -> list[str]:
    """A stored match case: restored and written back unchanged, or refused naming the field."""
    try:
        m = match_from_state(case["stored"])
    except PositionError as exc:
        if "refuse" not in case:
            return [f"refused ({exc}), expected acceptance"]
        return [] if case["refuse"] in str(exc) else [f"refused ({exc}), expected the refusal to name {case['refuse']!r}"]
    if "refuse" in case:
        return [f"accepted, expected a refusal naming {case['refuse']!r}"]
    r = m.round
    got = {"version": m.version, "round_number": m.round_number, "turn": None if r.result else r.turn,
           "result": r.result.to_json() if r.result else None}
    diffs = [f"{k}: expected {v}, got {got.get(k)}" for k, v in case["accept"].items() if got.get(k) != v]
    if match_to_state(m) != case["stored"]:
        diffs.append("match_to_state of the restored match differs from the stored match")
    return diffs


def run_case(case: dict[str, Any]) -> list[str]:
    """Run one case; return a description of every difference (empty list: the case passes)."""
    if "choices" in case:
        from .bots import decide

        found = []
        for level, choice in case["choices"].items():
            try:
                got: Any = decide(case["view"], level, choice["seed"])
            except ValueError as exc:
                got = f"refused: {exc}"
            if got != choice["action"]:
                found.append(f"{level} seed {choice['seed']}: expected {choice['action']}, got {got}")
        return found
    if "match" in case:
        return _run_match_case(case)
    if "stored" in case:
        return _run_stored_case(case)
    try:
        rnd = round_from_position(case["position"])
    except PositionError as exc:
        return [f"position refused: {exc}"]
    diffs: list[str] = []
    for i, step in enumerate(case["steps"]):
        before = repr(_snapshot(rnd))
        try:
            rnd.apply(step["seat"], parse_action(step["action"]))
        except Refusal as exc:
            if "reject" not in step:
                diffs.append(f"step {i}: refused with {exc.code} ({exc.message}), expected acceptance")
                break
            if exc.code != step["reject"]:
                diffs.append(f"step {i}: refused with {exc.code}, expected {step['reject']}")
            if repr(_snapshot(rnd)) != before:
                diffs.append(f"step {i}: a refused action changed the round")
            continue
        if "reject" in step:
            diffs.append(f"step {i}: accepted, expected refusal {step['reject']}")
            break
        diffs.extend(f"step {i}: {d}" for d in _state_differences(rnd, step.get("expect", {})))
    return diffs


def run_files(paths: list[str | Path]) -> tuple[int, int, list[str]]:
    """Run every case of every file; return (passed, failed, report lines for the failures)."""
    passed = failed = 0
    report: list[str] = []
    for path in paths:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        for case in data["cases"]:
            diffs = run_case(case)
            if diffs:
                failed += 1
                report.append(f"FAIL {Path(path).name} {case['id']}")
                report.extend(f"  {d}" for d in diffs)
            else:
                passed += 1
    return passed, failed, report
