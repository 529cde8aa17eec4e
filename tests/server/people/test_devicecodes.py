"""Device codes and public ids (server/people/devicecodes.py, server/people/ids.py): what a
person types is read kindly, only a digest is kept, and the key sealed under a code opens with
that code alone."""

from __future__ import annotations

import re

from ziehdomino.server.people import devicecodes as dc
from ziehdomino.server.people.ids import KEY, PUBLIC_ID, guest_name, new_public_id

SECRET = "0123456789abcdef0123456789abcdef"


def test_the_alphabet_has_no_look_alikes() -> None:
    assert not set("0O1IL") & set(dc.ALPHABET) and len(set(dc.ALPHABET)) == len(dc.ALPHABET) == 31


def test_a_code_is_eight_characters_shown_in_two_halves() -> None:
    codes = {dc.new_code() for _ in range(200)}
    assert len(codes) == 200
    for code in codes:
        assert len(code) == dc.CODE_LENGTH and set(code) <= set(dc.ALPHABET)
        assert re.fullmatch(r"[A-Z2-9]{4}-[A-Z2-9]{4}", dc.shown(code))


def test_a_typed_code_is_read_without_case_spaces_or_dashes() -> None:
    assert dc.read_code("abcd-efgh") == "ABCDEFGH"
    assert dc.read_code(" AB CD\u2013EF GH ") == "ABCDEFGH"
    for wrong in ["ABCD-EFG", "ABCD-EFGHJ", "ABCD-EFG0", "OBCD-EFGH", "ABCD_EFGH", "ÄBCD-EFGH", ""]:
        assert dc.read_code(wrong) is None, wrong


def test_only_a_digest_is_kept_and_the_seal_opens_with_its_code_alone() -> None:
    code = dc.new_code()
    assert re.fullmatch(r"[0-9a-f]{64}", dc.hash_code(code)) and code not in dc.hash_code(code)
    sealed = dc.seal(SECRET, code)
    assert re.fullmatch(r"[0-9a-f]{32}", sealed) and sealed != SECRET
    assert dc.unseal(sealed, code) == SECRET
    other = next(c for c in iter(dc.new_code, None) if c != code)
    assert dc.unseal(sealed, other) != SECRET
    assert dc.hash_code(code) != dc.hash_code(other)


def test_public_ids_and_guest_names() -> None:
    ids = {new_public_id() for _ in range(200)}
    assert len(ids) == 200 and all(PUBLIC_ID.fullmatch(i) for i in ids)
    assert all(re.fullmatch(r"Gast \d{4}", guest_name()) for _ in range(50))
    assert KEY.fullmatch(SECRET) and not KEY.fullmatch(SECRET.upper())
