"""The HAProxy configuration that sends every request and socket of a room to one process.

Routing (docs/deploy.md): the room id is read from ``/r/{id}...``, ``/api/rooms/{id}...`` and
``/ws/{id}`` (every route of a room: its page, its QR code, its rounds, its join) and hashed
with consistent hashing onto the processes that pass their health check (``GET
/api/health/serving``, every second; two failures take a process out, two successes bring it
back). That check passes while the database is out for less than a lease, so that a short
outage closes no socket (the process keeps its rooms meanwhile, see
:mod:`ziehdomino.server.storage.ownership`). Everything else -- ``POST /api/rooms``, the pages,
``/static`` -- goes to any live process (least connections). When a process is taken out its sockets are closed, so
that its clients reconnect to the room's next process on the ring; a connection that cannot
be made is sent to another process (``option redispatch``).

Room creations and joins are limited per client address in a stick table, once for all
processes (the processes' own per-address limits see the client's address through
``X-Forwarded-For``, which the proxy sets, dropping any a client sent, and which each process
trusts only from its ``--proxy``).

:func:`config` writes it; ``ziehdomino haproxy-config N`` prints it for N local processes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: Room id characters (as :mod:`ziehdomino.server.credentials` makes them).
_ID = "[A-Za-z0-9_-]{16,64}"
#: A host name or an IPv4 address (an IPv6 address in brackets): nothing that could break a line.
_HOST = re.compile(r"[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\]")
_NAME = re.compile(r"[A-Za-z0-9._-]{1,40}")


@dataclass(frozen=True, slots=True)
class Backend:
    """One ``ziehdomino serve`` process: its name (``--name``) and address."""

    name: str
    host: str
    port: int


def local_backends(n: int, first_port: int = 8001, host: str = "127.0.0.1") -> list[Backend]:
    """``n`` processes ``p1``..``pn`` on ``host`` at ``first_port``, ``first_port + 1``, ..."""
    return [Backend(f"p{i + 1}", host, first_port + i) for i in range(n)]


def _check(backends: list[Backend], bind: str, maxconn: int, http_rate: int) -> None:
    """Raise ValueError for what :func:`config` refuses."""
    if not backends:
        raise ValueError("at least one process")
    if len({b.name for b in backends}) != len(backends):
        raise ValueError("process names must differ")
    for b in backends:
        if not _NAME.fullmatch(b.name) or not _HOST.fullmatch(b.host) or not 1 <= b.port <= 65535:
            raise ValueError(f"process {b.name!r} at {b.host!r}:{b.port}: a name of letters, digits, '.', '_' or '-', "
                             "a host name or address, and a port from 1 to 65535")
    host, _, port = bind.rpartition(":")
    if not _HOST.fullmatch(host) or not port.isascii() or not port.isdigit() or not 1 <= int(port) <= 65535:
        raise ValueError(f"--bind {bind!r}: host:port, for example 127.0.0.1:8000")
    if maxconn < 1 or http_rate < 1:
        raise ValueError("--maxconn and --http-rate must be at least 1")


def config(backends: list[Backend], *, bind: str = "127.0.0.1:8000", check_interval_ms: int = 1000,
           maxconn: int = 20000, http_rate: int = 60) -> str:
    """The whole ``haproxy.cfg`` (HAProxy 2.6 or later) as text.

    Args:
        backends: the processes (at least one).
        bind: address:port the proxy listens on.
        check_interval_ms: health check interval.
        maxconn: connections at once (HAProxy needs about two file descriptors per connection).
        http_rate: room creations and joins per minute one client address may make across all
            processes (a stick table; 429 ``rate_limited`` with ``Retry-After`` above it).

    Raises:
        ValueError: no backends, two share a name, a name, host or port that is not one, a
            ``bind`` that is not ``host:port``, ``maxconn`` or ``http_rate`` below 1.
    """
    _check(backends, bind, maxconn, http_rate)
    servers = "\n".join(f"    server {b.name} {b.host}:{b.port} check" for b in backends)
    # the second backend follows the first one's checks: one health check per process, not two
    tracking = "\n".join(f"    server {b.name} {b.host}:{b.port} track rooms/{b.name}" for b in backends)
    return f"""# Ziehdomino: {len(backends)} processes behind one address (docs/deploy.md).
global
    maxconn {maxconn}
    log stderr format short local0 warning

defaults
    mode http
    log global
    option dontlognull
    timeout connect 2s
    timeout client 60s
    timeout server 10s       # a creation or a join (POST); reads have 2 s, see the frontend
    timeout tunnel 1h        # an open WebSocket (the page pings every 25 s)
    timeout http-request 10s
    timeout check 1s
    retries 2
    # a read that a hung process took (no answer within 2 s, an empty one, or 502-504) is sent
    # to another process, so a page or its files load whole while a process hangs
    retry-on conn-failure empty-response response-timeout 502 503 504
    option forwardfor        # the client's address for the processes' own limits (trusted by their --proxy)
    option redispatch 1      # every retry goes to another process
    default-server inter {check_interval_ms}ms fall 2 rise 2 on-marked-down shutdown-sessions

frontend ziehdomino
    bind {bind}
    http-request del-header X-Forwarded-For   # a client's own is never passed on: the proxy sets it
    http-request disable-l7-retry if METH_POST   # never a creation or a join twice
    # creations and joins per client address, counted once for all processes
    stick-table type ip size 200k expire 2m store http_req_rate(1m)
    acl create_or_join method POST
    acl create_or_join_path path /api/rooms
    acl create_or_join_path path_reg ^/api/rooms/{_ID}/join$
    http-request track-sc0 src if create_or_join create_or_join_path
    http-request return status 429 content-type application/json hdr retry-after 60 string '{{"code":"rate_limited","message":"too many rooms or joins from this address; wait a minute"}}' if create_or_join create_or_join_path {{ sc_http_req_rate(0) gt {http_rate} }}
    # every route of a room: /r/{{id}}[/...], /ws/{{id}}, /api/rooms/{{id}}[/...]
    acl room_path path_reg ^/(r|ws)/{_ID}(/.*)?$
    acl room_api path_reg ^/api/rooms/{_ID}(/.*)?$
    http-request set-var(txn.room) path,field(3,/) if room_path
    http-request set-var(txn.room) path,field(4,/) if room_api
    use_backend rooms if room_path || room_api
    default_backend any

backend rooms
    # the room's process: consistent hashing of the room id onto the live processes
    balance hash var(txn.room)
    hash-type consistent
    http-request set-timeout server 2s if METH_GET || METH_HEAD   # every read is answered in milliseconds
    option httpchk GET /api/health/serving
    http-check expect status 200
{servers}

backend any
    # creating a room, pages, static files: any live process
    balance leastconn
    http-request set-timeout server 2s if METH_GET || METH_HEAD
{tracking}
"""
