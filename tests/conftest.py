"""Fixtures shared by every test folder: one throwaway PostgreSQL for the whole session (one per
pytest-xdist worker), and the figures some tests measure (scroll counts, page weights, render
times), printed in the terminal summary. An ``async def`` test runs on an event loop of its own
thread (``pytest_pyfunc_call``).

A test asks for ``figures`` and appends lines to it. Each line travels as a user property of
the test's report, so that it reaches the summary also when pytest-xdist ran the test in a
worker process.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator

import pytest

from tests.support.server import run
from ziehdomino.cluster.postgres import Postgres


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    """Runs an ``async def`` test to its end with its fixtures, on a loop of its own thread.

    Its own thread, because the browser tests' Playwright keeps a loop running on the main thread;
    the WebSocket clients the test left open are closed after it (``tests.support.server.run``).
    """
    if not inspect.iscoroutinefunction(pyfuncitem.obj):
        return None
    names = inspect.signature(pyfuncitem.obj).parameters
    run(pyfuncitem.obj(**{name: pyfuncitem.funcargs[name] for name in names}))
    return True


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


_KEY = "ziehdomino figure"
_FIGURES: list[str] = []


class Figures:
    """What a test hands to ``figures.append(line)``: a line for the summary."""

    def __init__(self, item: pytest.Item) -> None:
        self._item = item

    def append(self, line: str) -> None:
        self._item.user_properties.append((_KEY, line))


@pytest.fixture
def figures(request: pytest.FixtureRequest) -> Figures:
    """Lines printed in the terminal summary under "ziehdomino figures"."""
    return Figures(request.node)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when == "call":
        _FIGURES.extend(str(value) for key, value in report.user_properties if key == _KEY)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _FIGURES:
        terminalreporter.section("ziehdomino figures")
        for line in _FIGURES:
            terminalreporter.write_line(line)
