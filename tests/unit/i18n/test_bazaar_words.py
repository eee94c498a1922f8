"""Bazaar's log and refusals as messages (issue 29): whole bot games rendered in every
language leave no English, no missing argument and no raw id; the English rendering is the
log's old text; an engine's refusal keeps its rule id apart from its words."""

from __future__ import annotations

import re
from typing import Any

import pytest

from app.games.base import IllegalMove, SeededRng
from app.games.bazaar import ENGINE
from app.games.messages import english
from app.i18n.render import render
from tests.support.said import catalogue, said
from tests.unit.bazaar.helpers import given, new_game

NAMES = ["Ann", "Bob", "Cid"]
ENGLISH_WORDS = r"rolled|traded|bought|ware|stall|token|tokens|penalty|bank|ended|turn|red|white|blue|green|yellow|nothing|left"
ENGLISH = {"de": re.compile(rf"\b({ENGLISH_WORDS}|points?)\b"),
           "fr": re.compile(rf"\b({ENGLISH_WORDS})\b")}  # "point(s)" is French too


def bot_game(seed: int, players: int = 3,
             options: dict[str, Any] | None = None) -> tuple[Any, list[dict[str, Any]]]:
    """The last state of one bot game played to its end, and every event on the way."""
    rng = SeededRng(seed)
    state = ENGINE.setup(NAMES[:players], ENGINE.validate_options(options or {}, players), rng)
    events: list[dict[str, Any]] = []
    for _ in range(5000):
        if ENGINE.outcome(state) is not None:
            return state, events
        seat = sorted(ENGINE.to_act(state))[0]
        state, new = ENGINE.apply(state, seat, ENGINE.bot_move(state, seat, rng), rng)
        events.extend(new)
    raise AssertionError("the bot game did not end")


def bot_game_events(seed: int, players: int = 3) -> list[dict[str, Any]]:
    """Every event of one bot game to its end."""
    return bot_game(seed, players)[1]


@pytest.mark.parametrize("seed", [1, 2])
def test_every_log_line_of_a_bot_game_is_in_english_as_before(seed: int) -> None:
    for event in bot_game_events(seed):
        assert english(ENGINE.describe_message(event, NAMES)) == ENGINE.describe(event, NAMES)


@pytest.mark.parametrize("lang", ["de", "fr"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_bot_game_s_log_has_no_english_no_gap_and_no_raw_id(lang: str, seed: int) -> None:
    books = catalogue(lang)
    events = bot_game_events(seed)
    kinds = {e["type"] for e in events}
    assert {"DieRolled", "WareBought", "GameEnded"} <= kinds
    for event in events:
        said(ENGINE.describe_message(event, NAMES), lang, books, ENGLISH[lang], NAMES)


def test_german_and_french_say_a_purchase_with_their_plurals() -> None:
    event = {"type": "WareBought", "seat": 0, "stall": 2, "ware": 21,
             "cost": {"R": 2, "W": 2, "B": 1}, "tokens_left": 1, "level": 0, "points": 1,
             "penalties": [{"seat": 1, "tokens": 5, "points": 2}]}
    message = ENGINE.describe_message(event, NAMES)
    assert render(message, "de") == ("Ann kaufte eine Ware aus 2 Rot, 2 Weiß und 1 Blau (1 Stein "
                                     "übrig): 1 Punkt; Bob −2 Strafe")
    assert render(message, "fr") == ("Ann a acheté une marchandise de 2 rouge, 2 blanc et 1 bleu, "
                                     "avec 1 jeton restant : 1 point ; Bob −2 de pénalité")
    assert render(message, "en") == ENGINE.describe(event, NAMES)


def test_a_refusal_carries_its_rule_apart_from_its_words() -> None:
    state = given(new_game(2), hands={0: "R"}, bank={"R": 19, "W": 20, "B": 20, "G": 20})
    with pytest.raises(IllegalMove) as caught:
        ENGINE.apply(state, 0, {"type": "Trade", "equation_id": "1.1",
                                "direction": "left-to-right"}, SeededRng(0))
    err = caught.value
    assert err.rule == "BAZ-17"
    assert err.reason == "BAZ-17: the bank lacks 1 yellow for the receiving side"
    assert err.message is not None
    assert render(err.message, "de") == "der Bank fehlen 1 Gelb für die Empfangsseite"
    assert render(err.message, "fr") == "il manque à la banque 1 jaune pour le côté reçu"


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_baz_23_baz_26_the_score_breakdown_is_said_in_the_viewers_language(lang: str) -> None:
    """Every line of the end's breakdown (purchases by star level, penalties paid and caused,
    BAZ-23 and BAZ-26) and every item under it, in German and French: no English left."""
    books = catalogue(lang)
    state, _ = bot_game(4, options={"penalty": True})
    lines = [line for b in ENGINE.score_breakdown(state) for line in b.lines]
    assert {"penalties-paid", "penalties-caused"} <= {line.source for line in lines}
    for line in lines:
        assert line.message is not None
        said(line.message, lang, books, ENGLISH[lang], NAMES)
        for item in line.item_messages or ():
            said(item, lang, books, ENGLISH[lang], NAMES)
