"""Refusals of badly shaped moves in the player's language (issue 29): every engine's move
parsing (the shared envelope of app/games/base.py `check_move` and each game's moves.py)
refuses with an `InvalidMove` whose reason is a message with its rule id, said in German and
French with every id translated and none of the refusal's English words left; the JSON field
names, values and move types quoted in it stay as they are typed."""

from __future__ import annotations

from typing import Any

import pytest

from app.games.base import GameError, InvalidMove, SeededRng, get_engine
from app.games.messages import english
from tests.support.said import catalogue, english_words, said

NAMES = ["Ann", "Bob"]
_ENVELOPE: list[Any] = [None, [], {"type": []}, {"type": "Nope"}, {"type": "Nope", "x": 1}]
MALFORMED: dict[str, tuple[dict[str, Any], list[Any]]] = {
    "bazaar": ({"first_player": 0}, [
        {"type": "Buy"}, {"type": "Buy", "stall": "2"}, {"type": "Buy", "stall": 9},
        {"type": "Roll", "x": 1}, {"type": "ChooseColour", "colour": "Q"},
        {"type": "Trade", "equation_id": "9.9", "direction": "left-to-right"},
        {"type": "Trade", "equation_id": "1.1", "direction": "up"},
        {"type": "ReturnTokens", "tokens": 5}, {"type": "ReturnTokens", "tokens": {"R": "x"}},
        {"type": "ReturnTokens", "tokens": {"R": 500}},
        {"type": "ReturnTokens", "tokens": "R" * 101},
        {"type": "Buy", "stall": 1, "ware": "21"}]),
    "grand-bazaar": ({"first_player": 0}, [
        {"type": "Trade", "sell": {"Q": 1}}, {"type": "Trade", "sell": {"S": "x"}},
        {"type": "Trade", "buy": {"S": 500}}, {"type": "Trade", "timeout": 1},
        {"type": "Trade", "sell": []}]),
    "bombay-bazar": ({}, [
        {"type": "ChooseElephant", "elephant": "Z"}, {"type": "HideTokens", "hide": 9},
        {"type": "CallParity", "call": "x"}, {"type": "PlacePiece", "picture": "ZZ",
                                              "rotation": 0},
        {"type": "PlacePiece", "picture": "D8", "rotation": 9}]),
    "carcassonne": ({}, [
        {"type": "PlaceTile", "x": 5000, "y": 0, "r": 0},
        {"type": "PlaceTile", "x": 0, "y": 0, "r": 7},
        {"type": "PlaceFigure", "x": 0, "y": 0, "segment": "", "kind": "follower"},
        {"type": "PlaceFigure", "x": 0, "y": 0, "segment": "c0", "kind": "farmer"},
        {"type": "AuctionOpen", "tile": "a", "bid": 1},
        {"type": "AuctionOpen", "tile": 0, "bid": "x"},
        {"type": "AuctionOpen", "tile": 0, "bid": 5000},
        {"type": "AuctionSettle", "choice": "x"}]),
}
_WORDS = {"must", "be", "one", "of", "an", "integer", "string", "object", "number", "unknown",
          "lacks", "has", "move", "from", "to", "between", "and", "such", "as", "is", "name",
          "whole", "too", "many", "letters", "index", "revealed", "row", "not", "id", "above",
          "rejected", "input", "limit", "expected", "list", "gem", "types?", "picture",
          "equation", "points", "or"}
# "Name" is German; "type" and "points" French; field names (rotation, tile ...) stay as typed
ENGLISH = {"de": english_words(_WORDS - {"name"}),
           "fr": english_words(_WORDS - {"types?", "points"})}


def _refusals(kind: str) -> list[InvalidMove]:
    options, moves = MALFORMED[kind]
    engine = get_engine(kind)
    rng = SeededRng(3)
    state = engine.setup(NAMES, engine.validate_options(options, 2), rng)
    seat = min(engine.to_act(state))
    refusals = []
    for move in [*_ENVELOPE, *moves]:
        with pytest.raises(GameError) as info:
            engine.apply(state, seat, move, rng)
        assert isinstance(info.value, InvalidMove), (move, info.value.reason)
        refusals.append(info.value)
    return refusals


@pytest.mark.parametrize("lang", ["de", "fr"])
@pytest.mark.parametrize("kind", sorted(MALFORMED))
def test_a_malformed_move_is_refused_in_the_language_with_its_rule(kind: str,
                                                                   lang: str) -> None:
    books = catalogue(lang)
    for refusal in _refusals(kind):
        assert refusal.message is not None and refusal.rule, refusal.reason
        assert refusal.reason == f"{refusal.rule}: {english(refusal.message)}"
        said(refusal.message, lang, books, ENGLISH[lang], NAMES, typed=True)
