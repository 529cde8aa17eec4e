"""The repo explains itself: every file it cites exists in it, and no comment names an issue.

A citation is a path with a folder (``docs/view.md``, ``web/common/codes.js``, ``tests/vectors/``) or a
file name with a known extension (``rules.html``). It resolves when it names a file or folder
relative to the repo root, to the citing file's folder, or as the tail of a path in the repo
(``server/protocol/codes.py`` is ``src/ziehdomino/server/protocol/codes.py``). URLs, routes (``/static/...``)
and files made at run time (``.venv/``, the SQLite file) are not citations.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("src", "docs", "tests", "scripts")
TEXT = {".py", ".js", ".mjs", ".md", ".html", ".css", ".toml", ".json", ""}
SKIP_DIRS = {"__pycache__", "node_modules", ".venv", ".git", ".pytest_cache", ".mypy_cache"}
EXTENSIONS = "md|py|js|mjs|json|html|css|svg|toml|txt|png"
CITATION = re.compile(
    rf"(?<![\w/.:@$<{{-])((?:\.{{1,2}}/)*(?:[\w-]+/)+[\w.-]+\.(?:{EXTENSIONS})\b"  # a/b.md, ./b.js
    rf"|(?:\.{{1,2}}/)*[\w-]+/(?:[\w-]+/)+(?![\w.-])"  # a/b/ (a folder path)
    rf"|(?<=`)[a-z][\w-]+/(?=`)"  # `bench/` (one folder, quoted as code)
    rf"|[\w-]+(?:\.[\w-]+)*\.(?:{EXTENSIONS})\b)(?![\w/(-])"  # rules.html
)
#: Files the code names that another part of the work adds (each with its reason). Keep short.
PENDING = {
}
#: A path joined in Python code (``tmp_path / "bad.json"``): a file the code makes, not a citation.
JOINED = re.compile(r"/\s*[\"'][^\"']*[\"']")
#: Made at run time, or outside the repo on purpose (the Debian browser, a data folder, the
#: screenshots the browser tests write under the git-ignored artifacts folder, a profile's download).
NOT_CITATIONS = re.compile(
    r"^(\.venv/|data/|artifacts/|usr/|bin/|tmp/|node_modules/)|rooms\.sqlite3|ziehdomino-profil\.json|\.egg-info"
    r"|^(e\.g|i\.e)\."
)


def _files(tops: tuple[str, ...]) -> list[Path]:
    found = [ROOT / "README.md"]
    for top in tops:
        for path in sorted((ROOT / top).rglob("*")):
            if path.is_file() and path.suffix in TEXT and not SKIP_DIRS & set(path.relative_to(ROOT).parts) \
                    and not any(part.endswith(".egg-info") for part in path.parts):
                found.append(path)
    return found


def _repo_paths() -> set[str]:
    paths = set()
    for path in ROOT.rglob("*"):
        rel = path.relative_to(ROOT)
        if SKIP_DIRS & set(rel.parts) or any(p.endswith(".egg-info") for p in rel.parts):
            continue
        paths.add(rel.as_posix())
    return paths


def _resolves(cited: str, source: Path, repo: set[str]) -> bool:
    cited = cited.rstrip("/")
    for base in (ROOT, source.parent):
        try:
            (base / cited).resolve().relative_to(ROOT)
        except ValueError:
            continue
        if (base / cited).exists():
            return True
    tail = re.sub(r"^(\.{1,2}/)+", "", cited)
    return tail in repo or any(p.endswith("/" + tail) for p in repo)


def test_every_cited_file_exists_in_the_repo() -> None:
    repo = _repo_paths()
    missing = []
    for path in _files(SCANNED):
        if path == Path(__file__).resolve():
            continue  # its own examples of citations that lead nowhere
        text = path.read_text(encoding="utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), 1):
            line = JOINED.sub("", re.sub(r"[a-z][\w+.-]*://\S+", "", line))
            for match in CITATION.finditer(line):
                cited = match.group(1)
                if NOT_CITATIONS.search(cited) or not ("/" in cited or "." in cited) or cited in PENDING:
                    continue
                if not _resolves(cited, path, repo):
                    missing.append(f"{path.relative_to(ROOT)}:{number}: {cited}")
    assert not missing, "cited but not in the repo:\n" + "\n".join(missing)


ISSUE = re.compile(r"\b" + "iss" + r"ues?\s*#?\d+|\(#\d+\)", re.IGNORECASE)


def test_no_comment_or_doc_names_an_issue() -> None:
    found = []
    for path in _files(SCANNED):
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if ISSUE.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "say what the code means, not which issue asked for it:\n" + "\n".join(found)


def test_the_scanner_sees_a_missing_citation_and_an_issue_number(tmp_path: Path) -> None:
    repo = _repo_paths()
    source = ROOT / "src" / "ziehdomino" / "engine" / "round.py"
    cited = [m.group(1) for m in CITATION.finditer("see NOWHERE.md, docs/view.md, `bench/` and elsewhere/cases/ here")]
    assert cited == ["NOWHERE.md", "docs/view.md", "bench/", "elsewhere/cases/"]
    assert [_resolves(c, source, repo) for c in cited] == [False, True, True, False]
    assert not [m.group(1) for m in CITATION.finditer("assert.throws(f, /got must_play/); 3/4; /static/x.js")]
    assert _resolves("server/protocol/codes.py", source, repo) and _resolves("./tiles.py", source, repo)
    assert not _resolves("./tile.py", source, repo)
    assert ISSUE.search("as " + "issue" + " 7's trap") and not ISSUE.search("an issued credential")
