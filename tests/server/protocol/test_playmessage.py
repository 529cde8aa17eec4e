"""The plain reader of the two messages of play agrees with their models on every message."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from pydantic import ValidationError

from ziehdomino.server.protocol.models import CLIENT_MESSAGE, MAX_ACTION_FIELD, MAX_VERSION, ActionMessage, NextRound
from ziehdomino.server.protocol.playmessage import read_play

_MISSING = object()
VERSIONS: list[Any] = [0, 17, MAX_VERSION, MAX_VERSION + 1, -1, 17.0, True, False, "17", None, [17], _MISSING, 2**70]
TEXTS: list[Any] = ["5|2", "0|0", "x" * MAX_ACTION_FIELD, "x" * (MAX_ACTION_FIELD + 1), "ä" * MAX_ACTION_FIELD, "", 52, None, True, ["5|2"],
                    _MISSING]
KINDS: list[Any] = ["play", "draw", "pass", "Play", "next_round", "", None, 3, _MISSING]


def _obj(**fields: Any) -> dict[str, Any]:
    return {k: v for k, v in fields.items() if v is not _MISSING}


def _actions() -> list[Any]:
    actions: list[Any] = [_obj(type=k, tile=t, end=e) for k in KINDS for t in TEXTS for e in (_MISSING, None, "left", "right", *TEXTS[3:6])]
    actions += [_obj(type=k) for k in KINDS] + [{"type": "draw", "extra": 1}, {"type": "play", "tile": "5|2", "x": None},
                                                [], "draw", None, 7]
    return actions


def _messages() -> list[str]:
    texts = []
    for version in VERSIONS:
        texts.append(json.dumps(_obj(type="next_round", version=version)))
        texts.append(json.dumps(_obj(type="next_round", version=version, extra=1)))
        for action in _actions():
            texts.append(json.dumps(_obj(type="action", version=version, action=action)))
        texts.append(json.dumps(_obj(type="action", version=version)))
    texts += ['{"type":"next_round","version":3,"version":4}', '{"type":"action","type":"next_round","version":4}',
              '{"type":"next_round","version":3,"type":"action"}', '{"type":"next_round","version":-0}',
              '{"type":"next_round","version":1e2}', '{"type":"next_round","version":17 }  ', '[1,2]', '"next_round"',
              '{"type":"action","version":1,"action":{"type":"play","tile":"\\ud800"}}', '{"type":"ping"}', "",
              "{", '{"type":"next_round","version":1}x', '{"type":"action","version":1,"action":{"type":"draw"}}\n']
    return texts


def _model(text: str) -> Any:
    try:
        return CLIENT_MESSAGE.validate_json(text)
    except ValidationError:
        return None


def test_what_the_plain_reader_takes_its_model_takes_with_the_same_values() -> None:
    taken = 0
    for text in _messages():
        read, model = read_play(text), _model(text)
        if read is None:
            continue
        assert model is not None, text
        kind, version, action = read
        if kind == "next_round":
            assert isinstance(model, NextRound) and model.version == version and action is None, text
        else:
            assert isinstance(model, ActionMessage) and model.version == version, text
            assert model.action_json() == action, text
        taken += 1
    assert taken > 50


def test_the_messages_a_page_sends_are_read_plainly_and_refusals_go_to_the_model() -> None:
    plain = [{"type": "next_round", "version": 9}, {"type": "action", "version": 4, "action": {"type": "draw"}},
             {"type": "action", "version": 4, "action": {"type": "pass"}},
             {"type": "action", "version": 0, "action": {"type": "play", "tile": "6|6"}},
             {"type": "action", "version": 5, "action": {"type": "play", "tile": "5|2", "end": "left"}},
             {"type": "action", "version": 5, "action": {"type": "play", "tile": "5|2", "end": None}}]
    for msg in plain:
        assert read_play(json.dumps(msg)) is not None, msg
    refused = [t for t in _messages() if _model(t) is None]
    assert len(refused) > 500
    assert all(read_play(t) is None for t in refused)


def test_random_edits_of_a_message_never_make_the_two_disagree() -> None:
    rng = random.Random(7)
    base = json.dumps({"type": "action", "version": 12, "action": {"type": "play", "tile": "5|2", "end": "right"}})
    alphabet = '{}[]":,0123456789.-eE tnulfrasyivpdxgh\\|'
    checked = 0
    for _ in range(4000):
        chars = list(base)
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(chars))
            op = rng.random()
            if op < 0.4:
                chars[i] = rng.choice(alphabet)
            elif op < 0.7:
                chars.insert(i, rng.choice(alphabet))
            else:
                del chars[i]
        text = "".join(chars)
        read = read_play(text)
        if read is None:
            continue
        model = _model(text)
        assert model is not None, text
        assert model.version == read[1], text
        if read[0] == "action":
            assert model.action_json() == read[2], text
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("end", [None, "left", _MISSING])
def test_a_play_reads_as_the_engine_reads_it(end: Any) -> None:
    from ziehdomino.engine import parse_action

    read = read_play(json.dumps({"type": "action", "version": 1, "action": _obj(type="play", tile="5|2", end=end)}))
    assert read is not None and read[2] is not None
    parse_action(read[2])  # the engine takes the form as it takes the model's
