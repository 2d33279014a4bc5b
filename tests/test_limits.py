"""Limits that follow the person, not the connection (issue 21), against a real `vaza serve`
with the club's own figures, as an outside client would try them."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

import httpx
import pytest

from serverkit import Client, Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("limits"), limits=())
    running.start()
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="module")
def behind_proxy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A club behind a reverse proxy on this machine, which it trusts to say who asks."""
    running = Server(
        tmp_path_factory.mktemp("proxied"), limits=(), extra=("--forwarded-allow-ips", "127.0.0.1")
    )
    running.start()
    try:
        yield running
    finally:
        running.stop()


def from_address(server: Server, address: str) -> httpx.Client:
    return httpx.Client(base_url=server.url, headers={"X-Forwarded-For": address}, timeout=10)


def test_a_stranger_cannot_lock_the_owner_out(behind_proxy: Server) -> None:
    """Finding 3 of issue 21: 12 wrong passwords from 12 addresses, then the owner's right one
    from a fresh address got 429.  Issue 47, finding 6: the right password from another
    address got in during the wait, and the 429 told the guesser its guess was wrong.  Now
    during the wait every attempt without the owner's device cookie gets the same 429, right
    or wrong; the owner's browser, which logged in before, gets in."""
    owner = from_address(behind_proxy, "10.0.1.1")
    owner.post("/api/register", json={"name": "Owner", "password": "right horse"})
    answers = []
    for n in range(12):
        with from_address(behind_proxy, f"10.0.2.{n}") as stranger:
            answers.append(
                stranger.post("/api/login", json={"name": "Owner", "password": f"guess {n}"})
            )
    assert [a.status_code for a in answers[:10]] == [401] * 10
    assert {a.status_code for a in answers[10:]} == {429}, "wrong passwords past ten must wait"
    late = answers[-1]
    assert late.json()["limit"] == "failed_logins" and int(late.headers["Retry-After"]) >= 30
    with from_address(behind_proxy, "10.0.3.1") as guesser:
        right = guesser.post("/api/login", json={"name": "Owner", "password": "right horse"})
        wrong = guesser.post("/api/login", json={"name": "Owner", "password": "guess 13"})
    assert right.status_code == wrong.status_code == 429
    assert right.json()["message"].split(";")[0] == wrong.json()["message"].split(";")[0]
    assert "vaza_session" not in right.cookies
    home = owner.post("/api/login", json={"name": "Owner", "password": "right horse"})
    assert home.status_code == 200, "the owner's own browser gets in"
    owner.close()


def test_forwarded_addresses_are_believed_only_from_trusted_proxies(server: Server) -> None:
    """Finding 4: 15 rotating X-Forwarded-For values from one address all got through."""
    codes = []
    for n in range(15):
        with from_address(server, f"10.9.0.{n}") as someone:
            response = someone.post("/api/login", json={"name": f"nobody{n}", "password": "x"})
            codes.append(response.status_code)
    assert codes[:10] == [401] * 10 and set(codes[10:]) == {429}


def test_guests_are_limited_per_address(behind_proxy: Server) -> None:
    """Finding 5: one address made 1,386 guests in 10 s."""
    with from_address(behind_proxy, "10.0.5.5") as someone:
        made = [someone.post("/api/guest", json={}) for _ in range(11)]
    assert [m.status_code for m in made[:10]] == [200] * 10
    refused = made[10]
    assert refused.status_code == 429 and refused.json()["limit"] == "guests"
    assert "guest accounts an hour" in refused.json()["message"]
    with from_address(behind_proxy, "10.0.5.6") as neighbour:
        assert neighbour.post("/api/guest", json={}).status_code == 200


def test_open_tables_are_limited_per_person(server: Server) -> None:
    """Finding 6: one guest created 500 public tables in 4.7 s."""
    guest = Client(server).guest()
    for _ in range(10):
        guest.create_table(robots=False)
    response = guest.http.post("/api/tables", json={"robots": False})
    assert response.status_code == 429 and response.json()["limit"] == "tables"
    assert response.json()["max"] == 10
    guest.close()


def test_request_bodies_are_limited(server: Server) -> None:
    """Finding 9: a 50 MB POST /api/pad was accepted (and held in memory)."""
    big = b'{"system": "rubber", "deals": ["' + b"x" * 5_000_000 + b'"]}'
    response = httpx.post(
        server.url + "/api/pad", content=big, headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 413 and response.json()["limit"] == "body"

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it comes
        yield b'{"system": "rubber", "deals": ["'
        for _ in range(50):
            yield b"x" * 100_000
        yield b'"]}'

    response = httpx.post(
        server.url + "/api/pad", content=chunks(), headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 413


def test_the_score_pad_takes_a_small_body(server: Server) -> None:
    """Issue 47, finding 7: a dense 3.8 MB JSON body to POST /api/pad (no log-in) cost about
    30 MB of memory to parse; ten at once, 318 MB.  Its bodies have a cap of their own."""
    dense = b'{"system": "rubber", "options": {"x": [' + b"[1,2,3]," * 60_000 + b"0]}}"
    assert 256_000 < len(dense) < 4_000_000  # under the club's 4 MB, over the pad's cap
    response = httpx.post(
        server.url + "/api/pad", content=dense, headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 413 and response.json()["max"] == 256_000
    assert "at most 256 KB" in response.json()["message"]
    usual = {"system": "rubber", "deals": ["4S N =", "2H E -1"]}
    assert httpx.post(server.url + "/api/pad", json=usual).status_code == 200


def test_pages_forbid_framing_and_foreign_scripts(server: Server) -> None:
    """Finding 14: no Content-Security-Policy, X-Frame-Options or X-Content-Type-Options."""
    for path in ("/", "/api/games", "/static/app.js"):
        headers = httpx.get(server.url + path).headers
        assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
        assert "default-src 'self'" in headers["Content-Security-Policy"]
        assert "unsafe-eval" not in headers["Content-Security-Policy"]

        assert headers["X-Frame-Options"] == "DENY"
        assert headers["X-Content-Type-Options"] == "nosniff"


def test_a_guest_plays_for_a_week(behind_proxy: Server) -> None:
    """A guest's lifetime (issue 21, with finding 5): its session ends a week after it began;
    an account's does not."""
    with (
        from_address(behind_proxy, "10.0.7.1") as guest,
        from_address(behind_proxy, "10.0.7.2") as member,
    ):
        assert guest.post("/api/guest", json={}).status_code == 200
        registered = member.post("/api/register", json={"name": "Weekly", "password": "long one"})
        assert registered.status_code == 200
        assert guest.get("/api/me").status_code == 200
        with sqlite3.connect(behind_proxy.data_dir / "vaza.db") as db:
            db.execute("UPDATE sessions SET created_at = datetime('now', '-8 days')")
        assert guest.get("/api/me").status_code == 401
        assert member.get("/api/me").status_code == 200
