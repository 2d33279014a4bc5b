"""Defences: CSRF, log-in rate limits, cookies, the API fuzzed against its own OpenAPI schema,
and the WebSocket protocol fuzzed with random messages."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from serverkit import Client, Server, running_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("security")) as running:
        yield running


def test_forms_and_other_sites_cannot_change_anything(server: Server) -> None:
    form = httpx.post(f"{server.url}/api/guest", data={"language": "en"})
    assert form.status_code == 403 and "JSON" in form.json()["message"]
    elsewhere = httpx.post(
        f"{server.url}/api/guest", json={}, headers={"Origin": "https://evil.example"}
    )
    assert elsewhere.status_code == 403
    here = httpx.post(f"{server.url}/api/guest", json={}, headers={"Origin": server.url})
    assert here.status_code == 200


def test_cookies_are_http_only_and_same_site(server: Server) -> None:
    response = httpx.post(f"{server.url}/api/guest", json={})
    cookie = response.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie


def test_log_in_attempts_are_limited(server: Server) -> None:
    Client(server).register("limited_user", "the right password")
    statuses = []
    with httpx.Client(base_url=server.url) as http:
        for _ in range(12):
            reply = http.post("/api/login", json={"name": "limited_user", "password": "wrong!"})
            statuses.append(reply.status_code)
    assert statuses[0] == 401 and 429 in statuses
    assert "Retry-After" in reply.headers


def test_the_api_never_fails_with_a_server_error(server: Server) -> None:
    schema = schemathesis.openapi.from_url(f"{server.url}/openapi.json")
    guest = Client(server).guest()
    cookies = dict(guest.http.cookies.items())
    failures: list[str] = []
    for operation in schema.get_all_operations():
        api = operation.ok()

        @settings(
            max_examples=15,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            database=None,
        )
        @given(case=api.as_strategy())
        def check(case: schemathesis.Case) -> None:
            response = case.call(base_url=server.url, cookies=cookies)
            if response.status_code >= 500:
                failures.append(f"{case.method} {case.formatted_path}: {response.status_code}")

        check()
    assert not failures, failures[:5]


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=10,
)
TYPES = st.sampled_from(
    ["call", "play", "claim", "claim_response", "undo_request", "undo_response", "stand",
     "bid", "give", "choose", "hello", "next_deal", "remove_robot", "nope", ""]
)  # fmt: skip
"""Commands a visitor who has not sat down may send: none of them may change the table."""


def test_random_websocket_messages_never_break_a_table(server: Server) -> None:
    owner = Client(server).guest()
    table = owner.create_table(game="contract", scoring="duplicate", robots=False)["table"]
    guest = Client(server).guest()  # a visitor
    guest.connect()
    guest.send(type="hello", table=table)
    before = guest.recv_until(lambda m: m["type"] == "snapshot")["version"]

    @settings(max_examples=150, deadline=None, database=None)
    @given(
        kind=TYPES,
        fields=st.dictionaries(
            st.sampled_from(["table", "call", "card", "seat", "tricks", "accept", "text", "x"]),
            JSON_VALUES,
            max_size=4,
        ),
        raw=st.one_of(st.none(), st.text(max_size=50), st.binary(max_size=30).map(repr)),
    )
    def fuzz(kind: str, fields: dict[str, object], raw: str | None) -> None:
        if raw is not None:
            guest.send_raw(raw)
        else:
            message = {"type": kind, **fields}
            if "table" in message and isinstance(message["table"], str):
                message["table"] = table  # aim at the real table
            guest.send_raw(json.dumps(message))
        try:
            reply = guest.recv(timeout=10)
        except TimeoutError:
            raise AssertionError(f"no answer to {raw!r} / {kind!r} {fields!r}") from None
        while reply["type"] == "kibitzers":
            reply = guest.recv(timeout=10)
        assert reply["type"] in ("error", "snapshot", "pong", "lobby", "update"), reply

    fuzz()
    time.sleep(2.5)  # the flood allowance refills
    guest.send(type="hello", table=table)  # still connected, and the table is as it was
    after = guest.recv_until(lambda m: m["type"] == "snapshot")
    assert after["version"] == before
    guest.close()
    owner.close()
