"""The engine's errors: :class:`Refusal` (a refused action, which changes nothing) and
:class:`PositionError`, both :class:`ValueError` subclasses."""

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
    """An action refused by the rules: ``code`` (from :data:`REFUSAL_CODES` or :data:`MATCH_CODES`)
    and ``message``, an English sentence."""

    def __init__(self, code: str, message: str) -> None:
        if code not in REFUSAL_CODES and code not in MATCH_CODES:
            raise AssertionError(f"unknown refusal code {code!r}")
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"Refusal({self.code!r}, {self.message!r})"


class PositionError(ValueError):
    """A position (tests/vectors/FORMAT.md) or saved state that cannot be one."""
