"""The engine's error types.

Two kinds, both :class:`ValueError` subclasses:

* :class:`Refusal` -- an action that the rules refuse. It carries one of the codes from
  ``tests/vectors/FORMAT.md`` (``invalid_action``, ``round_over``, ``not_your_turn``,
  ``tile_not_in_hand``, ``tile_does_not_fit``, ``must_play``, ``cannot_draw``,
  ``cannot_pass``) or the match's own ``round_not_over`` / ``stale_version``. A refused
  action never changes anything.
* :class:`PositionError` -- a position (``tests/vectors/FORMAT.md``'s ``position`` object) or a saved
  state that cannot be a Ziehdomino position.
"""

from __future__ import annotations

from typing import Final

#: Refusal codes in order of precedence (tests/vectors/FORMAT.md): when several apply, the first is reported.
REFUSAL_CODES: Final = (
    "invalid_action",
    "round_over",
    "not_your_turn",
    "tile_not_in_hand",
    "tile_does_not_fit",
    "must_play",
    "cannot_draw",
    "cannot_pass",
)

#: Codes raised by a match rather than by a round.
MATCH_CODES: Final = ("round_not_over", "stale_version")


class Refusal(ValueError):
    """An action refused by the rules.

    Attributes:
        code: a stable machine-readable code (see :data:`REFUSAL_CODES`, :data:`MATCH_CODES`).
        message: an English sentence naming the bad input and the position.
    """

    def __init__(self, code: str, message: str) -> None:
        if code not in REFUSAL_CODES and code not in MATCH_CODES:
            raise AssertionError(f"unknown refusal code {code!r}")
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"Refusal({self.code!r}, {self.message!r})"


class PositionError(ValueError):
    """A position or saved state that breaks the rules' invariants (message says what)."""
