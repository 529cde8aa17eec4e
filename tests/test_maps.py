"""The repo's maps match the tree: the README's layout table and command list, the module lists
of docs/architecture.md (tests/ and scripts/ too) and every package docstring's map of its
modules. Everything is derived from the tree and the command's parser, so a folder or module
that moves shows up here as a map to update, with what to write.
"""

from __future__ import annotations

import argparse
import ast
import re
from pathlib import Path

from ziehdomino.cli import _parser

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "ziehdomino"
SKIP = {"__pycache__", "node_modules"}
#: Packages whose every module docs/architecture.md must name. The browser app (web/) is left
#: out: its modules are listed by its own folders; the test still checks that those it names exist.
NAMED_IN_FULL = ("engine", "bots", "server", "bench", "cluster", "arena")
MODULE = re.compile(r"(?<![\w.-])((?:[\w-]+/)*[\w-]+\.(?:py|js|mjs))\b")
#: A line of a package docstring's map: ``* :mod:`.name` -- what it is``.
MAP_LINE = re.compile(r"^\* :mod:`\.(\w+)` -- \S", re.M)


def _folders(top: Path) -> list[str]:
    return sorted(p.name for p in top.iterdir() if p.is_dir() and p.name not in SKIP
                  and not p.name.startswith(".") and not p.name.endswith(".egg-info"))


def _layout() -> dict[str, str]:
    """The README's layout table: folder (as written, e.g. ``src/ziehdomino/engine/``) to its text."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Layout", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        m = re.fullmatch(r"`([^`]+/)`", cells[0]) if len(cells) >= 2 else None
        if m:
            rows[m.group(1)] = cells[1]
    return rows


def test_the_readme_layout_lists_every_folder_and_only_real_ones() -> None:
    rows = _layout()
    problems = [f"README.md layout lists `{f}`, which is not a folder" for f in rows if not (ROOT / f).is_dir()]
    for name in _folders(PACKAGE):
        if f"src/ziehdomino/{name}/" not in rows:
            problems.append(f"README.md layout misses a row | `src/ziehdomino/{name}/` | ... |")
    tests_row = rows.get("tests/", "")
    if not tests_row:
        problems.append("README.md layout misses a row | `tests/` | ... |")
    for name in _folders(ROOT / "tests"):
        if f"`{name}/`" not in tests_row:
            problems.append(f"README.md layout's `tests/` row does not name `{name}/`")
    assert not problems, "\n".join(problems)


def _architecture() -> tuple[str, str]:
    """docs/architecture.md, and its tree of ``src/ziehdomino/`` (the first code block)."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    return text, text.split("```", 2)[1]


def _entries(tree: str, indent: int) -> dict[str, str]:
    """The tree's entries that start ``indent`` spaces in (0: ``tests/``, ``scripts/``; 2: the
    package's ``engine/``, ``cli.py``), each with its text, continuation lines joined; a line
    further left ends an entry."""
    entries: dict[str, str] = {}
    current = None
    for line in tree.splitlines():
        m = re.match(rf"^ {{{indent}}}(\S+)\s*(.*)$", line)
        if m:
            current = m.group(1)
            entries[current] = m.group(2)
        elif line.strip() and len(line) - len(line.lstrip()) < indent:
            current = None
        elif current is not None and line.strip():
            entries[current] += " " + line.strip()
    return entries


def test_the_architecture_tree_names_every_part_of_the_package() -> None:
    _, tree = _architecture()
    entries = _entries(tree, 2)
    problems = []
    for entry in entries:
        if not (PACKAGE / entry.rstrip("/")).exists():
            problems.append(f"docs/architecture.md's tree names `{entry}`, which src/ziehdomino/ does not hold")
    parts = [f"{n}/" for n in _folders(PACKAGE)] + sorted(
        p.name for p in PACKAGE.iterdir() if p.is_file() and p.suffix == ".py" and p.name != "__init__.py")
    problems += [f"docs/architecture.md's tree misses `{p}` (a line '  {p}  what it is')" for p in parts if p not in entries]
    assert not problems, "\n".join(problems)


def _named_modules(text: str, tree: dict[str, str]) -> set[str]:
    """Modules the document names, as paths under src/ziehdomino: ``server/core/rooms.py`` anywhere,
    and a bare ``rooms.py`` within the tree's entry of its package."""
    named = set()
    for m in MODULE.finditer(text):
        path = m.group(1)
        if "/" in path and path.split("/")[0] in {p.rstrip("/") for p in tree}:
            named.add(path)
    for entry, words in tree.items():
        if entry.endswith("/"):  # a bare name, or a path that lies under the entry (storage/sqlite.py
            # in server/'s text); web/bots/index.js in arena/'s text is no arena module
            for m in MODULE.finditer(words):
                if "/" not in m.group(1) or (PACKAGE / entry / m.group(1)).is_file():
                    named.add(f"{entry}{m.group(1)}")
    return named


def test_the_architecture_names_only_real_modules_and_every_module_of_its_packages() -> None:
    text, tree_text = _architecture()
    tree = _entries(tree_text, 2)
    named = _named_modules(text, tree)
    problems = [f"docs/architecture.md names `{n}`, which src/ziehdomino/ does not hold"
                for n in sorted(named) if not (PACKAGE / n).is_file()]
    for package in NAMED_IN_FULL:
        for path in sorted((PACKAGE / package).rglob("*")):
            if path.suffix not in (".py", ".js", ".mjs") or path.name == "__init__.py" or SKIP & set(path.parts):
                continue
            rel = path.relative_to(PACKAGE).as_posix()
            if rel not in named:
                problems.append(f"docs/architecture.md never names `{rel}` (in the tree's `{package}/` entry, or as `{rel}`)")
    assert not problems, "\n".join(problems)


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    sub = next(a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def test_the_readme_names_every_command_and_only_real_ones() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = _subcommands()
    named = set(re.findall(r"\bziehdomino ([a-z][\w-]*)", readme))
    problems = [f"README.md names `ziehdomino {c}`, which `ziehdomino --help` does not list"
                for c in sorted(named - set(commands))]
    problems += [f"README.md never names `ziehdomino {c}`, a command of `ziehdomino --help`"
                 for c in sorted(set(commands) - named)]
    bench_choices = next(a.choices for a in commands["bench"]._actions if a.dest == "name")
    assert bench_choices is not None
    benches = set(re.findall(r"\bziehdomino bench ([a-z][\w-]*)", readme))
    problems += [f"README.md names `ziehdomino bench {b}`, not a benchmark of {sorted(bench_choices)}"
                 for b in sorted(benches - set(bench_choices))]
    problems += [f"README.md's command list misses `ziehdomino bench {b}`" for b in sorted(set(bench_choices) - benches)]
    assert not problems, "\n".join(problems)


def _map_problems(package: Path) -> list[str]:
    """What is wrong with the map in ``package``'s docstring: every module and subpackage of it
    named once, in a line ``* :mod:`.name` -- what it is``, and nothing else."""
    init = package / "__init__.py"
    doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
    named = MAP_LINE.findall(doc)
    parts = {p.stem for p in package.glob("*.py") if p.name != "__init__.py"}
    parts |= {d.name for d in package.iterdir() if (d / "__init__.py").is_file()}
    where = init.relative_to(PACKAGE.parent).as_posix() if init.is_relative_to(PACKAGE.parent) else init.name
    problems = [f"{where}: its map names `.{n}` twice" for n in sorted({n for n in named if named.count(n) > 1})]
    problems += [f"{where}: its map names `.{n}`, which is no module or subpackage of it" for n in sorted(set(named) - parts)]
    problems += [f"{where}: its map misses a line '* :mod:`.{n}` -- what it is'" for n in sorted(parts - set(named))]
    return problems


def test_every_package_docstring_maps_exactly_its_modules() -> None:
    packages = sorted(p.parent for p in PACKAGE.rglob("__init__.py") if not SKIP & set(p.parts))
    assert PACKAGE / "server" / "core" in packages
    problems = [problem for package in packages for problem in _map_problems(package)]
    assert not problems, "\n".join(problems)


def test_the_map_checker_sees_a_missing_a_stale_and_a_twice_named_module(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "sub" / "__init__.py").write_text("", encoding="utf-8")
    (package / "kept.py").write_text("", encoding="utf-8")
    (package / "new.py").write_text("", encoding="utf-8")
    (package / "__init__.py").write_text(
        '"""A package.\n\n* :mod:`.kept` -- kept.\n* :mod:`.sub` -- a subpackage.\n'
        '* :mod:`.gone` -- moved away.\n* :mod:`.kept` -- again.\n"""\n', encoding="utf-8")
    problems = _map_problems(package)
    assert any("`.kept` twice" in p for p in problems)
    assert any("`.gone`, which is no module" in p for p in problems)
    assert any("misses a line '* :mod:`.new`" in p for p in problems)
    assert not any(".sub" in p for p in problems)
    (package / "__init__.py").write_text(
        '"""A package.\n\n* :mod:`.kept` -- kept.\n* :mod:`.new` -- new.\n* :mod:`.sub` -- a subpackage.\n"""\n',
        encoding="utf-8")
    assert _map_problems(package) == []


def _listed(text: str) -> list[str]:
    """The names an entry lists: its text without what stands in parentheses, split at commas."""
    while (shorter := re.sub(r"\([^()]*\)", "", text)) != text:
        text = shorter
    return [item.strip().rstrip(".").strip() for item in text.split(",") if item.strip().rstrip(".").strip()]


def _listing_problems(entry: str, listed: list[str], real: set[str]) -> list[str]:
    problems = [f"docs/architecture.md's `{entry}` lists `{n}`, which {entry} does not hold" for n in listed if n not in real]
    problems += [f"docs/architecture.md's `{entry}` lists `{n}` twice" for n in sorted({n for n in listed if listed.count(n) > 1})]
    problems += [f"docs/architecture.md's `{entry}` misses `{n}` (a 'name (what it is)' in its list)" for n in sorted(real - set(listed))]
    return problems


def test_the_architecture_tree_lists_exactly_the_tests_and_scripts() -> None:
    _, tree = _architecture()
    entries = _entries(tree, 0)
    assert {"tests/", "scripts/"} <= set(entries), f"the tree of docs/architecture.md has only {sorted(entries)}"
    tests = ROOT / "tests"
    real_tests = {f"{n}/" for n in _folders(tests)} | {
        p.name for p in tests.iterdir() if p.is_file() and p.suffix == ".py" and p.name != "__init__.py"}
    real_scripts = {p.name for p in (ROOT / "scripts").iterdir() if p.is_file()}
    problems = _listing_problems("tests/", _listed(entries["tests/"]), real_tests)
    problems += _listing_problems("scripts/", _listed(entries["scripts/"]), real_scripts)
    assert not problems, "\n".join(problems)


def test_the_listing_checker_reads_names_outside_parentheses() -> None:
    assert _listed("a/ (one, two (nested)), b (x), c.") == ["a/", "b", "c"]
    assert _listing_problems("t/", ["a/", "a/", "z"], {"a/", "b/"}) == [
        "docs/architecture.md's `t/` lists `z`, which t/ does not hold",
        "docs/architecture.md's `t/` lists `a/` twice",
        "docs/architecture.md's `t/` misses `b/` (a 'name (what it is)' in its list)",
    ]
