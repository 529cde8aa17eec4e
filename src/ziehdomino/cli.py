"""The ``ziehdomino`` command: ``serve``, ``bench`` and ``arena``."""

from __future__ import annotations

import argparse
import sys


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="ziehdomino", description="Ziehdomino: draw dominoes in the browser.")
    sub = p.add_subparsers(dest="command", required=True)
    bench = sub.add_parser("bench", help="run a benchmark and print its figures")
    bench.add_argument("name", choices=["engine"], help="which benchmark")
    bench.add_argument("--seconds", type=float, default=3.0, help="time per engine measured (default 3)")
    bench.add_argument("--seed", type=int, default=1)
    return p


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script; returns the process exit code."""
    args = _parser().parse_args(argv)
    if args.command == "bench":
        if args.name == "engine":
            from .bench import engine

            engine.run(args.seconds, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
