"""The field tables of docs/view.md and docs/protocol.md against the types they document.

Each table whose header is ``| field | meaning |`` sits under a heading that names its type in
backticks (``#### SEATINFO (`SeatInfo`)``); the type is a TypedDict of the shape modules or a
pydantic model of ``server/protocol/models.py`` or ``server/protocol/profiles.py``. The table's fields must be the type's keys, both ways.
A row ``match.wins`` documents the field ``wins`` of the type of the field ``match``. Every
TypedDict of ``server/protocol/wire.py`` and every model of ``server/protocol/models.py`` needs a table,
and so does every shape of ``server/protocol/profiles.py``.
"""

from __future__ import annotations

import re
import types
import typing
from pathlib import Path
from typing import Any, get_args, get_origin, get_type_hints, is_typeddict

from pydantic import BaseModel

from ziehdomino.engine import actions, round as round_module, view
from ziehdomino.server.protocol import models, profiles, wire

ROOT = Path(__file__).resolve().parents[1]
DOCS = ("docs/view.md", "docs/protocol.md")
SHAPE_MODULES = (view, actions, round_module, wire, models, profiles)
HEADING = re.compile(r"^#+ ")
NAME = re.compile(r"`([A-Za-z_][\w.]*)`")


def _shapes() -> dict[str, type]:
    """Every TypedDict and pydantic model the shape modules define, by name."""
    found: dict[str, type] = {}
    for module in SHAPE_MODULES:
        for name, value in vars(module).items():
            if isinstance(value, type) and value.__module__ == module.__name__ and (
                    is_typeddict(value) or (issubclass(value, BaseModel) and value is not BaseModel)):
                found[name] = value
    return found


def _keys(shape: type) -> set[str]:
    if is_typeddict(shape):
        return set(shape.__annotations__) if not hasattr(shape, "__required_keys__") \
            else set(shape.__required_keys__) | set(shape.__optional_keys__)
    return set(shape.model_fields)


def _nested(shape: type, field: str) -> type | None:
    """The TypedDict a field of ``shape`` holds (through ``| None`` and ``list[...]``), if any."""
    hint: Any = get_type_hints(shape)[field]
    while True:
        if is_typeddict(hint):
            return typing.cast(type, hint)
        origin = get_origin(hint)
        if origin in (typing.Union, types.UnionType, list, typing.NotRequired, typing.Required):
            inner = [a for a in get_args(hint) if a is not type(None)]
            if len(inner) != 1:
                return None
            hint = inner[0]
        else:
            return None


def _tables(doc: str) -> list[tuple[str, int, str, list[str]]]:
    """Each field table of ``doc``: (doc, line, heading, fields), fields as written (``match.wins``)."""
    lines = (ROOT / doc).read_text(encoding="utf-8").splitlines()
    out = []
    heading = ""
    for i, line in enumerate(lines):
        if HEADING.match(line):
            heading = line
        if re.match(r"^\|\s*field\s*\|", line):
            fields = []
            for row in lines[i + 2:]:
                if not row.startswith("|"):
                    break
                fields += NAME.findall(row.split("|")[1])
            out.append((doc, i + 1, heading, fields))
    return out


def _check_table(shape: type, fields: list[str], where: str) -> list[str]:
    problems = []
    top = {f.split(".")[0] for f in fields}
    keys = _keys(shape)
    if top - keys:
        problems.append(f"{where}: documented but not in {shape.__name__}: {sorted(top - keys)}")
    if keys - top:
        problems.append(f"{where}: in {shape.__name__} but not documented: {sorted(keys - top)}")
    for parent in sorted({f.split(".")[0] for f in fields if "." in f} & keys):
        inner = _nested(shape, parent)
        if inner is None:
            problems.append(f"{where}: `{parent}.…` is documented, but {shape.__name__}.{parent} is no TypedDict")
            continue
        problems += _check_table(inner, [f.split(".", 1)[1] for f in fields if f.startswith(parent + ".")],
                                 f"{where} (`{parent}`)")
    return problems


def test_every_field_table_equals_its_type() -> None:
    shapes = _shapes()
    problems = []
    for doc, line, heading, fields in [t for d in DOCS for t in _tables(d)]:
        where = f"{doc}:{line}"
        named = [n for n in NAME.findall(heading) if n in shapes]
        if len(named) != 1:
            problems.append(f"{where}: the heading above the table ({heading!r}) must name one type in backticks, "
                            f"one of {sorted(shapes)}")
            continue
        problems += _check_table(shapes[named[0]], fields, where)
    assert not problems, "docs and types disagree:\n" + "\n".join(problems)


def test_every_wire_shape_and_model_has_a_table() -> None:
    shapes = _shapes()
    documented = {n for d in DOCS for _, _, heading, _ in _tables(d) for n in NAME.findall(heading) if n in shapes}
    wanted = {name for name, shape in shapes.items()
              if shape.__module__ in (wire.__name__, models.__name__, profiles.__name__) or name in ("SeatView", "MatchCounts")}
    # MatchCounts is documented as the view's `match.…` rows, not under a heading of its own
    missing = wanted - documented - {"MatchCounts"}
    assert not missing, f"no field table in {' or '.join(DOCS)} names these types: {sorted(missing)}"


def test_the_checker_sees_a_field_on_one_side_only() -> None:
    problems = _check_table(view.SeatView, [k for k in _keys(view.SeatView) if k != "pips"] + ["extra", "match.wins"],
                            "here")
    assert any("documented but not in SeatView: ['extra']" in p for p in problems), problems
    assert any("in SeatView but not documented: ['pips']" in p for p in problems), problems
    assert any("in MatchCounts but not documented: ['next_starter', 'shared']" in p for p in problems), problems
