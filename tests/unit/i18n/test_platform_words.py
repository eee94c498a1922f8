"""The platform's own log lines and notices as messages (issue 29): an undo, a takeback and a
continued game's origin say in English exactly what their English text says, and in German and
French words of their own with every argument filled in."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from app.games.messages import english
from app.i18n.render import render
from app.notify.words import notice_text, title_text
from app.play.notices import turn_message
from app.play.origin import origin_message, origin_text
from app.play.turn_clock import duration_parts
from app.play.undo_log import TAKEN_BACK, UNDONE, undo_message, undo_text

NAMES = ["Ann", "Bob"]
EVENTS: list[dict[str, Any]] = [
    {"type": UNDONE, "seat": 0, "moves": 1, "to": 0},
    {"type": UNDONE, "seat": 1, "moves": 3, "to": 7},
    {"type": TAKEN_BACK, "seat": 0, "moves": 1, "to": 4},
    {"type": TAKEN_BACK, "seat": 5, "moves": 2, "to": 0},
]


@pytest.mark.parametrize("event", EVENTS)
def test_an_undo_says_its_english_text_and_other_words_in_german_and_french(
        event: dict[str, Any]) -> None:
    message = undo_message(event, NAMES)
    assert english(message) == undo_text(event, NAMES)
    for lang in ("de", "fr"):
        said = render(message, lang)
        assert said != english(message) and "{" not in said and "back to" not in said


@pytest.mark.parametrize("event", [{"type": "continued", "game": "g1", "step": 12},
                                   {"type": "continued", "game": None, "step": 3}])
def test_a_continued_game_s_origin_says_its_english_text(event: dict[str, Any]) -> None:
    message = origin_message(event)
    assert english(message) == origin_text(event)
    assert "Zug" in render(message, "de") and "coup" in render(message, "fr")


def test_a_duration_is_said_in_each_language() -> None:
    parts = duration_parts(2 * 86400 + 4 * 3600)
    assert [english(p) for p in parts] == ["2 days", "4 hours"]
    assert [render(p, "de") for p in parts] == ["2 Tage", "4 Stunden"]
    assert render(duration_parts(60)[0], "fr") == "moins d'une heure"


def test_a_notice_names_a_descriptive_game_title_in_the_reader_s_language() -> None:
    """The stand-alone auction's title is words, not a name: a notice, its mail subject and
    its push title say it in the reader's language (a game's own name reads the same)."""
    seats = [{"holder": "user", "user_id": "ann", "name": "Ann"},
             {"holder": "user", "user_id": "bob", "name": "Bob"}]
    for title, german in (("Carcassonne: Bazaar auction", "Carcassonne: Basar-Versteigerung"),
                          ("Grand Bazaar", "Grand Bazaar")):
        live = SimpleNamespace(engine=SimpleNamespace(title=title), seats=seats, resigned=[],
                               host_id=None)
        message = turn_message(live, "ann")  # type: ignore[arg-type]
        notice = {"title": title, "message": message}
        assert english(message) == f"Your turn in {title} with Bob."
        assert notice_text(notice, "de") == f"Du bist am Zug in {german} mit Bob."
        assert title_text(notice, "de") == german
        assert title_text(notice, "en") == title
