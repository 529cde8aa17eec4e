"""HTTP routes, answered in this process (tests/support/app.py): pages, the room API, names,
security headers, the limits' answers."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import httpx
import pytest
from starlette.routing import Route

from tests.support.app import AppSite
from tests.support.server import seated_room

from ziehdomino.server.http.app import create_app
from ziehdomino.server.protocol.models import clean_name
from ziehdomino.server.process.security import CONTENT_SECURITY_POLICY, SAFE_METHODS, origin_allowed
from ziehdomino.server.process.settings import Settings

HEADERS = {
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}


def _check_headers(r: httpx.Response) -> None:
    for k, v in HEADERS.items():
        assert r.headers.get(k) == v, (r.request.url, k)
    policy = r.headers["content-security-policy"]
    assert "'unsafe-inline'" not in policy and "object-src 'none'" in policy  # no plugins of any kind


def test_security_headers_on_every_response(site: AppSite) -> None:
    room = site.create(["person", "person"])["room"]
    cases = [("GET", "/", 200), ("GET", "/lokal", 200), ("GET", "/regeln", 200), ("GET", f"/r/{room}", 200),
             ("GET", "/static/app.js", 200), ("GET", "/static/missing.js", 404), ("GET", "/nowhere", 404),
             ("GET", "/api/health", 200), ("GET", "/api/health/serving", 200), ("GET", f"/api/rooms/{room}", 200),
             ("GET", "/api/rooms/nope", 404),
             ("POST", "/api/rooms", 403), ("POST", "/api/rooms", 415), ("DELETE", "/api/rooms", 405)]
    for i, (method, path, status) in enumerate(cases):
        own = {**site.own_site, "content-type": "text/plain" if status == 415 else "application/json"}
        r = site.http.request(method, path, headers={} if status == 403 else own)
        assert r.status_code == status, (path, r.status_code)
        _check_headers(r)


def test_api_answers_are_not_kept_by_the_browser(site: AppSite) -> None:
    """A page the browser goes back to asks the room's state again: an API answer that says
    nothing of caching is ``no-cache`` (used only after asking the server); other answers keep theirs."""
    room = site.create(["person", "person"])["room"]
    for path in ["/api/health", f"/api/rooms/{room}", "/api/rooms/" + "A" * 22]:
        assert site.http.get(path).headers["cache-control"] == "no-cache", path
    assert site.http.get(f"/r/{room}/qr.svg").headers["cache-control"] == "private, max-age=3600"


def test_service_worker_and_gzip(site: AppSite) -> None:
    r = site.http.get("/sw.js")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/javascript")
    assert r.headers["cache-control"] == "no-cache"
    r = site.http.get("/static/app.js", headers={"accept-encoding": "gzip"})
    assert r.status_code == 200 and r.headers.get("content-encoding") == "gzip"
    assert r.text.startswith("export const x=1;")  # served minified
    _check_headers(r)


def test_unknown_room_page_is_a_german_404(site: AppSite) -> None:
    r = site.http.get("/r/AAAAAAAAAAAAAAAAAAAAAA")
    assert r.status_code == 404
    assert 'lang="de"' in r.text and "<script" not in r.text
    assert 'rel="icon" href="/static/icon.svg"' in r.text  # else the browser asks for /favicon.ico
    # never a new room
    assert site.http.get("/api/rooms/AAAAAAAAAAAAAAAAAAAAAA").json() == {
        "code": "room_not_found", "message": "no such room"}


def test_create_returns_link_and_credential(site: AppSite) -> None:
    made = site.create(["person", "computer:stark", "person"], "Anna")
    assert made["link"] == f"/r/{made['room']}" and made["seat"] == 0
    assert len(made["room"]) >= 22 and len(made["credential"]) >= 32  # >= 128 / >= 192 random bits
    summary = site.http.get(f"/api/rooms/{made['room']}").json()
    assert summary["started"] is False and summary["full"] is False
    assert [s["kind"] for s in summary["seats"]] == ["person", "computer", "person"]
    assert summary["seats"][0] == {"seat": 0, "kind": "person", "level": None, "name": "Anna", "taken": True,
                                   "connected": False, "left": False, "stand_in": False, "ready": False,
                                   "heir": None, "since": None, "person": summary["seats"][0]["person"]}
    assert re.fullmatch(r"[0-9a-f]{16}", summary["seats"][0]["person"]) and summary["seats"][1]["person"] is None
    assert summary["turn_time"] == 60  # the default: 1 minute
    assert summary["seats"][1]["level"] == "stark" and summary["seats"][1]["taken"] is True
    stored_seats, match = site.stored(made["room"])
    assert match is None and made["credential"] not in str(stored_seats)


@pytest.mark.parametrize("body", [
    {"seats": [{"kind": "person"}], "name": "A"},
    {"seats": [{"kind": "person"}] * 5, "name": "A"},
    {"seats": [{"kind": "person"}, {"kind": "computer"}], "name": "A"},
    {"seats": [{"kind": "computer"}, {"kind": "person"}, {"kind": "person"}], "name": "A"},
    {"seats": [{"kind": "person"}, {"kind": "computer", "level": "gott"}, {"kind": "person"}], "name": "A"},
    {"seats": [{"kind": "person"}, {"kind": "alien"}], "name": "A"},
    {"seats": [{"kind": "person"}, {"kind": "person"}], "name": "A", "extra": 1},
    {"seats": "person", "name": "A"},
    [],
])
def test_create_refuses_bad_bodies(site: AppSite, body: object) -> None:
    r = site.http.post("/api/rooms", json=body, headers=site.own_site)
    assert r.status_code == 422 and r.json()["code"] == "bad_request"


def test_create_refuses_junk_and_huge_bodies(site: AppSite) -> None:
    json_type = {**site.own_site, "content-type": "application/json"}
    r = site.http.post("/api/rooms", content=b"{not json", headers=json_type)
    assert r.status_code == 422 and r.json()["code"] == "bad_request"
    r = site.http.post("/api/rooms", content=b"x" * 100_000, headers=json_type)
    assert r.status_code == 413 and r.json()["code"] == "too_large"


def _changing_requests(room: str) -> list[tuple[str, str]]:
    """(method, path) of every route of the app with every method that may change something:
    the routes that take one (creating, joining) and the others, whose answer would be 405."""
    app = create_app(Settings(data_dir=Path("unused")))  # only its route table: no lifespan runs
    paths = [r.path.replace("{room_id}", room).replace("{n}", "1") for r in app.routes if isinstance(r, Route)]
    changing = [(m, p) for r in app.routes if isinstance(r, Route) for m in sorted((r.methods or set()) - SAFE_METHODS)
                for p in [r.path.replace("{room_id}", room)]]
    assert {p for _, p in changing} == {"/api/rooms", f"/api/rooms/{room}/join", f"/api/rooms/{room}/leave",
                                        "/api/quick", "/api/profile", "/api/profile/device-code",
                                        "/api/profile/device"}  # what the server lets change
    return changing + [(m, p) for p in paths + ["/static/app.js", "/nowhere"] for m in ("PUT", "PATCH", "DELETE")]


def test_a_request_from_another_site_or_not_declared_json_changes_nothing(web_dir: Path) -> None:
    """A page elsewhere cannot open, join or spend a visitor's quota: to every route, with every
    method that may change something, a form or text/plain body (no preflight needed) and any
    request whose Origin or Sec-Fetch-Site names another site, or that names no site, are refused
    before anything is read or counted; the site's own page passes."""
    with AppSite(web_dir, max_rooms_per_address=2, http_rate=3, miss_rate=1) as srv:
        room = srv.create(["person", "person", "person"])["room"]  # one room and one creation of each quota
        host = srv.base.split("//", 1)[1]
        foreign = [({}, 403), ({"content-type": "text/plain"}, 403),
                   ({"content-type": "text/plain", "origin": "https://evil.example"}, 403),
                   ({"origin": "https://evil.example"}, 403), ({"origin": f"http://{host}.evil.example"}, 403),
                   ({"origin": "null"}, 403), ({"sec-fetch-site": "cross-site"}, 403),
                   ({"sec-fetch-site": "same-site"}, 403), ({"sec-fetch-site": "none"}, 403),
                   ({"origin": srv.origin, "sec-fetch-site": "cross-site"}, 403),
                   ({"origin": srv.origin, "content-type": "text/plain"}, 415),
                   ({"origin": srv.origin, "content-type": "application/x-www-form-urlencoded"}, 415),
                   ({"sec-fetch-site": "same-origin", "content-type": "multipart/form-data; boundary=x"}, 415)]
        http = srv.http
        for method, path in _changing_requests(room):
            for headers, status in foreign:
                headers = {"content-type": "application/json", **headers}
                r = http.request(method, path, headers=headers,
                                 content='{"seats": [{"kind": "person"}, {"kind": "person"}], "name": "A"}')
                assert r.status_code == status, (method, path, headers, r.text)
                assert r.json()["code"] == ("cross_site" if status == 403 else "bad_request")
        # nothing was counted or changed: the room's seats, the creations and joins this address
        # may make (3 a minute), the rooms it may open (2), the unknown rooms it may name (1)
        summary = http.get(f"/api/rooms/{room}").json()
        assert [s["taken"] for s in summary["seats"]] == [True, False, False], summary
        assert http.get(f"/api/rooms/{'x' * 22}").status_code == 404
        srv.create(["person", "person"])
        r = http.post(f"/api/rooms/{room}/join", json={"name": "B"},
                      headers={"sec-fetch-site": "same-origin"})  # a browser that sent no Origin
        assert r.status_code == 201, r.text


@pytest.mark.parametrize("name", [
    "", "   ", "x" * 25, "A\x00B", "A\nB", "\u202eevil", "tab\there", "\x7f",
    # invisible: only format (Cf), separator (Z*) or control characters
    "\u200b", "\u00ad\u2028", "\u00ad", "\ufeff", "\u200d\u200c", " \u200b\u00a0\u3000 ", "\u2060\u180e",
    # zero-width characters hide inside a visible name ("An\u200bna" shows as "Anna")
    "An\u200bna", "An\u200cna", "An\u200dna", "An\u2060na", "An\ufeffna", "Anna\u200b", "\u200bAnna",
    # line/paragraph separators and controls are refused anywhere, the ends included
    "Ben\u2028", "\u2029Ben", "Be\u2028n", "Ben\n", "\tBen", "Ben\x85",
])
def test_bad_names_are_refused(site: AppSite, name: str) -> None:
    r = site.http.post("/api/rooms", json={"seats": [{"kind": "person"}] * 2, "name": name},
                   headers=site.own_site)
    assert r.status_code == 422 and r.json()["code"] == "invalid_name"
    assert not r.json()["message"].startswith("Value error")  # our sentence, not pydantic's wrapper
    room = site.create(["person", "person"])["room"]
    r = site.http.post(f"/api/rooms/{room}/join", json={"name": name}, headers=site.own_site)
    assert r.status_code == 422 and r.json()["code"] == "invalid_name"


def test_names_are_trimmed_and_markup_kept_literal(site: AppSite) -> None:
    room = site.create(["person", "person", "person"], "  <b>Anna</b>  ")["room"]
    site.join(room, "<script>alert(1)</script>"[:24])
    site.join(room, " " + "ä" * 24 + " ")
    names = [s["name"] for s in site.http.get(f"/api/rooms/{room}").json()["seats"]]
    assert names == ["<b>Anna</b>", "<script>alert(1)</script"[:24], "ä" * 24]


def test_clean_name_rules() -> None:
    assert clean_name(" Ben ") == "Ben"
    assert clean_name("a" * 24) == "a" * 24
    assert clean_name("Zoë 🎲") == "Zoë 🎲"
    assert clean_name("Zoe\u0308") == "Zoë"  # NFC
    assert clean_name("\u00a0Ben\u3000") == "Ben"  # space separators (Zs) are trimmed
    assert clean_name("\U0001f468\u200d\U0001f469") == "\U0001f468\u200d\U0001f469"  # ZWJ joining two emoji
    assert clean_name("\U0001f9d1\U0001f3fd\u200d\U0001f680 Ada") == "\U0001f9d1\U0001f3fd\u200d\U0001f680 Ada"  # skin tone
    assert clean_name("\U0001f3f3\ufe0f\u200d\U0001f308") == "\U0001f3f3\ufe0f\u200d\U0001f308"  # U+FE0F before ZWJ
    assert clean_name("A\u00adnna") == "A\u00adnna"  # a soft hyphen inside is kept
    for bad in ["", " \t ", "a" * 25, "a\u2028b", "a\x1bb", "\u2066x", "\u200b", "\u00ad\u2028", "\u2028Ben",
                "Ben\u2029", "\ud800", " \u200b ", "\u00ad" * 3, "Ben\r\n",
                "An\u200bna", "An\u200cna", "An\u200dna", "An\u2060na", "An\ufeffna", "A\u180eB", "A\u2061B",
                "a\u200d\U0001f4bb", "\U0001f469\u200da", "\U0001f469\u200d", "\u200d\U0001f4bb"]:
        with pytest.raises(ValueError):
            clean_name(bad)


def test_join_takes_lowest_free_seat_then_full(site: AppSite) -> None:
    room = site.create(["person", "computer", "person", "person"])["room"]
    assert site.join(room, "Ben")["seat"] == 2
    assert site.join(room, "Cleo")["seat"] == 3
    r = site.http.post(f"/api/rooms/{room}/join", json={"name": "Dora"}, headers=site.own_site)
    assert r.status_code == 409 and r.json()["code"] == "room_full"
    summary = site.http.get(f"/api/rooms/{room}").json()
    assert summary["started"] is True and summary["full"] is True


def test_join_unknown_room_is_404(site: AppSite) -> None:
    r = site.http.post(f"/api/rooms/AAAAAAAAAAAAAAAAAAAAAA/join", json={"name": "Ben"}, headers=site.own_site)
    assert r.status_code == 404 and r.json()["code"] == "room_not_found"


def test_debug_metrics_are_off_by_default(site: AppSite) -> None:
    r = site.http.get("/api/debug/metrics")
    assert r.status_code == 404 and r.json()["code"] == "not_found"


def test_origin_rule() -> None:
    assert origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000")
    assert origin_allowed("https://Example.org", "example.org")
    for origin, host in [("http://evil.example", "127.0.0.1:8000"), ("http://127.0.0.1:8001", "127.0.0.1:8000"),
                         (None, "h"), ("null", "h"), ("ftp://h", "h"), ("http://h/x", "h")]:
        assert not origin_allowed(origin, host)


def test_rate_limited_answers_carry_retry_after(web_dir: Path) -> None:
    with AppSite(web_dir, http_rate=3) as srv:
        room = srv.create(["person", "person", "person"])["room"]
        srv.join(room, "Ben")
        srv.create(["person", "person"])
        for method, path, body in [("POST", "/api/rooms", {"seats": [{"kind": "person"}] * 2, "name": "A"}),
                                   ("POST", f"/api/rooms/{room}/join", {"name": "Cleo"})]:
            r = srv.http.request(method, path, json=body, headers=srv.own_site)
            assert r.status_code == 429 and r.json()["code"] == "rate_limited"
            assert r.headers["retry-after"].isdigit() and 1 <= int(r.headers["retry-after"]) <= 60
            _check_headers(r)


#: Digits that are not ASCII: str.isdigit() is true for each, int() refuses the first and reads
#: the others (as 3, 5 and 1), so a rule of isdigit() alone is a 500 or the wrong round.
UNICODE_DIGITS = ("\u00b2", "\u0663", "\uff15", "\uff11", "1\u00b2", "%C2%B2")


def test_unicode_digits_in_every_number_of_a_path_or_query_are_404_or_422(web_dir: Path,
                                                                          caplog: pytest.LogCaptureFixture) -> None:
    """Every route that takes a number answers a Unicode digit as no number (404 or 422), never
    500 and never as the digit's value: round 1 of the room is in progress (409), so reading
    "\uff11" as 1 would show."""
    with AppSite(web_dir, metrics=True) as srv, caplog.at_level(logging.WARNING):
        room, _ = seated_room(srv, ["person", "person"])  # type: ignore[arg-type]
        app = create_app(Settings(data_dir=Path("unused")))
        numbered = sorted(r.path for r in app.routes if isinstance(r, Route)
                          and set(r.param_convertors) - {"room_id", "profile_id"})
        assert numbered == ["/api/rooms/{room_id}/runde/{n}", "/r/{room_id}/runde/{n}"]  # a new one is tested here too
        http = srv.http
        for path in numbered:
            assert http.get(path.format(room_id=room, n="1")).status_code == 409  # the round is being played
            for digit in UNICODE_DIGITS:
                r = http.get(path.format(room_id=room, n=digit))
                assert r.status_code == 404, (path, digit, r.status_code)
                if path.startswith("/api/"):
                    assert r.json()["code"] == "round_not_found", (path, digit, r.text)
        assert http.get("/api/debug/metrics", params={"since": "1"}).status_code == 200
        for digit in UNICODE_DIGITS:
            r = http.get("/api/debug/metrics", params={"since": digit})
            assert (r.status_code, r.json()["code"]) == (422, "bad_request"), (digit, r.text)
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]  # no traceback logged either
