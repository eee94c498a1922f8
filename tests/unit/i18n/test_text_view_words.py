"""Text mode in the player's language (issue 29, issue 31): every game's sections, of a position
in mid-game and of the finished game, for a seat and for a spectator, are messages that render
in German and French with every id translated, no placeholder left, no raw code and no English
word (the players' names apart); their English is the text the sections carry beside them."""

from __future__ import annotations

from typing import Any

import pytest

from app.games.base import Engine, SeededRng, get_engine
from app.games.messages import english
from tests.support.said import bot_game, catalogue, english_words, said

NAMES = ["Ann", "Bob", "Cid"]
CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("bazaar", 3, {}),
    ("grand-bazaar", 3, {}),
    ("bombay-bazar", 3, {"first_player": "parity"}),
    ("carcassonne", 3, {}),  # the Bazaar expansion, the builder and the abbey are on by default
    ("carcassonne-auction", 3, {"players": NAMES, "placer": 0,
                                "tiles": [{"type": "U"}, {"type": "BZ4"}, {"type": "V"}]}),
]
_WORDS = {"turn", "stalls?", "costs?", "cards?", "left", "tokens?", "players?",
          "round", "trunks?", "pieces?", "row", "sealed", "open", "tiles?", "stack",
          "supply", "supplies", "followers?", "builder", "abbey", "market", "price", "money",
          "gems?", "you", "yours?", "hidden", "nothing", "none", "first", "second", "third",
          "ranking", "the", "of", "and", "at", "is", "has", "to", "play", "shows",
          "rolled", "bought", "equations?", "exchange", "other", "last", "next",
          "placed", "north", "south", "east", "west", "sapphires?", "rub(y|ies)", "emeralds?",
          "holdings", "must", "buy", "trade", "city", "road", "field", "cloister", "turned",
          "start", "auction", "bids?", "elephant", "long", "bend", "hook", "straight", "line"}
# "Ware", "Punkte", "in", "die" are German too; "points", "stock", "scores", "or", "final" French
ENGLISH = {"de": english_words(_WORDS | {"stock", "scores?", "or", "points?", "final"}),
           "fr": english_words(_WORDS | {"in", "die", "wares?"})}


def _positions(engine: Engine, options: dict[str, Any]) -> list[Any]:
    """A position in mid-game and the finished one, of a game the normal bot plays."""
    states, _events = bot_game(engine, NAMES, options, SeededRng(11))
    assert engine.outcome(states[-1]) is not None
    return [states[len(states) // 2], states[-1]]


@pytest.mark.parametrize("lang", ["de", "fr"])
@pytest.mark.parametrize(("kind", "players", "options"), CASES, ids=[c[0] for c in CASES])
def test_a_text_view_in_mid_game_and_at_the_end_has_no_english_left(
        kind: str, players: int, options: dict[str, Any], lang: str) -> None:
    engine = get_engine(kind)
    books = catalogue(lang)
    lines = 0
    for state in _positions(engine, options):
        for seat in (None, 0, 1):
            for section in engine.text_sections(engine.view(state, seat), seat, NAMES):
                assert section["title"] == english(section["title_message"])
                assert section["items"] == [english(m) for m in section["item_messages"]]
                said(section["title_message"], lang, books, ENGLISH[lang], NAMES)
                for item in section["item_messages"]:
                    said(item, lang, books, ENGLISH[lang], NAMES)
                    lines += 1
    assert lines > 20  # the positions said something beyond the headings


def test_the_final_ranking_reads_in_german() -> None:
    engine = get_engine("grand-bazaar")
    finished = _positions(engine, {})[-1]
    sections = engine.text_sections(engine.view(finished, 0), 0, NAMES)
    ranking = next(s for s in sections if s["title"] == "Final ranking")
    books = catalogue("de")
    first = said(ranking["item_messages"][0], "de", books, ENGLISH["de"], NAMES)
    assert first.startswith("Erster: ") and first.endswith(("Punkt", "Punkte"))
