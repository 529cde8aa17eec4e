"""The ``ziehdomino`` command: ``serve``, ``haproxy-config``, ``where``, ``bench`` and ``arena``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import constants as c
from .hosts import DEFAULT_ALLOWED_HOSTS, default_hosts, parse_hosts


def _port(text: str) -> int:
    """A TCP port for argparse: 0-65535 (0: the system picks a free one)."""
    if not (text.isascii() and text.isdigit()) or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port (0-65535)")
    return int(text)


def _where(dsn: str, room: str) -> int:
    """``ziehdomino where``: one line naming the room's holder; 1 when it is not stored, 2 when
    the database cannot be read."""
    import asyncio

    from .server.storage.holder import read_holder
    from .server.storage.postgres import redacted

    try:
        holder = asyncio.run(read_holder(dsn, room))
    except Exception as exc:
        print(f"ziehdomino where: PostgreSQL at {redacted(dsn)} cannot be read: {exc}", file=sys.stderr)
        return 2
    if holder is None:
        print(f"no room {room} is stored", file=sys.stderr)
        return 1
    print(holder.describe())
    return 0


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="ziehdomino", description="Ziehdomino: draw dominoes in the browser.")
    sub = p.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="run the web app with online rooms")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=_port, default=8000, help="port (default 8000)")
    serve.add_argument("--data", type=Path, default=Path("data"), help="directory of the SQLite file (default ./data)")
    serve.add_argument("--database", default=None, metavar="postgresql://...",
                       help="keep rooms in PostgreSQL, shared with other processes (docs/deploy.md); default: SQLite in --data")
    serve.add_argument("--name", default=None,
                       help="this process's name among several (default: ziehdomino-PORT)")
    serve.add_argument("--lease", type=float, default=c.LEASE_SECONDS,
                       help="with --database: seconds until another process may take the rooms of one that "
                            f"stopped renewing (default {c.LEASE_SECONDS:g})")
    serve.add_argument("--web", type=Path, default=None, help="directory of the browser app (default: the packaged one)")
    serve.add_argument("--computer-delay", type=float, default=c.COMPUTER_DELAY,
                       help=f"seconds a computer waits before acting (default {c.COMPUTER_DELAY:g})")
    serve.add_argument("--abandon-hours", type=float, default=c.ABANDON_HOURS,
                       help=f"end and delete rooms whose persons have all been away this long (default {c.ABANDON_HOURS:g})")
    serve.add_argument("--turn-time-scale", type=float, default=1.0,
                       help="multiply every room's turn time by this (default 1; tests use less)")
    serve.add_argument("--grace", type=float, default=c.GRACE,
                       help=f"seconds before a computer plays for an away person (default {c.GRACE:g}, at most the turn time)")
    serve.add_argument("--grace-no-limit", type=float, default=c.GRACE_NO_LIMIT,
                       help=f"the same in rooms without a turn time (default {c.GRACE_NO_LIMIT:g})")
    serve.add_argument("--limit-away", type=float, default=c.LIMIT_AWAY, metavar="SECONDS",
                       help="a room counts toward --max-rooms-per-address while a person is at its table "
                            f"or was within this many seconds (default {c.LIMIT_AWAY:g})")
    serve.add_argument("--max-rooms-per-address", type=int, default=c.MAX_ROOMS_PER_ADDRESS,
                       help=f"rooms one address may have open at once (default {c.MAX_ROOMS_PER_ADDRESS})")
    serve.add_argument("--max-open-seats-per-address", type=int, default=c.MAX_OPEN_SEATS_PER_ADDRESS,
                       help="seats (and claims to take one over) one address may hold at once at open tables "
                            f"waiting for their first round (default {c.MAX_OPEN_SEATS_PER_ADDRESS}: a table of "
                            "four; people behind one network share an address)")
    serve.add_argument("--quick-wait", type=float, default=c.QUICK_WAIT,
                       help=f"seconds a \"Schnell spielen\" table waits for people before computers fill it (default {c.QUICK_WAIT:g})")
    serve.add_argument("--cleanup-interval", type=float, default=c.CLEANUP_INTERVAL,
                       help=f"seconds between cleanups (default {c.CLEANUP_INTERVAL:g})")
    serve.add_argument("--ws-rate", type=int, default=c.WS_RATE, help=f"messages per second per WebSocket (default {c.WS_RATE})")
    serve.add_argument("--http-rate", type=int, default=c.HTTP_RATE,
                       help=f"room creations and joins per minute per address (default {c.HTTP_RATE})")
    serve.add_argument("--miss-rate", type=int, default=c.MISS_RATE,
                       help=f"requests naming unknown rooms per minute per address (default {c.MISS_RATE})")
    serve.add_argument("--ws-connect-rate", type=int, default=c.WS_CONNECT_RATE,
                       help=f"WebSocket connects per minute per address (default {c.WS_CONNECT_RATE})")
    serve.add_argument("--max-sockets-per-address", type=int, default=c.MAX_SOCKETS_PER_ADDRESS,
                       help=f"WebSockets one address may hold open at once (default {c.MAX_SOCKETS_PER_ADDRESS})")
    serve.add_argument("--max-connections-per-address", type=int, default=c.MAX_CONNECTIONS_PER_ADDRESS,
                       help="TCP connections of any kind one address may hold open at once, the proxy's "
                            f"excepted (default {c.MAX_CONNECTIONS_PER_ADDRESS})")
    serve.add_argument("--request-timeout", type=float, default=c.REQUEST_TIMEOUT,
                       help="seconds a connection has to send a complete request, after it opened or got its "
                            f"last answer (default {c.REQUEST_TIMEOUT:g})")
    serve.add_argument("--ws-compression", action="store_true",
                       help="offer WebSocket per-message compression (fewer bytes, more CPU and memory per "
                            "connection; docs/deploy.md)")
    serve.add_argument("--proxy", default=None,
                       help="address of the reverse proxy whose X-Forwarded-For is trusted (default: none is)")
    serve.add_argument("--allowed-hosts", default=None, metavar="HOST,...",
                       help="the host names (or *.domain) the site is reached by; a request naming another in its "
                            "Host header gets 400 (DNS rebinding; docs/deploy.md). Default: localhost,127.0.0.1,[::1] "
                            "and --host when it is one address")
    serve.add_argument("--debug-metrics", action="store_true",
                       help="time accepted actions and answer /api/debug/metrics to loopback clients")
    serve.add_argument("--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"])
    serve.add_argument("--access-log", action="store_true", help="log every HTTP request")

    proxy = sub.add_parser("haproxy-config", help="print the HAProxy configuration for N processes (docs/deploy.md)")
    proxy.add_argument("processes", type=int, help="how many ziehdomino serve processes (p1..pN)")
    proxy.add_argument("--bind", default="127.0.0.1:8000",
                       help="address:port HAProxy serves the site on, https with --tls (default 127.0.0.1:8000)")
    proxy.add_argument("--tls", type=Path, default=None, metavar="CERT.pem",
                       help="terminate TLS with this PEM file (certificate chain and private key): https on --bind, "
                            "Strict-Transport-Security, plain HTTP on --http-bind redirects there")
    proxy.add_argument("--http-bind", default=None,
                       help="with --tls: address:port of plain HTTP, which only redirects (default: --bind's host, port 80)")
    proxy.add_argument("--max-connections-per-address", type=int, default=c.MAX_CONNECTIONS_PER_ADDRESS,
                       help=f"connections one client address may hold (default {c.MAX_CONNECTIONS_PER_ADDRESS}, "
                            "as a process's)")
    proxy.add_argument("--request-timeout", type=float, default=c.REQUEST_TIMEOUT,
                       help=f"seconds a client has to send a complete request (default {c.REQUEST_TIMEOUT:g}, as a process's)")
    proxy.add_argument("--allowed-hosts", default=",".join(DEFAULT_ALLOWED_HOSTS), metavar="HOST,...",
                       help="the host names the site is reached by, as the processes' --allowed-hosts: the health "
                            "checks send the first without '*', and only requests naming one count toward --http-rate "
                            f"(default {','.join(DEFAULT_ALLOWED_HOSTS)})")
    proxy.add_argument("--host", default="127.0.0.1", help="the processes' address (default 127.0.0.1)")
    proxy.add_argument("--first-port", type=_port, default=8001,
                       help="port of p1; p2 listens on the next one, ... (default 8001)")
    proxy.add_argument("--maxconn", type=int, default=20000, help="connections at once (default 20000)")
    proxy.add_argument("--http-rate", type=int, default=c.HTTP_RATE,
                       help=f"room creations and joins per minute per client address, all processes together (default {c.HTTP_RATE})")

    where = sub.add_parser("where", help="which process holds a room: owner, epoch and lease from PostgreSQL "
                                         "(docs/deploy.md)")
    where.add_argument("room", help="the room's id (as in /r/ID) or its link")
    where.add_argument("--database", required=True, metavar="postgresql://...", help="the processes' database")

    bench = sub.add_parser("bench", help="run a benchmark and print its figures")
    bench.add_argument("name", choices=["engine", "server", "core", "parts", "frames", "lobby", "quick", "bots", "render",
                                          "analysis", "prose"],
                       help="which benchmark")
    bench.add_argument("--seconds", type=float, default=None,
                       help="engine: time per engine measured (default 3); server: time played (default 30)")
    bench.add_argument("--seed", type=int, default=1)
    bench.add_argument("--rooms", type=int, default=500, help="server: 4-seat rooms played at once (default 500); "
                                                                 "lobby: open tables (default 1000)")
    bench.add_argument("--think-ms", type=float, default=1000.0,
                       help="server: a scripted player's mean pause before each action (default 1000)")
    bench.add_argument("--saturation", action="store_true",
                       help="server: players act at once (no pause), so the servers are as busy as they can be")
    bench.add_argument("--warmup", type=float, default=10.0,
                       help="server: seconds played before measuring starts (default 10)")
    bench.add_argument("--durable-floor", action="store_true",
                       help="server: also measure the floor that commits each action to SQLite (our writer "
                            "thread) before its broadcast")
    bench.add_argument("--rules-floor", action="store_true",
                       help="server: also measure the durable floor that plays the game: the engine checks "
                            "each action and every seat is sent the engine's view (no room machinery)")
    bench.add_argument("--against", type=Path, default=None, metavar="CHECKOUT",
                       help="server, core: also measure another checkout of this repo (its src/ first on the path) "
                            "in the same run; server: before ours (after ours with --against-last)")
    bench.add_argument("--against-last", action="store_true", help="server: measure --against's server after ours")
    bench.add_argument("--against-deltas", action="store_true",
                       help="server: --against's seats ask for delta frames (a checkout that has them), not full states")
    bench.add_argument("--full-states", action="store_true",
                       help="server: also measure ours with seats that take full states only (no delta frames)")
    bench.add_argument("--compression", action="store_true",
                       help="server: also measure ours offering per-message compression (serve --ws-compression)")
    bench.add_argument("--cluster", type=int, default=None, metavar="N",
                       help="server: through HAProxy onto N processes on a throwaway PostgreSQL, beside one process")
    bench.add_argument("--rounds", type=int, default=None,
                       help="bots: rounds per table size whose stark decisions are timed (default 12); "
                            "render: local 4-seat rounds played (default 30); frames: rounds per room (default 3); "
                            "analysis: rounds analysed (default 50); quick: runs of each kind (default 20)")
    bench.add_argument("--chromium", default="/usr/bin/chromium", help="render: the Chromium to drive")

    arena = sub.add_parser("arena", help="computer levels play many rounds; figures with 95%% intervals")
    arena.add_argument("--players", type=int, default=c.MIN_PLAYERS, choices=list(c.TABLE_SIZES))
    arena.add_argument("--seats", required=True,
                       help="comma-separated levels, one per seat: leicht, mittel, stark, heaviest, stark-v1, "
                            "or the diagnostics ceiling and tips (node engine)")
    arena.add_argument("--rounds", type=int, default=1000)
    arena.add_argument("--seed", type=int, default=1)
    arena.add_argument("--workers", type=int, default=None, help="processes (default: one per core)")
    arena.add_argument("--engine", choices=["python", "node"], default="python",
                       help="who decides: ziehdomino.bots, or web/bots/index.js under node (same choices, faster)")
    return p


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script; returns the process exit code."""
    from .cluster.roomarg import room_arguments

    args = _parser().parse_args(room_arguments(sys.argv[1:] if argv is None else argv, {"-h", "--help", "--database"}))
    if args.command == "serve":
        return _serve(args)
    if args.command == "haproxy-config":
        from .cluster.haproxy import config, local_backends

        if not 1 <= args.processes <= 64:
            _parser().error("between 1 and 64 processes")
        try:
            text = config(local_backends(args.processes, args.first_port, args.host), bind=args.bind,
                          maxconn=args.maxconn, http_rate=args.http_rate, tls=args.tls, http_bind=args.http_bind,
                          per_address=args.max_connections_per_address, request_timeout=args.request_timeout,
                          allowed_hosts=parse_hosts(args.allowed_hosts))
        except ValueError as exc:
            _parser().error(f"haproxy-config: {exc}")
        print(text, end="")
    elif args.command == "where":
        from .cluster.roomarg import room_of

        return _where(args.database, room_of(args.room))
    elif args.command == "bench":
        _bench(args)
    elif args.command == "arena":
        from . import arena

        seats = [s.strip() for s in args.seats.split(",") if s.strip()]
        if len(seats) != args.players:
            _parser().error(f"--seats names {len(seats)} levels for --players {args.players}")
        try:
            arena.run(seats, args.rounds, args.seed, workers=args.workers, engine=args.engine)
        except ValueError as exc:
            _parser().error(str(exc))
    return 0


def _serve(args: argparse.Namespace) -> int:
    """``ziehdomino serve``: 2 when the storage cannot be opened, else 0 once stopped."""
    from .server import Settings, serve
    from .server.process.settings import DEFAULT_WEB_DIR
    from .server.storage import StorageUnavailable

    try:
        settings = Settings(data_dir=args.data, web_dir=args.web or DEFAULT_WEB_DIR,
                            computer_delay=args.computer_delay, abandon_hours=args.abandon_hours,
                            turn_time_scale=args.turn_time_scale, grace=args.grace,
                            grace_no_limit=args.grace_no_limit, max_rooms_per_address=args.max_rooms_per_address,
                            limit_away=args.limit_away, max_open_seats_per_address=args.max_open_seats_per_address,
                            cleanup_interval=args.cleanup_interval, ws_rate=args.ws_rate, http_rate=args.http_rate,
                            quick_wait=args.quick_wait,
                            miss_rate=args.miss_rate, ws_connect_rate=args.ws_connect_rate,
                            max_sockets_per_address=args.max_sockets_per_address, proxy=args.proxy,
                            max_connections_per_address=args.max_connections_per_address,
                            request_timeout=args.request_timeout, ws_compression=args.ws_compression,
                            metrics=args.debug_metrics, database=args.database,
                            process_name=args.name or f"ziehdomino-{args.port}", lease_seconds=args.lease,
                            allowed_hosts=default_hosts(args.host) if args.allowed_hosts is None
                            else parse_hosts(args.allowed_hosts))
    except ValueError as exc:
        _parser().error(f"serve: {exc}")
    try:
        serve(settings, host=args.host, port=args.port, log_level=args.log_level, access_log=args.access_log)
    except StorageUnavailable as exc:
        print(f"ziehdomino serve: {exc}", file=sys.stderr)
        return 2
    return 0


def _bench(args: argparse.Namespace) -> None:
    """``ziehdomino bench NAME``: runs one benchmark, which prints its figures."""
    if args.name == "engine":
        try:
            from .bench import engine
        except ModuleNotFoundError as exc:  # numpy comes with the bench (and test) extra only
            _parser().error(f"bench engine needs {exc.name}: .venv/bin/pip install -e '.[bench]'")

        engine.run(3.0 if args.seconds is None else args.seconds, args.seed)
    elif args.name == "server" and args.cluster is not None:
        from .bench import cluster

        if not 1 <= args.cluster <= 16:
            _parser().error("--cluster takes 1 to 16 processes")
        cluster.run(processes=args.cluster, rooms=args.rooms, seconds=30.0 if args.seconds is None else args.seconds,
                    think_ms=0.0 if args.saturation else args.think_ms, seed=args.seed, warmup=args.warmup)
    elif args.name == "server":
        from .bench import server

        server.run(rooms=args.rooms, seconds=30.0 if args.seconds is None else args.seconds,
                   think_ms=0.0 if args.saturation else args.think_ms, seed=args.seed, warmup=args.warmup,
                   durable_floor=args.durable_floor, rules_floor=args.rules_floor, against=args.against,
                   against_last=args.against_last, against_deltas=args.against_deltas, full_states=args.full_states,
                   compression=args.compression)
    elif args.name == "core":
        from .bench import core

        core.run(rooms=200 if args.rooms == 500 else args.rooms, seed=args.seed, against=args.against)
    elif args.name == "prose":
        from .bench import prose

        prose.run()
    elif args.name == "parts":
        from .bench import parts

        parts.run(seed=args.seed)
    elif args.name == "frames":
        from .bench import frames

        frames.run(rooms=40 if args.rooms == 500 else args.rooms, rounds=3 if args.rounds is None else args.rounds,
                   seed=args.seed)
    elif args.name == "lobby":
        from .bench import lobby

        lobby.run(tables=1000 if args.rooms == 500 else args.rooms, seed=args.seed)
    elif args.name == "quick":
        from .bench import quick

        quick.run(runs=20 if args.rounds is None else args.rounds)
    elif args.name == "bots":
        from .bench import bots

        bots.run(rounds_per_table=12 if args.rounds is None else args.rounds, seed=args.seed)
    elif args.name == "analysis":
        from .bench import analysis

        analysis.run(rounds=50 if args.rounds is None else args.rounds, seed=args.seed)
    elif args.name == "render":
        from .bench import render

        render.run(rounds=30 if args.rounds is None else args.rounds, chromium=args.chromium)

if __name__ == "__main__":
    sys.exit(main())
