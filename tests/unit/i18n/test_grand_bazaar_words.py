"""Grand Bazaar's log, refusals and score words as messages (issue 29): whole bot games rendered
in German and French leave no English, no missing argument and no raw id; the English rendering
is the log's old text; every GB-13 refusal keeps its rule apart from its words."""

from __future__ import annotations

from typing import Any

import pytest

from app.games.base import IllegalMove, InvalidMove, SeededRng
from app.games.grand_bazaar import ENGINE
from app.games.grand_bazaar.moves import Trade
from app.games.messages import english
from app.i18n.render import render
from tests.support.said import bot_game, catalogue, english_words, said, said_breakdown

NAMES = ["Ann", "Bob", "Cid", "Dee"]
_COMMON = {"sapphires?", "rub(y|ies)", "emeralds?", "sold", "bought", "passed", "money", "holds",
           "gems?", "round", "price", "card", "revealed", "prices", "moves", "first", "final",
           "sale", "sells", "for", "no", "change", "compulsory", "buy", "waived", "timeout",
           "move", "full", "enough", "starting", "trading", "sales", "purchases", "left",
           "cannot", "you", "must", "limit", "held", "hold", "would", "only", "one", "at",
           "the", "of", "and", "or", "this", "same", "ended", "game"}
# "Hand", "Bank", "minus" are German too; "stock", "type" French
ENGLISH = {"de": english_words(_COMMON | {"stock", "type"}),
           "fr": english_words(_COMMON | {"hand", "bank", "minus"})}


def test_every_log_line_of_a_bot_game_is_in_english_as_before() -> None:
    for seed in (1, 2):
        _states, events = bot_game(ENGINE, NAMES[:3], {}, SeededRng(seed))
        for event in events:
            message = ENGINE.describe_message(event, NAMES)
            assert english(message) == ENGINE.describe(event, NAMES)
            assert render(message, "en") == ENGINE.describe(event, NAMES)


def _waived_and_timed_out() -> dict[str, Any]:
    """A Traded event with a waiver and the timeout mark (rare in bot games)."""
    return {"type": "Traded", "seat": 1, "round": 5, "sell": {"S": 0, "R": 0, "E": 0},
            "buy": {"S": 0, "R": 0, "E": 0}, "prices": {"S": 12, "R": 9, "E": 10},
            "money": 3, "hand": {"S": 4, "R": 0, "E": 0},
            "waived": {"S": "hand full of that type", "R": "not enough money",
                       "E": "no stock"}, "timeout": True}


@pytest.mark.parametrize("lang", ["de", "fr"])
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 2), (3, 3)])
def test_a_bot_game_s_log_and_outcome_have_no_english_no_gap_and_no_raw_id(
        lang: str, players: int, seed: int) -> None:
    books = catalogue(lang)
    states, events = bot_game(ENGINE, NAMES[:players], {}, SeededRng(seed))
    assert {e["type"] for e in events} == {"PriceRevealed", "Traded", "GameEnded"}
    for event in [*events, _waived_and_timed_out()]:
        said(ENGINE.describe_message(event, NAMES), lang, books, ENGLISH[lang], NAMES)
    outcome = ENGINE.outcome(states[-1])
    assert outcome is not None and outcome.breakdown
    said_breakdown(outcome, lang, books, ENGLISH[lang], NAMES)


def _trades() -> list[Trade]:
    """Trades that break each of GB-13 a-f somewhere in a game, and the false timeout mark."""
    one, many = (1, 0, 0), (0, 5, 0)
    return [Trade(sell=(3, 0, 0)), Trade(sell=one, buy=one), Trade(buy=(0, 0, 11)),
            Trade(buy=(3, 0, 0)), Trade(buy=many), Trade(), Trade(buy=(0, 1, 0), timeout=True),
            Trade(buy=(0, 0, 1), timeout=True)]


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_every_refusal_is_said_with_its_rule_apart(lang: str) -> None:
    books = catalogue(lang)
    states, _events = bot_game(ENGINE, NAMES[:3], {}, SeededRng(4))
    refusals: dict[str, IllegalMove] = {}
    for state in states[::5] + [states[-1]]:
        seat = state.turn() if state.turn() is not None else 0
        for trade in _trades():
            try:
                ENGINE.apply(state, seat, trade.to_json(), SeededRng(0))
            except IllegalMove as err:
                key = err.rule or ""
                if key == "GB-13a":  # round 1 and later rounds say it differently
                    key += str(err.message and err.message["id"][:8])
                refusals.setdefault(key, err)
    rules = {err.rule for err in refusals.values()}
    assert rules == {"GB-13a", "GB-13b", "GB-13c", "GB-13d", "GB-13e", "GB-13f", "GB-17",
                     "GB-19"}, sorted(refusals)
    assert len([k for k in refusals if k.startswith("GB-13a")]) == 2
    for err in refusals.values():
        assert err.message is not None
        assert err.reason == f"{err.rule}: {english(err.message)}"
        said(err.message, lang, books, ENGLISH[lang], NAMES)


def test_a_compulsory_buy_refusal_in_three_languages() -> None:
    state = ENGINE.setup(NAMES[:2], ENGINE.validate_options({}, 2), SeededRng(0))
    with pytest.raises(IllegalMove) as caught:
        ENGINE.apply(state, state.turn(), Trade().to_json(), SeededRng(0))
    err = caught.value
    assert err.rule == "GB-13f" and err.message is not None
    assert err.reason == ("GB-13f: you must buy at least one gem this round: a sapphire or a "
                          "ruby or an emerald can be bought (GB-14)")
    assert render(err.message, "de") == ("du musst in dieser Runde mindestens einen Edelstein "
                                         "kaufen: ein Saphir oder ein Rubin oder ein Smaragd ist "
                                         "kaufbar (GB-14)")
    assert render(err.message, "fr") == ("vous devez acheter au moins une gemme cette manche : "
                                         "un saphir ou un rubis ou une émeraude peut être acheté "
                                         "(GB-14)")


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_typed_trades_that_name_no_move_are_refused_in_words(lang: str) -> None:
    books = catalogue(lang)
    state = ENGINE.setup(NAMES[:2], ENGINE.validate_options({}, 2), SeededRng(0))
    seat = state.turn()
    seen = set()
    for text in ("sell r2 sell e1", "buy 0 r", "buy 2 2 r", "buy r 2 2", "buy 2", "sell buy r1"):
        with pytest.raises(InvalidMove) as caught:
            ENGINE.read_move(state, seat, text)
        err = caught.value
        assert err.rule == "GB-12" and err.message is not None, text
        assert err.reason == f"GB-12: {english(err.message)}"
        seen.add(err.message["id"])
        said(err.message, lang, books, ENGLISH[lang], NAMES, typed=True)
    assert len(seen) == 5, seen
