"""The score breakdown of Bombay Bazar (issue 14): BOM-38 (what ended a trunk), BOM-43 (trunk
length), BOM-46/BOM-48 (a round's medal, the tally), BOM-51 (the solo formula's terms)."""

from __future__ import annotations

from app.games.bombay_bazar import ENGINE
from app.games.bombay_bazar.tournament import round_medals

from .helpers import place, play, solo
from .test_elimination import B, C, round_3
from .test_tournament import finished_tournament_state


def test_s_bom_12_bom_38_each_trunk_says_what_ended_it() -> None:
    """S-BOM-12 / BOM-38: A is out first with nothing that fits; B's tip cell then holds A's
    end piece; C still grows. The lines are the trunk lengths (BOM-43)."""
    state = play(round_3(), (B, "S1", 4))
    state, _ = place(state, C, "T2", 0)
    a, b, c = ENGINE.score_breakdown(state)
    assert [(ln.source, ln.points) for ln in a.lines] == [("trunk", 3)]
    assert a.lines[0].items[1] == "Ended 1st of 3: no piece could go on its tip cell"
    assert b.lines[0].items[1] == "Ended 2nd of 3: its tip cell was taken"
    assert c.lines[0].items[1] == "Still growing"
    assert [x.score for x in (a, b)] == [3, 4]


def test_s_bom_14_bom_51_the_solo_terms_make_the_solo_score() -> None:
    """S-BOM-14 / BOM-51: T 2, E 62, U 0: lines +2, -62, -0 sum to the solo score -60."""
    state = play(solo(), (0, "S2", 1))
    state, _ = place(state, 0, "S1", 3)
    (only,) = ENGINE.score_breakdown(state)
    assert [(ln.source, ln.points) for ln in only.lines] == [
        ("trunk", 2), ("empty", -62), ("openings", 0)]
    assert only.score == -60 == ENGINE.outcome(state).scores[0]


def test_s_bom_19_bom_46_a_tournament_line_per_round_with_its_medal() -> None:
    """S-BOM-19 / BOM-46 / BOM-48: one line per round; the medals of the lines are the tally."""
    state = finished_tournament_state("olympic")
    for result in state["results"]:
        result["medals"] = round_medals(result["scores"])
    breakdowns = ENGINE.score_breakdown(state)
    for b in breakdowns:
        assert b.consistent() and len(b.lines) == len(state["results"])
        assert b.score == state["medals"][b.seat]
    first = breakdowns[0].lines[0]
    assert first.label.startswith("Round 1: ") and first.medal in ("gold", "silver", "bronze")
