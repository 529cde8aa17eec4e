"""Names and every message a client may send, validated with pydantic.

Everything a client sends passes through one of these models before the server looks at it:
the bodies of ``POST /api/rooms`` and ``POST /api/rooms/{id}/join``, and each WebSocket
message (a discriminated union on ``type``). Unknown fields are refused at every level, the
action inside an ``action`` message included. A play's *content* (which tile, which end) is
left to the engine (:func:`ziehdomino.engine.parse_action`): the rules decide what a tile
looks like, the server only which fields an action may have.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Final, Literal, TypeAlias

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, model_validator

from ...constants import (DEFAULT_LEVEL, DEFAULT_TURN_TIME, MAX_MARKS, MAX_PLAYERS, MIN_PEOPLE, MIN_PLAYERS, NAME_MAX,
                         QUICK_TARGET, Level, MatchTarget, Reaction, TurnTime)

# Characters that would let a name reorder or hide the text around it.
_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Letters and symbols that draw as blank space although Unicode counts them as visible: the
# Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), the blank braille pattern (U+2800), the
# ideographic half fill space (U+303F), the object replacement character (U+FFFC) and the
# musical null notehead (U+1D159).
_BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800\u303f\ufffc\U0001d159")
# Tag characters (U+E0000-U+E007F) draw nothing and can carry hidden ASCII text.
_TAGS = range(0xE0000, 0xE0080)
# Format characters (Cf) draw nothing: inside a name they hide between its letters ("An\u200bna"
# shows as "Anna", the interlinear annotation marks U+FFF9-U+FFFB draw as nothing around the
# text they mark). All are refused but the soft hyphen, which only offers a break, and the
# zero-width joiner inside an emoji sequence.
_SOFT_HYPHEN = "\u00ad"
_ZWJ = "\u200d"
# What may stand between an emoji and the zero-width joiner after it: the emoji presentation
# selector (U+FE0F) and the skin tone modifiers (U+1F3FB-U+1F3FF).
_EMOJI_TAILS = frozenset("\ufe0f\U0001f3fb\U0001f3fc\U0001f3fd\U0001f3fe\U0001f3ff")
#: Categories refused anywhere in a name: controls, surrogates, line and paragraph separators,
#: private-use code points (an empty box, or another font's private glyph). Unassigned code
#: points stay: Python's Unicode tables lag the browsers', and a new emoji must not be refused.
_FORBIDDEN_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp", "Co"})
#: Categories that draw nothing: a name needs at least one character outside them.
_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zs", "Zl", "Zp"})
_MARKS = frozenset({"Mn", "Mc", "Me"})


def _joins_emoji(name: str, i: int) -> bool:
    """Whether the zero-width joiner at ``name[i]`` joins two symbols (Unicode So), as in an
    emoji sequence ("\U0001f469\u200d\U0001f4bb" draws one person at a laptop)."""
    j = i - 1
    while j >= 0 and name[j] in _EMOJI_TAILS:
        j -= 1
    return j >= 0 and i + 1 < len(name) and unicodedata.category(name[j]) == "So" \
        and unicodedata.category(name[i + 1]) == "So"


def clean_name(value: str) -> str:
    """A player's name as shown, by one rule (docs/protocol.md, "Names"):

    1. NFC-normalise.
    2. Refuse it if it holds, anywhere (the ends included), a control (Unicode Cc), a surrogate
       (Cs), a line or paragraph separator (Zl, Zp), a private-use code point
       (Co), a bidi control (U+061C, U+200E, U+200F,
       U+202A-U+202E, U+2066-U+2069), a character that draws as blank space (the Hangul
       fillers U+115F, U+1160, U+3164, U+FFA0; the blank braille pattern U+2800; U+303F,
       U+FFFC, U+1D159), a tag
       character (U+E0000-U+E007F) or any other format character (Cf: U+200B, U+2060,
       U+FEFF, U+FFF9, ...) but the soft hyphen U+00AD and a zero-width joiner U+200D between
       two symbols (So, each maybe followed by U+FE0F or a skin tone), which joins an emoji
       sequence.
    3. Trim space separators (Zs) at both ends.
    4. Refuse it unless 1-24 code points remain, at least one of them visible: not a format
       character (Cf, e.g. U+200B, U+00AD), a separator (Z*) or a control.
    5. Refuse it if it starts with a combining mark (M*: it would sit on the text before the
       name) or if one character carries more than :data:`MAX_MARKS` combining marks.

    A soft hyphen U+00AD inside a visible name is kept. Markup stays literal
    text (``"<b>Ben</b>"`` is a valid name; the browser renders names with ``textContent``).
    Letters of several scripts may mix ("Αnna" with a Greek Alpha is a valid name): a name is a
    label at the table, never an identity (a seat is opened by its credential alone).

    Raises:
        ValueError: the name breaks the rule.
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

#: The browser's holder key: 128 random bits as 32 lowercase hex digits, kept in its localStorage;
#: it identifies whose seats they are, one seat or claim per open table (docs/protocol.md, "Open
#: tables"). The server keeps only its hash, with the seat.
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
    """Body of ``POST /api/rooms``: 2-4 seats, at least two for people, seat 0 the creator's,
    the time per turn in seconds (30, 60 -- the default -- or 120; null: no time limit), and the
    match's target in wins (3, 5, 10; null, the default: no target); ``public``: an open table,
    listed in "Offene Tische" (default false: only the link leads to it); ``holder``: the
    browser's holder key (:data:`Holder`; default none)."""

    model_config = _STRICT
    seats: list[SeatSpec] = Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)
    name: Name
    turn_time: TurnTime | None = DEFAULT_TURN_TIME
    target: MatchTarget | None = None
    public: bool = False
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
    """Body of ``POST /api/quick``: ``{"name": "Anna", "size": 2, "target": 5, "held": [ROOM, ...]}``
    (2-4 seats; ``target``: the match's wins the person would like, 3, 5 -- the default -- or 10,
    null: no target; a preference, not a queue of its own (:meth:`.quickplay.QuickPlay.seat`);
    ``held``: the rooms the browser holds a seat in, at most 50, default none; ``contribution``:
    the person's contribution to the pending deal, taken when their seat deals it; docs/fair.md;
    ``holder``: the browser's holder key, :data:`Holder`, default none)."""

    model_config = _STRICT
    name: Name
    size: Annotated[int, Field(ge=MIN_PLAYERS, le=MAX_PLAYERS, strict=True)] = MIN_PLAYERS
    target: MatchTarget | None = QUICK_TARGET
    held: list[Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{16,64}$")]] = Field(default_factory=list, max_length=50)
    contribution: Contribution | None = None
    holder: Holder | None = None


class LeaveRoom(BaseModel):
    """Body of ``POST /api/rooms/{id}/leave``: the seat's credential, ``{"credential": "..."}``."""

    model_config = _STRICT
    credential: Annotated[str, Field(min_length=1, max_length=256)]


class JoinRoom(BaseModel):
    """Body of ``POST /api/rooms/{id}/join``: ``{"name": "Ben"}``, optionally with the joiner's
    contribution to the pending deal and the commitment it answers; a contribution without a
    commitment is taken only when this join deals the round (:func:`.changes.join`; a
    commitment without a contribution is refused); ``holder``: the browser's holder key
    (:data:`Holder`; default none)."""

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
    """The first message: with a seat credential for a seated player, without for a spectator;
    ``deltas``: 2, after the first state, send delta frames (docs/protocol.md, "Delta frames");
    ``true`` (the first form of delta frames, no longer sent), another whole number (a form not
    spoken here) or left out: full states only."""

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
    """A seated person's contribution to the pending deal, with the commitment it answers
    (docs/fair.md)."""

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
    """A seated person's reaction to the table: ``{"type": "react", "reaction": "hallo"}``, one
    of the fixed set (:data:`~ziehdomino.constants.REACTIONS`)."""

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

#: Validates one WebSocket text message (JSON) into a :data:`ClientMessage`; raises
#: ``pydantic.ValidationError`` for anything else.
CLIENT_MESSAGE: TypeAdapter[Hello | ActionMessage | NextRound | Contribute | Leave | StartNow | React | Sync | Ping] = \
    TypeAdapter(ClientMessage)


def first_error(exc: ValidationError) -> tuple[tuple[str | int, ...], str]:
    """Where and why the first validation error is: ``(loc, message)``, never echoing the input.

    The message is our own sentence where a validator raised one (pydantic's "Value error, "
    prefix removed).
    """
    errors = exc.errors(include_url=False, include_input=False, include_context=False)
    if not errors:
        return (), "invalid"
    return tuple(errors[0]["loc"]), str(errors[0]["msg"]).removeprefix("Value error, ")
