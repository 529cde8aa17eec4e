"""Prose (docstring and comment lines) per line of code, per package of ``src/ziehdomino`` and
per folder of ``web/``; ends with a JSON line ``{"prose": {"<part>": [prose, code], ...}}``.
"""

from __future__ import annotations

import ast
import io
import json
import re
import tokenize
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]
WEB = PACKAGE / "web"


def python_lines(text: str) -> tuple[int, int]:
    """(prose, code) lines of a Python module."""
    prose: set[int] = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                prose.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    code: set[int] = set()
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            prose.add(token.start[0])
        elif token.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER):
            code.update(range(token.start[0], token.end[0] + 1))
    return len(prose), len(code - prose)


_JS_TOKEN = re.compile(r"//[^\n]*|/\*.*?\*/|'(?:\\.|[^'\\\n])*'|\"(?:\\.|[^\"\\\n])*\"|`(?:\\.|[^`\\])*`", re.S)


def js_lines(text: str) -> tuple[int, int]:
    """(prose, code) lines of a JavaScript module: comments against the rest (strings and
    template literals are code; a regular expression holding ``//`` may be miscounted)."""
    prose: set[int] = set()
    code: set[int] = set()
    at = 0
    line = 1

    def mark(part: str, into: set[int]) -> None:
        for i, piece in enumerate(part.split("\n")):
            if piece.strip():
                into.add(line + i)

    for m in _JS_TOKEN.finditer(text):
        mark(text[at:m.start()], code)
        line += text.count("\n", at, m.start())
        mark(m.group(), prose if m.group().startswith("/") else code)
        line += m.group().count("\n")
        at = m.end()
    mark(text[at:], code)
    return len(prose), len(code - prose)


def count() -> dict[str, tuple[int, int]]:
    """{part: (prose, code)}: each Python package (``engine``, ``server/core``, ...) and each folder of ``web/``."""
    out: dict[str, list[int]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        part = path.parent.relative_to(PACKAGE).as_posix() or "."
        prose, code = python_lines(path.read_text(encoding="utf-8"))
        out.setdefault(part, [0, 0])
        out[part][0] += prose
        out[part][1] += code
    for path in sorted(WEB.rglob("*.js")):
        part = "web/" + path.parent.relative_to(WEB).as_posix() if path.parent != WEB else "web"
        prose, code = js_lines(path.read_text(encoding="utf-8"))
        out.setdefault(part, [0, 0])
        out[part][0] += prose
        out[part][1] += code
    return {k: (v[0], v[1]) for k, v in out.items()}


def run() -> None:
    """Prints prose, code and their ratio per part, then the JSON line."""
    parts = count()
    print(f"{'part':24} {'prose':>7} {'code':>7} {'prose/code':>10}")
    for name, (prose, code) in parts.items():
        print(f"{name:24} {prose:7d} {code:7d} {prose / max(code, 1):10.2f}")
    for label, pick in (("python", lambda n: not n.startswith("web")), ("web", lambda n: n.startswith("web"))):
        prose = sum(p for n, (p, _) in parts.items() if pick(n))
        code = sum(c for n, (_, c) in parts.items() if pick(n))
        print(f"{'all ' + label:24} {prose:7d} {code:7d} {prose / max(code, 1):10.2f}")
    print(json.dumps({"prose": parts}))
