"""Turn clocks and absent players: the platform moves for a seat whose time ran out
(the game's timeout move, GB-17 for Grand Bazaar), marks it in the log and the result, and
keeps playing the seat until its player comes back."""

from __future__ import annotations

import time
from typing import Any

from app.play import clock
from app.play.clock_keeper import ClockKeeper
from tests.conftest import move_entries
from tests.support.games import clocked_game, play_to_end, wait_for
from tests.support.server_loop import on_server
from tests.support.sockets import Viewer


def test_timeout_moves_for_the_absent_seat_until_the_player_returns(server: Any,
                                                                    players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    game_id = clocked_game(ann, bob)
    game = ann.game(game_id)
    assert game["clock"]["mode"] == "move" and 0 < game["clock"]["remaining"]["0"] <= 1
    # Ann does nothing: after a second the platform plays GB-17's timeout move for her
    wait_for(lambda: ann.game(game_id)["seq"] >= 1)
    log = move_entries(ann, game_id)
    assert log[0]["seat"] == 0 and log[0]["actor"] == "timeout"
    assert 0 in ann.game(game_id)["away"]
    # Bob moves; Ann is away, so her next turn is played for her at once (no second wait)
    for _ in range(3):
        current = bob.game(game_id)
        if 1 in current["view"]["to_act"]:
            bob.ok(bob.move(game_id, current["seq"], current["legal"][0]))
        wait_for(lambda: 1 in bob.game(game_id)["view"]["to_act"] or
                 bob.game(game_id)["status"] == "finished")
    # Ann comes back: a hello on her socket takes the seat back
    viewer = Viewer(server.url, game_id, ann.token)
    viewer.send({"type": "hello"})
    viewer.recv_type("snapshot")
    wait_for(lambda: 0 not in ann.game(game_id)["away"])
    viewer.close()
    final = play_to_end({0: ann, 1: bob}, game_id, seed=1)
    assert final["status"] == "finished"
    timeouts = ann.game(game_id)["timeouts"]
    assert timeouts.get("0", 0) >= 2
    record = ann.ok(ann.get(f"/api/games/{game_id}/export"))
    assert record["outcome"]["timeouts"]["0"] == timeouts["0"]


def test_a_clock_that_is_off_never_moves_for_anyone(server: Any, players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    lobby = ann.ok(ann.post("/api/lobbies", json={"kind": "grand-bazaar", "players": 2}))
    bob.ok(bob.post(f"/api/lobbies/{lobby['id']}/join"))
    game_id = ann.ok(ann.post(f"/api/lobbies/{lobby['id']}/start"))["game_id"]
    play = server.app.state.play

    async def expired_in_a_million_seconds() -> tuple[Any, list[int]]:
        live = await play.load(game_id)
        return clock.clock_of(live), clock.expired(live, time.monotonic() + 1e6)

    # no clock and no deadline: however long anyone waits, no seat's time runs out
    assert on_server(server, expired_in_a_million_seconds) == (None, [])
    # and the clock watcher's own tick, run now, moves for nobody
    on_server(server, ClockKeeper(play).tick)
    assert ann.game(game_id)["seq"] == 0 and ann.game(game_id)["clock"]["remaining"] == {}
