"""The cluster behind TLS (``haproxy-config --tls``, ``scripts/cluster --tls``): a round played
to its end through https and wss, plain HTTP only redirecting, Strict-Transport-Security, and
requests from another site spending nothing of the proxy's per-address count."""

from __future__ import annotations

import random
import socket
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.support.server import Client, ServerProcess, check_frames, on_own_thread, play_moves, seated_room

from ziehdomino.cluster.haproxy import HSTS
from ziehdomino.cluster.run import Cluster
from ziehdomino.server.http.invite import invitation_link, qr_svg

#: The proxy's creations and joins per minute per address in this test: few, so that its count shows.
HTTP_RATE = 4
BODY = {"seats": [{"kind": "person"}, {"kind": "person"}], "name": "A"}


@pytest.fixture(scope="module")
def tls_cluster(postgres: Any) -> Iterator[Cluster]:
    """Two processes behind HAProxy serving https with a throwaway self-signed certificate."""
    c = Cluster(2, database=postgres.new_database(), http_rate=HTTP_RATE, tls=True,
                extra=["--computer-delay", "0", "--http-rate", "100000", "--ws-rate", "10000",
                       "--max-rooms-per-address", "1000", "--max-open-seats-per-address", "1000"]).start()
    try:
        yield c
    finally:
        c.stop()


def _target(cluster: Cluster) -> ServerProcess:
    assert cluster.certificate is not None and cluster.dsn is not None
    return ServerProcess(cluster.root / "unused", port=cluster.port, database=cluster.dsn,
                         tls=cluster.certificate.client_context())


def test_plain_http_only_redirects_to_https(tls_cluster: Cluster) -> None:
    """Every request on the plain port, a creation included, is a 301 to the same path on
    https; nothing reaches a process in clear text."""
    plain = f"http://127.0.0.1:{tls_cluster.http_port}"
    for method, path in [("GET", "/r/AAAAAAAAAAAAAAAAAAAAAA?x=1"), ("GET", "/"), ("POST", "/api/rooms")]:
        r = httpx.request(method, plain + path, json=BODY, headers={"origin": plain}, timeout=30)
        assert r.status_code == 301, (method, path, r.status_code)
        assert r.headers["location"] == f"https://127.0.0.1:{tls_cluster.port}{path}"
    assert _rooms_stored(tls_cluster) == 0  # the creation sent in clear text made nothing


def _rooms_stored(cluster: Cluster) -> int:
    import asyncpg

    async def count() -> int:
        conn = await asyncpg.connect(cluster.dsn)
        try:
            return int(await conn.fetchval("SELECT count(*) FROM rooms"))
        finally:
            await conn.close()
    return int(on_own_thread(count()))


async def test_a_round_plays_to_its_end_through_https_and_wss(tls_cluster: Cluster) -> None:
    """Pages and the API over https carry Strict-Transport-Security (the proxy's own 429 too);
    the invitation link the server makes is https (the proxy says so in X-Forwarded-Proto); a
    request from another site, or naming a host not the site's, is refused and not counted by
    the proxy; a whole round is played
    over wss, every frame checked against the stored truth."""
    target = _target(tls_cluster)
    with httpx.Client(base_url=target.base, verify=target.verify, timeout=30) as http:
        page = http.get("/")
        assert page.status_code == 200 and page.headers["strict-transport-security"] == HSTS
        for _ in range(3 * HTTP_RATE):  # a page elsewhere cannot spend this address's count
            r = http.post("/api/rooms", json=BODY, headers={"origin": "https://evil.example"})
            assert r.status_code == 403 and r.json()["code"] == "cross_site"
            # nor through its own name rebound to the proxy (Host and Origin its own): the
            # process answers 400 through the proxy, which did not count it either
            r = http.post("/api/rooms", json=BODY, headers={"host": "evil.example", "origin": "https://evil.example"})
            assert r.status_code == 400 and r.text == "Invalid host header"
            assert r.headers["strict-transport-security"] == HSTS
        seats = ["person", "person"]
        room, creds = seated_room(target, seats)  # a creation and a join: 2 of HTTP_RATE
        for status in [201] * (HTTP_RATE - 2) + [429]:
            r = http.post("/api/rooms", json=BODY, headers=target.own_site)
            assert r.status_code == status, r.text
        assert r.headers["strict-transport-security"] == HSTS
        qr = http.get(f"/r/{room}/qr.svg")
        assert qr.status_code == 200 and qr.content == qr_svg(invitation_link(target.base + "/", room),
                                                               "QR-Code des Einladungslinks")
    foreign = await Client(target, room, origin="https://evil.example").open()
    assert await foreign.wait_closed() == 4403
    clients = {s: await Client(target, room, c).open() for s, c in creds.items()}
    end = await play_moves(clients, seats, until_over=True, rng=random.Random(7))
    assert end["result"] is not None
    for c in clients.values():
        await c.wait_state(lambda st: st["view"]["version"] == end["version"])
    assert check_frames(target, room, list(clients.values()), 1, list(creds.values())) >= end["version"] - 1
    for c in clients.values():
        await c.close()


def test_idle_connections_to_the_proxy_cannot_keep_a_new_user_out(tls_cluster: Cluster, figures: Any) -> None:
    """400 connections from one address that never start their TLS handshake: the proxy keeps
    no more than its cap per address (the default, as a process's), a new user's room is made
    through https meanwhile, and the proxy closes the idle ones (after its client
    timeout: HAProxy 2.6 has no handshake timeout of its own)."""
    from ziehdomino.constants import MAX_CONNECTIONS_PER_ADDRESS

    target = _target(tls_cluster)
    flood = []
    try:
        for _ in range(400):
            s = socket.socket()
            s.bind(("127.0.0.2", 0))  # a client's source address on loopback: nothing listens there
            s.connect(("127.0.0.1", tls_cluster.port))
            flood.append(s)
        start = time.monotonic()
        # the new user: a third address, whose count of creations is its own
        with httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.3", verify=target.verify),
                          timeout=30) as http:
            made = http.post(target.base + "/api/rooms", json=BODY, headers=target.own_site)
        took = time.monotonic() - start
        assert made.status_code == 201, made.text
        # The proxy refuses what is past the cap as it accepts them, later on a busy machine;
        # those it keeps are still open: the new user did not wait for it to drop them.
        deadline = time.monotonic() + 30
        while (held := _open(flood)) > MAX_CONNECTIONS_PER_ADDRESS and time.monotonic() < deadline:
            time.sleep(0.2)
        assert 0 < held <= MAX_CONNECTIONS_PER_ADDRESS, held
        figures.append(f"proxy: 400 idle connections from one address, {held} held (cap "
                       f"{MAX_CONNECTIONS_PER_ADDRESS}), a new user's room through https in {took * 1000:.0f} ms")
        deadline = time.monotonic() + 60
        while _open(flood) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert _open(flood) == 0
    finally:
        for s in flood:
            s.close()


def _open(socks: list[socket.socket]) -> int:
    """How many of ``socks`` the other end has not closed."""
    n = 0
    for s in socks:
        s.setblocking(False)
        try:
            while s.recv(65536):
                pass
        except BlockingIOError:
            n += 1
        except OSError:
            pass
    return n
