"""Games set up or played to a point through the public API."""

from __future__ import annotations

import random
import time
from typing import Any

from app.games.base import RecordingRng, SeededRng, get_engine
from app.play.records import FORMAT
from tests.conftest import Player


def play_to_end(players_by_seat: dict[int, Player], game_id: str, seed: int = 0,
                seen: list[tuple[int, Any]] | None = None) -> dict[str, Any]:
    """Both people move (a random legal move) until the game ends; bots move by themselves."""
    rng = random.Random(seed)
    someone = next(iter(players_by_seat.values()))
    for _ in range(2000):
        game = someone.game(game_id)
        if game["status"] == "finished":
            return game
        acted = False
        for seat in game["view"]["to_act"]:
            player = players_by_seat.get(seat)
            if player is None:
                continue
            mine = player.game(game_id, seat=seat)
            if seen is not None:
                seen.append((mine["seq"], mine))
            if not mine["legal"]:
                continue
            move = rng.choice(mine["legal"])
            reply = player.move(game_id, mine["seq"], move, seat=seat)
            assert reply.status_code in (200, 409), reply.text
            acted = True
            break
        if not acted:
            time.sleep(0.02)  # a bot is thinking
    raise AssertionError("the game did not end")


def local_record(kind: str = "grand-bazaar", players: int = 2, seed: int = 5,
                 moves: int | None = None, names: list[Any] | None = None,
                 options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A complete record made here with the engine: random legal moves to the end (or cut
    short after ``moves``), in the export format; consistent, so only the field under test
    can be what a refusal is about."""
    engine = get_engine(kind)
    names = names or [f"P{i}" for i in range(players)]
    options = engine.validate_options(options or {}, players)
    setup = RecordingRng(SeededRng(seed))
    state = engine.setup(names, options, setup)
    record: dict[str, Any] = {
        "format": FORMAT, "kind": kind, "complete": True, "seats": names, "options": options,
        "seed": f"s{seed}", "setup_chance": setup.outcomes,
        "initial_state": engine.dump_state(state), "moves": [],
    }
    pick = random.Random(seed)
    while engine.outcome(state) is None and (moves is None or len(record["moves"]) < moves):
        seat = min(engine.to_act(state))
        move = pick.choice(engine.legal_moves(state, seat))
        rng = RecordingRng(SeededRng(f"{seed}:{len(record['moves'])}"))
        state, events = engine.apply(state, seat, move, rng)
        record["moves"].append({"seq": len(record["moves"]) + 1, "seat": seat, "move": move,
                                "chance": rng.outcomes, "events": events, "actor": "player"})
    return record


TABLE = {"players": ["Red", "Blue", "Green"], "scores": [10, 5, 7], "placer": 1,
         "tiles": [{"type": "U"}, {"label": "river bend"}, {"type": "U"}]}


def clocked_game(ann: Player, bob: Player, seconds: int = 1) -> str:
    lobby = ann.ok(ann.post("/api/lobbies", json={
        "kind": "grand-bazaar", "players": 2, "options": {"first_player": 0},
        "clock": {"mode": "move", "seconds": seconds}}))
    assert lobby["clock"] == {"mode": "move", "seconds": seconds}
    bob.ok(bob.post(f"/api/lobbies/{lobby['id']}/join"))
    return str(ann.ok(ann.post(f"/api/lobbies/{lobby['id']}/start"))["game_id"])


def wait_for(predicate: Any, timeout: float = 30) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("condition not reached")


def hard_bot_game(host: Player, level: str = "hard") -> str:
    """Grand Bazaar: the host in seat 0 (to move first), the bot of ``level`` in seat 1."""
    lobby = host.ok(host.post("/api/lobbies", json={
        "kind": "grand-bazaar", "players": 2, "options": {"first_player": 0}}))
    host.ok(host.post(f"/api/lobbies/{lobby['id']}/bots", json={"seat": 1, "level": level}))
    return str(host.ok(host.post(f"/api/lobbies/{lobby['id']}/start"))["game_id"])


def first_move(player: Player, game_id: str) -> int:
    game = player.game(game_id)
    return int(player.ok(player.move(game_id, game["seq"], game["legal"][0]))["seq"])
