"""The HAProxy configuration that sends every request and socket of a room to one process, as
``docs/deploy.md`` "Routing: HAProxy" describes: the room id of ``/r/``, ``/api/rooms/`` and
``/ws/`` paths hashed consistently onto the healthy processes, everything else to any; per-address
limits once for all processes; TLS terminated with a plain HTTP redirect. :func:`config` writes
it; ``ziehdomino haproxy-config N`` prints it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..constants import MAX_CONNECTIONS_PER_ADDRESS, REQUEST_TIMEOUT
from ..hosts import DEFAULT_ALLOWED_HOSTS, check_host, host_pattern

#: Room id characters (as :mod:`ziehdomino.server.core.credentials` makes them).
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


#: ``Strict-Transport-Security`` on every answer over TLS.
HSTS = "max-age=31536000"


def _host_port(text: str, what: str) -> tuple[str, int]:
    """``host:port`` split; ValueError naming ``what`` when it is not one."""
    host, _, port = text.rpartition(":")
    if not _HOST.fullmatch(host) or not port.isascii() or not port.isdigit() or not 1 <= int(port) <= 65535:
        raise ValueError(f"{what} {text!r}: host:port, for example 127.0.0.1:8000")
    return host, int(port)


def _check(backends: list[Backend], bind: str, maxconn: int, http_rate: int) -> None:
    if not backends:
        raise ValueError("at least one process")
    if len({b.name for b in backends}) != len(backends):
        raise ValueError("process names must differ")
    for b in backends:
        if not _NAME.fullmatch(b.name) or not _HOST.fullmatch(b.host) or not 1 <= b.port <= 65535:
            raise ValueError(f"process {b.name!r} at {b.host!r}:{b.port}: a name of letters, digits, '.', '_' or '-', "
                             "a host name or address, and a port from 1 to 65535")
    _host_port(bind, "--bind")
    if maxconn < 1 or http_rate < 1:
        raise ValueError("--maxconn and --http-rate must be at least 1")


def config(backends: list[Backend], *, bind: str = "127.0.0.1:8000", check_interval_ms: int = 1000,
           maxconn: int = 20000, http_rate: int = 60, tls: Path | None = None, http_bind: str | None = None,
           per_address: int = MAX_CONNECTIONS_PER_ADDRESS, request_timeout: float = REQUEST_TIMEOUT,
           allowed_hosts: Sequence[str] = DEFAULT_ALLOWED_HOSTS) -> str:
    """The whole ``haproxy.cfg`` (HAProxy 2.6 or later) as text.

    ``http_rate``: room creations and joins per minute per client address, all processes
    together; ``tls``: a PEM file of certificate and key, with ``http_bind`` (default port 80 of
    ``bind``'s host) redirecting to ``bind``; ``per_address``, ``request_timeout`` and
    ``allowed_hosts`` as the processes' options of those names (``maxconn``: about two file
    descriptors each); docs/deploy.md, "Routing: HAProxy". Raises ``ValueError`` for any
    argument it cannot write safely.
    """
    _check(backends, bind, maxconn, http_rate)
    hosts = [host_pattern(h) for h in allowed_hosts]
    checked = check_host(hosts)
    if per_address < 1 or request_timeout < 0.001:
        raise ValueError("--max-connections-per-address must be at least 1 and --request-timeout above 0")
    return f"""# Ziehdomino: {len(backends)} processes behind one address (docs/deploy.md).
global
    maxconn {maxconn}
    log stderr format short local0 warning

defaults
    mode http
    log global
    option dontlognull
    timeout connect 2s
    # a client silent this long in the middle of a request or an answer, or before its TLS
    # handshake (HAProxy 2.6 has no timeout of its own for that), is dropped
    timeout client {2 * request_timeout * 1000:.0f}ms
    timeout server 10s       # a creation or a join (POST); reads have 2 s, see the frontend
    timeout tunnel 1h        # an open WebSocket (the page pings every 25 s)
    # a complete request (head and body: http-buffer-request) within this of the connection's
    # start, and no longer idle between two requests: as each process's --request-timeout
    timeout http-request {request_timeout * 1000:.0f}ms
    timeout http-keep-alive {request_timeout * 1000:.0f}ms
    option http-buffer-request
    timeout check 1s
    retries 2
    # a read that a hung process took (no answer within 2 s, an empty one, or 502-504) is sent
    # to another process, so a page or its files load whole while a process hangs
    retry-on conn-failure empty-response response-timeout 502 503 504
    option forwardfor        # the client's address for the processes' own limits (trusted by their --proxy)
    option redispatch 1      # every retry goes to another process
    default-server inter {check_interval_ms}ms fall 2 rise 2 on-marked-down shutdown-sessions

{_frontend(bind, tls, http_bind, http_rate, per_address, hosts)}
{_backends(backends, checked)}"""


def _backends(backends: list[Backend], checked: str) -> str:
    """The ``rooms`` and ``any`` backends; ``checked``: the ``Host`` the health checks send."""
    servers = "\n".join(f"    server {b.name} {b.host}:{b.port} check" for b in backends)
    # the second backend follows the first one's checks: one health check per process, not two
    tracking = "\n".join(f"    server {b.name} {b.host}:{b.port} track rooms/{b.name}" for b in backends)
    return f"""backend rooms
    # the room's process: consistent hashing of the room id onto the live processes
    balance hash var(txn.room)
    hash-type consistent
    http-request set-timeout server 2s if METH_GET || METH_HEAD   # every read is answered in milliseconds
    # HTTP/1.1 with a Host the processes allow (without one they answer 400)
    option httpchk
    http-check send meth GET uri /api/health/serving ver HTTP/1.1 hdr host {checked}
    http-check expect status 200
{servers}

backend any
    # creating a room, pages, static files: any live process
    balance leastconn
    http-request set-timeout server 2s if METH_GET || METH_HEAD
{tracking}
"""


def _host_acl(hosts: list[str]) -> str:
    """The ``acl host_allowed`` lines: the request's ``Host`` is one of ``hosts``, as a process
    compares it."""
    if "*" in hosts:
        return "    acl host_allowed always_true\n"
    names = [h for h in hosts if not h.startswith("*.")]
    domains = [h[1:] for h in hosts if h.startswith("*.")]
    lines = [f"    acl host_allowed var(txn.hostname) -m str {' '.join(names)}\n"] if names else []
    lines += [f"    acl host_allowed var(txn.hostname) -m end {' '.join(domains)}\n"] if domains else []
    return "".join(lines)


def _frontend(bind: str, tls: Path | None, http_bind: str | None, http_rate: int, per_address: int,
              hosts: list[str]) -> str:
    """The ``frontend`` section of :func:`config`."""
    if tls is None:
        if http_bind is not None:
            raise ValueError("--http-bind redirects to TLS: it needs --tls")
        binds, scheme = f"    bind {bind}", "    http-request set-header X-Forwarded-Proto http\n"
    else:
        cert = str(tls)
        if not cert or any(ch.isspace() for ch in cert) or "#" in cert:
            raise ValueError(f"--tls {cert!r}: a path without spaces or '#'")
        host, port = _host_port(bind, "--bind")
        plain = http_bind if http_bind is not None else f"{host}:80"
        if _host_port(plain, "--http-bind") == (host, port):
            raise ValueError("--http-bind must differ from --bind")
        # the redirect names the TLS port unless it is https's own
        target = "scheme https" if port == 443 else \
            f"location https://%[req.hdr(host),regsub(:[0-9]+$,)]:{port}%[capture.req.uri]"
        binds = f"""    bind {bind} ssl crt {cert} alpn http/1.1
    bind {plain}   # plain HTTP: only a redirect to the TLS address"""
        scheme = f"""    http-request redirect code 301 {target} unless {{ ssl_fc }}
    http-request set-header X-Forwarded-Proto https
    http-after-response set-header Strict-Transport-Security "{HSTS}" if {{ ssl_fc }}
"""
    return f"""frontend ziehdomino
{binds}
    # connections per client address, as each process caps its own
    tcp-request connection track-sc1 src table per_address
    tcp-request connection reject if {{ sc_conn_cur(1) gt {per_address} }}
{scheme}    http-request del-header X-Forwarded-For   # a client's own is never passed on: the proxy sets it
    http-request disable-l7-retry if METH_POST   # never a creation or a join twice
    # creations and joins per client address, counted once for all processes; only the site's
    # own requests count (a Host of the site's, --allowed-hosts, and an Origin of that host, or
    # none and Sec-Fetch-Site same-origin; the processes refuse the others without counting them)
    stick-table type ip size 200k expire 2m store http_req_rate(1m)
    http-request set-var(txn.host) req.hdr(host),lower
    http-request set-var(txn.hostname) req.hdr(host),lower,regsub(:[0-9]+$,)
{_host_acl(hosts)}    acl origin_own req.hdr(origin),lower,regsub(^https?://,),strcmp(txn.host) eq 0
    acl origin_none req.hdr_cnt(origin) eq 0
    acl fetch_same req.hdr(sec-fetch-site) -m str same-origin
    acl fetch_none req.hdr_cnt(sec-fetch-site) eq 0
    http-request set-var(txn.own_site) bool(1) if host_allowed origin_own fetch_none || host_allowed origin_own fetch_same || host_allowed origin_none fetch_same
    acl create_or_join method POST
    acl create_or_join_path path /api/rooms
    acl create_or_join_path path_reg ^/api/rooms/{_ID}/join$
    acl create_or_join_path path /api/quick
    acl own_site var(txn.own_site) -m bool
    http-request track-sc0 src if create_or_join create_or_join_path own_site
    http-request return status 429 content-type application/json hdr retry-after 60 string '{{"code":"rate_limited","message":"too many rooms or joins from this address; wait a minute"}}' if create_or_join create_or_join_path own_site {{ sc_http_req_rate(0) gt {http_rate} }}
    # every route of a room: /r/{{id}}[/...], /ws/{{id}}, /api/rooms/{{id}}[/...]
    acl room_path path_reg ^/(r|ws)/{_ID}(/.*)?$
    acl room_api path_reg ^/api/rooms/{_ID}(/.*)?$
    http-request set-var(txn.room) path,field(3,/) if room_path
    http-request set-var(txn.room) path,field(4,/) if room_api
    # "Schnell spielen": every request for one table size to one process, which pairs them
    acl quick_path path /api/quick
    http-request set-var(txn.room) url_param(size) if quick_path
    use_backend rooms if room_path || room_api || quick_path
    default_backend any

backend per_address
    stick-table type ip size 200k expire 1m store conn_cur
"""
