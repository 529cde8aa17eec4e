"""Fixtures for the cluster tests: PostgreSQL (the session's) + 3 processes + HAProxy on loopback."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.cluster import LEASE
from ziehdomino.cluster.run import Cluster


@pytest.fixture(scope="module")
def cluster(postgres: Any) -> Iterator[Cluster]:
    """Three ``ziehdomino serve`` processes (computer delay 0) behind HAProxy, on a fresh database."""
    c = Cluster(3, database=postgres.new_database(), http_rate=100000,
                extra=["--computer-delay", "0", "--log-level", "info", "--http-rate", "100000", "--ws-rate", "10000",
                       "--lease", str(LEASE), "--max-rooms-per-address", "1000",
                       "--max-open-seats-per-address", "1000"]).start()
    try:
        yield c
    finally:
        c.stop()
