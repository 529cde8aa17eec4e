"""A room id that begins with '-' on the operators' command lines."""

from __future__ import annotations

from ziehdomino.cli import _parser
from ziehdomino.cluster.roomarg import room_arguments, room_of


def test_a_room_id_beginning_with_a_dash_is_not_read_as_an_option() -> None:
    argv = room_arguments(["where", "-V0f6t5sUJ7ptWpa7L5EBg", "--database", "postgresql://x"], {"-h", "--help", "--database"})
    args = _parser().parse_args(argv)
    assert (room_of(args.room), args.database) == ("-V0f6t5sUJ7ptWpa7L5EBg", "postgresql://x")


def test_the_command_options_and_other_words_are_left_alone() -> None:
    argv = ["where", "--database=postgresql://x", "ABC", "stop", "-h"]
    assert room_arguments(argv, {"-h", "--help", "--database"}) == argv


def test_a_link_to_the_room_names_the_room() -> None:
    assert room_of("https://example.org/r/-abc_DEF/") == "-abc_DEF"
    assert room_of("ABC123") == "ABC123"
