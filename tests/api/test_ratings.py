"""Ratings (issue 15, "Ratings and profiles") on both databases: a rated game moves each
account's rating exactly as openskill's Plackett–Luce `rate` computes for the game's ranking;
casual, guest, hot-seat and cancelled games move nothing; profiles and leaderboards read back."""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from openskill.models import PlackettLuce

from tests.conftest import ServerThread, database_url, make_settings
from tests.support.games import play_to_end

PASSWORD = "correct horse battery"
SERIAL = itertools.count()
AUCTION = {"players": ["Red", "Blue"], "scores": [10, 5], "placer": 1,
           "tiles": [{"type": "U"}, {"label": "river bend"}]}


REPEAT_LIMIT = 2


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[ServerThread]:
    """This module's server: the same two accounts are rated together REPEAT_LIMIT times a day."""
    url = database_url(request.param, tmp_path_factory.mktemp("db"))
    with ServerThread(make_settings(url, rating_repeat_limit=REPEAT_LIMIT)) as srv:
        yield srv


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


def finished(player: Any, game_id: str) -> dict[str, Any]:
    """The game once the bots have played it to its end."""
    for _ in range(3000):
        game: dict[str, Any] = player.game(game_id)
        if game["status"] == "finished":
            return game
        time.sleep(0.02)
    raise AssertionError("the bots did not finish the game")


def first_move(player: Any, game_id: str) -> None:
    """The player makes one move of their own (waiting for the bots before it)."""
    for _ in range(500):
        game = player.game(game_id)
        if game["legal"]:
            player.ok(player.move(game_id, game["seq"], game["legal"][0]))
            return
    raise AssertionError("never the player's turn")


def test_a_game_both_accounts_resign_at_once_is_not_rated(players: Any) -> None:
    """Issue 24.3: two accounts start a rated game and resign; the bots play it out. Nothing is
    rated, nobody wins, and the leaderboard does not move."""
    ann, bob = account(players, "Ann"), account(players, "Bob")
    game_id = rated_game(ann, [bob])
    ann.ok(ann.post(f"/api/games/{game_id}/resign"))
    bob.ok(bob.post(f"/api/games/{game_id}/resign"))
    final = finished(ann, game_id)  # both seats are the bots' now
    assert final["status"] == "finished" and final["ratings"] == []
    for who in (ann, bob):
        profile = who.ok(who.get(f"/api/players/{who.user_id}"))
        assert profile["ratings"] == []
        assert [t["wins"] for t in profile["played"]] == [0]  # a resignation is never a win
        assert profile["recent"][0]["result"]["resigned"] is True
    board = ann.ok(ann.get("/api/leaderboards/grand-bazaar"))["players"]
    assert {ann.user_id, bob.user_id}.isdisjoint(p["user_id"] for p in board)


def test_a_resigned_seat_ranks_last_and_is_never_a_win_even_when_its_bot_wins(
        players: Any) -> None:
    ann, bob = account(players, "Ann"), account(players, "Bob")
    game_id = rated_game(ann, [bob], options={"first_player": 0})
    first_move(ann, game_id)  # Ann played, then left
    ann.ok(ann.post(f"/api/games/{game_id}/resign"))
    final = play_to_end({1: bob}, game_id)
    changes = {c["seat"]: c for c in ann.game(game_id)["ratings"]}
    ranks = final["view"]["outcome"]["ranks"]
    # whatever the bot made of seat 0, Ann ranks after Bob, who played on
    assert changes[0]["rank"] == max(ranks) + 1 and changes[1]["rank"] == ranks[1]
    assert changes[0]["change"] < 0 < changes[1]["change"]
    ratings = {who.user_id: who.ok(who.get(f"/api/players/{who.user_id}"))["ratings"][0]
               for who in (ann, bob)}
    assert ratings[ann.user_id]["wins"] == 0 and ratings[bob.user_id]["wins"] == 1
    assert [s["resigned"] for s in final["seats"]] == [True, False]


def test_the_same_two_accounts_are_rated_together_only_so_often_a_day(players: Any) -> None:
    """Issue 24.3: RATING_REPEAT_LIMIT rated games of a kind per pair per 24 hours; the next
    ones are casual, while each account's games with someone else still count."""
    dee, eli, fay = (account(players, n) for n in ("Dee", "Eli", "Fay"))
    games = []
    for n in range(REPEAT_LIMIT + 1):
        game_id = rated_game(dee, [eli])
        play_to_end({0: dee, 1: eli}, game_id, seed=n)
        games.append(game_id)
    assert [len(dee.game(g)["ratings"]) for g in games] == [2] * REPEAT_LIMIT + [0]
    other = rated_game(dee, [fay])
    play_to_end({0: dee, 1: fay}, other)
    assert len(dee.game(other)["ratings"]) == 2
    rating = dee.ok(dee.get(f"/api/players/{dee.user_id}"))["ratings"][0]
    assert rating["games"] == REPEAT_LIMIT + 1


def test_a_private_game_is_never_rated_and_nothing_public_names_it(
        server: ServerThread, players: Any) -> None:
    """Issue 24.2: a lobby cannot be private and rated, and an anonymous caller finds a private
    game's id nowhere: profiles, leaderboards, listings, pages, metrics."""
    ann, bob = account(players, "Ann"), account(players, "Bob")
    both = ann.post("/api/lobbies", json={"kind": "grand-bazaar", "players": 2,
                                          "private": True, "rated": True})
    assert both.status_code == 422 and both.json()["detail"]["code"] == "PRIVATE_RATED"
    rated = ann.ok(ann.post("/api/lobbies", json={"kind": "grand-bazaar", "players": 2,
                                                   "rated": True}))
    to_private = ann.patch(f"/api/lobbies/{rated['id']}", {"private": True})
    assert to_private.status_code == 422 and to_private.json()["detail"]["code"] == "PRIVATE_RATED"
    kept = ann.ok(ann.get(f"/api/lobbies/{rated['id']}"))
    assert kept["private"] is False and kept["rated"] is True  # nothing changed
    hidden = ann.ok(ann.post("/api/lobbies", json={"kind": "grand-bazaar", "players": 2,
                                                    "private": True}))
    to_rated = ann.patch(f"/api/lobbies/{hidden['id']}", {"rated": True})
    assert to_rated.status_code == 422 and to_rated.json()["detail"]["code"] == "PRIVATE_RATED"
    bob.ok(bob.post(f"/api/lobbies/{hidden['id']}/join"))
    private = ann.ok(ann.post(f"/api/lobbies/{hidden['id']}/start"))["game_id"]
    play_to_end({0: ann, 1: bob}, private)
    public = rated_game(ann, [bob])
    play_to_end({0: ann, 1: bob}, public, seed=3)
    assert ann.game(private)["ratings"] == [] and len(ann.game(public)["ratings"]) == 2
    paths = [f"/api/players/{ann.user_id}", f"/api/players/{bob.user_id}",
             "/api/leaderboards/grand-bazaar", "/api/games", "/api/games?status=finished",
             "/api/games?status=live", "/api/lobbies", f"/api/games/{public}",
             f"/api/games/{public}/log", "/", "/games", f"/players/{ann.user_id}",
             "/leaderboards/grand-bazaar", "/metrics"]
    with httpx.Client(base_url=server.url, timeout=30) as anonymous:
        for path in paths:
            reply = anonymous.get(path)
            assert reply.status_code == 200, (path, reply.status_code)
            assert private not in reply.text and hidden["id"] not in reply.text, path
        profile = anonymous.get(f"/api/players/{ann.user_id}").json()
        assert [h["game_id"] for h in profile["ratings"][0]["history"]] == [public]
