"""Tournaments through the API (issue 32; docs/api.md "Tournaments"), on SQLite and PostgreSQL:
a whole Swiss of nine at tables of three with a withdrawal and a bot-filled bye, registration
rules, forfeits, round robins, deleted accounts, the byes' bot and turn-based tables. Two
instances and rounds seated between reads: tests/api/test_tournament_instances.py."""

from __future__ import annotations

import time
from itertools import combinations
from typing import Any

import pytest

from app.play.hard_quota import has_hard_bots
from app.tournaments.standings import Seat, standings
from tests.conftest import ServerThread
from tests.support.tournament_api import (
    GAME,
    account,
    create,
    play_round,
    read_games,
    server,
    wait_for,
)

__all__ = ["server"]  # the module's server, whose scheduler looks often (a module fixture)


@pytest.mark.slow  # tests/quick_run.py: CI runs it
def test_a_swiss_of_nine_at_tables_of_three_with_a_withdrawal_and_a_bye(players: Any) -> None:
    """Issue 32's "done when": nine accounts, Carcassonne at tables of three, three rounds."""
    host = players("Organiser")
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]
    people = {p.user_id: p for p in (account(players, n) for n in names)}
    t = create(host, kind="carcassonne", rated=True)
    assert t["status"] == "open" and t["rules"] and t["you"]["is_host"]
    for p in people.values():
        p.ok(p.post(f"/api/tournaments/{t['id']}/register"))
    listed = host.ok(host.get("/api/tournaments"))
    assert [x["players"] for x in listed["upcoming"] if x["id"] == t["id"]] == [9]
    host.ok(host.post(f"/api/tournaments/{t['id']}/start"))

    t = wait_for(host, t["id"], lambda x: x["current_round"] == 1 and x["rounds_played"])
    first = t["rounds_played"][0]["tables"]
    assert [len(x["seats"]) for x in first] == [3, 3, 3]
    assert sorted(s["user_id"] for x in first for s in x["seats"]) == sorted(people)
    # registration is closed once it runs
    late = players("Late")
    assert late.post(f"/api/tournaments/{t['id']}/register").status_code == 409

    play_round(people, t)
    t = wait_for(host, t["id"], lambda x: x["current_round"] == 2)
    # the last in the standings withdraws during round 2: not seated in round 3
    quitter = people[t["standings"][-1]["user_id"]]
    quitter.ok(quitter.post(f"/api/tournaments/{t['id']}/withdraw"))
    play_round(people, t)
    t = wait_for(host, t["id"], lambda x: x["current_round"] == 3)
    third = t["rounds_played"][2]["tables"]
    seated = [s["user_id"] for x in third for s in x["seats"] if not s["bot"]]
    assert quitter.user_id not in seated and sorted(seated) == sorted(set(people) -
                                                                      {quitter.user_id})
    # eight players at tables of three: one bot, at the bottom table (the bye)
    assert [sum(s["bot"] for s in x["seats"]) for x in third] == [0, 0, 1]
    play_round(people, t)
    t = wait_for(host, t["id"], lambda x: x["status"] == "finished")

    # the standings equal a recomputation from the games themselves
    rounds = []
    for rnd in t["rounds_played"]:
        tables = []
        for table in rnd["tables"]:
            game = host.game(table["game_id"])
            assert game["status"] == "finished" and game["kind"] == "carcassonne"
            assert game["rated"] is True
            ranks = game["view"]["outcome"]["ranks"]
            scores = game["view"]["outcome"]["scores"]
            tables.append([Seat(s["user_id"], ranks[i], scores[i])
                           for i, s in enumerate(table["seats"])])
        rounds.append(tables)
    expected = standings([p["user_id"] for p in t["players"]], rounds,
                         frozenset({quitter.user_id}))
    assert [(r["user_id"], r["points"], r["place"]) for r in t["standings"]] == \
        [(r.player, r.points, r.place) for r in expected]
    assert [r["withdrawn"] for r in t["standings"] if r["user_id"] == quitter.user_id] == [True]
    assert t["podium"] == [s for s in t["standings"] if s["place"] <= 3]
    # no table-mates of round 1 met again in round 2 (a seating without repeats exists)
    met = {frozenset(p) for x in first for p in combinations(
        [s["user_id"] for s in x["seats"]], 2)}
    second = t["rounds_played"][1]["tables"]
    assert not met & {frozenset(p) for x in second for p in combinations(
        [s["user_id"] for s in x["seats"] if not s["bot"]], 2)}
    listed = host.ok(host.get("/api/tournaments"))
    # nine played: the one who withdrew is counted with them
    assert [x["players"] for x in listed["finished"] if x["id"] == t["id"]] == [9]


def test_registration_rules_and_bad_input(players: Any) -> None:
    host, ann = players("Organiser"), players("Ann")
    before = host.ok(host.get("/api/tournaments"))
    bad = host.post("/api/tournaments", json={"name": "x", **GAME, "table_size": 8})
    assert bad.status_code == 422
    bad = host.post("/api/tournaments", json={"name": "x", "kind": "bazaar", "table_size": 7})
    assert bad.status_code == 422 and bad.json()["detail"]["code"] == "BAD_TABLE_SIZE"
    bad = host.post("/api/tournaments", json={"name": "x", **GAME, "table_size": 3,
                                              "clock": {"mode": "off"}})
    assert bad.status_code == 422 and bad.json()["detail"]["code"] == "NO_CLOCK"
    # by invitation and rated: every table's private lobby would be refused (never seated)
    bad = host.post("/api/tournaments", json={"name": "x", **GAME, "table_size": 3,
                                              "private": True, "rated": True})
    assert bad.status_code == 422 and bad.json()["detail"]["code"] == "PRIVATE_RATED"
    assert host.ok(host.get("/api/tournaments"))["upcoming"] == before["upcoming"]  # none made
    t = create(host, private=True)
    assert t["id"] not in [x["id"] for x in host.ok(host.get("/api/tournaments"))["upcoming"]]
    assert ann.post(f"/api/tournaments/{t['id']}/withdraw").status_code == 409
    ann.ok(ann.post(f"/api/tournaments/{t['id']}/register"))
    again = ann.ok(ann.post(f"/api/tournaments/{t['id']}/register"))
    assert [p["name"] for p in again["players"]] == ["Ann"] and again["you"]["registered"]
    gone = ann.ok(ann.post(f"/api/tournaments/{t['id']}/withdraw"))
    assert gone["players"] == [] and not gone["you"]["registered"]
    assert ann.post(f"/api/tournaments/{t['id']}/start").status_code == 403
    # one player at the start: nothing to play, the tournament is called off
    ann.ok(ann.post(f"/api/tournaments/{t['id']}/register"))
    host.ok(host.post(f"/api/tournaments/{t['id']}/start"))
    t = wait_for(host, t["id"], lambda x: x["status"] != "open", 30)
    assert t["status"] == "cancelled" and t["rounds_played"] == []


def test_a_player_who_never_moves_forfeits_when_the_tournament_says_so(players: Any) -> None:
    host, ann, bob = players("Organiser"), players("Ann"), players("Bob")
    t = create(host, table_size=2, rounds=1, absent="forfeit")
    assert any("forfeits" in rule for rule in t["rules"])
    for p in (ann, bob):
        p.ok(p.post(f"/api/tournaments/{t['id']}/register"))
    host.ok(host.post(f"/api/tournaments/{t['id']}/start"))
    t = wait_for(host, t["id"], lambda x: x["rounds_played"])
    table = t["rounds_played"][0]["tables"][0]
    game_id = table["game_id"]
    ann.ok(ann.post(f"/api/games/{game_id}/resign"))  # Ann is missing: her bot plays
    bob_seat = [s["user_id"] for s in table["seats"]].index(bob.user_id)
    deadline = time.monotonic() + 30
    while True:  # Bob makes one move of his own, then leaves the rest to his bot
        mine = bob.game(game_id, seat=bob_seat)
        if bob_seat in mine["view"]["to_act"] and mine["legal"]:
            bob.ok(bob.move(game_id, mine["seq"], mine["legal"][0], seat=bob_seat))
            break
        assert time.monotonic() < deadline
        time.sleep(0.02)
    bob.ok(bob.post(f"/api/games/{game_id}/resign"))
    t = wait_for(host, t["id"], lambda x: x["status"] == "finished")
    seats = {s["user_id"]: s for s in t["rounds_played"][0]["tables"][0]["seats"]}
    assert seats[ann.user_id]["forfeit"] is True and seats[ann.user_id]["points"] == 0
    assert seats[bob.user_id]["forfeit"] is False
    assert {r["user_id"]: r["points"] for r in t["standings"]}[ann.user_id] == 0


def test_a_round_robin_meets_every_pair_and_a_withdrawal_leaves_a_bot(players: Any) -> None:
    host = players("Organiser")
    people = {p.user_id: p for p in (players(n) for n in ("Ann", "Bob", "Cat", "Dan"))}
    t = create(host, format="round-robin", table_size=2, rounds=9)
    for p in people.values():
        p.ok(p.post(f"/api/tournaments/{t['id']}/register"))
    host.ok(host.post(f"/api/tournaments/{t['id']}/start"))
    t = wait_for(host, t["id"], lambda x: x["rounds_played"])
    assert t["rounds"] == 3  # four players at tables of two: the circle method's three rounds
    quitter = None
    for number in (1, 2, 3):
        t = wait_for(host, t["id"], lambda x, n=number: len(x["rounds_played"]) == n)
        if number == 2:
            quitter = people[t["rounds_played"][1]["tables"][0]["seats"][0]["user_id"]]
            quitter.ok(quitter.post(f"/api/tournaments/{t['id']}/withdraw"))
        play_round(people, t)
    t = wait_for(host, t["id"], lambda x: x["status"] == "finished")
    assert quitter is not None
    met = [frozenset(s["user_id"] for s in x["seats"]) for r in t["rounds_played"]
           for x in r["tables"]]
    third = t["rounds_played"][2]["tables"]
    # the quitter's round-3 seat went to a bot; everyone else met everyone
    assert any(s["bot"] for x in third for s in x["seats"])
    assert quitter.user_id not in {s["user_id"] for x in third for s in x["seats"]}
    others = set(people) - {quitter.user_id}
    assert {frozenset(p) for p in combinations(others, 2)} <= set(met)



def test_a_deleted_account_shows_as_former_player_and_is_seated_no_more(
        players: Any) -> None:
    host, ann = players("Organiser"), account(players, "Annabel")
    bob, cat = players("Bob"), players("Cat")
    t = create(host, table_size=2, rounds=1)
    for p in (ann, bob, cat):
        p.ok(p.post(f"/api/tournaments/{t['id']}/register"))
    assert [p["name"] for p in host.ok(host.get(f"/api/tournaments/{t['id']}"))["players"]] \
        == ["Annabel", "Bob", "Cat"]
    ann.ok(ann.post("/api/account/delete", json={"password": "correct horse battery"}))
    seen = host.ok(host.get(f"/api/tournaments/{t['id']}"))
    assert [p["name"] for p in seen["players"]] == ["Former player", "Bob", "Cat"]
    host.ok(host.post(f"/api/tournaments/{t['id']}/start"))
    t = wait_for(host, t["id"], lambda x: x["rounds_played"])
    seated = {s["user_id"] for x in t["rounds_played"][0]["tables"] for s in x["seats"]}
    assert seated == {bob.user_id, cat.user_id}
    assert [p["withdrawn"] for p in t["players"]] == [True, False, False]


def test_a_byes_bot_is_the_sites_normal_bot_and_outside_the_hard_bot_caps(
        players: Any, server: ServerThread) -> None:
    """docs/decisions.md "Tournaments": byes and takeovers are the normal bot, never hard, so
    a tournament starts no hard-bot game and nothing is counted against HARD_BOT_LIMIT."""
    host, ann, bob = players("Organiser"), players("Ann"), players("Bob")
    t = create(host, table_size=3, rounds=1)
    assert any("normal bot" in rule for rule in t["rules"])
    assert any("played live" in rule for rule in t["rules"])
    for p in (ann, bob):
        p.ok(p.post(f"/api/tournaments/{t['id']}/register"))
    host.ok(host.post(f"/api/tournaments/{t['id']}/start"))
    t = wait_for(host, t["id"], lambda x: x["rounds_played"])
    table = t["rounds_played"][0]["tables"][0]
    assert sum(s["bot"] for s in table["seats"]) == 1  # the bye
    (game,), capped = read_games(str(server.app.state.settings.database_url),
                                 [table["game_id"]])
    assert [s.get("level") for s in game.seats if s["holder"] == "bot"] == ["normal"]
    assert game.takeover_level == "normal" and not has_hard_bots(game)
    assert capped == 0  # the live game holds no row of the hard-bot caps
    for p in (ann, bob):
        p.ok(p.post(f"/api/games/{table['game_id']}/resign"))
    wait_for(host, t["id"], lambda x: x["status"] == "finished")


def test_a_turn_based_tournament_seats_turn_based_tables(players: Any) -> None:
    """Issue 32: "each round's tables live or turn-based": a clock of days per move makes every
    table a turn-based game; the rounds follow one another as for live tables."""
    host, ann, bob = players("Organiser"), players("Ann"), players("Bob")
    bad = host.post("/api/tournaments", json={
        "name": "x", **GAME, "table_size": 2,
        "clock": {"mode": "turn", "days": 2, "on_timeout": "drop"}})
    assert bad.status_code == 422 and bad.json()["detail"]["code"] == "TURN_TIMEOUT"
    t = create(host, table_size=2, rounds=2, clock={"mode": "turn", "days": 2})
    assert t["clock"] == {"mode": "turn", "days": 2, "on_timeout": "bot"}
    assert not any("played live" in rule for rule in t["rules"])
    for p in (ann, bob):
        p.ok(p.post(f"/api/tournaments/{t['id']}/register"))
    host.ok(host.post(f"/api/tournaments/{t['id']}/start"))
    people = {ann.user_id: ann, bob.user_id: bob}
    for number in (1, 2):
        t = wait_for(host, t["id"], lambda x, n=number: x["current_round"] == n and
                     len(x["rounds_played"]) == n)
        game = host.game(t["rounds_played"][-1]["tables"][0]["game_id"])
        assert game["clock"]["setting"].startswith("Turn-based: 2 days per move")
        play_round(people, t)
    t = wait_for(host, t["id"], lambda x: x["status"] == "finished")
    assert [len(r["tables"]) for r in t["rounds_played"]] == [1, 1]
