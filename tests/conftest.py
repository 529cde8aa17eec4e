"""Fixtures shared by every test folder: one throwaway PostgreSQL for the whole session."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ziehdomino.cluster.postgres import Postgres


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    """A throwaway PostgreSQL on 127.0.0.1 (started on first use, removed at the session's end).

    Fails (never skips) when PostgreSQL is not installed: ``apt-get install postgresql``.
    """
    pg = Postgres().start()
    try:
        yield pg
    finally:
        pg.destroy()

