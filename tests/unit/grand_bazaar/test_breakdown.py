"""The score breakdown of Grand Bazaar (issue 14): GB-8 (starting money), GB-19 (final sale),
GB-20 (money is the score)."""

from __future__ import annotations

from app.games.grand_bazaar import ENGINE, rules

from .helpers import make_state


def test_s_gb_16_gb_19_the_final_sale_is_a_line_with_the_gems_sold() -> None:
    """S-GB-16 / GB-19: 88 before the sale, S1 R2 sold at 10: start 30, trading +58, sale +30."""
    state = make_state(2, round=27, moved=2, money=(88, 40), hands=[(1, 2, 0), (0, 0, 4)])
    done, _ = rules.final_sale(state)
    first, second = ENGINE.score_breakdown(done)
    assert [(ln.source, ln.points) for ln in first.lines] == [
        ("start", 30), ("trading", 58), ("final-sale", 30)]
    assert first.lines[2].items == ("1 sapphire at 10: 10", "2 rubies at 10: 20")
    assert second.lines[2].items == ("4 emeralds at 10: 40",)
    assert (first.score, second.score) == (118, 80) == tuple(ENGINE.outcome(done).scores)


def test_gb_20_during_play_the_lines_make_the_money_without_a_sale() -> None:
    """GB-8/GB-20: mid-game, 30 to start and the net of the trades make today's money."""
    state = make_state(2, round=5, money=(12, 61), hands=[(1, 1, 0), (0, 0, 0)])
    lines = [[(ln.source, ln.points) for ln in b.lines] for b in ENGINE.score_breakdown(state)]
    assert lines == [[("start", 30), ("trading", -18)], [("start", 30), ("trading", 31)]]
