"""One schema history for both storages: the same numbered steps, applied once, old files brought in."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from ziehdomino.server.storage.schema import migrations
from ziehdomino.server.storage.schema import migrate_sqlite as migrate

# The tables of a file written before the migrations were numbered (user_version 0), without
# the two columns added later.
_OLD_FILE = """
CREATE TABLE rooms (id TEXT PRIMARY KEY, created REAL NOT NULL, updated REAL NOT NULL, seats TEXT NOT NULL,
                    match TEXT, in_progress INTEGER NOT NULL);
CREATE TABLE rounds (room TEXT NOT NULL, n INTEGER NOT NULL, record TEXT NOT NULL, PRIMARY KEY (room, n));
CREATE TABLE actions (room TEXT NOT NULL, version INTEGER NOT NULL, action TEXT NOT NULL,
                      PRIMARY KEY (room, version)) WITHOUT ROWID;
INSERT INTO rooms VALUES ('r1', 1.0, 2.0, '[]', NULL, 0);
"""


def test_both_dialects_have_the_same_steps() -> None:
    sqlite = [name for _, name, _ in migrations("sqlite")]
    postgres = [name for _, name, _ in migrations("postgresql")]
    assert sqlite == postgres
    assert len(sqlite) >= 5


def _columns(db: sqlite3.Connection, table: str) -> set[str]:
    return {r[1] for r in db.execute(f"PRAGMA table_info({table})")}


def test_a_new_sqlite_file_gets_every_step_once(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / "new.sqlite3", isolation_level=None)
    applied = migrate(db)
    assert applied == [name for _, name, _ in migrations("sqlite")]
    assert db.execute("PRAGMA user_version").fetchone()[0] == len(applied)
    assert {"room"} <= _columns(db, "rooms") and {"state"} <= _columns(db, "actions")
    assert migrate(db) == []  # a second start applies nothing


def test_an_unnumbered_sqlite_file_is_brought_to_the_last_step_with_its_rooms(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / "old.sqlite3", isolation_level=None)
    db.executescript(_OLD_FILE)
    applied = migrate(db)
    assert applied == [name for n, name, _ in migrations("sqlite") if n > 4]
    assert {"room"} <= _columns(db, "rooms") and {"state"} <= _columns(db, "actions")
    assert db.execute("SELECT id, seats FROM rooms").fetchall() == [("r1", "[]")]
