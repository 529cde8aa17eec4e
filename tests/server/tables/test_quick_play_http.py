"""Open tables against a real server process (docs/protocol.md, "Open tables"): two "Schnell
spielen" requests in the same moment land at one table, a lone one gets computers when the
countdown ends, the live list changes within 2 s, the match's target asked for opens a table
with it but never a second table of one size, a cross-site or text/plain request (or a bad
target) seats nobody, and a waiting table survives SIGKILL."""

from __future__ import annotations

import asyncio

import json
import signal
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx

from ziehdomino.server.tables.lobby import apply_list_change
from tests.support.server import Client, ServerProcess, on_own_thread


def _quick(srv: ServerProcess, name: str, size: int = 2) -> dict[str, Any]:
    r = httpx.post(srv.base + "/api/quick", json={"name": name, "size": size}, headers=srv.own_site, timeout=30)
    assert r.status_code == 201, r.text
    return r.json()


def _summary(srv: ServerProcess, room: str) -> dict[str, Any]:
    return httpx.get(f"{srv.base}/api/rooms/{room}", timeout=30).json()


class _Events:
    """Reads ``GET /api/lobby/events`` on a thread; ``lists`` holds (arrival, tables) per event."""

    def __init__(self, srv: ServerProcess) -> None:
        self.lists: list[tuple[float, list[dict[str, Any]]]] = []
        self.kind = ""
        self._thread = threading.Thread(target=self._run, args=(srv.base,), daemon=True)
        self._thread.start()

    def _run(self, base: str) -> None:
        try:
            with httpx.stream("GET", base + "/api/lobby/events", timeout=httpx.Timeout(30, read=60)) as r:
                self.kind = r.headers["content-type"]
                tables: list[dict[str, Any]] = []
                for line in r.iter_lines():
                    if line.startswith("data: "):
                        event = json.loads(line[6:])  # the whole list, or what changed (the page's rule)
                        changed = event["tables"] if "tables" in event else apply_list_change(tables, event)
                        assert changed is not None
                        tables = changed
                        self.lists.append((time.monotonic(), tables))
        except httpx.HTTPError:
            pass  # the server stopped at the test's end

    def wait(self, pred: Any, timeout: float = 60.0) -> float:
        """The arrival time of the first event whose list satisfies ``pred``."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for at, tables in list(self.lists):
                if pred(tables):
                    return at
            time.sleep(0.02)
        raise AssertionError(f"no list matched; last: {self.lists[-1:]}")


def test_quick_play_pairs_at_once_fills_with_computers_and_the_list_follows(tmp_path: Path, web_dir: Path) -> None:
    srv = ServerProcess(tmp_path / "data", web_dir=web_dir, extra=["--quick-wait", "1", "--computer-delay", "0"]).start()
    try:
        events = _Events(srv)
        events.wait(lambda tables: tables == [])
        assert events.kind.startswith("text/event-stream")
        with ThreadPoolExecutor(2) as pool:  # two people press in the same moment
            a, b = pool.map(lambda n: _quick(srv, n), ["Anna", "Ben"])
        assert a["room"] == b["room"] and {a["seat"], b["seat"]} == {0, 1}
        assert _summary(srv, a["room"])["full"] and not _summary(srv, a["room"])["started"]

        async def open_both() -> None:  # the round is dealt once both pages opened the table
            pages = [await Client(srv, a["room"], seat["credential"]).open() for seat in (a, b)]
            await pages[1].wait_state(lambda s: s["view"] is not None, timeout=60)
            for page in pages:
                await page.close()

        on_own_thread(open_both())
        assert _summary(srv, a["room"])["started"]

        lone = _quick(srv, "Cleo", 3)
        # The same browser again, naming the rooms it holds a seat in: sent back to its seat.
        again = httpx.post(srv.base + "/api/quick", json={"name": "Cleo", "size": 3, "held": [a["room"], lone["room"]]},
                           headers=srv.own_site, timeout=30)
        assert again.status_code == 200 and again.json() == {"room": lone["room"], "link": f"/r/{lone['room']}"}
        bad = httpx.post(srv.base + "/api/quick", json={"name": "Cleo", "size": 3, "held": ["<b>"]},
                         headers=srv.own_site, timeout=30)
        assert bad.status_code == 422
        assert [s["name"] for s in _summary(srv, lone["room"])["seats"]] == ["Cleo", None, None]

        async def sit() -> tuple[float, float, float]:
            client = await Client(srv, lone["room"], lone["credential"]).open()
            connected = time.monotonic()
            state = await client.wait_state(lambda s: s["view"] is not None, timeout=60)
            dealt = time.monotonic()
            assert [s["kind"] for s in state["room"]["seats"]] == ["person", "computer", "computer"]
            assert {s["level"] for s in state["room"]["seats"][1:]} == {"mittel"}
            # Cleo stays until the list showed her table (a table whose people all left goes)
            listed = await asyncio.to_thread(events.wait, lambda tables: any(t["room"] == lone["room"] for t in tables))
            await client.close()
            return connected, dealt, listed

        # How soon is a figure, printed, not asserted: a busy machine may take longer.
        connected, dealt, listed = on_own_thread(sit())
        print(f"lone quick play: dealt {dealt - connected:.2f} s after connecting (countdown 1 s); "
              f"listed {listed - connected:.2f} s after")
    finally:
        srv.stop()


def test_a_cross_site_or_plain_text_quick_play_seats_nobody(tmp_path: Path, web_dir: Path) -> None:
    srv = ServerProcess(tmp_path / "data", web_dir=web_dir).start()
    try:
        body = json.dumps({"name": "Eve", "size": 2})
        plain = httpx.post(srv.base + "/api/quick", content=body, timeout=30,
                           headers={**srv.own_site, "content-type": "text/plain"})
        foreign = httpx.post(srv.base + "/api/quick", content=body, timeout=30,
                             headers={"origin": "http://evil.example", "content-type": "application/json"})
        bad = httpx.post(srv.base + "/api/quick", json={"name": "Eve", "size": 5}, headers=srv.own_site, timeout=30)
        forged = httpx.post(srv.base + "/api/quick", json={"name": "Eve", "size": 2, "contribution": "<b>" + "a" * 29},
                            headers=srv.own_site, timeout=30)
        assert (plain.status_code, foreign.status_code, bad.status_code, forged.status_code) == (415, 403, 422, 422)
        assert httpx.get(srv.base + "/api/lobby", timeout=30).json() == {"tables": []}
        ada = _quick(srv, "Ada")
        assert ada["seat"] == 0 and ada["commitment"] is None  # nothing was opened by the refused ones
        pending = _summary(srv, ada["room"])["commitment"]
        # the last seat: the answer names the deal its contribution went to (dealt once both
        # pages opened the table)
        bea = httpx.post(srv.base + "/api/quick", json={"name": "Bea", "size": 2, "contribution": "b" * 32},
                         headers=srv.own_site, timeout=30).json()
        assert bea["room"] == ada["room"] and bea["seat"] == 1 and bea["commitment"] == pending
        assert _summary(srv, ada["room"])["full"]
    finally:
        srv.stop()


def test_quick_play_opens_a_table_with_the_target_asked_for_and_pairs_across_targets(tmp_path: Path, web_dir: Path) -> None:
    srv = ServerProcess(tmp_path / "data", web_dir=web_dir).start()
    try:
        def quick(body: dict[str, Any]) -> httpx.Response:
            return httpx.post(srv.base + "/api/quick", json=body, headers=srv.own_site, timeout=30)

        first = quick({"name": "Anna", "size": 3, "target": 3})
        assert first.status_code == 201, first.text
        room = first.json()["room"]
        assert _summary(srv, room)["target"] == 3
        # Another target for the same size: the same table, never a second half-empty one.
        second = quick({"name": "Ben", "size": 3, "target": 10})
        assert second.status_code == 201 and second.json()["room"] == room and second.json()["seat"] == 1
        before = _summary(srv, room)
        for target in ["3", 4, 0, True, 3.5, [3], {"wins": 3}]:
            refused = quick({"name": "Cleo", "size": 3, "target": target})
            assert refused.status_code == 422 and refused.json()["code"] == "bad_request", (target, refused.text)
        assert _summary(srv, room) == before  # nobody was seated, the target is unchanged
        third = quick({"name": "Cleo", "size": 3, "target": 5})  # the next seat, no table opened meanwhile
        assert third.status_code == 201 and (third.json()["room"], third.json()["seat"]) == (room, 2)
        assert _summary(srv, room)["full"] and _summary(srv, room)["target"] == 3
        # Left out: 5; null: no target (each a new table of its size)
        assert _summary(srv, _quick(srv, "Dora", 2)["room"])["target"] == 5
        endless = quick({"name": "Emil", "size": 4, "target": None})
        assert endless.status_code == 201 and _summary(srv, endless.json()["room"])["target"] is None
    finally:
        srv.stop()


def test_a_waiting_table_survives_sigkill_and_starts_once_its_person_is_back(tmp_path: Path, web_dir: Path) -> None:
    srv = ServerProcess(tmp_path / "data", web_dir=web_dir,
                        extra=["--quick-wait", "2", "--grace", "2", "--computer-delay", "0"]).start()
    try:
        seat = _quick(srv, "Anna", 4)

        async def there() -> None:
            client = await Client(srv, seat["room"], seat["credential"]).open()
            state = await client.wait_state(lambda s: s["room"]["wait_ms"] is not None)
            assert state["room"]["public"] and 0 < state["room"]["wait_ms"] <= 2000
            srv.kill()  # while she is there: her connection drops with the process
            await client.wait_closed()

        on_own_thread(there())
        srv = srv.successor().start()
        summary = _summary(srv, seat["room"])
        assert summary.get("started") is False, summary  # she is away since the restart: it waits

        async def back() -> None:
            client = await Client(srv, seat["room"], seat["credential"]).open()
            state = await client.wait_state(lambda s: s["view"] is not None, timeout=60)
            assert [s["kind"] for s in state["room"]["seats"]] == ["person", "computer", "computer", "computer"]
            await client.close()

        on_own_thread(back())
    finally:
        srv.stop()


def test_leaving_from_meine_raeume_frees_the_address_limit_and_a_stranger_cannot_leave_for_you(tmp_path: Path, web_dir: Path) -> None:
    srv = ServerProcess(tmp_path / "data", web_dir=web_dir, extra=["--max-rooms-per-address", "2"]).start()
    try:
        first = srv.create(["person", "person"])
        second = srv.create(["person", "person", "person"])
        srv.join(second["room"], "Ben")
        body = {"seats": [{"kind": "person"}] * 2, "name": "Anna"}
        refused = httpx.post(srv.base + "/api/rooms", json=body, headers=srv.own_site, timeout=30)
        assert refused.status_code == 429 and "Meine Räume" in refused.json()["message"]

        def leave(room: str, credential: str, headers: dict[str, str] | None = None) -> httpx.Response:
            return httpx.post(f"{srv.base}/api/rooms/{room}/leave", json={"credential": credential},
                              headers=srv.own_site if headers is None else headers, timeout=30)

        assert leave(first["room"], "not-the-credential").status_code == 403
        foreign = {"origin": "http://evil.example", "content-type": "application/json"}
        assert leave(first["room"], first["credential"], foreign).status_code == 403
        assert _summary(srv, first["room"])["seats"][0]["taken"]  # neither changed anything
        left = leave(second["room"], second["credential"])  # Ben stays: a computer takes Anna's seat
        assert left.status_code == 200 and left.json() == {"left": True}
        assert _summary(srv, second["room"])["seats"][0]["left"]
        assert leave(first["room"], first["credential"]).status_code == 200  # the last person: it ends
        assert httpx.get(f"{srv.base}/api/rooms/{first['room']}", timeout=30).status_code == 404
        again = httpx.post(srv.base + "/api/rooms", json=body, headers=srv.own_site, timeout=30)
        assert again.status_code == 201
    finally:
        srv.stop()


async def test_everyone_at_the_table_learns_how_many_watch(tmp_path: Path, web_dir: Path) -> None:
    srv = ServerProcess(tmp_path / "data", web_dir=web_dir).start()
    try:
        made = srv.create(["person", "person"])

        anna = await Client(srv, made["room"], made["credential"]).open()
        def watched(n: int, after: int = 0) -> Any:
            return lambda c: any(f[1] == {"type": "watching", "n": n} for f in c.frames[after:])

        await anna.wait_for(watched(0))
        spectator = await Client(srv, made["room"]).open()
        await anna.wait_for(watched(1))
        await spectator.wait_for(watched(1))
        seen = len(anna.frames)
        second_tab = await Client(srv, made["room"], made["credential"]).open()  # Anna's seat again
        await second_tab.wait_for(watched(1))  # the new connection learns it; nobody else is told
        await spectator.close()
        await anna.wait_for(watched(0, seen))
        told = [f[1]["n"] for f in anna.frames[seen:] if f[1].get("type") == "watching"]
        assert told == [0], told  # only the spectator's leaving changed the number
        await second_tab.close()
        await anna.close()
    finally:
        srv.stop()


def test_a_server_with_a_list_watched_stops_at_once_and_cleanly(tmp_path: Path, web_dir: Path) -> None:
    """An open event stream of "Offene Tische" (a start page left open) does not hold up the
    server's shutdown: it is closed at once, without an error in the log."""
    srv = ServerProcess(tmp_path / "data", web_dir=web_dir).start()
    try:
        events = _Events(srv)
        events.wait(lambda tables: tables == [])
        assert srv.proc is not None
        srv.proc.send_signal(signal.SIGINT)
        srv.proc.wait(timeout=30)
    finally:
        srv.stop()
    log = srv.log()
    # the shutdown's grace (5 s) was not waited out, nor the stream cancelled with a traceback
    assert "Exception in ASGI application" not in log and "graceful shutdown exceeded" not in log, log[-2000:]
