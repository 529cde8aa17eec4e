"""The name rule in both languages: the server's ``clean_name`` and the pages' ``web/common/names.js``
give the same answer (the clean name, or a refusal) for the same names."""

from __future__ import annotations

import json
import subprocess

from ziehdomino.server.protocol.models import clean_name
from ziehdomino.server.process.settings import DEFAULT_WEB_DIR

NAMES = [
    "Anna", "  Anna ", "x" * 24, "x" * 25, "😀" * 24, "😀" * 25, "<img src=x onerror=a()>", "<img src=x onerror=alert(1)>",
    "", "   ", "\u200b", "\u00ad", "\u3000", "\ufeff", " \u200b ", "\u00a0Kim\u2003", "a\u0007b", "Kim\n", "\tKim",
    "a\u0085b", "a\u2028b", "a\u2029b", "Ben\u202e", "\u202aBen", "a\u2066b", "a\u200eb", "a\u061cb", "Re\u0301ne",
    "👩\u200d💻 Ada", "Zoë", "李小龙", "O'Brien", "a" + "\u0301" * 30, " " * 30 + "Kim",
    "\u3164", "\u115f", "\uffa0", "\u2800", "A\u3164B", "\u0301", "\u0301Ben", "Ben\U000e0041", "e" + "\u0301" * 23,
    "e\u0301\u0302", "e" + "\u0301" * 4, "e" + "\u0301" * 5, "Αnna", "pаypal",
    # Zero-width characters inside a visible name: refused, but for a joiner inside an emoji sequence.
    "An\u200bna", "An\u200cna", "An\u200dna", "An\u2060na", "An\ufeffna", "Anna\u200b", "\u200bAnna", "A\u180eB",
    "A\u2062B", "👩\u200d💻", "🏳\ufe0f\u200d🌈", "🧑\U0001f3fd\u200d🚀", "a\u200d💻", "👩\u200da", "👩\u200d", "\u200d💻",
    "👩\u200d\u200d💻", "Ka\u00adrl",
    # Other format characters draw nothing either: the interlinear annotation marks, deprecated
    # format controls, musical and shorthand format controls, Egyptian hieroglyph joiners.
    "Anna\ufff9hidden\ufffax\ufffb", "A\u206aB", "A\u206fB", "A\U0001d173B", "A\U0001bca0B", "A\U00013430B",
    # Drawn as nothing or as an empty box: refused, alone or inside a name.
    "\ufffc", "A\ufffcB", "\u303f", "\U0001d159", "\U0001d159" * 24, "\ue000", "Kim\ue000", "\u3130", "a\u0378b",
    "\U000f0000",
    # An emoji newer than Python's Unicode tables (U+1FAE8, Unicode 15) is accepted on both sides.
    "\U0001fae8 Kim",
]


def _python(name: str) -> str | None:
    try:
        return clean_name(name)
    except ValueError:
        return None


def test_names_js_and_clean_name_agree() -> None:
    script = (f"import('{(DEFAULT_WEB_DIR / 'common' / 'names.js').as_uri()}').then(({{ cleanName }}) => {{"
              "const names = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
              "process.stdout.write(JSON.stringify(names.map((n) => cleanName(n))));});")
    out = subprocess.run(["node", "-e", script], input=json.dumps(NAMES), capture_output=True, text=True, check=True,
                         timeout=60)
    browser = json.loads(out.stdout)
    mismatches = [(n, _python(n), b) for n, b in zip(NAMES, browser) if _python(n) != b]
    assert not mismatches, mismatches
