"""The score breakdown of Bombay Bazar (BOM-38, BOM-43, BOM-46 to BOM-48, BOM-51; issue 14).

* A single game: the trunk length (BOM-43) and what ended the trunk (BOM-38).
* The solo game: the terms of ``T - E - U`` (BOM-51), once the game is over.
* A tournament: one line per round with its trunk length, what ended it and the medal it won
  (BOM-46); the seat's score is its medal tally (BOM-48), which the lines' medals make up.

Everything here is public: the board and the eliminations are in every view (BOM-53).
"""

from __future__ import annotations

from typing import Any

from app.games.bombay_bazar.rules import walk
from app.games.bombay_bazar.state import State, is_solo, is_tournament, players
from app.games.breakdown import MEDALS, Breakdown, Line, plural

CAUSES = {
    "piles": "every pile was empty",
    "taken": "its tip cell was taken",
    "blocked": "no piece could go on its tip cell",
}
ORDINALS = ("1st", "2nd", "3rd", "4th")


def _trunk(state: State, seat: int) -> int:
    elephant = state["elephants"][seat]
    return 0 if elephant is None else len(walk(state["board"], elephant)[0])


def _ending(ended: list[Any] | None, elim_order: list[int], seat: int, n: int) -> str:
    """How a seat's trunk ended, in words ("Ended 2nd of 3: its tip cell was taken")."""
    if seat not in elim_order:
        return "Still growing"
    cause = CAUSES.get((ended or [None] * n)[seat] or "", "no legal placement was left")
    if n == 1:
        return f"Ended: {cause}"
    return f"Ended {ORDINALS[elim_order.index(seat)]} of {n}: {cause}"


def _single(state: State, seat: int) -> Breakdown:
    n = players(state)
    length = _trunk(state, seat)
    ending = _ending(state["ended"], state["elim_order"], seat, n)
    lines = [Line("trunk", "Trunk length (T)" if n == 1 else "Trunk length", length,
                  (f"{plural(length, 'segment')} from the head to the end", ending))]
    solo = state["solo"]
    if n == 1 and solo is not None:
        lines += [
            Line("empty", "Empty cells (E)", -solo["E"],
                 (f"{plural(solo['E'], 'cell')} with no piece at the end",)),
            Line("openings", "Unused openings (U)", -solo["U"],
                 (f"{plural(solo['U'], 'opening')} facing no piece",)),
        ]
        return Breakdown(seat, solo["score"], tuple(lines))
    return Breakdown(seat, length, tuple(lines))


def _tournament(state: State, seat: int) -> Breakdown:
    n = players(state)
    lines = []
    for result in state["results"]:
        medal = (result.get("medals") or [None] * n)[seat]
        score = result["scores"][seat]
        words = MEDALS[medal] if medal is not None else "no medal"
        lines.append(Line(
            f"round-{result['round']}", f"Round {result['round']}: {words}", score,
            (f"Trunk of {plural(score, 'segment')}",
             _ending(result.get("ended"), result.get("elim_order", []), seat, n)),
            None if medal is None else MEDALS[medal]))
    if not state["finished"]:
        length = _trunk(state, seat)
        lines.append(Line(f"round-{state['round']}", f"Round {state['round']}: being played",
                          length, (f"Trunk of {plural(length, 'segment')} so far",
                                   _ending(state["ended"], state["elim_order"], seat, n))))
    return Breakdown(seat, list(state["medals"][seat]), tuple(lines))


def score_breakdown(state: State) -> list[Breakdown]:
    """Every seat's breakdown: the trunk, the solo terms or the rounds and medals."""
    build = _tournament if is_tournament(state) and not is_solo(state) else _single
    return [build(state, seat) for seat in range(players(state))]
