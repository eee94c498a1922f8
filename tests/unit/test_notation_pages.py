"""Each game's rules page documents its move notation (issue 31) with the notation module's
own examples, and each example reads as a move of that game somewhere in a random game."""

from __future__ import annotations

import html
from pathlib import Path

import pytest

from app.games.base import GameError, InvalidMove, SeededRng, get_engine
from app.games.bazaar import notation as bazaar
from app.games.bombay_bazar import notation as bombay
from app.games.carcassonne import notation as carcassonne
from app.games.grand_bazaar import notation as grand

EXAMPLES = {"bazaar": bazaar.EXAMPLES, "bombay-bazar": bombay.EXAMPLES,
            "carcassonne": carcassonne.EXAMPLES, "grand-bazaar": grand.EXAMPLES,
            "carcassonne-auction": carcassonne.AUCTION_EXAMPLES}
PAGES = Path(__file__).resolve().parents[2] / "templates" / "rules"


@pytest.mark.parametrize("kind", sorted(EXAMPLES))
def test_the_rules_page_shows_every_example_of_the_notation(kind: str) -> None:
    page = html.unescape((PAGES / f"{kind}.html").read_text())
    assert "<h2>Writing moves</h2>" in page
    for example in EXAMPLES[kind]:
        assert f"<code>{example}</code>" in page, example


@pytest.mark.parametrize("kind", sorted(EXAMPLES))
def test_every_example_is_a_move_of_its_game(kind: str) -> None:
    """An example may be illegal in a given position, but it is never unknown text."""
    engine = get_engine(kind)
    players, options = engine.contract_configs()[0]
    state = engine.setup([f"P{i}" for i in range(players)],
                         engine.validate_options(options, players), SeededRng(1))
    seat = sorted(engine.to_act(state))[0]
    for example in EXAMPLES[kind]:
        try:
            engine.read_move(state, seat, example)
        except InvalidMove as err:
            pytest.fail(f"{example!r} is unknown text: {err.reason}")
        except GameError:
            pass  # known, but not legal at the start
