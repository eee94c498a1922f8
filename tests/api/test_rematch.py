"""One rematch for the whole table (issue 14, part 3; docs/api.md "Rematch"), on both databases.

The stand-alone auction ends at once on a Cancel, so a finished three-player table is cheap.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import start_game
from tests.support.games import TABLE
from tests.support.sockets import Viewer


def finished_table(players: Any, bots: int = 0) -> tuple[list[Any], str]:
    """Ann, Bob and Cat (or Ann, Bob and a bot) at a finished auction."""
    people = [players("Ann"), players("Bob")] + ([] if bots else [players("Cat")])
    game_id = start_game(people[0], people[1:], kind="carcassonne-auction", options=TABLE,
                         bots=bots)
    ann = people[0]
    for _ in range(50):  # a bot may move first: cancel at the seq the game is at
        game = ann.game(game_id)
        if game["status"] == "finished":
            break
        assert ann.move(game_id, game["seq"], {"type": "Cancel"}).status_code in (200, 409)
    assert ann.game(game_id)["status"] == "finished"
    return people, game_id


def test_a_second_rematch_joins_the_first_lobby_with_the_seats_kept(players: Any) -> None:
    (ann, bob, cat), game_id = finished_table(players)
    offered = bob.ok(bob.post(f"/api/games/{game_id}/rematch"))
    assert offered["created"] is True
    lobby = bob.ok(bob.get(f"/api/lobbies/{offered['lobby_id']}"))
    # Bob offered it, so Bob hosts it; Ann and Cat keep their seats until they accept
    assert lobby["host"]["user_id"] == bob.user_id and lobby["rematch_of"] == game_id
    assert [s["holder"] for s in lobby["seats"]] == ["invited", "user", "invited"]
    assert [s["name"] for s in lobby["seats"]] == ["Ann", "Bob", "Cat"]
    assert lobby["ready"] is False and "Ann and Cat to accept the rematch" in lobby["missing"]

    again = ann.ok(ann.post(f"/api/games/{game_id}/rematch"))
    assert again == {"lobby_id": offered["lobby_id"], "created": False, "game_id": None}
    lobby = ann.ok(ann.get(f"/api/lobbies/{offered['lobby_id']}"))
    assert [s["holder"] for s in lobby["seats"]] == ["user", "user", "invited"]
    assert lobby["you"]["seats"] == [0] and lobby["you"]["invited"] == []

    # the game itself points at the one rematch, for every viewer
    for viewer in (ann, cat, players("Spectator")):
        rematch = viewer.game(game_id)["rematch"]
        assert rematch["lobby_id"] == offered["lobby_id"] and rematch["by"] == "Bob"
    # Cat accepts in the lobby (Join takes the kept seat, not the first open one)
    joined = cat.ok(cat.post(f"/api/lobbies/{offered['lobby_id']}/join"))
    assert [s["holder"] for s in joined["seats"]] == ["user", "user", "user"]
    assert joined["you"]["seats"] == [2]


def test_the_host_cannot_start_before_everyone_accepted_but_may_give_the_seat_to_a_bot(
        players: Any) -> None:
    (ann, bob, cat), game_id = finished_table(players)
    lobby_id = ann.ok(ann.post(f"/api/games/{game_id}/rematch"))["lobby_id"]
    ann.ok(ann.patch(f"/api/lobbies/{lobby_id}", {"options": TABLE}))
    bob.ok(bob.post(f"/api/games/{game_id}/rematch"))
    refused = ann.post(f"/api/lobbies/{lobby_id}/start")
    assert refused.status_code == 409 and refused.json()["detail"]["code"] == "REMATCH_WAITING"
    assert "Cat" in refused.json()["detail"]["reason"]
    ann.ok(ann.post(f"/api/lobbies/{lobby_id}/bots", json={"seat": 2}))
    started = ann.ok(ann.post(f"/api/lobbies/{lobby_id}/start"))["game_id"]
    rematch = cat.game(game_id)["rematch"]
    assert rematch["status"] == "started" and rematch["game_id"] == started
    # pressing Rematch after the start sends the late player to the game
    late = cat.ok(cat.post(f"/api/games/{game_id}/rematch"))
    assert late["game_id"] == started and late["created"] is False


def test_declining_opens_the_kept_seat_and_bots_keep_theirs(players: Any) -> None:
    (ann, bob), game_id = finished_table(players, bots=1)
    lobby_id = ann.ok(ann.post(f"/api/games/{game_id}/rematch"))["lobby_id"]
    lobby = ann.ok(ann.get(f"/api/lobbies/{lobby_id}"))
    assert [s["holder"] for s in lobby["seats"]] == ["user", "invited", "bot"]
    declined = bob.ok(bob.post(f"/api/lobbies/{lobby_id}/leave"))
    assert [s["holder"] for s in declined["seats"]] == ["user", "open", "bot"]


def test_only_the_players_may_offer_a_rematch(players: Any) -> None:
    (ann, bob, cat), game_id = finished_table(players)
    eve = players("Eve")
    refused = eve.post(f"/api/games/{game_id}/rematch")
    assert refused.status_code == 403
    assert eve.game(game_id)["rematch"] is None


def test_every_viewer_socket_is_told_of_the_rematch_and_of_its_start(server: Any,
                                                                      players: Any) -> None:
    (ann, bob, cat), game_id = finished_table(players)
    eve = players("Eve")
    sockets = [Viewer(server.url, game_id, p.token) for p in (cat, eve)]
    for socket in sockets:
        socket.send({"type": "hello"})
        socket.recv_type("snapshot")
    lobby_id = ann.ok(ann.post(f"/api/games/{game_id}/rematch"))["lobby_id"]
    bob.ok(bob.post(f"/api/games/{game_id}/rematch"))  # joins: no second notice
    for socket in sockets:
        notice = socket.recv_type("rematch")
        assert notice == {"type": "rematch", "lobby_id": lobby_id, "by": "Ann", "game_id": None}
    ann.ok(ann.patch(f"/api/lobbies/{lobby_id}", {"options": TABLE}))
    cat.ok(cat.post(f"/api/lobbies/{lobby_id}/join"))
    started = ann.ok(ann.post(f"/api/lobbies/{lobby_id}/start"))["game_id"]
    for socket in sockets:
        # the next rematch frame is the start: Bob's acceptance sent none
        assert socket.recv_type("rematch")["game_id"] == started
        socket.close()


@pytest.mark.parametrize("presser", ["Ann", "Bob"])
def test_seats_on_the_hosts_device_stay_the_hosts(players: Any, presser: str) -> None:
    ann, bob = players("Ann"), players("Bob")
    lobby = ann.ok(ann.post("/api/lobbies", json={
        "kind": "carcassonne-auction", "players": 3, "options": TABLE}))
    ann.ok(ann.patch(f"/api/lobbies/{lobby['id']}", {"seats": [{"seat": 1, "holder": "host"}]}))
    bob.ok(bob.post(f"/api/lobbies/{lobby['id']}/join"))
    game_id = ann.ok(ann.post(f"/api/lobbies/{lobby['id']}/start"))["game_id"]
    ann.ok(ann.move(game_id, ann.game(game_id)["seq"], {"type": "Cancel"}))
    offerer = ann if presser == "Ann" else bob
    lobby_id = offerer.ok(offerer.post(f"/api/games/{game_id}/rematch"))["lobby_id"]
    seats = [(s["holder"], s["user_id"]) for s in ann.ok(ann.get(f"/api/lobbies/{lobby_id}"))["seats"]]
    if presser == "Ann":
        # the host's own offer: her seat, the seat on her device, Bob's seat kept for him
        assert seats == [("user", ann.user_id), ("host", ann.user_id), ("invited", bob.user_id)]
        return
    # Bob offers: Ann's own seat and the seat on her device wait for her
    assert seats == [("invited", ann.user_id), ("invited", ann.user_id), ("user", bob.user_id)]
    assert ann.game(game_id)["rematch"]["invited"] == [ann.user_id, ann.user_id]
    ann.ok(ann.post(f"/api/lobbies/{lobby_id}/join"))
    assert [s["holder"] for s in ann.ok(ann.get(f"/api/lobbies/{lobby_id}"))["seats"]] == [
        "user", "user", "user"]
