""""My games" results (app/play/mine.py; docs/decisions.md, "Resigning"): a resigned seat is
never among the winners a result names, whatever place its bot reached."""

from __future__ import annotations

from app.play.mine import result
from app.play.models import Game


def finished(winners: list[int], resigned: list[int]) -> Game:
    return Game(id="g", kind="grand-bazaar", lobby_id="l", host_id="ann", seats=[
        {"seat": 0, "name": "Ann", "holder": "user", "user_id": "ann"},
        {"seat": 1, "name": "Bob", "holder": "user", "user_id": "bob"}],
        outcome={"scores": [35, 35], "ranks": [1, 1], "winners": winners,
                 "reason": "finished", "resigned": resigned})


def test_a_resigned_seat_is_never_named_a_winner_though_its_bot_tied_first() -> None:
    game = finished(winners=[0, 1], resigned=[0])
    assert result(game, "ann") == {"rank": 1, "of": 2, "resigned": True, "winners": ["Bob"],
                                   "reason": "finished"}
    assert result(game, "bob")["winners"] == ["Bob"]


def test_winners_who_played_on_are_all_named() -> None:
    assert result(finished(winners=[0, 1], resigned=[]), "bob")["winners"] == ["Ann", "Bob"]
