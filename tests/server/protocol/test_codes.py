"""The one table of wire codes (server/protocol/codes.py) and its mirrors: web/common/codes.js, the docs, the code."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

from ziehdomino.engine.errors import MATCH_CODES, REFUSAL_CODES
from ziehdomino.server.protocol.codes import FINAL_CLOSES, Close, ErrorCode, browser_module

ROOT = Path(__file__).resolve().parents[3]
SERVER = ROOT / "src" / "ziehdomino" / "server"
WEB = ROOT / "src" / "ziehdomino" / "web"


def test_the_browser_module_is_the_python_table() -> None:
    committed = (WEB / "common" / "codes.js").read_text(encoding="utf-8")
    assert committed == browser_module(), "web/common/codes.js differs from server/protocol/codes.py: run scripts/write-codes-js"


def test_error_codes_start_with_the_engines_refusals_in_order() -> None:
    assert tuple(ErrorCode)[: len(REFUSAL_CODES) + len(MATCH_CODES)] == REFUSAL_CODES + MATCH_CODES
    assert len(set(ErrorCode)) == len(ErrorCode)


def test_final_closes_are_close_codes_of_the_table() -> None:
    assert set(FINAL_CLOSES) <= set(Close)
    assert Close.TOO_SLOW not in FINAL_CLOSES and Close.GOING_AWAY not in FINAL_CLOSES  # these may reconnect


def test_protocol_doc_names_every_code() -> None:
    protocol = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    for code in ErrorCode:
        assert f"`{code}`" in protocol, code
    for close in Close:
        assert re.search(rf"\b{close.value}\b", protocol), close


def _literals(path: Path) -> list[tuple[int, str]]:
    """Number and string literals of a Python file, outside docstrings (line, text)."""
    found = []
    previous = tokenize.INDENT
    for tok in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline):
        if tok.type in (tokenize.NUMBER, tokenize.STRING) and previous not in (tokenize.INDENT, tokenize.NEWLINE, tokenize.NL):
            found.append((tok.start[0], tok.string))
        if tok.type not in (tokenize.COMMENT,):
            previous = tok.type
    return found


def test_server_modules_use_the_table_not_literals() -> None:
    close_numbers = {str(c.value) for c in Close if c >= 4000}  # 1000 and the like are also plain numbers
    error_strings = {f'"{e}"' for e in ErrorCode} | {f"'{e}'" for e in ErrorCode}
    offenders = []
    for path in sorted(SERVER.glob("*.py")):
        if path.name == "codes.py":
            continue
        for line, text in _literals(path):
            if text in close_numbers or text in error_strings:
                offenders.append(f"{path.name}:{line}: {text}")
    assert not offenders, offenders


def test_browser_modules_use_codes_js_not_close_numbers() -> None:
    offenders = []
    for path in sorted(WEB.rglob("*.js")):
        if path.name == "codes.js":
            continue
        code = re.sub(r"/\*.*?\*/|//[^\n]*", "", path.read_text(encoding="utf-8"), flags=re.S)
        offenders += [f"{path.name}: {m}" for m in re.findall(r"\b4[0-9]{3}\b", code) if int(m) in set(Close)]
    assert not offenders, offenders
