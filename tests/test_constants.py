"""The product's constants (src/ziehdomino/constants.py), named once: the browser's copy
web/common/constants.js is written from them, and the code uses them instead of its own literals."""

from __future__ import annotations

import io
import re
import tokenize
from dataclasses import fields
from pathlib import Path

from ziehdomino import constants
from ziehdomino.cli import _parser
from ziehdomino.server.process.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "ziehdomino"
WEB = SRC / "web"

#: A level id written as a string literal ("mittel", 'stark').
LEVEL_LITERAL = re.compile(r"""^[bru]*(['"])(leicht|mittel|stark)\1$""")
#: Files that may write a level id: the constants themselves, the bots (their table of players
#: also holds the arena's yardsticks, and a benchmark times one level on purpose), the words.
OWN_LEVELS = {"constants.py", "constants.js", "i18n.js"}
OWN_LEVEL_DIRS = {"bots", "bench"}
#: Files owned by other work that still write a level id; each is to import
#: ``constants.STAND_IN_LEVEL`` / ``DEFAULT_LEVEL`` (the test fails once one no longer does,
#: so that the entry is removed).
PENDING: set[str] = set()


def test_the_browser_module_is_the_python_constants() -> None:
    committed = (WEB / "common" / "constants.js").read_text(encoding="utf-8")
    assert committed == constants.browser_module(), \
        "web/common/constants.js differs from src/ziehdomino/constants.py: run scripts/write-constants-js"


def test_the_browser_gets_every_player_facing_name() -> None:
    text = (WEB / "common" / "constants.js").read_text(encoding="utf-8")
    for name in constants.BROWSER:
        assert f"export const {name} = " in text, name
    assert constants.DEFAULT_LEVEL in constants.LEVELS and constants.STAND_IN_LEVEL in constants.LEVELS
    assert constants.DEFAULT_TURN_TIME in constants.TURN_TIMES
    assert constants.TABLE_SIZES == (2, 3, 4) and constants.MIN_PEOPLE <= constants.MIN_PLAYERS


def test_serve_options_default_to_the_settings_defaults() -> None:
    defaults = {f.name: f.default for f in fields(Settings)}
    options = vars(_parser().parse_args(["serve"]))
    for option, setting in [("computer_delay", "computer_delay"), ("abandon_hours", "abandon_hours"),
                            ("grace", "grace"), ("grace_no_limit", "grace_no_limit"),
                            ("max_rooms_per_address", "max_rooms_per_address"),
                            ("max_open_seats_per_address", "max_open_seats_per_address"),
                            ("cleanup_interval", "cleanup_interval"), ("ws_rate", "ws_rate"),
                            ("http_rate", "http_rate"), ("miss_rate", "miss_rate"),
                            ("ws_connect_rate", "ws_connect_rate"),
                            ("max_sockets_per_address", "max_sockets_per_address"), ("lease", "lease_seconds")]:
        assert options[option] == defaults[setting], f"--{option.replace('_', '-')} and Settings.{setting} differ"


def _python_level_literals(path: Path) -> list[str]:
    """Level ids written as string literals in a Python file, docstrings left out."""
    found = []
    previous = tokenize.INDENT
    for tok in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline):
        docstring = previous in (tokenize.INDENT, tokenize.NEWLINE, tokenize.NL, tokenize.DEDENT)
        if tok.type == tokenize.STRING and not docstring and LEVEL_LITERAL.match(tok.string):
            found.append(f"{path.relative_to(SRC)}:{tok.start[0]}: {tok.string}")
        if tok.type != tokenize.COMMENT:
            previous = tok.type
    return found


def _js_level_literals(path: Path) -> list[str]:
    """Level ids written as string literals in a browser module, comments left out."""
    code = re.sub(r"/\*.*?\*/|(?<![:'\"])//[^\n]*", "", path.read_text(encoding="utf-8"), flags=re.S)
    return [f"{path.relative_to(SRC)}: {m.group(0)}" for m in re.finditer(r"""(['"`])(leicht|mittel|stark)\1""", code)]


def test_the_levels_are_written_only_in_the_constants() -> None:
    offenders, pending_seen = [], set()
    for path in sorted(SRC.rglob("*")):
        rel = path.relative_to(SRC)
        if (path.name in OWN_LEVELS or rel.parts[0] in OWN_LEVEL_DIRS or rel.parts[:2] == ("web", "bots")
                or "__pycache__" in rel.parts):
            continue
        found = _python_level_literals(path) if path.suffix == ".py" else \
            _js_level_literals(path) if path.suffix in (".js", ".mjs") else []
        if rel.as_posix() in PENDING:
            if found:
                pending_seen.add(rel.as_posix())
            continue
        offenders += found
    assert not offenders, "import the level from ziehdomino.constants / web/common/constants.js:\n" + "\n".join(offenders)
    assert pending_seen == PENDING, f"no longer writes a level, take it off PENDING: {sorted(PENDING - pending_seen)}"


def test_the_rules_page_tells_the_room_rules_with_the_products_figures():
    """/regeln says what a person at a room's table meets: the ready step (the next round waits
    for everybody), the time per turn, the grace of a person who is away (its figures from the
    constants), leaving, and every key of the table, in both languages."""
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", (WEB / "rules.html").read_text()))
    assert "startet jemand am Tisch" not in text and "anyone seated starts" not in text
    grace, grace_open = int(constants.GRACE), int(constants.GRACE_NO_LIMIT) // 60
    for words in ("sobald alle es gewählt haben", "Zeit pro Zug", "abwesend", f"({grace} Sekunden",
                  f"ohne Zeitlimit {grace_open} Minuten", "Raum verlassen", "Punkt, Komma",
                  "once all of them have", "Time per turn", "away", f"({grace} seconds",
                  f"{grace_open} minutes without a time limit", "Leave room", "Full stop, comma"):
        assert words in text, words


def test_the_start_pages_forms_preselect_the_constants_defaults() -> None:
    """The start page's selects are plain HTML (they work before the script), so their preselected
    options write a default again: each must be the constant's."""
    from html.parser import HTMLParser

    class Selected(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.select: str | None = None
            self.found: dict[str, list[str]] = {}

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            a = dict(attrs)
            if tag == "select":
                self.select = a["id"]
            elif tag == "option" and "selected" in a and self.select is not None:
                self.found.setdefault(self.select, []).append(a["value"] or "")

    page = Selected()
    page.feed((WEB / "index.html").read_text(encoding="utf-8"))

    def target(value: int | None) -> list[str]:
        return ["none" if value is None else str(value)]

    assert page.found["quick-target"] == target(constants.QUICK_TARGET)
    assert page.found["open-target"] == target(None) == page.found["local-target"]  # a room plays without end
    assert page.found["open-turn-time"] == [str(constants.DEFAULT_TURN_TIME)]
    assert page.found["quick-size"] == [str(constants.MIN_PLAYERS)] == page.found["open-seats"]
    assert set(page.found) == {"local-count", "local-target", "quick-size", "quick-target", "open-seats",
                               "open-turn-time", "open-target"}
