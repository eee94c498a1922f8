"""Bombay Bazar's log, refusals and score words as messages (issue 29): whole bot games (single,
parity start, tournament, solo) rendered in German and French leave no English, no missing
argument and no raw id or code; the English rendering is the log's old text; a refusal keeps
its rule and its code apart from its words."""

from __future__ import annotations

import re
from typing import Any

import pytest

from app.games.base import GameError, IllegalMove, InvalidMove, SeededRng
from app.games.bombay_bazar import ENGINE
from app.games.bombay_bazar.data import PICTURE_IDS
from app.games.messages import english
from app.i18n.render import render
from tests.support.said import bot_game, catalogue, english_words, said, said_breakdown

NAMES = ["Ann", "Bob", "Cid", "Dee"]
_COMMON = {"elephants?", "trunks?", "piece", "cells?", "row", "round", "ended", "medals?",
           "silver", "called", "hid", "chose", "given", "starts", "odd", "even", "placed",
           "sealed", "out", "taken", "tip", "openings?", "empty", "hidden", "again",
           "game", "over", "still", "growing", "length", "being", "played", "drops?", "right",
           "wrong", "unused", "closed", "end", "now", "there", "no",
           "every", "was", "its", "could", "first", "calls", "decides", "who", "whom", "your",
           "fits", "ways", "write", "turned", "this", "way", "leading", "board", "already",
           "move", "step", "choose", "take", "opposite", "players", "the", "of", "and", "with"}
# "Gold", "Bronze", "minus" are German too; "total", "pile", "bronze", "score", "solo",
# "segment" French
ENGLISH = {"de": english_words(_COMMON | {"total", "pile", "score", "segments?"}),
           "fr": english_words(_COMMON | {"gold", "minus"})}
CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (3, {"first_player": "parity", "elephants": "random"}),
    (2, {"format": "tournament", "rounds": 2, "first_player": "parity"}),
    (4, {"format": "tournament", "rounds": 2, "elephants": "random"}),
    (1, {}),
]


def _game(players: int, options: dict[str, Any], seed: int) -> tuple[list[Any], list[Any]]:
    return bot_game(ENGINE, NAMES[:players], options, SeededRng(seed))


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_every_log_line_of_a_bot_game_is_in_english_as_before(
        players: int, options: dict[str, Any]) -> None:
    _states, events = _game(players, options, 1)
    for event in events:
        message = ENGINE.describe_message(event, NAMES[:players])
        assert english(message) == ENGINE.describe(event, NAMES[:players])
        assert render(message, "en") == ENGINE.describe(event, NAMES[:players])


@pytest.mark.parametrize("lang", ["de", "fr"])
@pytest.mark.parametrize("seed", [1, 2])
def test_bot_games_logs_and_outcomes_have_no_english_no_gap_and_no_raw_id(
        lang: str, seed: int) -> None:
    books = catalogue(lang)
    kinds: set[str] = set()
    for players, options in CONFIGS:
        states, events = _game(players, options, seed)
        for event in events:
            kinds.add(event["type"])
            said(ENGINE.describe_message(event, NAMES), lang, books, ENGLISH[lang], NAMES)
        outcome = ENGINE.outcome(states[-1])
        assert outcome is not None and outcome.breakdown
        said_breakdown(outcome, lang, books, ENGLISH[lang], NAMES)
    assert kinds >= {"ElephantChosen", "ElephantsClosed", "StartPlayerChosen", "ParityStarted",
                     "TokensHidden", "ParityCalled", "ParityRevealed", "PiecePlaced",
                     "PlayerEliminated", "RoundEnded", "GameEnded"}


def _refusals(state: Any, seat: int) -> list[GameError]:
    """Every refusal of the seat's placements: each picture in each rotation."""
    found = []
    for picture in PICTURE_IDS:
        for rotation in range(6):
            try:
                ENGINE.apply(state, seat, {"type": "PlacePiece", "picture": picture,
                                           "rotation": rotation}, SeededRng(0))
            except IllegalMove as err:
                found.append(err)
    return found


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_refusals_are_said_with_their_rule_and_code_apart(lang: str) -> None:
    books = catalogue(lang)
    refusals: dict[str, GameError] = {}
    states, _events = _game(3, {"first_player": "parity", "elephants": "random"}, 3)
    for state in states:
        for seat in ENGINE.to_act(state):
            kind = ENGINE.legal_moves(state, seat)[0]["type"]
            if kind != "PlacePiece":
                with pytest.raises(IllegalMove) as wrong:
                    ENGINE.apply(state, seat, {"type": "PlacePiece",
                                               "picture": PICTURE_IDS[0], "rotation": 0}, SeededRng(0))
                refusals.setdefault(wrong.value.code, wrong.value)
                continue
            for err in _refusals(state, seat):
                refusals.setdefault(err.code, err)
    two = ENGINE.setup(NAMES[:2], ENGINE.validate_options({}, 2), SeededRng(0))
    two, _ = ENGINE.apply(two, 0, {"type": "ChooseElephant", "elephant": "A"}, SeededRng(0))
    for elephant in ("A", "B"):
        with pytest.raises(IllegalMove) as chosen:
            ENGINE.apply(two, 1, {"type": "ChooseElephant", "elephant": elephant}, SeededRng(0))
        refusals.setdefault(chosen.value.code, chosen.value)
    assert {"WRONG_STEP", "ELEPHANT_TAKEN", "NOT_OPPOSITE", "NO_ENTRY_PORT", "PORT_OFF_BOARD",
            "PORT_AT_BLANK"} <= set(refusals), sorted(refusals)
    for code, err in refusals.items():
        assert err.message is not None and err.rule is not None
        assert err.reason == f"{err.rule}: {code} ({english(err.message)})"
        said(err.message, lang, books, ENGLISH[lang], NAMES)


def test_a_placement_refusal_in_three_languages() -> None:
    state = ENGINE.setup(NAMES[:1], ENGINE.validate_options({}, 1), SeededRng(0))
    state, _ = ENGINE.apply(state, 0, {"type": "ChooseElephant", "elephant": "A"}, SeededRng(0))
    errors = [e for e in _refusals(state, 0) if e.code == "NO_ENTRY_PORT"]
    assert errors
    err = errors[0]
    picture = err.message["args"]["picture"] if err.message else ""
    assert err.rule == "BOM-27"
    assert err.reason == (f"BOM-27: NO_ENTRY_PORT (turned this way, the {picture} piece does "
                          "not continue your trunk)")
    assert render(err.message, "de") == (f"so gedreht setzt das {picture}-Rüsselteil deinen "
                                         "Rüssel nicht fort")
    assert render(err.message, "fr") == (f"tournée ainsi, la pièce {picture} ne prolonge pas "
                                         "votre trompe")


def test_an_ambiguous_typed_placement_is_refused_in_words() -> None:
    books = {lang: catalogue(lang) for lang in ("de", "fr")}
    states, _events = _game(1, {}, 1)
    for state in states:
        legal = ENGINE.legal_moves(state, 0) if 0 in ENGINE.to_act(state) else []
        pictures = [m["picture"] for m in legal if m["type"] == "PlacePiece"]
        twice = next((p for p in pictures if pictures.count(p) > 1), None)
        if twice is None:
            continue
        with pytest.raises(IllegalMove) as caught:
            ENGINE.read_move(state, 0, twice)
        err = caught.value
        assert err.code == "AMBIGUOUS_MOVE" and err.rule == "BOM-55" and err.message
        assert re.fullmatch(rf"BOM-55: AMBIGUOUS_MOVE \(the {twice} piece fits here in \d ways; "
                            rf"write one of {twice} r\d(, {twice} r\d)+\)", err.reason)
        for lang in ("de", "fr"):
            said(err.message, lang, books[lang], ENGLISH[lang], NAMES)
        return
    raise AssertionError("no picture fitted in two ways in the whole game")


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_typed_placements_that_name_no_piece_are_refused_in_words(lang: str) -> None:
    books = catalogue(lang)
    state = ENGINE.setup(NAMES[:1], ENGINE.validate_options({}, 1), SeededRng(0))
    state, _ = ENGINE.apply(state, 0, {"type": "ChooseElephant", "elephant": "A"}, SeededRng(0))
    seen = set()
    for text in ("Z9", f"{PICTURE_IDS[0]} r7"):
        with pytest.raises(InvalidMove) as caught:
            ENGINE.read_move(state, 0, text)
        err = caught.value
        assert err.rule == "BOM-54" and err.message is not None, text
        assert err.reason == f"BOM-54: {english(err.message)}"
        seen.add(err.message["id"])
        said(err.message, lang, books, ENGLISH[lang], NAMES, typed=True)
    assert len(seen) == 2
