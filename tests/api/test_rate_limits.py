"""Rate limits count the right caller (issue 11, point 4): identified callers per identity, new
identities per address, the address from X-Forwarded-For only behind a trusted proxy, and with
REDIS_URL one allowance shared by every instance. Every 429 says when to come back."""

from __future__ import annotations

import os
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.conftest import Player, ServerThread, free_port, make_settings, require_redis, start_game
from tests.support.instances import entry_point_command, spawn, wait_ready

REDIS_URL = os.environ.get("TEST_REDIS_LIMITS_URL", "redis://127.0.0.1:6379/5")


def sqlite(tmp_path: Path, name: str = "rate.db") -> str:
    return f"sqlite+aiosqlite:///{tmp_path / name}"


def assert_retry_after(reply: httpx.Response, window: int) -> None:
    assert reply.status_code == 429, reply.text
    assert reply.json()["detail"]["code"] == "RATE_LIMITED"
    wait = int(reply.headers["retry-after"])
    assert 1 <= wait <= window
    assert reply.json()["detail"]["retry_after"] == wait


def junk_moves_until_refused(player: Player, game_id: str, most: int) -> int:
    """Moves that can never be legal until 429; returns how many were answered otherwise."""
    for sent in range(most + 1):
        reply = player.move(game_id, 99, {"type": "Nonsense"})
        if reply.status_code == 429:
            assert_retry_after(reply, 10)
            return sent
        assert reply.status_code in (403, 409, 422), reply.text
    raise AssertionError("never limited")


def test_one_users_spam_never_refuses_another_users_legal_move(tmp_path: Path) -> None:
    settings = make_settings(sqlite(tmp_path), rate_moves=4, rate_lobbies=8, rate_chat=3,
                             rate_sessions=1000)
    with ServerThread(settings) as srv:
        ann, bob = Player(srv.url, "Ann"), Player(srv.url, "Bob")
        game_id = start_game(ann, [bob], options={"first_player": 0})
        # six identities at the same address each use up their own allowance (24 junk
        # moves: far beyond what the old per-address ceiling of 4 x 5 allowed)
        spammers = [Player(srv.url, f"Spam{i}") for i in range(6)]
        for spammer in spammers:
            assert junk_moves_until_refused(spammer, game_id, 10) == 4
        # Bob, at the same address and in this game, spends his too
        assert junk_moves_until_refused(bob, game_id, 10) == 4
        game = ann.game(game_id)
        assert game["view"]["to_act"] == [0]
        ann.ok(ann.move(game_id, game["seq"], game["legal"][0]))
        # lobbies are counted per identity too: the spammers' lobbies leave Ann's alone
        for spammer in spammers[:2]:
            for _ in range(settings.rate_lobbies):
                spammer.ok(spammer.post("/api/lobbies", json={"kind": "grand-bazaar"}))
            assert_retry_after(spammer.post("/api/lobbies", json={"kind": "grand-bazaar"}), 10)
        ann.ok(ann.post("/api/lobbies", json={"kind": "grand-bazaar"}))
        # chat as well
        for _ in range(settings.rate_chat):
            bob.ok(bob.post(f"/api/games/{game_id}/chat", json={"text": "spam"}))
        assert_retry_after(bob.post(f"/api/games/{game_id}/chat", json={"text": "x"}), 10)
        ann.ok(ann.post(f"/api/games/{game_id}/chat", json={"text": "hello"}))
        for p in (ann, bob, *spammers):
            p.http.close()


def test_new_identities_per_address_are_limited_but_existing_ones_play_on(
        tmp_path: Path) -> None:
    settings = make_settings(sqlite(tmp_path), rate_sessions=4, rate_sessions_window=300,
                             rate_lobbies=10_000)
    with ServerThread(settings) as srv:
        ann, bob = Player(srv.url, "Ann"), Player(srv.url, "Bob")
        game_id = start_game(ann, [bob], options={"first_player": 0})
        with httpx.Client(base_url=srv.url) as anon:
            codes = [anon.post("/api/session", json={"name": f"N{i}"}).status_code
                     for i in range(2)]
            assert codes == [201, 201]
            refused = anon.post("/api/session", json={"name": "one too many"})
            assert_retry_after(refused, 300)
            assert int(refused.headers["retry-after"]) > 200  # the long window, not 10 s
        # the people who already have an identity are not affected
        for seq in range(3):
            mover = (ann, bob)[ann.game(game_id)["view"]["to_act"][0]]
            game = mover.game(game_id)
            assert game["seq"] == seq
            mover.ok(mover.move(game_id, seq, game["legal"][0]))
        ann.ok(ann.post(f"/api/games/{game_id}/chat", json={"text": "still here"}))
        ann.ok(ann.post("/api/lobbies", json={"kind": "grand-bazaar"}))
        ann.http.close()
        bob.http.close()


def _serve(tmp_path: Path, name: str, env: dict[str, str]) -> tuple[subprocess.Popen[bytes], str]:
    """``python -m app`` (the production entry point) on a free port."""
    port = free_port()
    log = tmp_path / f"{name}.log"
    full = {**os.environ, "DATABASE_URL": sqlite(tmp_path, f"{name}.db"), "PORT": str(port),
            "BOT_DELAY": "0", "LOG_LEVEL": "warning", **env}
    full.pop("REDIS_URL", None)
    proc = spawn(entry_point_command(), full, log)
    url = f"http://127.0.0.1:{port}"
    wait_ready(url, proc, log)
    return proc, url


def _sessions(url: str, *forwarded: str) -> list[httpx.Response]:
    with httpx.Client(base_url=url) as client:
        return [client.post("/api/session", json={"name": "N"},
                            headers={"x-forwarded-for": xff}) for xff in forwarded]


def test_forwarded_for_counts_only_from_a_trusted_proxy(tmp_path: Path) -> None:
    limits = {"RATE_SESSIONS": "2", "RATE_SESSIONS_WINDOW": "300"}
    # this peer (127.0.0.1) is no trusted proxy: its X-Forwarded-For is ignored, so the
    # "different clients" are one address with one allowance
    proc, url = _serve(tmp_path, "untrusted", {**limits, "FORWARDED_ALLOW_IPS": "10.9.8.7"})
    try:
        codes = [r.status_code for r in _sessions(url, "203.0.113.1", "203.0.113.2")]
        assert codes == [201, 201]
        assert_retry_after(_sessions(url, "203.0.113.3")[0], 300)
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    # behind a trusted proxy every forwarded client has its own allowance
    proc, url = _serve(tmp_path, "trusted", {**limits, "FORWARDED_ALLOW_IPS": "127.0.0.1"})
    try:
        a, b = "203.0.113.1", "198.51.100.7"
        codes = [r.status_code for r in _sessions(url, a, a)]
        assert codes == [201, 201]
        assert_retry_after(_sessions(url, a)[0], 300)
        # what a client writes before the proxy's own entry does not help it (nginx appends
        # the real peer; the right-most untrusted address counts)
        assert_retry_after(_sessions(url, f"{b}, {a}")[0], 300)
        codes = [r.status_code for r in _sessions(url, b, b)]
        assert codes == [201, 201]
        assert_retry_after(_sessions(url, b)[0], 300)
    finally:
        proc.terminate()
        proc.wait(timeout=20)


@pytest.fixture
def redis_url() -> Iterator[str]:
    require_redis(REDIS_URL)
    yield REDIS_URL


def test_two_instances_with_redis_share_one_allowance(tmp_path: Path, redis_url: str) -> None:
    # one database, one Redis; a key prefix of this run's own, so parallel runs never meet
    prefix = f"test-rate-{uuid.uuid4().hex}"
    common: dict[str, Any] = {"redis_url": redis_url, "rate_limit_prefix": prefix,
                              "rate_moves": 6, "rate_sessions": 6,
                              "rate_sessions_window": 300}
    url = sqlite(tmp_path, "shared.db")
    with ServerThread(make_settings(url, **common)) as one, \
            ServerThread(make_settings(url, **common)) as two:
        ann = Player(one.url, "Ann")
        bob = Player(two.url, "Bob")
        game_id = start_game(ann, [bob], options={"first_player": 0})
        # Ann's moves alternate between the instances: 6 in all are answered, not 12
        on_two = Player(two.url, "unused")  # a third session (of 6)
        on_two.http.headers["authorization"] = f"Bearer {ann.token}"
        answered = []
        for i in range(12):
            client = (ann, on_two)[i % 2]
            answered.append(client.move(game_id, 99, {"type": "Nonsense"}).status_code)
        assert sum(code != 429 for code in answered) == 6, answered
        assert answered[6:] == [429] * 6
        assert_retry_after(ann.move(game_id, 99, {"type": "Nonsense"}), 10)
        assert_retry_after(on_two.move(game_id, 99, {"type": "Nonsense"}), 10)
        # Bob (same address, other instance) is another identity: his moves are still heard
        assert bob.move(game_id, 99, {"type": "Nonsense"}).status_code in (403, 409, 422)
        # new identities from this address: 3 made above, 3 more across both, then 429
        created = []
        for i in range(6):
            base = (one.url, two.url)[i % 2]
            created.append(httpx.post(f"{base}/api/session", json={"name": "N"}).status_code)
        assert created == [201, 201, 201, 429, 429, 429], created
        refused = httpx.post(f"{one.url}/api/session", json={"name": "N"})
        assert_retry_after(refused, 300)
        for p in (ann, bob, on_two):
            p.http.close()
    import redis

    client = redis.Redis.from_url(redis_url)
    keys = list(client.scan_iter(f"{prefix}:*"))
    assert keys, "the counters live in Redis"
    client.delete(*keys)
    client.close()
