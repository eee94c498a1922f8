"""Which finished games are rated (app/ratings/eligibility.py), the farming rules of issue 24.3:
no account moved, every account resigned, a resignation never wins nor shares first place, a
private game, and the repeat limit per pair of accounts."""

from __future__ import annotations

from typing import Any

from app.ratings.eligibility import Placing, placings, repeat_refusal, wins

ACCOUNTS = {"ann", "bob", "cat"}


def seats(*users: str | None) -> list[dict[str, Any]]:
    return [{"seat": i, "holder": "user" if u else "bot", "user_id": u}
            for i, u in enumerate(users)]


def outcome(ranks: list[int], resigned: tuple[int, ...] = ()) -> dict[str, Any]:
    return {"ranks": ranks, "resigned": list(resigned)}


def rate(table: list[dict[str, Any]], result: dict[str, Any], movers: set[int],
         private: bool = False) -> tuple[list[Placing], str]:
    return placings(True, "lobby", False, table, result, ACCOUNTS, private=private, movers=movers)


def test_a_game_in_which_no_account_made_a_move_of_its_own_is_not_rated() -> None:
    # both accounts' seats were played by bots (resigned or timed out) from the first move
    rated, why = rate(seats("ann", "bob", None), outcome([1, 2, 3], [0]), movers={2})
    assert rated == [] and why == "no account made a move of its own"


def test_a_game_every_account_left_by_resigning_is_not_rated() -> None:
    rated, why = rate(seats("ann", "bob"), outcome([1, 1], [0, 1]), movers={0, 1})
    assert rated == [] and why == "every account resigned"


def test_a_resignation_ranks_last_is_never_a_win_and_resigners_share_no_first_place() -> None:
    # the bots played the resigned seats 0 and 1 to first place; seat 2 played on to third
    table = seats("ann", "bob", "cat")
    result = outcome([1, 1, 3], [0, 1])
    rated, why = rate(table, result, movers={0, 2})
    assert why == "" and {p.user_id: p.rank for p in rated} == {"ann": 4, "bob": 4, "cat": 3}
    assert [p.user_id for p in rated if wins(p, rated, result["resigned"])] == ["cat"]


def test_a_private_game_is_never_rated() -> None:
    rated, why = rate(seats("ann", "bob"), outcome([1, 2]), movers={0, 1}, private=True)
    assert rated == [] and why == "a private game is never rated"


def test_the_same_pair_is_rated_at_most_the_repeat_limit_per_kind_a_day() -> None:
    assert repeat_refusal({("ann", "bob"): 2, ("ann", "cat"): 0}, 3) == ""
    assert "3 rated games" in repeat_refusal({("ann", "bob"): 3}, 3)
    assert repeat_refusal({("ann", "bob"): 50}, 0) == ""  # 0: no limit
