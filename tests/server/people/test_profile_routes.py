"""The profiles' routes (server/http/profileapi.py over server/people/book.py), answered in this
process on the in-memory storage (tests/support/app.py): every route, and every refusal with
its code, nothing stored changed after it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.support.app import AppSite
from tests.support.server import on_own_thread
from ziehdomino.server.people.devicecodes import ALPHABET, CODE_SECONDS
from ziehdomino.server.storage.keyhash import hash_holder

KEY = "0123456789abcdef0123456789abcdef"
OTHER = "fedcba9876543210fedcba9876543210"
JSON = {"origin": AppSite.origin, "content-type": "application/json"}


def keyed(key: str = KEY) -> dict[str, str]:
    """The headers of a profile's own request that changes something."""
    return {**JSON, "x-ziehdomino-profile": key}


def stored(site: AppSite) -> tuple[dict[str, Any], dict[str, Any]]:
    """Everything the profiles' storage holds: (profiles by id, device codes by digest)."""
    return dict(site.storage.profiles.rows), dict(site.storage.profiles.codes)


def enter(site: AppSite, key: str = KEY, **body: Any) -> dict[str, Any]:
    r = site.http.post("/api/profile", json={"holder": key, **body}, headers=JSON)
    assert r.status_code in (200, 201), r.text
    return dict(r.json())


def refused(site: AppSite, r: httpx.Response, status: int, code: str, before: Any) -> None:
    """``r`` was refused with ``status`` and ``code`` and a message, and the storage holds what it held ``before``."""
    assert r.status_code == status, r.text
    assert r.json()["code"] == code and r.json()["message"]
    assert stored(site) == before


@pytest.fixture
def clocked(site: AppSite) -> Iterator[tuple[AppSite, list[float]]]:
    """The site with the profiles' clock in the test's hand: ``now[0]`` (unix s)."""
    now = [1_800_000_000.0]
    site.app.state.profiles.clock = lambda: now[0]
    yield site, now


def test_a_key_makes_one_profile_named_as_a_guest_and_finds_it_again(site: AppSite) -> None:
    r = site.http.post("/api/profile", json={"holder": KEY}, headers=JSON)
    assert r.status_code == 201
    made = r.json()
    assert set(made) == {"id", "name", "created", "level", "provisional", "rated_rounds"} and re.fullmatch(r"[A-Za-z0-9_-]{12}", made["id"])
    assert re.fullmatch(r"Gast \d{4}", made["name"])
    again = site.http.post("/api/profile", json={"holder": KEY, "name": "Anna"}, headers=JSON)
    assert again.status_code == 200 and again.json() == made  # idempotent: the name stays
    (row,) = site.storage.profiles.rows.values()
    assert row.key_hash == hash_holder(KEY) and KEY not in repr(row)  # the digest the seats keep, never the key
    assert site.http.get("/api/profile", headers={"x-ziehdomino-profile": KEY}).json() == made


def test_a_profile_made_with_a_name_keeps_it_as_text(site: AppSite) -> None:
    made = enter(site, name="  <b>Anna</b> ")
    assert made["name"] == "<b>Anna</b>"


def test_two_keys_make_two_profiles(site: AppSite) -> None:
    assert enter(site)["id"] != enter(site, OTHER)["id"]
    assert len(site.storage.profiles.rows) == 2


def test_a_bad_body_or_name_makes_no_profile(site: AppSite) -> None:
    before = stored(site)
    for body, code in [({"holder": KEY.upper()}, "bad_request"), ({"holder": KEY[:-1]}, "bad_request"),
                       ({}, "bad_request"), ({"holder": KEY, "extra": 1}, "bad_request"),
                       ({"holder": KEY, "name": "An\u200bna"}, "invalid_name"), ({"holder": KEY, "name": ""}, "invalid_name"),
                       ({"holder": KEY, "name": "x" * 25}, "invalid_name")]:
        refused(site, site.http.post("/api/profile", json=body, headers=JSON), 422, code, before)
    refused(site, site.http.post("/api/profile", content=b'{"holder": "' + b"a" * 5000 + b'"}', headers=JSON),
            413, "too_large", before)


def test_making_profiles_counts_with_room_creations(web_dir: Any) -> None:
    with AppSite(web_dir, http_rate=2) as site:
        enter(site)
        site.create(["person", "person"])
        before = stored(site)
        r = site.http.post("/api/profile", json={"holder": OTHER}, headers=JSON)
        refused(site, r, 429, "rate_limited", before)
        assert 1 <= int(r.headers["retry-after"]) <= 60


def test_requests_of_other_sites_are_refused_before_any_route(site: AppSite) -> None:
    enter(site)
    before = stored(site)
    evil = {"origin": "https://evil.example", "content-type": "application/json", "x-ziehdomino-profile": KEY}
    for method, path, body in [("POST", "/api/profile", {"holder": OTHER}), ("PATCH", "/api/profile", {"name": "Eve"}),
                               ("DELETE", "/api/profile", None), ("POST", "/api/profile/device-code", None),
                               ("POST", "/api/profile/device", {"code": "ABCD-EFGH"})]:
        refused(site, site.http.request(method, path, json=body, headers=evil), 403, "cross_site", before)
        refused(site, site.http.request(method, path, json=body, headers={"x-ziehdomino-profile": KEY}),
                403, "cross_site", before)  # neither Origin nor Sec-Fetch-Site
        plain = {**keyed(), "content-type": "text/plain"}
        refused(site, site.http.request(method, path, json=body, headers=plain), 415, "bad_request", before)


@pytest.mark.parametrize("method,path", [("GET", "/api/profile"), ("PATCH", "/api/profile"),
                                         ("DELETE", "/api/profile"), ("GET", "/api/profile/export"),
                                         ("POST", "/api/profile/device-code")])
def test_a_missing_malformed_or_unknown_key_is_refused(site: AppSite, method: str, path: str) -> None:
    enter(site)
    before = stored(site)
    body = {"name": "Eve"} if method == "PATCH" else None
    for key in [None, "", KEY.upper(), KEY + "0", "x" * 32]:
        headers = dict(JSON) if key is None else keyed(key)
        refused(site, site.http.request(method, path, json=body, headers=headers), 401, "bad_profile_key", before)
    refused(site, site.http.request(method, path, json=body, headers=keyed(OTHER)), 404, "profile_not_found", before)


def test_the_key_never_travels_in_a_url(site: AppSite) -> None:
    enter(site)
    for path in [f"/api/profile?key={KEY}", f"/api/profile/export?x-ziehdomino-profile={KEY}"]:
        assert site.http.get(path).json()["code"] == "bad_profile_key"


def test_a_profile_is_renamed_by_the_name_rule(site: AppSite) -> None:
    made = enter(site)
    r = site.http.patch("/api/profile", json={"name": " <script>Ben</script>\u00a0"}, headers=keyed())
    assert r.status_code == 200 and r.json() == {**made, "name": "<script>Ben</script>"}
    assert site.http.get("/api/profile", headers=keyed()).json()["name"] == "<script>Ben</script>"
    before = stored(site)
    for body, code in [({"name": "\u202eAnna"}, "invalid_name"), ({"name": " "}, "invalid_name"),
                       ({"name": 5}, "invalid_name"), ({}, "invalid_name"), ({"name": "Ben", "holder": KEY}, "bad_request")]:
        refused(site, site.http.patch("/api/profile", json=body, headers=keyed()), 422, code, before)


def test_the_export_is_a_download_of_everything_stored(clocked: tuple[AppSite, list[float]]) -> None:
    site, now = clocked
    made = enter(site, name="Anna")
    code = site.http.post("/api/profile/device-code", headers=keyed()).json()
    r = site.http.get("/api/profile/export", headers={"x-ziehdomino-profile": KEY})
    assert r.status_code == 200 and r.headers["content-type"] == "application/json"
    assert r.headers["content-disposition"] == 'attachment; filename="ziehdomino-profil.json"'
    assert r.headers["cache-control"] == "no-store"
    export = r.json()
    (row,) = site.storage.profiles.rows.values()
    assert export["profile"] == {"id": made["id"], "key_hash": hash_holder(KEY), "name": "Anna", "created": now[0],
                                 "seen": now[0], "mu": None, "sigma": None, "rated": 0}
    (stored_code,) = site.storage.profiles.codes.values()
    assert export["device_codes"] == [{"code_hash": stored_code.code_hash, "expires": code["expires"], "spent": False}]
    assert export["exported"] == int(now[0]) and KEY not in r.text


def test_the_last_visit_is_kept_to_the_hour(clocked: tuple[AppSite, list[float]]) -> None:
    site, now = clocked
    now[0] = 1_800_000_000.0 + 1234  # 20 min 34 s past a full hour
    enter(site)
    (row,) = site.storage.profiles.rows.values()
    first = row.seen
    assert first == 1_800_000_000.0 and row.created == now[0]
    now[0] += 60
    site.http.get("/api/profile", headers=keyed())
    assert next(iter(site.storage.profiles.rows.values())).seen == first  # the same hour: nothing written
    now[0] += 3600
    site.http.get("/api/profile", headers=keyed())
    assert next(iter(site.storage.profiles.rows.values())).seen == first + 3600


def test_a_deleted_profile_is_gone_with_its_codes(site: AppSite) -> None:
    made = enter(site)
    site.http.post("/api/profile/device-code", headers=keyed())
    enter(site, OTHER)
    r = site.http.delete("/api/profile", headers=keyed())
    assert r.status_code == 200 and r.json() == {"deleted": True}
    assert [row.key_hash for row in site.storage.profiles.rows.values()] == [hash_holder(OTHER)]
    assert site.storage.profiles.codes == {}
    before = stored(site)
    for method, path in [("GET", "/api/profile"), ("DELETE", "/api/profile"), ("GET", "/api/profile/export"),
                         ("POST", "/api/profile/device-code")]:
        refused(site, site.http.request(method, path, headers=keyed()), 404, "profile_not_found", before)
    refused(site, site.http.get(f"/api/p/{made['id']}"), 404, "profile_not_found", before)
    assert enter(site)["id"] != made["id"]  # the same key may make a new profile


def test_the_public_view_names_and_dates_a_profile_only(clocked: tuple[AppSite, list[float]]) -> None:
    site, now = clocked
    made = enter(site, name="Anna")
    r = site.http.get(f"/api/p/{made['id']}")
    assert r.status_code == 200
    assert r.json() == {"id": made["id"], "name": "Anna", "created": int(now[0]) // 86400 * 86400,
                        "level": 1000, "provisional": True, "rated_rounds": 0}
    assert hash_holder(KEY) not in r.text and KEY not in r.text
    before = stored(site)
    for unknown in ["AAAAAAAAAAAA", "short", "A" * 13, "%2e%2e"]:
        refused(site, site.http.get(f"/api/p/{unknown}"), 404, "profile_not_found", before)


def test_unknown_public_ids_count_as_misses(web_dir: Any) -> None:
    with AppSite(web_dir, miss_rate=2) as site:
        for _ in range(2):
            assert site.http.get("/api/p/AAAAAAAAAAAA").status_code == 404
        r = site.http.get("/api/p/AAAAAAAAAAAA")
        assert r.status_code == 429 and r.json()["code"] == "rate_limited" and int(r.headers["retry-after"]) >= 1


def test_a_failing_storage_is_503_and_changes_nothing(site: AppSite) -> None:
    enter(site)
    before = stored(site)
    site.storage.profiles.fail = RuntimeError("the disk is full")
    for method, path, body in [("POST", "/api/profile", {"holder": OTHER}), ("GET", "/api/profile", None),
                               ("PATCH", "/api/profile", {"name": "Ben"}), ("DELETE", "/api/profile", None),
                               ("GET", "/api/profile/export", None), ("POST", "/api/profile/device-code", None),
                               ("POST", "/api/profile/device", {"code": "ABCD-EFGH"})]:
        refused(site, site.http.request(method, path, json=body, headers=keyed()), 503, "server_error", before)
    site.storage.profiles.fail = None
    assert site.http.get("/api/profile", headers=keyed()).status_code == 200


def test_a_device_code_brings_the_profile_to_a_second_browser_once(clocked: tuple[AppSite, list[float]]) -> None:
    site, now = clocked
    made = enter(site, name="Anna")
    r = site.http.post("/api/profile/device-code", headers=keyed())
    assert r.status_code == 201
    answer = r.json()
    assert re.fullmatch(f"[{ALPHABET}]{{4}}-[{ALPHABET}]{{4}}", answer["code"])
    assert answer["expires"] == int(now[0] + CODE_SECONDS)
    (row,) = site.storage.profiles.codes.values()
    plain = answer["code"].replace("-", "")
    assert plain not in repr(row) and KEY not in repr(row)  # only the code's digest, the key sealed
    typed = " " + answer["code"].lower().replace("-", " ") + " "  # as a person may type it
    linked = site.http.post("/api/profile/device", json={"code": typed}, headers=JSON)
    assert linked.status_code == 200 and linked.json() == {"holder": KEY, "profile": made}
    before = stored(site)
    refused(site, site.http.post("/api/profile/device", json={"code": answer["code"]}, headers=JSON),
            410, "device_code_used", before)


def test_a_device_code_expires_after_ten_minutes(clocked: tuple[AppSite, list[float]]) -> None:
    site, now = clocked
    enter(site)
    code = site.http.post("/api/profile/device-code", headers=keyed()).json()
    now[0] = code["expires"]
    before = stored(site)
    refused(site, site.http.post("/api/profile/device", json={"code": code["code"]}, headers=JSON),
            410, "device_code_expired", before)
    for _ in range(5):  # an expired code is no wrong try: five wrong ones still answer 404
        assert site.http.post("/api/profile/device", json={"code": "AAAA-AAAA"}, headers=JSON).status_code == 404


def test_a_new_code_ends_the_one_before(site: AppSite) -> None:
    enter(site)
    first = site.http.post("/api/profile/device-code", headers=keyed()).json()["code"]
    second = site.http.post("/api/profile/device-code", headers=keyed()).json()["code"]
    assert len(site.storage.profiles.codes) == 1
    assert site.http.post("/api/profile/device", json={"code": first}, headers=JSON).json()["code"] == \
        ("device_code_used" if first == second else "device_code_wrong")
    assert site.http.post("/api/profile/device", json={"code": second}, headers=JSON).json()["holder"] == KEY


def test_wrong_codes_are_counted_per_address_then_refused(site: AppSite) -> None:
    enter(site)
    code = site.http.post("/api/profile/device-code", headers=keyed()).json()["code"]
    before = stored(site)
    wrong = ["ZZZZ-ZZZZ", "OOOO-1111", "short", "ABCD-EFGH-JKMN", "ZZZZ ZZZY"]
    for typed in wrong:  # five wrong tries, unreadable ones included
        refused(site, site.http.post("/api/profile/device", json={"code": typed}, headers=JSON),
                404, "device_code_wrong", before)
    r = site.http.post("/api/profile/device", json={"code": code}, headers=JSON)  # even the right one, now
    refused(site, r, 429, "rate_limited", before)
    assert 1 <= int(r.headers["retry-after"]) <= 600
    for body in [{}, {"code": ""}, {"code": "A" * 33}, {"code": 5}]:  # whatever the body, until the window frees
        refused(site, site.http.post("/api/profile/device", json=body, headers=JSON), 429, "rate_limited", before)


def test_a_malformed_link_body_is_422_and_no_wrong_try(site: AppSite) -> None:
    before = stored(site)
    for body in [{}, {"code": ""}, {"code": "A" * 33}, {"code": 5}, {"code": "ABCD-EFGH", "holder": KEY}]:
        refused(site, site.http.post("/api/profile/device", json=body, headers=JSON), 422, "bad_request", before)
    for _ in range(5):
        assert site.http.post("/api/profile/device", json={"code": "ZZZZ-ZZZZ"}, headers=JSON).status_code == 404


def test_a_code_of_a_deleted_profile_works_no_more(site: AppSite) -> None:
    enter(site)
    code = site.http.post("/api/profile/device-code", headers=keyed()).json()["code"]
    site.http.delete("/api/profile", headers=keyed())
    before = stored(site)
    refused(site, site.http.post("/api/profile/device", json={"code": code}, headers=JSON), 404,
            "device_code_wrong", before)


def test_the_sweep_clears_expired_seals_and_drops_long_spent_codes(clocked: tuple[AppSite, list[float]]) -> None:
    site, now = clocked
    enter(site)
    code = site.http.post("/api/profile/device-code", headers=keyed()).json()
    book = site.app.state.profiles
    on_own_thread(book.sweep())
    assert next(iter(site.storage.profiles.codes.values())).sealed is not None  # still valid
    now[0] = code["expires"]
    on_own_thread(book.sweep())
    assert next(iter(site.storage.profiles.codes.values())).sealed is None  # the key no longer sealed anywhere
    r = site.http.post("/api/profile/device", json={"code": code["code"]}, headers=JSON)
    assert r.json()["code"] == "device_code_expired"
    now[0] = code["expires"] + 3600
    on_own_thread(book.sweep())
    assert site.storage.profiles.codes == {}
