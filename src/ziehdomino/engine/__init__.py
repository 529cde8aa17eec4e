"""The rules of Ziehdomino: pure, no I/O, no clock, randomness only through an injected generator.

Built bottom up:

* :mod:`.tiles` -- the 28 tiles and their ``a|b`` notation.
* :mod:`.errors` -- refused actions and impossible positions.
* :mod:`.actions` -- play, draw, pass, and their JSON form.
* :mod:`.round` -- one deal played to its end.
* :mod:`.deal` -- shuffling and dealing a new round.
* :mod:`.fair` -- the committed deal.
* :mod:`.position` -- rounds from and to positions.
* :mod:`.match` -- a match: counters, rotation, versions, its target.
* :mod:`.view` -- the seat's view: what one seat may know.
* :mod:`.follow` -- a delta frame's act worked out on a view.
* :mod:`.state` -- a match as plain JSON for storage, and back.
* :mod:`.replay` -- a finished round's record and its replay.
"""

from .actions import DRAW, PASS, Action, Draw, End, Pass, Play, action_to_json, parse_action
from .deal import deal_round, hand_size
from .errors import PositionError, Refusal
from .match import Match
from .position import position_of, round_from_position
from .replay import RECORD_FORMAT, replay_frames, replay_rounds, round_record
from .round import LogEntry, Result, Round, Seat
from .state import logged_action, match_from_state, match_to_state
from .tiles import ALL_TILES, Pips, Tile, format_oriented, format_tile, parse_oriented, parse_tile, tile_pips
from .view import seat_view

__all__ = [
    "ALL_TILES", "DRAW", "RECORD_FORMAT", "PASS", "Action", "Draw", "End", "LogEntry", "Match", "Pass", "Pips", "Play",
    "PositionError", "Refusal", "Result", "Round", "Seat", "Tile", "action_to_json", "deal_round", "format_oriented", "format_tile",
    "hand_size", "logged_action", "match_from_state", "match_to_state", "parse_action", "parse_oriented", "parse_tile", "tile_pips",
    "position_of", "replay_frames", "replay_rounds", "round_from_position", "round_record", "seat_view",
]
