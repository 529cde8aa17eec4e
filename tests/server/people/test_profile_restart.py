"""A profile survives a SIGKILL of a real server process (tests/support/server.py): it was
committed before the answer, on SQLite and on PostgreSQL."""

from __future__ import annotations

from pathlib import Path

import httpx

from tests.support.server import TIMEOUT, ServerProcess

KEY = "0123456789abcdef0123456789abcdef"


def test_a_profile_and_its_name_survive_a_sigkill(tmp_path: Path, web_dir: Path, backend: str | None) -> None:
    with ServerProcess(tmp_path / "data", web_dir=web_dir, database=backend).running() as srv:
        own = {**srv.own_site, "x-ziehdomino-profile": KEY}
        made = httpx.post(f"{srv.base}/api/profile", json={"holder": KEY}, headers=srv.own_site, timeout=TIMEOUT)
        assert made.status_code == 201, made.text
        renamed = httpx.patch(f"{srv.base}/api/profile", json={"name": "Anna"}, headers=own, timeout=TIMEOUT)
        assert renamed.status_code == 200, renamed.text
        srv.kill()  # SIGKILL: no shutdown code runs

        with srv.successor().running() as srv2:
            again = httpx.get(f"{srv2.base}/api/profile", headers={"x-ziehdomino-profile": KEY}, timeout=TIMEOUT)
            assert again.status_code == 200 and again.json() == {**made.json(), "name": "Anna"}
            public = httpx.get(f"{srv2.base}/api/p/{made.json()['id']}", timeout=TIMEOUT).json()
            assert public["name"] == "Anna"
