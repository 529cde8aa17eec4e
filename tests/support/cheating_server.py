"""``ziehdomino serve`` patched to cheat with the committed deal (docs/fair.md) in one way, for the
browser tests of what the seal says to each page. Run as ``python -m tests.support.cheating_server
serve ...`` with ``ZIEHDOMINO_CHEAT`` naming the cheat (:data:`CHEATS`); the patch is made in the
server process before it starts, the rest is our own server.

Each cheat lets the server choose the deal or hides that it could: a browser must never say
"Mischen geprüft" for a round it played under one (it may say "Teils geprüft" where it
cannot know).
"""

from __future__ import annotations

import os
import sys
from typing import Any

from ziehdomino.engine import view as engine_view
from ziehdomino.engine.fair import new_seed
from ziehdomino.engine.match import Match
from ziehdomino.server.core import changes
from ziehdomino.server.core.roomstate import RoomState


def _never_announce() -> None:
    """No commitment is ever pending as far as anyone is told (ROOMINFO, the summary, a join's
    answer); every contribution answering one is refused. The seed still deals."""
    RoomState.pending_commitment = lambda self: None  # type: ignore[method-assign]


def _drop_contributions() -> None:
    """Contributions are taken in silence and thrown away: a join's, and every ``contribute``."""
    RoomState.contributed = lambda self, seat, contribution: self  # type: ignore[method-assign]

    def contribute(room: Any, seat: int, commitment: str, contribution: str) -> changes.Step:
        return changes.Step(room, None)

    changes.contribute = contribute


def _no_seed() -> None:
    """The round's end reveals no seed and no contributions."""
    honest = engine_view.fair_json

    def fair_json(match: Any) -> Any:
        proof = honest(match)
        return None if proof is None else {**proof, "seed": None, "contributions": None}

    engine_view.fair_json = fair_json


def _same_opener() -> None:
    """Round 1's opener opens every round."""
    Match.next_starter = property(lambda self: self.starters[0])  # type: ignore[assignment,method-assign]


def _swap_seed() -> None:
    """The deal is made from another seed than the one committed to (with its own commitment)."""
    RoomState.committed = lambda self: (new_seed(), self.contributions or ("",) * len(self.ready))  # type: ignore[method-assign]


#: The cheats by name.
CHEATS = {"never_announce": _never_announce, "drop_contributions": _drop_contributions, "no_seed": _no_seed,
          "same_opener": _same_opener, "swap_seed": _swap_seed}


def main() -> int:
    """Patch the server as ``ZIEHDOMINO_CHEAT`` says, then run the command line."""
    CHEATS[os.environ["ZIEHDOMINO_CHEAT"]]()
    from ziehdomino.cli import main as cli

    return cli(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
