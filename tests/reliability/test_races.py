"""Races and retries: racing moves for one seq, idempotent retries, two tabs of one seat."""

from __future__ import annotations

import threading
from typing import Any

import httpx

from tests.conftest import move_entries, start_game
from tests.support.sockets import Viewer


def test_racing_moves_for_the_same_seq_exactly_one_lands(server: Any, players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    game_id = start_game(ann, [bob], options={"first_player": 0})
    for round_ in range(3):
        game = ann.game(game_id)
        seat = game["view"]["to_act"][0]
        owner = (ann, bob)[seat]
        legal = owner.game(game_id)["legal"]
        seq = game["seq"]
        # eight "tabs" of the same seat fire different legal moves for the same seq at once
        results: list[httpx.Response] = []
        barrier = threading.Barrier(8)

        def fire(i: int, owner: Any = owner, legal: Any = legal, seq: int = seq,
                 barrier: threading.Barrier = barrier,
                 results: list[httpx.Response] = results) -> None:
            with httpx.Client(base_url=server.url, timeout=30,
                              headers={"authorization": f"Bearer {owner.token}"}) as tab:
                barrier.wait()
                results.append(tab.post(f"/api/games/{game_id}/moves", json={
                    "seq": seq, "move": legal[i % len(legal)]}))

        threads = [threading.Thread(target=fire, args=(i,)) for i in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        codes = sorted(r.status_code for r in results)
        assert codes.count(200) == 1, codes
        losers = [r for r in results if r.status_code != 200]
        assert all(r.status_code == 409 for r in losers)
        assert all(r.json()["detail"]["code"] == "STALE_SEQ" for r in losers)
        assert all(r.json()["detail"]["seq"] == seq + 1 for r in losers)
        log = move_entries(ann, game_id)
        assert len(log) == seq + 1 == round_ + 1


def test_a_retried_client_move_id_lands_once(server: Any, players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    game_id = start_game(ann, [bob], options={"first_player": 0})
    move = ann.game(game_id)["legal"][0]
    results: list[httpx.Response] = []

    def retry() -> None:
        with httpx.Client(base_url=server.url, timeout=30,
                          headers={"authorization": f"Bearer {ann.token}"}) as tab:
            results.append(tab.post(f"/api/games/{game_id}/moves", json={
                "seq": 0, "move": move, "client_move_id": "retry-1"}))

    threads = [threading.Thread(target=retry) for _ in range(5)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(r.status_code == 200 for r in results), [r.text for r in results]
    assert {r.json()["seq"] for r in results} == {1}
    assert len(move_entries(ann, game_id)) == 1


def test_two_tabs_of_one_seat_stay_consistent(server: Any, players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    game_id = start_game(ann, [bob], options={"first_player": 0})
    tab1, tab2 = Viewer(server.url, game_id, ann.token), Viewer(server.url, game_id, ann.token)
    for tab in (tab1, tab2):
        tab.send({"type": "hello"})
        tab.recv_type("snapshot")
    legal = tab1.frames[-1]["legal"]
    tab1.send({"type": "move", "seq": 0, "move": legal[0], "client_move_id": "t1"})
    tab2.send({"type": "move", "seq": 0, "move": legal[-1], "client_move_id": "t2"})
    replies = []
    for tab in (tab1, tab2):  # either tab may win the race
        for _ in range(20):
            frame = tab.recv()
            if frame["type"] in ("moved", "error"):
                replies.append(frame)
                break
    assert sorted(r["type"] for r in replies) == ["error", "moved"], replies
    won = next(r for r in replies if r["type"] == "moved")
    lost = next(r for r in replies if r["type"] == "error")
    assert won["seq"] == 1 and lost["code"] in ("STALE_SEQ", "NOT_YOUR_TURN")
    tab1.until_seq(1)
    tab2.until_seq(1)
    assert tab1.view == tab2.view == ann.game(game_id)["view"]
    tab1.close()
    tab2.close()
