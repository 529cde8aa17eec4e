"""The code's shape, computed from the source: no import circle in src/ziehdomino, server/'s
folders importing only downward in one order of layers, no server module past 400 lines, no function past 80 lines outside the computers' inner loops; and no test that starts an event loop where the browser tests keep theirs."""

from __future__ import annotations

import ast
from collections.abc import Sequence
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "ziehdomino"
#: Lines a module under server/ may have at most.
SERVER_MODULE_LINES = 400
#: Lines a function may have at most, but in the places named in LONG_FUNCTIONS.
FUNCTION_LINES = 80
#: Where functions may be longer: the computers' and the batch engine's inner loops, where a call
#: per step would cost speed (docs/bots.md), and the command line's table of options.
LONG_FUNCTION_FOLDERS = ("bots",)
LONG_FUNCTION_FILES = ("bench/batch.py",)
LONG_FUNCTIONS = ("cli.py:_parser",)
#: server/'s folders from the ground up (docs/architecture.md, "The server"): a folder imports
#: only folders before it here, never one after it.
SERVER_LAYERS = ("protocol", "process", "storage", "people", "core", "tables", "sockets", "http")


def _modules(package: Path = PACKAGE) -> dict[str, Path]:
    """Every module of ``package`` by dotted name (``ziehdomino.server.core.rooms``)."""
    found = {}
    for path in package.rglob("*.py"):
        parts = path.relative_to(package.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package's modules ``name`` imports (at any depth of its code; under TYPE_CHECKING too),
    each resolved to the module itself (``from .storage import x`` is ``...storage`` unless
    ``x`` is a module of it)."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name in modules}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            for alias in node.names:
                if f"{target}.{alias.name}" in modules:
                    out.add(f"{target}.{alias.name}")
                elif target in modules:
                    out.add(target)
    out.discard(name)
    return out


def test_the_package_imports_no_circle() -> None:
    modules = _modules()
    graph = {name: _imports(name, path, modules) for name, path in modules.items()}
    # a package's __init__ that re-exports its modules is not a circle with them
    for name in graph:
        graph[name] = {t for t in graph[name] if not name.startswith(t + ".")}
    circles = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                circles.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    assert not circles, "import circles:\n" + "\n".join(" -> ".join(c) for c in circles)


def _folder_of(name: str, top: str, modules: dict[str, Path]) -> str | None:
    """The folder of ``top`` (``ziehdomino.server``) the module ``name`` lies in (``core``), or
    None: outside ``top``, or a module at its top (its ``__init__`` included)."""
    if not name.startswith(top + "."):
        return None
    parts = name[len(top) + 1:].split(".")
    return parts[0] if len(parts) > 1 or modules[name].name == "__init__.py" else None


def _folder_imports(top: str, modules: dict[str, Path]) -> dict[str, dict[str, set[str]]]:
    """Per folder of ``top``, the other folders of it that its modules import, each with the
    importing modules: ``{"core": {"storage": {"ziehdomino.server.core.rooms", ...}}}``. Every
    folder is a key, one that imports no other one too."""
    graph: dict[str, dict[str, set[str]]] = {}
    for name, path in modules.items():
        folder = _folder_of(name, top, modules)
        if folder is None:
            continue
        targets = graph.setdefault(folder, {})
        for target in _imports(name, path, modules):
            other = _folder_of(target, top, modules)
            if other is not None and other != folder:
                targets.setdefault(other, set()).add(name)
    return graph


def _layer_problems(graph: dict[str, dict[str, set[str]]], layers: Sequence[str]) -> list[str]:
    """What in ``graph`` (:func:`_folder_imports`) breaks the order ``layers`` (lowest first): a
    folder without a place in it, a place without a folder, an import of a folder not below."""
    problems = [f"{f}/ has no place in the layers {list(layers)}" for f in sorted(graph) if f not in layers]
    problems += [f"the layers name {f}/, which is no folder" for f in layers if f not in graph]
    for folder, targets in sorted(graph.items()):
        for target, importers in sorted(targets.items()):
            if folder in layers and target in layers and layers.index(target) > layers.index(folder):
                problems.append(f"{folder}/ imports {target}/, which is not below it ({', '.join(sorted(importers))})")
    return problems


def test_the_servers_folders_import_only_downward() -> None:
    problems = _layer_problems(_folder_imports("ziehdomino.server", _modules()), SERVER_LAYERS)
    assert not problems, "server/'s folders import against SERVER_LAYERS:\n" + "\n".join(problems)


def test_the_layer_checker_sees_a_folder_out_of_place_and_an_import_up(tmp_path: Path) -> None:
    top = tmp_path / "p"
    for folder in ("low", "mid", "high", "side"):
        (top / folder).mkdir(parents=True)
        (top / folder / "__init__.py").write_text("", encoding="utf-8")
    (top / "__init__.py").write_text("from .high.c import run\n", encoding="utf-8")  # at the top: no folder's
    (top / "low" / "a.py").write_text("import os\n", encoding="utf-8")
    (top / "mid" / "__init__.py").write_text("from .b import thing\n", encoding="utf-8")  # within its folder
    (top / "mid" / "b.py").write_text("from ..low.a import os\n", encoding="utf-8")
    (top / "high" / "c.py").write_text("from ..mid import b\nfrom .. import low\n", encoding="utf-8")
    graph = _folder_imports("p", _modules(top))
    assert graph == {"low": {}, "mid": {"low": {"p.mid.b"}}, "high": {"mid": {"p.high.c"}, "low": {"p.high.c"}},
                     "side": {}}
    assert _layer_problems(graph, ("low", "mid", "high", "side")) == []
    assert _layer_problems(graph, ("low", "mid", "high", "gone")) == [
        "side/ has no place in the layers ['low', 'mid', 'high', 'gone']", "the layers name gone/, which is no folder"]
    (top / "low" / "a.py").write_text("from ..mid.b import thing\n", encoding="utf-8")  # up
    graph = _folder_imports("p", _modules(top))
    assert _layer_problems(graph, ("low", "mid", "high", "side")) == ["low/ imports mid/, which is not below it (p.low.a)"]


def test_no_server_module_is_longer_than_400_lines() -> None:
    long = {p.relative_to(PACKAGE).as_posix(): n for p in (PACKAGE / "server").rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > SERVER_MODULE_LINES}
    assert not long, f"server modules past {SERVER_MODULE_LINES} lines: {long}"


def test_no_function_is_longer_than_80_lines_outside_the_inner_loops() -> None:
    long = {}
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel.split("/")[0] in LONG_FUNCTION_FOLDERS or rel in LONG_FUNCTION_FILES:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and f"{rel}:{node.name}" not in LONG_FUNCTIONS:
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > FUNCTION_LINES:
                    long[f"{rel}:{node.name}"] = lines
    assert not long, f"functions past {FUNCTION_LINES} lines: {long}"


def test_the_circle_finder_finds_a_circle(tmp_path: Path) -> None:
    """The import resolution this file relies on sees a relative import of a sibling module."""
    modules = {"p.a": tmp_path / "a.py", "p.b": tmp_path / "b.py", "p": tmp_path / "__init__.py"}
    (tmp_path / "a.py").write_text("from .b import thing\n", encoding="utf-8")
    (tmp_path / "b.py").write_text("from . import a\n", encoding="utf-8")
    assert _imports("p.a", modules["p.a"], modules) == {"p.b"}
    assert _imports("p.b", modules["p.b"], modules) == {"p.a"}


def test_no_test_starts_an_event_loop_on_the_main_thread() -> None:
    # The browser tests' Playwright keeps an event loop running on a worker's main thread for the
    # rest of its session, and asyncio's run refuses to start beside it: a test that calls it
    # passes or fails by which worker it lands on. tests/support/server.py's on_own_thread and
    # run start theirs on a thread of their own.
    tests = PACKAGE.parents[1] / "tests"
    allowed = {tests / "support" / "server.py", tests / "server" / "protocol" / "make_delta_vectors.py"}
    call = "asyncio." + "run("  # not written whole, so that this file does not find itself
    found = [str(p.relative_to(tests)) for p in sorted(tests.rglob("*.py"))
             if p not in allowed and call in p.read_text(encoding="utf-8")]
    assert found == [], f"use tests.support.server.on_own_thread instead of asyncio's run in {found}"
