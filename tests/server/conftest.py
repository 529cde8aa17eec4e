"""Fixtures for the server tests: the app in this process (``site``, for HTTP answers), and a real
``ziehdomino serve`` process per module, on each storage (``server``).

Every test that uses ``server`` or ``backend`` runs twice: with SQLite in a temporary folder
and with a fresh database on the session's throwaway PostgreSQL. A module that tests the room's
rules or the protocol rather than what is stored sets ``BACKENDS = ("sqlite",)``: the storage
contract, the restarts, the cleanup and the races run on both, and that is where the two differ.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.app import AppSite
from tests.support.server import ServerProcess


@pytest.fixture(scope="module")
def web_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tiny stand-in for ``web/`` so page routes are tested without the real pages."""
    d = tmp_path_factory.mktemp("web")
    for name in ("index.html", "room.html", "local.html", "rules.html", "replay.html"):
        (d / name).write_text(f"<!doctype html><title>{name}</title>", encoding="utf-8")
    (d / "app.js").write_text("export const x = 1;\n" * 200, encoding="utf-8")
    (d / "sw.js").write_text("self.addEventListener('fetch', () => {});\n", encoding="utf-8")
    return d


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    # A test that names ``backend`` in its own parametrize chooses its storages itself.
    if any("backend" in m.args[0] for m in metafunc.definition.iter_markers("parametrize")):
        return
    if "backend" in metafunc.fixturenames:
        kinds = getattr(metafunc.module, "BACKENDS", ("sqlite", "postgresql"))
        metafunc.parametrize("backend", kinds, indirect=True, scope="module")


@pytest.fixture(scope="module")
def backend(request: pytest.FixtureRequest) -> str | None:
    """The ``--database`` of a module's servers: None (SQLite in ``--data``) or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return None
    return str(request.getfixturevalue("postgres").new_database())


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, web_dir: Path, backend: str | None) -> Iterator[ServerProcess]:
    """One server for a test module (computer delay 0, generous rate limits, long graces)."""
    data = tmp_path_factory.mktemp("data") / "d"
    # Away persons get an hour before a computer stands in (tests of stand-ins start their own server).
    srv = ServerProcess(data, web_dir=web_dir, database=backend, extra=["--grace", "3600", "--grace-no-limit", "3600"]).start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture
def site(web_dir: Path) -> Iterator[AppSite]:
    """The app in this process on the in-memory storage, its lifespan running (tests/support/app.py)."""
    with AppSite(web_dir) as s:
        yield s
