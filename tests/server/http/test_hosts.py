"""The server answers only for the hosts it serves (``--allowed-hosts``, Starlette's
TrustedHostMiddleware): a request or WebSocket whose ``Host`` names another gets 400 on every
route, before anything is read or counted, so a page that rebinds its own name to this server
(DNS rebinding) reaches nothing; the allowed hosts are served as before."""

from __future__ import annotations

import asyncio
import json
import socket
import warnings
from pathlib import Path

import httpx
import pytest
from starlette.applications import Starlette
from starlette.exceptions import StarletteDeprecationWarning
from starlette.routing import Mount, Route, WebSocketRoute
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from tests.support.server import HOST, ServerProcess, on_own_thread
from ziehdomino.cli import _parser
from ziehdomino.hosts import DEFAULT_ALLOWED_HOSTS, check_host, default_hosts, host_pattern, parse_hosts
from ziehdomino.server.http.app import create_app
from ziehdomino.server.process.security import SECURITY_HEADERS
from ziehdomino.server.process.settings import Settings
from ziehdomino.server.storage.memory import MemoryStorage

with warnings.catch_warnings():  # Starlette 1.10 would rather its test client ran on httpx2; httpx does
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from starlette.testclient import TestClient, WebSocketDenialResponse

#: The room's rules, the same on either storage: SQLite only (conftest.py).
BACKENDS = ("sqlite",)

#: Hosts a page elsewhere may put in ``Host`` (its own name, rebound to this server; or one
#: that only looks like ours).
FOREIGN = ["evil.example", "evil.example:8000", "127.0.0.1.evil.example", "localhost.evil.example:8000",
           "[::2]:8000", "127.0.0.1:8000@evil.example", "127.0.0.2"]
#: The rebinding page's request that an Origin check against Host let through.
REBOUND = {"host": "evil.example", "origin": "http://evil.example", "content-type": "application/json"}
QUICK = '{"name": "Eve", "size": 2}'


def _app(tmp_path: Path, web_dir: Path, **kw: object) -> Starlette:
    settings = Settings(data_dir=tmp_path / "d", web_dir=web_dir, computer_delay=0.0, **kw)  # type: ignore[arg-type]
    return create_app(settings, storage=MemoryStorage())


def _requests(app: Starlette, room: str) -> tuple[list[tuple[str, str]], list[str]]:
    """(method, path) of every HTTP route of ``app`` with each of its methods (ids filled in),
    its static files (one there, one missing) and a path that is none; and its WebSocket paths."""
    http: list[tuple[str, str]] = []
    sockets: list[str] = []
    for route in app.routes:
        if isinstance(route, Route):
            path = route.path.replace("{room_id}", room).replace("{n}", "1")
            http += [(m, path) for m in sorted(route.methods or ())]
        elif isinstance(route, WebSocketRoute):
            sockets.append(route.path.replace("{room_id}", room))
        else:
            assert isinstance(route, Mount) and route.path == "/static", route
            http += [("GET", "/static/app.js"), ("HEAD", "/static/app.js"), ("GET", "/static/missing.js")]
    assert sockets == [f"/ws/{room}"] and ("POST", "/api/quick") in http
    return http + [("GET", "/nowhere"), ("DELETE", "/api/rooms")], sockets


def _refused(response: httpx.Response, what: object, *, head: bool = False) -> None:
    assert response.status_code == 400, (what, response.status_code)
    assert response.text == ("" if head else "Invalid host header"), what


def test_a_foreign_host_gets_400_on_every_route_and_the_websocket_and_nothing_is_counted(
        tmp_path: Path, web_dir: Path) -> None:
    """Every route, every method, the static files and the WebSocket's handshake (a denial
    response, never accepted), for every foreign Host, with the security headers; the limits
    it would spend (2 creations or joins a minute, one of them the room's, 1 unknown room) are
    all still there after."""
    app = _app(tmp_path, web_dir, http_rate=2, miss_rate=1, max_rooms_per_address=1)
    with TestClient(app, base_url="http://127.0.0.1:8000") as client:
        made = client.post("/api/rooms", headers={"origin": "http://127.0.0.1:8000"},
                           json={"seats": [{"kind": "person"}, {"kind": "person"}], "name": "Anna"})
        assert made.status_code == 201, made.text
        room = made.json()["room"]
        http, sockets = _requests(app, room)
        for host in FOREIGN:
            headers = {"host": host, "origin": f"http://{host}", "content-type": "application/json"}
            for method, path in http:
                r = client.request(method, path, headers=headers, content=QUICK if method == "POST" else None)
                _refused(r, (host, method, path), head=method == "HEAD")
                assert [(k.encode(), v.encode()) for k, v in r.headers.items() if k.encode() in dict(SECURITY_HEADERS)] \
                    == list(SECURITY_HEADERS), (host, path)
            for path in sockets:
                with pytest.raises(WebSocketDenialResponse) as denied:
                    with client.websocket_connect(path, headers=headers):
                        pass
                _refused(denied.value, (host, path))
        r = client.post("/api/rooms/nope-nope-nope-nope/join", headers=REBOUND, content='{"name": "Eve"}')
        _refused(r, "a join of an unknown room")
        # nothing was counted: the seat is free, this minute's join, the unknown room it may name
        assert [s["taken"] for s in client.get(f"/api/rooms/{room}").json()["seats"]] == [True, False]
        assert client.get("/api/rooms/" + "x" * 22).status_code == 404
        joined = client.post(f"/api/rooms/{room}/join", headers={"origin": "http://127.0.0.1:8000"}, json={"name": "Ben"})
        assert joined.status_code == 201, joined.text


def test_the_allowed_hosts_are_served_and_the_rebinding_request_is_not(tmp_path: Path, web_dir: Path) -> None:
    """By default the loopback names, with any port, in any case; a list of one's own names and
    ``*.domain`` (names under it, not the domain; no ``www.`` redirect either). The request that
    a rebinding page sends (its Host and its Origin its own name) gets 400 and opens nothing."""
    app = _app(tmp_path, web_dir)
    with TestClient(app, base_url="http://127.0.0.1:8000") as client:
        for host in ("127.0.0.1:8000", "127.0.0.1", "localhost:8000", "LOCALHOST", "[::1]:8000", "[::1]"):
            # past the host check: the same-site rule's own answer to a body not declared JSON
            r = client.post("/api/quick", headers={"host": host, "origin": f"http://{host}"}, content=QUICK)
            assert r.status_code == 415, (host, r.text)
            assert client.get("/api/health", headers={"host": host}).status_code == 200, host
        _refused(client.post("/api/quick", headers=REBOUND, content=QUICK), "the rebinding example")
        r = client.post("/api/quick", headers={**REBOUND, "host": "127.0.0.1:8000", "origin": "http://127.0.0.1:8000"},
                        content=QUICK)
        assert r.status_code == 201, r.text
        room, credential = r.json()["room"], r.json()["credential"]
        assert list(app.state.rooms.rooms) == [room]  # the rebound one opened nothing
        with client.websocket_connect(f"ws://127.0.0.1:8000/ws/{room}", headers={"origin": "http://127.0.0.1:8000"}) as ws:
            ws.send_text(json.dumps({"type": "hello", "credential": credential}))
            assert ws.receive_json()["type"] == "state"
    hosts = ("play.example", "*.example.org", "www.rooms.example")
    with TestClient(_app(tmp_path / "own", web_dir, allowed_hosts=hosts)) as client:
        for host, status in [("play.example", 200), ("PLAY.example:8443", 200), ("a.example.org", 200),
                             ("b.a.example.org:443", 200), ("example.org", 400), ("evil-example.org", 400),
                             ("rooms.example", 400), ("localhost", 400), ("127.0.0.1:8000", 400)]:
            r = client.get("/api/health", headers={"host": host}, follow_redirects=False)
            assert r.status_code == status, (host, r.status_code)


def test_a_real_server_refuses_a_websocket_handshake_naming_another_host(tmp_path: Path, web_dir: Path) -> None:
    """uvicorn's websockets-sansio protocol sends the middleware's denial as the handshake's
    answer: HTTP 400, never an upgrade, to a real WebSocket client; a request without a Host
    gets 400 too; the same client naming the server's own host plays."""
    srv = ServerProcess(tmp_path / "data", web_dir=web_dir).start()
    try:
        made = srv.create(["person", "person"])
        room = made["room"]

        async def handshakes() -> tuple[int, str]:
            refused = 0
            for host in ("evil.example", "localhost.evil.example"):
                try:
                    # the client names evil.example (Host and Origin) and connects to the server
                    async with connect(f"ws://{host}:{srv.port}/ws/{room}", host=HOST, port=srv.port,
                                       origin=f"http://{host}:{srv.port}"):  # type: ignore[arg-type]
                        pass
                except InvalidStatus as exc:
                    assert exc.response.status_code == 400 and exc.response.body == b"Invalid host header"
                    refused += 1
            async with connect(srv.ws_url(room), origin=srv.origin) as ws:  # type: ignore[arg-type]
                await ws.send(json.dumps({"type": "hello", "credential": made["credential"]}))
                first = json.loads(await asyncio.wait_for(ws.recv(), 30))["type"]
            return refused, first

        assert on_own_thread(handshakes()) == (2, "state")
        with socket.create_connection((HOST, srv.port), timeout=30) as s:
            s.sendall(b"GET /api/health HTTP/1.0\r\n\r\n")
            assert s.recv(100).startswith(b"HTTP/1.1 400 "), "a request without a Host"
    finally:
        srv.stop()


def test_the_allowed_hosts_option_is_read_and_checked() -> None:
    """``--allowed-hosts``: lowercased, IPv6 in brackets, each once; a port, a bad wildcard or no
    host at all is refused in one line; left out, the loopback names and ``--host`` when it is
    one address; the settings keep the same form whatever they were given."""
    assert parse_hosts(" Play.Example , ::1,*.Example.org,play.example") == ("play.example", "[::1]", "*.example.org")
    for bad in ("play.example:443", "[::1]:8000", "*example.org", "a.*.org", "evil/x", "*.[::1]", " , "):
        with pytest.raises(ValueError, match="--allowed-hosts"):
            parse_hosts(bad)
    assert host_pattern("[0:0::1]") == "[::1]" and host_pattern("*") == "*"
    assert default_hosts("0.0.0.0") == default_hosts("::") == default_hosts("127.0.0.1") == DEFAULT_ALLOWED_HOSTS
    assert default_hosts("192.168.1.5") == (*DEFAULT_ALLOWED_HOSTS, "192.168.1.5")
    assert default_hosts("fe80::5") == (*DEFAULT_ALLOWED_HOSTS, "[fe80::5]")
    assert check_host(("*.example.org", "play.example")) == "play.example" and check_host(("*",)) == "localhost"
    with pytest.raises(ValueError):
        check_host(("*.example.org",))
    assert Settings(data_dir=Path("unused")).allowed_hosts == DEFAULT_ALLOWED_HOSTS == ("localhost", "127.0.0.1", "[::1]")
    assert Settings(data_dir=Path("unused"), allowed_hosts=("A.example", "a.example", "::1")).allowed_hosts == \
        ("a.example", "[::1]")
    for bad_hosts in ((), ("a.example:80",)):
        with pytest.raises(ValueError, match="allowed hosts"):
            Settings(data_dir=Path("unused"), allowed_hosts=bad_hosts)
    assert _parser().parse_args(["serve", "--allowed-hosts", "play.example"]).allowed_hosts == "play.example"
    assert _parser().parse_args(["serve"]).allowed_hosts is None
