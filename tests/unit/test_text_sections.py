"""Text mode (issue 31): each game's sections are built from the viewer's view alone, so they
say nothing the seat may not see — redrawing every hidden part (``resample_hidden``) never
changes them — and they say the seat's own holdings under a heading of their own."""

from __future__ import annotations

import pytest

from app.games.base import SeededRng, get_engine
from tests.support.hidden import CASES


@pytest.mark.parametrize(("kind", "players", "options"), CASES, ids=[c[0] for c in CASES])
def test_the_text_of_a_view_is_the_same_whatever_the_hidden_parts_are(
        kind: str, players: int, options: dict) -> None:  # type: ignore[type-arg]
    engine = get_engine(kind)
    names = [f"P{i}" for i in range(players)]
    state = engine.setup(names, engine.validate_options(options, players), SeededRng(7))
    rng = SeededRng(8)
    for _ in range(40):
        if engine.outcome(state) is not None:
            break
        for seat in [None, *range(players)]:
            text = engine.text_sections(engine.view(state, seat), seat, names)
            redrawn = engine.resample_hidden(state, seat, SeededRng(9))
            assert engine.text_sections(engine.view(redrawn, seat), seat, names) == text
            titles = [s["title"] for s in text]
            assert titles[-2:] in (["Players", "Scores"], ["Players", "Final ranking"])
            assert all(s["items"] and all(isinstance(i, str) for i in s["items"]) for s in text)
        mover = min(engine.to_act(state))
        state, _ = engine.apply(state, mover, engine.bot_move(state, mover, rng), rng)


def test_bazaar_says_the_seats_own_tokens_under_their_heading() -> None:
    engine = get_engine("bazaar")
    state = engine.setup(["Ann", "Bob"], engine.validate_options({"first_player": 0}, 2),
                         SeededRng(3))
    rng = SeededRng(4)
    state, _ = engine.apply(state, 0, {"type": "Roll"}, rng)
    view = engine.view(state, 0)
    own = next(s for s in engine.text_sections(view, 0, ["Ann", "Bob"])
               if s["title"] == "Your tokens")
    held = view["players"][0]["tokens"]
    names = {"R": "red", "W": "white", "B": "blue", "G": "green", "Y": "yellow"}
    for colour, n in held.items():
        assert f"{n} {names[colour]}" in own["items"][0]
    spectator = engine.text_sections(engine.view(state, None), None, ["Ann", "Bob"])
    assert "Your tokens" not in [s["title"] for s in spectator]


def test_bazaar_says_what_the_seat_to_act_does_in_every_phase_and_a_wild_roll() -> None:
    """BAZ-13 to BAZ-19: the turn line names the step of the phase the game is in (a phase the
    text did not know read "play"), and a wild roll is said as the wild side, not as a die
    that was never rolled."""
    engine = get_engine("bazaar")
    state = engine.setup(["Ann", "Bob"], engine.validate_options({"first_player": 0}, 2),
                         SeededRng(5))
    rng = SeededRng(6)
    phases: set[str] = set()
    wild_said = False
    for _ in range(400):
        if engine.outcome(state) is not None:
            break
        mover = min(engine.to_act(state))
        view = engine.view(state, mover)
        lines = [i for s in engine.text_sections(view, mover, ["Ann", "Bob"]) for i in s["items"]]
        (turn,) = [line for line in lines if line.startswith("It is your turn: ")]
        assert turn.removeprefix("It is your turn: ") in (
            "roll the die or make one trade.", "choose the colour of the wild roll.",
            "buy a ware or end the turn.", "give tokens back down to the limit."), turn
        phases.add(view["phase"])
        if view["die"] == "WILD":
            assert "The die shows the wild side." in lines
            wild_said = True
        state, _ = engine.apply(state, mover, engine.bot_move(state, mover, rng), rng)
    assert {"action", "purchase"} <= phases and wild_said, phases
