"""Bombay Bazar's text mode names pieces and elephants in words (issue 31, "Boards"): an
elephant by where it stands, a picture by the shapes of its lines (BOM-5), never by its id
alone."""

from __future__ import annotations

import re

from app.games.base import SeededRng, get_engine

SHAPES = r"(a tight hook|a bend|a straight line)"
PICTURE = rf"[A-Z]\d+ \({SHAPES}((, | and ){SHAPES})*\)"


def _after_some_pieces() -> tuple[dict, list[dict]]:  # type: ignore[type-arg]
    engine = get_engine("bombay-bazar")
    names = ["Ann", "Bob"]
    state = engine.setup(names, engine.validate_options({}, 2), SeededRng(5))
    rng = SeededRng(6)
    for _ in range(200):
        view = engine.view(state, 0)
        if len(view["board"]["pieces"]) >= 3 or engine.outcome(state) is not None:
            break
        mover = min(engine.to_act(state))
        state, _ = engine.apply(state, mover, engine.bot_move(state, mover, rng), rng)
    view = engine.view(state, 0)
    assert len(view["board"]["pieces"]) >= 3
    return view, engine.text_sections(view, 0, names)


def test_the_last_piece_and_the_piles_are_named_by_their_shapes() -> None:
    view, text = _after_some_pieces()
    by_title = {s["title"]: s["items"] for s in text}
    last = by_title["The last piece placed"][0]
    assert re.fullmatch(rf"A {PICTURE} piece, turned \d+°, on row \d+, place \d+", last), last
    assert last.startswith(f"A {view['board']['pieces'][-1]['picture']} (")
    for line in by_title["Pieces left"]:
        assert re.fullmatch(rf"{PICTURE}: \d+ left", line), line


def test_each_trunk_names_its_elephant_by_where_it_stands() -> None:
    view, text = _after_some_pieces()
    trunks = next(s for s in text if s["title"] == "Trunks")["items"]
    assert len(trunks) == len(view["trunks"]) >= 2
    for line in trunks:
        assert re.match(r"The trunk of elephant [A-D], at the (east|west) end of row \d+, ", line), line
    mine = next(s for s in text if s["title"] == "The round")["items"]
    assert any(re.fullmatch(r"Your elephant is elephant [A-D], at the (east|west) end of row \d+\.", m)
               for m in mine), mine
