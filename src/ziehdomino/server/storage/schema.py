"""One schema history for both storages: numbered migrations, the same steps in each dialect.

``migrations/<dialect>/NNNN_name.sql``: step ``NNNN`` means the same change of the stored form in
both dialects (``sqlite`` and ``postgresql``), so each dialect has the same numbers and names;
PostgreSQL's steps also add what only several processes need (the owner, its lease, the fence).
A database records the steps it has applied (SQLite in ``PRAGMA user_version``, PostgreSQL in
the table ``schema_migrations``) and gets the missing ones, in order, when a server opens it.
"""

from __future__ import annotations

import re
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
