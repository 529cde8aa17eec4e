"""The rules engine exists twice, file for file: every module of ``src/ziehdomino/engine/`` has a
JavaScript twin of the same name in ``src/ziehdomino/web/engine/`` and the other way round, the
only extra file being ``index.js`` (the browser's public API, which re-exports every twin). Each
twin's ``@file`` comment names its Python module. Computed from the two trees, so a module added,
renamed or removed on one side alone fails here (docs/architecture.md, "The twins").
"""

from __future__ import annotations

import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "ziehdomino"
PYTHON = PACKAGE / "engine"
BROWSER = PACKAGE / "web" / "engine"
#: The one JavaScript module without a Python twin: it re-exports the others (Python's
#: ``__init__.py`` does the same and is no module of its own either).
INDEX = "index.js"


def twin_problems(python: Path, browser: Path) -> list[str]:
    """What keeps ``python``'s modules and ``browser``'s from pairing, one line each."""
    py = {p.stem for p in python.glob("*.py") if p.name != "__init__.py"}
    js = {p.stem for p in browser.glob("*.js") if p.name != INDEX}
    problems = [f"engine/{n}.py has no twin web/engine/{n}.js" for n in sorted(py - js)]
    problems += [f"web/engine/{n}.js has no twin engine/{n}.py" for n in sorted(js - py)]
    index = browser / INDEX
    if not index.is_file():
        return [*problems, f"web/engine/{INDEX} is missing"]
    exported = set(re.findall(r"""^export\s*(?:\{[^}]*\}|\*)\s*from\s*'\./([\w-]+)\.js';""",
                              index.read_text(encoding="utf-8"), re.M))
    for name in sorted(py & js):
        text = (browser / f"{name}.js").read_text(encoding="utf-8")
        head = re.match(r"/\*\*\n \* @file (.*?)\*/", text, re.S)
        if head is None:
            problems.append(f"web/engine/{name}.js does not start with its @file comment")
        elif f"engine/{name}.py" not in re.sub(r"\s*\n \*\s*", " ", head.group(1)):
            problems.append(f"web/engine/{name}.js's @file comment does not name its twin engine/{name}.py")
        if name not in exported:
            problems.append(f"web/engine/{INDEX} does not re-export web/engine/{name}.js")
    return problems


def test_every_engine_module_has_its_browser_twin_and_the_other_way_round() -> None:
    assert not twin_problems(PYTHON, BROWSER), "\n".join(twin_problems(PYTHON, BROWSER))
    assert len(list(BROWSER.glob("*.js"))) == len(list(PYTHON.glob("*.py")))  # index.js for __init__.py


def test_a_module_on_one_side_alone_is_reported(tmp_path: Path) -> None:
    python, browser = tmp_path / "engine", tmp_path / "web"
    python.mkdir()
    browser.mkdir()
    (python / "__init__.py").write_text("")
    (python / "tiles.py").write_text("")
    (python / "deal.py").write_text("")
    (browser / "tiles.js").write_text("/**\n * @file Tiles: the twin of Python's\n * `engine/tiles.py`.\n */\n")
    (browser / "follow.js").write_text("// no @file\n")
    (browser / INDEX).write_text("export { ALL_TILES } from './tiles.js';\n")
    assert twin_problems(python, browser) == [
        "engine/deal.py has no twin web/engine/deal.js",
        "web/engine/follow.js has no twin engine/follow.py",
    ]
    (browser / "tiles.js").write_text("/**\n * @file Tiles.\n */\n")
    (browser / INDEX).write_text("")
    assert twin_problems(python, browser)[-2:] == [
        "web/engine/tiles.js's @file comment does not name its twin engine/tiles.py",
        f"web/engine/{INDEX} does not re-export web/engine/tiles.js",
    ]
