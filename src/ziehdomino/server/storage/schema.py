"""One schema history for both storages: ``migrations/<dialect>/NNNN_name.sql``, the same
numbered steps in each dialect (PostgreSQL's add ownership), applied in order when a server
opens a database (SQLite records them in ``PRAGMA user_version``).
"""

from __future__ import annotations

import re
import sqlite3
from importlib import resources
from typing import Literal

Dialect = Literal["sqlite", "postgresql"]

_MIGRATION = re.compile(r"(\d{4})_[a-z0-9_]+\.sql")


def migrations(dialect: Dialect) -> list[tuple[int, str, str]]:
    """The packaged migrations of ``dialect`` as ``(number, file name, SQL)``, in order.

    Raises:
        ValueError: two files share a number, or the numbers do not run 1, 2, 3, ... without a gap.
    """
    found = []
    for entry in resources.files(__package__).joinpath("migrations", dialect).iterdir():
        m = _MIGRATION.fullmatch(entry.name)
        if m:
            found.append((int(m.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort()
    numbers = [n for n, _, _ in found]
    if numbers != list(range(1, len(numbers) + 1)):
        raise ValueError(f"the {dialect} migrations must be numbered 1, 2, 3, ... once each: {numbers}")
    return found


#: The step a file written before the numbered migrations is taken to be at.
_UNNUMBERED_STEP = 4


def migrate_sqlite(db: sqlite3.Connection) -> list[str]:
    """Apply the SQLite migrations ``db`` lacks, each in its own transaction; the names applied.

    Raises:
        sqlite3.Error: a step failed (that step is not applied).
    """
    version = int(db.execute("PRAGMA user_version").fetchone()[0])
    if version == 0 and db.execute("SELECT 1 FROM sqlite_master WHERE name = 'rooms'").fetchone():
        if "room" not in {r[1] for r in db.execute("PRAGMA table_info(rooms)")}:
            db.execute("ALTER TABLE rooms ADD COLUMN room TEXT")
        if "state" not in {r[1] for r in db.execute("PRAGMA table_info(actions)")}:
            db.execute("ALTER TABLE actions ADD COLUMN state TEXT")
        version = _UNNUMBERED_STEP
        db.execute(f"PRAGMA user_version = {version}")
    applied = []
    for number, name, sql in migrations("sqlite"):
        if number <= version:
            continue
        db.execute("BEGIN")
        try:
            for statement in _statements(sql):
                db.execute(statement)
            db.execute(f"PRAGMA user_version = {number}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        applied.append(name)
    return applied


def _statements(sql: str) -> list[str]:
    """A migration file's statements: ``--`` comments dropped, split at ``;``."""
    code = "\n".join(line.split("--", 1)[0] for line in sql.splitlines())
    return [part.strip() for part in code.split(";") if part.strip()]
