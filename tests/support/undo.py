"""Undo and takeback through the public API (issue 27, point 3)."""

from __future__ import annotations

from typing import Any

import httpx

from tests.conftest import Player

CARCASSONNE = {"first_player": 0, "bazaar": False, "builder": False, "abbey": False}
"""Plain Carcassonne, Ann first: a turn is a tile laid (nothing revealed), then a figure or
none, after which the next tile is drawn (revealed)."""
BAZAAR = {"first_player": 0}
"""Bazaar, Ann first: a roll (revealed), trades, then the turn ends (passed, nothing hidden
revealed until the next player rolls)."""


def undo(player: Player, game_id: str, seq: int, **kw: Any) -> httpx.Response:
    return player.post(f"/api/games/{game_id}/undo", json={"seq": seq, **kw})


def ask_takeback(player: Player, game_id: str, seq: int) -> httpx.Response:
    return player.post(f"/api/games/{game_id}/takeback", json={"seq": seq})


def answer(player: Player, game_id: str, seq: int, accept: bool) -> httpx.Response:
    return player.post(f"/api/games/{game_id}/takeback/answer",
                       json={"seq": seq, "accept": accept})


def first_of(game: dict[str, Any], kind: str) -> dict[str, Any]:
    """The first legal move of a type."""
    return next(m for m in game["legal"] if m["type"] == kind)


def play(player: Player, game_id: str, kind: str) -> dict[str, Any]:
    """The player's first legal move of ``kind``, made; the game after it."""
    game = player.game(game_id)
    player.ok(player.move(game_id, game["seq"], first_of(game, kind)))
    return player.game(game_id)


def end_bazaar_turn(player: Player, game_id: str) -> dict[str, Any]:
    """Roll, then the first legal step (a colour the dice ask for, tokens to give back) until
    ``EndTurn`` is legal, and end the turn: the game once the next seat is to act."""
    seat = player.game(game_id)["view"]["to_act"]
    for _ in range(12):
        game = player.game(game_id)
        if game["view"]["to_act"] != seat:
            return game
        kinds = [m["type"] for m in game["legal"]]
        kind = "Roll" if "Roll" in kinds else "EndTurn" if "EndTurn" in kinds else kinds[0]
        play(player, game_id, kind)
    raise AssertionError("the turn did not end")
