"""An online round on a phone behind a slow 3G link keeps up with the computers.

Chromium's own network throttling (CDP ``Network.emulateNetworkConditions``) delays a
WebSocket's handshake but not its frames, so the link is modelled here, on the page's socket
itself (Playwright's WebSocket route): DevTools' "Slow 3G" profile, 400 kbit/s each way and
2 s round trip (1 s each way), every frame queued behind the ones before it. The server's
computers act at once (computer delay 0, faster than any pace), three of them against one
person; the page takes delta frames as it always does.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.support.e2e import act_by_names, turn_state, watch

#: DevTools' "Slow 3G": bytes per second each way, and the one-way delay in seconds.
BYTES_PER_S = 400_000 / 8
ONE_WAY_S = 1.0


def _is_keepalive(message: str | bytes) -> bool:
    text = message.decode() if isinstance(message, bytes) else message
    return text in ('{"type":"ping"}', '{"type":"pong"}')


class SlowLink:
    """Both directions of one page's WebSocket through a slow link: a frame arrives once the
    frames before it are through and its own bytes are (at :data:`BYTES_PER_S`), one-way delay
    later. Frames are delivered by :meth:`pump` (Playwright's handlers only queue them)."""

    def __init__(self) -> None:
        self.queues: dict[str, list[tuple[float, Any, str | bytes]]] = {"down": [], "up": []}
        self.free = {"down": 0.0, "up": 0.0}  # when each direction's line is free again
        self.waits: list[float] = []  # per frame to the page: seconds it queued behind others
        self.down_bytes: list[int] = []
        self.frames: list[str] = []  # the types of the frames to the page

    def route(self, ws: Any) -> None:
        server = ws.connect_to_server()
        ws.on_message(lambda m: self._queue("up", server, m))
        server.on_message(lambda m: self._queue("down", ws, m))

    def _queue(self, way: str, to: Any, message: str | bytes) -> None:
        now = time.monotonic()
        size = len(message.encode() if isinstance(message, str) else message)
        start = max(now, self.free[way])
        self.free[way] = start + size / BYTES_PER_S
        if way == "down":
            self.waits.append(start - now)
            self.down_bytes.append(size)
            self.frames.append(json.loads(message)["type"])
        self.queues[way].append((self.free[way] + ONE_WAY_S, to, message))

    def busy(self) -> bool:
        """Whether a frame of the game is on its way (a ping or its pong is not: the page sends
        one every 10 s, and a person does not wait for it)."""
        return any(not _is_keepalive(m) for queue in self.queues.values() for _, _, m in queue)

    def pump(self) -> None:
        """Deliver every frame whose time has come, in order."""
        now = time.monotonic()
        for queue in self.queues.values():
            while queue and queue[0][0] <= now:
                _, to, message = queue.pop(0)
                to.send(message)


def test_an_online_round_behind_slow_3g_keeps_up_with_the_computers(server, new_context):
    made = httpx.post(server.base + "/api/rooms", json={"seats": [{"kind": "person"}, {"kind": "person"},
                                                                  {"kind": "computer", "level": "leicht"},
                                                                  {"kind": "computer", "level": "leicht"}],
                                                        "name": "Anna"}, headers=server.own_site, timeout=20).json()
    room = made["room"]
    joined = httpx.post(f"{server.base}/api/rooms/{room}/join", json={"name": "Ben"}, headers=server.own_site,
                        timeout=20).json()
    link = SlowLink()
    context = new_context(viewport={"width": 390, "height": 844})
    context.route_web_socket(re.compile(r"/ws/"), link.route)
    anna = context.new_page()
    problems = watch(anna)
    anna.goto(server.base + "/regeln")
    anna.evaluate("([key, value]) => { localStorage.setItem(key, value); localStorage.setItem('ziehdomino.tempo', 'schnell'); }",
                  [f"ziehdomino.seat.{room}", json.dumps({"seat": made["seat"], "credential": made["credential"]})])
    anna.goto(f"{server.base}/r/{room}")
    # Ben leaves at once: a computer plays his seat, so one person plays against three computers
    with connect(server.ws_url(room), origin=server.origin) as ben:
        ben.send(json.dumps({"type": "hello", "credential": joined["credential"]}))
        ben.recv(timeout=20)
        ben.send('{"type":"leave"}')
        with pytest.raises(ConnectionClosed):
            while True:
                ben.recv(timeout=20)

    acted = 0
    waited_for_turn: list[float] = []  # seconds from an action of Anna's until it was her turn again
    deadline = time.monotonic() + 240
    sent_at: float | None = None
    while time.monotonic() < deadline:
        link.pump()
        state = turn_state(anna)
        if state == "over":
            break
        # her turn, nothing on the link, and the page no longer waiting for an answer ("Wird
        # gesendet"): a person acts then
        if state == "mine" and not link.busy() and anna.locator(".table.is-sending").count() == 0:
            if sent_at is not None:
                waited_for_turn.append(time.monotonic() - sent_at)
            act_by_names(anna)
            acted += 1
            sent_at = time.monotonic()
            # her action is on its way: the page shows it only once the server's answer arrives
            while link.busy():
                link.pump()
                anna.wait_for_timeout(20)
        anna.wait_for_timeout(20)
    else:
        raise AssertionError("the round did not end within 240 s behind the slow link")
    expect(anna.get_by_role("button", name="Nächste Runde")).to_be_visible()
    assert acted >= 2
    assert "delta" in link.frames and link.frames.count("delta") > link.frames.count("state")
    # Keeping up: no frame to the page queued more than a moment behind the ones before it (the
    # link never filled); how soon each of her turns came back is printed below.
    assert max(link.waits) < 0.25, max(link.waits)
    average = sum(link.down_bytes) / len(link.down_bytes)
    print(f"slow 3G: {len(link.down_bytes)} frames to the page, {sum(link.down_bytes)} bytes, {average:.0f} per frame; "
          f"longest queue {max(link.waits) * 1000:.0f} ms; her turn back after {max(waited_for_turn):.2f} s at most")
    assert not problems, problems
