"""Names and every body and WebSocket message a client may send, validated with pydantic;
unknown fields are refused at every level. A play's content (tile, end) is left to
:func:`ziehdomino.engine.parse_action`. Fields: docs/protocol.md, "Shapes".
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Final, Literal, TypeAlias

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, model_validator

from ...constants import (DEFAULT_LEVEL, DEFAULT_TURN_TIME, MAX_MARKS, MAX_PLAYERS, MIN_PEOPLE, MIN_PLAYERS, NAME_MAX,
                         QUICK_TARGET, Level, MatchTarget, Reaction, TurnTime)

# The characters and categories of the name rule (docs/protocol.md, "Names", step 2).
_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800\u303f\ufffc\U0001d159")
_TAGS = range(0xE0000, 0xE0080)
_SOFT_HYPHEN = "\u00ad"
_ZWJ = "\u200d"
# Emoji presentation selector and skin tones: may stand between an emoji and a joiner.
_EMOJI_TAILS = frozenset("\ufe0f\U0001f3fb\U0001f3fc\U0001f3fd\U0001f3fe\U0001f3ff")
# Unassigned code points stay: Python's Unicode tables lag the browsers'.
_FORBIDDEN_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp", "Co"})
#: Categories that draw nothing: a name needs at least one character outside them.
_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zs", "Zl", "Zp"})
_MARKS = frozenset({"Mn", "Mc", "Me"})


def _joins_emoji(name: str, i: int) -> bool:
    """Whether the zero-width joiner at ``name[i]`` joins two symbols (So), as in an emoji sequence."""
    j = i - 1
    while j >= 0 and name[j] in _EMOJI_TAILS:
        j -= 1
    return j >= 0 and i + 1 < len(name) and unicodedata.category(name[j]) == "So" \
        and unicodedata.category(name[i + 1]) == "So"


def clean_name(value: str) -> str:
    """A player's name as shown, by the rule of docs/protocol.md, "Names" (twin of
    ``web/common/names.js``).

    Raises:
        ValueError: the name breaks the rule (the message says how).
    """
    name = unicodedata.normalize("NFC", value)
    for i, ch in enumerate(name):
        if unicodedata.category(ch) in _FORBIDDEN_CATEGORIES or ch in _BIDI_CONTROLS:
            raise ValueError(f"a name may not hold the control character U+{ord(ch):04X}")
        if ch in _BLANK_LOOKING or ord(ch) in _TAGS:
            raise ValueError(f"a name may not hold U+{ord(ch):04X}, which hides or draws nothing")
        if (unicodedata.category(ch) == "Cf" and ch != _SOFT_HYPHEN
                and not (ch == _ZWJ and _joins_emoji(name, i))):
            raise ValueError(f"a name may not hold the invisible character U+{ord(ch):04X}")
    start, end = 0, len(name)
    while start < end and unicodedata.category(name[start]) == "Zs":
        start += 1
    while end > start and unicodedata.category(name[end - 1]) == "Zs":
        end -= 1
    name = name[start:end]
    if not name:
        raise ValueError("a name needs at least one character")
    if len(name) > NAME_MAX:
        raise ValueError(f"a name has at most {NAME_MAX} characters")
    if all(unicodedata.category(ch) in _INVISIBLE_CATEGORIES for ch in name):
        raise ValueError("a name needs at least one visible character")
    if unicodedata.category(name[0]) in _MARKS:
        raise ValueError("a name may not start with a combining mark")
    run = 0
    for ch in name:
        run = run + 1 if unicodedata.category(ch) in _MARKS else 0
        if run > MAX_MARKS:
            raise ValueError(f"a character of a name carries at most {MAX_MARKS} combining marks")
    return name


Name: TypeAlias = Annotated[str, Field(max_length=4 * NAME_MAX), AfterValidator(clean_name)]

_STRICT = ConfigDict(extra="forbid", strict=True, frozen=True)

#: The browser's holder key, 32 lowercase hex digits (docs/protocol.md, "Open tables").
Holder: TypeAlias = Annotated[str, Field(pattern=r"^[0-9a-f]{32}$")]


class PersonSeat(BaseModel):
    """A seat for a person: ``{"kind": "person"}``."""

    model_config = _STRICT
    kind: Literal["person"]


class ComputerSeat(BaseModel):
    """A seat for a computer: ``{"kind": "computer", "level": "mittel"}`` (level optional)."""

    model_config = _STRICT
    kind: Literal["computer"]
    level: Level = DEFAULT_LEVEL


SeatSpec: TypeAlias = Annotated[PersonSeat | ComputerSeat, Field(discriminator="kind")]


class CreateRoom(BaseModel):
    """Body of ``POST /api/rooms``; seat 0 is the creator's, at least two seats for people."""

    model_config = _STRICT
    seats: list[SeatSpec] = Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)
    name: Name
    turn_time: TurnTime | None = DEFAULT_TURN_TIME
    target: MatchTarget | None = None
    public: bool = False
    rated: bool = False
    holder: Holder | None = None

    @model_validator(mode="after")
    def _people(self) -> CreateRoom:
        if self.seats[0].kind != "person":
            raise ValueError("seat 0 is the creator's and must be a person")
        if sum(s.kind == "person" for s in self.seats) < MIN_PEOPLE:
            raise ValueError("a room needs at least two people (one person with computers plays locally)")
        return self


#: A SHA-256 commitment: 64 lowercase hex digits (docs/fair.md).
Commitment: TypeAlias = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
#: A person's contribution to a deal: 32 lowercase hex digits (docs/fair.md).
Contribution: TypeAlias = Annotated[str, Field(pattern=r"^[0-9a-f]{32}$")]


class QuickPlay(BaseModel):
    """Body of ``POST /api/quick``; ``held``: the rooms the browser holds a seat in."""

    model_config = _STRICT
    name: Name
    size: Annotated[int, Field(ge=MIN_PLAYERS, le=MAX_PLAYERS, strict=True)] = MIN_PLAYERS
    target: MatchTarget | None = QUICK_TARGET
    held: list[Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{16,64}$")]] = Field(default_factory=list, max_length=50)
    contribution: Contribution | None = None
    holder: Holder | None = None


class LeaveRoom(BaseModel):
    """Body of ``POST /api/rooms/{id}/leave``: the seat's credential."""

    model_config = _STRICT
    credential: Annotated[str, Field(min_length=1, max_length=256)]


class JoinRoom(BaseModel):
    """Body of ``POST /api/rooms/{id}/join``; a commitment needs the contribution that answers it."""

    model_config = _STRICT
    name: Name
    commitment: Commitment | None = None
    contribution: Contribution | None = None
    holder: Holder | None = None

    @model_validator(mode="after")
    def _answered(self) -> JoinRoom:
        if self.commitment is not None and self.contribution is None:
            raise ValueError("a commitment goes with the contribution that answers it")
        return self

    def contributed(self) -> tuple[str | None, str] | None:
        """``(commitment, contribution)`` (the commitment None: the pending deal's), or None
        when the join brings no contribution."""
        return None if self.contribution is None else (self.commitment, self.contribution)


# --- WebSocket messages, client to server ---------------------------------------------------

#: The largest version a message may name (a whole number JavaScript holds exactly).
MAX_VERSION: Final = 2**53
#: The longest ``tile`` and ``end`` of a play.
MAX_ACTION_FIELD: Final = 16

Version: TypeAlias = Annotated[int, Field(ge=0, le=MAX_VERSION)]


class Hello(BaseModel):
    """The first message: with a seat's credential, or without for a spectator; ``deltas``: the
    form of delta frames asked for (docs/protocol.md, "Delta frames")."""

    model_config = _STRICT
    type: Literal["hello"]
    credential: Annotated[str, Field(min_length=1, max_length=256)] | None = None
    deltas: bool | Annotated[int, Field(ge=0, le=2**31)] = False


class PlayAction(BaseModel):
    """``{"type": "play", "tile": "5|2", "end": "right"}`` (``end`` left out for the opening)."""

    model_config = _STRICT
    type: Literal["play"]
    tile: Annotated[str, Field(max_length=MAX_ACTION_FIELD)]
    end: Annotated[str, Field(max_length=MAX_ACTION_FIELD)] | None = None


class DrawAction(BaseModel):
    """``{"type": "draw"}``."""

    model_config = _STRICT
    type: Literal["draw"]


class PassAction(BaseModel):
    """``{"type": "pass"}``."""

    model_config = _STRICT
    type: Literal["pass"]


TileAction: TypeAlias = Annotated[PlayAction | DrawAction | PassAction, Field(discriminator="type")]


class ActionMessage(BaseModel):
    """A turn: ``{"type": "action", "version": 17, "action": {...}}``; the engine parses ``action``."""

    model_config = _STRICT
    type: Literal["action"]
    version: Version
    action: TileAction

    def action_json(self) -> dict[str, Any]:
        """The action in the engine's JSON form (for :func:`ziehdomino.engine.parse_action`)."""
        return self.action.model_dump()


class NextRound(BaseModel):
    """A seated person asks for the next round, made against ``version``."""

    model_config = _STRICT
    type: Literal["next_round"]
    version: Version


class Contribute(BaseModel):
    """A seated person's contribution to the pending deal (docs/fair.md)."""

    model_config = _STRICT
    type: Literal["contribute"]
    commitment: Commitment
    contribution: Contribution


class Leave(BaseModel):
    """A seated person leaves the room for good: a computer holds the seat from now on."""

    model_config = _STRICT
    type: Literal["leave"]


class StartNow(BaseModel):
    """A seated person starts a waiting open table at once: every free seat goes to a computer."""

    model_config = _STRICT
    type: Literal["start_now"]


class React(BaseModel):
    """A seated person's reaction, one of :data:`~ziehdomino.constants.REACTIONS`."""

    model_config = _STRICT
    type: Literal["react"]
    reaction: Reaction


class Sync(BaseModel):
    """Ask for the full state: ``{"type": "sync"}`` (a delta that did not apply)."""

    model_config = _STRICT
    type: Literal["sync"]


class Ping(BaseModel):
    """Keep-alive; answered with ``{"type": "pong"}``."""

    model_config = _STRICT
    type: Literal["ping"]


ClientMessage: TypeAlias = Annotated[Hello | ActionMessage | NextRound | Contribute | Leave | StartNow | React | Sync | Ping,
                                     Field(discriminator="type")]

#: Validates one WebSocket text message; raises ``pydantic.ValidationError``.
CLIENT_MESSAGE: TypeAdapter[Hello | ActionMessage | NextRound | Contribute | Leave | StartNow | React | Sync | Ping] = \
    TypeAdapter(ClientMessage)


def first_error(exc: ValidationError) -> tuple[tuple[str | int, ...], str]:
    """``(loc, message)`` of the first validation error, never echoing the input."""
    errors = exc.errors(include_url=False, include_input=False, include_context=False)
    if not errors:
        return (), "invalid"
    return tuple(errors[0]["loc"]), str(errors[0]["msg"]).removeprefix("Value error, ")
