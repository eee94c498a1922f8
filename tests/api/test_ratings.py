"""Ratings (issue 15, "Ratings and profiles") on both databases: a rated game moves each
account's rating exactly as openskill's Plackett–Luce `rate` computes for the game's ranking;
casual, guest, hot-seat and cancelled games move nothing; profiles and leaderboards read back."""

from __future__ import annotations

import itertools
from typing import Any

from openskill.models import PlackettLuce

from tests.support.games import play_to_end

PASSWORD = "correct horse battery"
SERIAL = itertools.count()
AUCTION = {"players": ["Red", "Blue"], "scores": [10, 5], "placer": 1,
           "tiles": [{"type": "U"}, {"label": "river bend"}]}


def account(players: Any, name: str) -> Any:
    player = players(name)
    username = f"{name.lower()}_{next(SERIAL)}"  # one server per module: usernames stay unique
    reply = player.post("/api/account/claim", json={"username": username,
                                                     "password": PASSWORD})
    assert reply.status_code == 201, reply.text
    player.token = reply.json()["token"]  # a claim rotates the session (issue 24.5)
    player.http.headers["authorization"] = f"Bearer {player.token}"
    return player


def rated_game(host: Any, others: list[Any], rated: bool = True, bots: int = 0,
               kind: str = "grand-bazaar", options: dict[str, Any] | None = None) -> str:
    n = 1 + len(others) + bots
    lobby = host.ok(host.post("/api/lobbies", json={"kind": kind, "players": n, "rated": rated,
                                                    "options": options or {}}))
    assert lobby["rated"] is rated
    for other in others:
        other.ok(other.post(f"/api/lobbies/{lobby['id']}/join"))
    for seat in range(1 + len(others), n):
        host.ok(host.post(f"/api/lobbies/{lobby['id']}/bots", json={"seat": seat}))
    return str(host.ok(host.post(f"/api/lobbies/{lobby['id']}/start"))["game_id"])


def test_a_rated_three_player_game_rates_as_plackett_luce_does(players: Any) -> None:
    ann, bob, cat = (account(players, n) for n in ("Ann", "Bob", "Cat"))
    game_id = rated_game(ann, [bob, cat])
    assert ann.game(game_id)["rated"] is True
    final = play_to_end({0: ann, 1: bob, 2: cat}, game_id)
    ranks = final["view"]["outcome"]["ranks"]
    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in range(3)], ranks=ranks)
    changes = {c["seat"]: c for c in ann.game(game_id)["ratings"]}
    assert sorted(changes) == [0, 1, 2]
    for seat, (team, player) in enumerate(zip(expected, (ann, bob, cat), strict=True)):
        assert changes[seat]["user_id"] == player.user_id and changes[seat]["rank"] == ranks[seat]
        assert changes[seat]["mu"] == team[0].mu and changes[seat]["sigma"] == team[0].sigma
        assert changes[seat]["before"] == 1000
        assert changes[seat]["change"] == changes[seat]["after"] - 1000
    profile = bob.ok(bob.get(f"/api/players/{ann.user_id}"))
    mine = profile["ratings"][0]
    assert mine["kind"] == "grand-bazaar" and mine["games"] == 1
    assert mine["wins"] == (1 if ranks[0] == 1 else 0)
    assert [h["game_id"] for h in mine["history"]] == [game_id]
    assert mine["rating"] == changes[0]["after"]
    # the profile's recent games: this one, with Ann's place in it
    assert [g["id"] for g in profile["recent"]] == [game_id]
    assert profile["recent"][0]["result"]["rank"] == ranks[0]
    assert profile["played"] == [{"kind": "grand-bazaar", "title": "Grand Bazaar", "games": 1,
                                  "wins": 1 if ranks[0] == 1 else 0}]
    board = ann.ok(ann.get("/api/leaderboards/grand-bazaar"))["players"]
    assert [p["rating"] for p in board] == sorted((c["after"] for c in changes.values()),
                                                  reverse=True)

    # the next rated game starts from those ratings
    again = rated_game(ann, [bob])
    final = play_to_end({0: ann, 1: bob}, again, seed=1)
    ranks = final["view"]["outcome"]["ranks"]
    prior = [model.create_rating([changes[s]["mu"], changes[s]["sigma"]]) for s in (0, 1)]
    expected = model.rate([[r] for r in prior], ranks=ranks)
    second = {c["seat"]: c for c in ann.game(again)["ratings"]}
    assert [second[s]["mu"] for s in (0, 1)] == [t[0].mu for t in expected]
    assert ann.ok(ann.get(f"/api/players/{ann.user_id}"))["ratings"][0]["games"] == 2


def test_a_resignation_ranks_last_and_bots_take_no_part(players: Any) -> None:
    ann, bob = account(players, "Ann"), account(players, "Bob")
    game_id = rated_game(ann, [bob], bots=1)
    bob.ok(bob.post(f"/api/games/{game_id}/resign"))
    final = play_to_end({0: ann}, game_id)
    ranks = final["view"]["outcome"]["ranks"]
    changes = {c["seat"]: c for c in ann.game(game_id)["ratings"]}
    assert sorted(changes) == [0, 1]  # the bot's seat is not rated
    assert changes[1]["rank"] == max(ranks) + 1 and changes[0]["rank"] == ranks[0]
    model = PlackettLuce()
    expected = model.rate([[model.rating()], [model.rating()]], ranks=[ranks[0], max(ranks) + 1])
    assert changes[0]["mu"] == expected[0][0].mu and changes[1]["mu"] == expected[1][0].mu


def test_casual_guest_hot_seat_and_cancelled_games_are_not_rated(players: Any) -> None:
    ann, bob, guest = account(players, "Ann"), account(players, "Bob"), players("Guest")
    casual = rated_game(ann, [bob], rated=False)
    play_to_end({0: ann, 1: bob}, casual)
    with_guest = rated_game(ann, [guest])
    play_to_end({0: ann, 1: guest}, with_guest)
    cancelled = rated_game(ann, [bob], kind="carcassonne-auction", options=AUCTION)
    ann.ok(ann.move(cancelled, ann.game(cancelled)["seq"], {"type": "Cancel"}))
    lobby = ann.ok(ann.post("/api/lobbies", json={"kind": "grand-bazaar", "players": 2,
                                                   "rated": True}))
    ann.ok(ann.patch(f"/api/lobbies/{lobby['id']}", {"seats": [{"seat": 1, "holder": "host"}]}))
    hot_seat = ann.ok(ann.post(f"/api/lobbies/{lobby['id']}/start"))["game_id"]
    play_to_end({0: ann, 1: ann}, hot_seat)
    for game_id in (casual, with_guest, cancelled, hot_seat):
        game = ann.game(game_id)
        assert game["status"] == "finished" and game["ratings"] == [], game_id
    profile = ann.ok(ann.get(f"/api/players/{ann.user_id}"))
    assert profile["ratings"] == []
    # casual games count as games played; the cancelled auction has no winner
    assert {t["kind"]: t["games"] for t in profile["played"]} == {
        "grand-bazaar": 3, "carcassonne-auction": 1}
    assert ann.get(f"/api/players/{guest.user_id}").status_code == 404  # a guest has no profile
    assert ann.get("/api/leaderboards/no-such-game").status_code == 404
