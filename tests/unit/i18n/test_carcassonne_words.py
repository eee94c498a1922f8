"""Carcassonne's and the stand-alone auction's log, refusals and outcome as messages (issue 29).

Whole bot games of Carcassonne with the Bazaar expansion (builder and abbey on) and of the
stand-alone auction, rendered in German and French: every message id has a translation, no
placeholder is left, no English word remains (apart from the players' names); the English
rendering is the log's old text; refusals keep their rule id apart from their words.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from babel.messages.pofile import read_po

from app.games.base import GameError, IllegalMove, InvalidMove, NotYourTurn, SeededRng
from app.games.carcassonne import ENGINE, notation
from app.games.carcassonne.tiles import TILE_TYPES
from app.games.carcassonne.words import segment, tile
from app.games.carcassonne_auction import ENGINE as AUCTION
from app.games.messages import Message, english, is_message
from app.i18n.catalogues import po_path
from app.i18n.render import render

NAMES = ["Ann", "Bob", "Cid", "Dee"]
_LEFTOVER = re.compile(r"\{[A-Za-z_]\w*\}")
_WORDS = (r"tiles?|city|cities|road|field|cloister|abbey|follower|builder|farm|farmers?|"
          r"bazaar|auction|bid|bids|north|south|west|placed|drew|turn|passed|passes|raised|"
          r"bought|sold|took|paid|nobody|nothing|completed|unfinished|stack|extra|seat|pennant|"
          r"crossroads|start|square|the|and|with|for|from|to|of|on|is|over|left|right|"
          r"quarter|half|round|wins?|host|cancelled|empty|owner|free|last|shows")
ENGLISH = {"de": re.compile(rf"\b({_WORDS}|east|points?|rotation)\b", re.IGNORECASE),
           # French: "est" is east in French too; "point(s)", "rotation" are French
           "fr": re.compile(rf"\b({_WORDS})\b", re.IGNORECASE)}
RAW = re.compile(r"\b(BZ\d+|[crf]\d|cl|Draw|PlaceAbbey|PlaceTile|DeclineExtra|None)\b|_")
CATALOGUES: dict[str, Any] = {}


def catalogue(lang: str) -> Any:
    if lang not in CATALOGUES:
        with po_path(lang).open("rb") as source:
            CATALOGUES[lang] = read_po(source, locale=lang)
    return CATALOGUES[lang]


def ids_in(message: Message) -> list[str]:
    """The message's id and the ids of the messages among its arguments."""
    found = [message["id"]]
    for value in (message.get("args") or {}).values():
        for item in value if isinstance(value, list) else [value]:
            if is_message(item):
                found.extend(ids_in(item))
    return found


def check(message: Message, lang: str) -> str:
    """``message`` rendered in ``lang`` after checking it is translated, whole and not English."""
    for message_id in ids_in(message):
        entry = catalogue(lang).get(message_id)
        assert entry is not None and entry.string and not entry.fuzzy, \
            f"{lang}: no translation for {message_id!r}"
        if isinstance(entry.string, tuple):
            assert all(entry.string), f"{lang}: a plural form of {message_id!r} is empty"
    text = render(message, lang)
    assert not _LEFTOVER.search(text), f"{lang}: a placeholder left in {text!r}"
    assert not RAW.search(text), f"{lang}: a raw id in {text!r}"
    without_names = re.sub(r"\b(Ann|Bob|Cid|Dee)\b", "", text)
    assert not ENGLISH[lang].search(without_names), f"{lang}: English left in {text!r}"
    return text


# ---------------------------------------------------------------------------- playing


def illegal_tries(state: Any, seat: int) -> list[tuple[int, dict[str, Any]]]:
    """Moves that are not legal now (most of them), and the seat after the actor's trying."""
    other = (seat + 1) % state.n
    return [
        (other, {"type": "SkipFigure"}),                                    # CAR-13: not yours
        (seat, {"type": "PlaceTile", "x": 40, "y": 40, "r": 0}),
        (seat, {"type": "PlaceFigure", "x": 0, "y": 0, "segment": "c0", "kind": "builder"}),
        (seat, {"type": "PlaceFigure", "x": 0, "y": 0, "segment": "r9", "kind": "follower"}),
        (seat, {"type": "PlaceAbbey", "x": 40, "y": 40}),
        (seat, {"type": "AuctionRaise", "bid": 0}),
        (seat, {"type": "AuctionPass"}),
        (seat, {"type": "AuctionSettle", "choice": "buy"}),
        (seat, {"type": "AuctionOpen", "tile": 9, "bid": 1}),
        (seat, {"type": "PassAbbey"}),
        (seat, {"type": "DeclineExtra"}),
        (seat, {"type": "Draw"}),
    ]


def refusals_of(engine: Any, state: Any, tries: list[tuple[int, dict[str, Any]]]
                ) -> list[GameError]:
    """The refusals of the tries that are refused."""
    out: list[GameError] = []
    for seat, move in tries:
        try:
            engine.apply(state, seat, move, SeededRng(0))
        except (IllegalMove, NotYourTurn, InvalidMove) as err:
            out.append(err)
    return out


def carcassonne_game(seed: int, players: int = 4) -> tuple[list[dict[str, Any]], list[GameError],
                                                          Any]:
    """Every event of a bot game with bazaars, builder and abbey, refusals tried on the way."""
    rng = SeededRng(seed)
    options = ENGINE.validate_options({"farm_scoring": ("third", "second", "first")[seed % 3]},
                                      players)
    assert options["bazaar"] and options["builder"] and options["abbey"]
    state, events = ENGINE.start(NAMES[:players], options, rng)
    refusals: list[GameError] = []
    for step in range(5000):
        if ENGINE.outcome(state) is not None:
            refusals += refusals_of(ENGINE, state, [(0, {"type": "Draw"})])  # CAR-44: over
            return events, refusals, state
        seat = sorted(ENGINE.to_act(state))[0]
        if step % 7 == 0 or state.phase in ("auction", "extra", "abbey_round"):
            refusals += refusals_of(ENGINE, state, illegal_tries(state, seat))
        state, new = ENGINE.apply(state, seat, ENGINE.bot_move(state, seat, rng), rng)
        events.extend(new)
    raise AssertionError("the bot game did not end")


def auction_game(seed: int, players: int = 4) -> tuple[list[dict[str, Any]], list[GameError],
                                                       Any]:
    """Every event of a stand-alone auction's bot game, refusals tried on the way."""
    rng = SeededRng(seed)
    shown: list[Any] = [{"type": "U"}, {"label": "river bend"}, {"type": "BZ4"}, {"type": "X"}]
    options = AUCTION.validate_options({"players": NAMES[:players], "placer": seed % players,
                                        "scores": [10] * players,
                                        "tiles": shown[:players]}, players)
    state = AUCTION.setup(NAMES[:players], options, rng)
    events: list[dict[str, Any]] = []
    refusals: list[GameError] = []
    for _ in range(500):
        if AUCTION.outcome(state) is not None:
            refusals += refusals_of(AUCTION, state, [(-1, {"type": "Cancel"}),
                                                     (0, {"type": "AuctionPass"})])
            return events, refusals, state
        seat = sorted(AUCTION.to_act(state))[0]
        others = [s for s in range(players) if s != seat]
        refusals += refusals_of(AUCTION, state, [
            (seat, {"type": "AuctionPass"}), (seat, {"type": "AuctionRaise", "bid": 0}),
            (seat, {"type": "AuctionSettle", "choice": "sell"}),
            (seat, {"type": "AuctionOpen", "tile": 0, "bid": 1}),
            (seat, {"type": "AuctionOpen", "tile": 7, "bid": 1}),
            (seat, {"type": "AuctionRaise", "bid": 5000}),
            (others[0], {"type": "AuctionPass"}), (seat, {"type": "Cancel"}),
            (-1, {"type": "AuctionPass"})])
        state, new = AUCTION.apply(state, seat, AUCTION.bot_move(state, seat, rng), rng)
        events.extend(new)
    raise AssertionError("the auction did not end")


GAMES = {seed: carcassonne_game(seed) for seed in (1, 2, 3)}
AUCTIONS = {seed: auction_game(seed) for seed in (1, 2)}


# ---------------------------------------------------------------------------- the tests


def test_the_bot_games_meet_every_kind_of_line() -> None:
    kinds = {e["type"] for events, _r, _s in GAMES.values() for e in events}
    assert {"TileDrawn", "TilePlaced", "FigurePlaced", "FeatureScored", "FarmScored",
            "BazaarDrawn", "TilesRevealed", "AuctionOpened", "AuctionRaised", "AuctionPassed",
            "AuctionSettled", "AuctionFinished", "BazaarTurn", "BazaarEnded", "TurnStarted",
            "ExtraPartEarned", "RegularPlayEnded", "AbbeyPlaced", "GameEnded"} <= kinds
    builders = [e for events, _r, _s in GAMES.values() for e in events
                if e["type"] == "FigurePlaced" and e["kind"] == "builder"]
    assert builders, "no builder was placed in the bot games"


@pytest.mark.parametrize("seed", sorted(GAMES))
def test_every_log_line_is_in_english_as_before(seed: int) -> None:
    for event in GAMES[seed][0]:
        message = ENGINE.describe_message(event, NAMES)
        text = ENGINE.describe(event, NAMES)
        assert (english(message) if message is not None else "") == text
    for event in AUCTIONS[1][0]:
        message = AUCTION.describe_message(event, NAMES)
        assert message is not None and english(message) == AUCTION.describe(event, NAMES)


@pytest.mark.parametrize("lang", ["de", "fr"])
@pytest.mark.parametrize("seed", sorted(GAMES))
def test_a_bot_game_s_log_and_refusals_have_no_english_no_gap_and_no_raw_id(
        lang: str, seed: int) -> None:
    events, refusals, _state = GAMES[seed]
    for event in events:
        message = ENGINE.describe_message(event, NAMES)
        if message is not None:
            check(message, lang)
    rules = set()
    for err in refusals:
        if isinstance(err, InvalidMove):
            continue  # a malformed payload (the moves' JSON shape) is the developer's
        assert err.message is not None and err.rule, f"no message for {err.reason!r}"
        assert err.reason.startswith(f"{err.rule}: ")
        check(err.message, lang)
        rules.add(err.rule)
    assert len(rules) >= 8, rules


@pytest.mark.parametrize("lang", ["de", "fr"])
@pytest.mark.parametrize("seed", sorted(AUCTIONS))
def test_a_stand_alone_auction_in_every_language(lang: str, seed: int) -> None:
    events, refusals, _state = AUCTIONS[seed]
    assert {"AuctionOpened", "AuctionSettled", "AuctionFinished"} <= {e["type"] for e in events}
    for event in events:
        message = AUCTION.describe_message(event, NAMES)
        assert message is not None
        check(message, lang)
    rules = set()
    for err in refusals:
        assert err.message is not None and err.rule, f"no message for {err.reason!r}"
        check(err.message, lang)
        rules.add(err.rule)
    assert {"CAR-61", "CAR-62", "CAR-66", "CAR-111"} <= rules, rules


def test_a_cancelled_auction_and_its_line() -> None:
    state = AUCTIONS[1][2]
    fresh = AUCTION.setup(NAMES[:2], AUCTION.validate_options(
        {"players": NAMES[:2], "placer": 0, "tiles": [{"type": "U"}, {"type": "V"}]}, 2),
        SeededRng(0))
    _new, events = AUCTION.apply(fresh, -1, {"type": "Cancel"}, SeededRng(0))
    message = AUCTION.describe_message(events[0], NAMES)
    assert message is not None
    assert render(message, "de") == "der Gastgeber hat die Versteigerung abgebrochen: " \
                                    "keine Punkteänderung"
    assert AUCTION.outcome(state) is not None


def test_german_and_french_say_a_placement_a_figure_and_a_scoring() -> None:
    placed = {"type": "TilePlaced", "seat": 0, "tile": "D", "x": 2, "y": -1, "r": 1}
    message = ENGINE.describe_message(placed, NAMES)
    assert message is not None
    assert render(message, "en") == ("Ann placed a city-and-road tile 1 north and 2 east of the "
                                     "start tile, turned a quarter right")
    assert render(message, "de") == ("Ann legte ein Plättchen mit Stadt und Straße 1 nördlich und "
                                     "2 östlich des Startplättchens, eine Vierteldrehung nach "
                                     "rechts gedreht")
    assert render(message, "fr") == ("Ann a posé une tuile ville et route 1 au nord et 2 à l'est "
                                     "de la tuile de départ, tournée d'un quart de tour vers la "
                                     "droite")
    scored = {"type": "FeatureScored", "feature": "city", "tiles": 2, "points": 4,
              "seats": [0, 1], "final": False}
    message = ENGINE.describe_message(scored, NAMES)
    assert message is not None
    assert render(message, "de") == "Ann, Bob: 4 Punkte für eine fertige Stadt aus 2 Plättchen"
    assert render(message, "fr") == "Ann, Bob : 4 points pour une ville achevée de 2 tuiles"
    assert ENGINE.describe_message({**scored, "points": 0}, NAMES) is None  # never "0 points"


def test_every_tile_type_and_spot_has_words_in_every_language() -> None:
    for tid in TILE_TYPES:
        for capital in (False, True):
            for lang in ("de", "fr"):
                check(tile(tid, capital), lang)
        for r in range(4):
            for seg in ("c0", "c1", "r0", "r1", "r2", "f0", "f1", "f2", "f3", "cl"):
                for lang in ("de", "fr"):
                    check(segment(tid, r, seg), lang)


def test_a_refusal_carries_its_rule_apart_from_its_words() -> None:
    state = GAMES[1][2]
    with pytest.raises(NotYourTurn) as caught:
        ENGINE.apply(state, 0, {"type": "Draw"}, SeededRng(0))
    assert caught.value.rule == "CAR-44"
    assert caught.value.reason == "CAR-44: the game is over"
    legal = [{"type": "PlaceTile", "x": 0, "y": -1, "r": r} for r in (0, 2)]
    with pytest.raises(IllegalMove) as ambiguous:
        notation.parse("1n", lambda: legal)
    err = ambiguous.value
    assert err.code == "AMBIGUOUS_MOVE" and err.rule == "CAR-9" and err.message is not None
    assert err.reason == "CAR-9: the tile fits 1N in 2 ways; write 1N r0 or 1N r2"
    assert render(err.message, "de") == ("das Plättchen passt auf 1N auf 2 Arten; schreibe "
                                         "1N r0 oder 1N r2")


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_outcome_s_breakdown_is_said_in_every_language(lang: str) -> None:
    """Every line of both games' breakdowns carries its label and items as messages, whose
    English is the line's words, and which read with no English left."""
    finals = [(ENGINE, state) for _e, _r, state in GAMES.values()]
    finals += [(AUCTION, state) for _e, _r, state in AUCTIONS.values()]
    sources = set()
    for engine, state in finals:
        outcome = engine.outcome(state)
        assert outcome is not None and outcome.breakdown
        for breakdown in engine.score_breakdown(state):
            for line in breakdown.lines:
                sources.add(line.source)
                assert line.message is not None and english(line.message) == line.label
                check(line.message, lang)
                said_items = line.item_messages if line.items else ()
                assert said_items is not None and len(said_items) == len(line.items)
                for item, said in zip(line.items, said_items, strict=True):
                    assert english(said) == item
                    check(said, lang)
    assert {"road", "city", "cloister", "farm", "auction-gains", "auction-payments",
            "entered"} <= sources, sources
