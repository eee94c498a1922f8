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
from app.games.bombay_bazar.words import MEDAL_WORDS
from app.games.breakdown import MEDALS, Breakdown, Line, line
from app.games.messages import N_, Message, say, say_n

CAUSES = {
    "piles": N_("every pile was empty"),
    "taken": N_("its tip cell was taken"),
    "blocked": N_("no piece could go on its tip cell"),
}
ORDINALS = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"))


def _trunk(state: State, seat: int) -> int:
    elephant = state["elephants"][seat]
    return 0 if elephant is None else len(walk(state["board"], elephant)[0])


def _ending(ended: list[Any] | None, elim_order: list[int], seat: int, n: int) -> Message:
    """How a seat's trunk ended, in words ("Ended 2nd of 3: its tip cell was taken")."""
    if seat not in elim_order:
        return say("Still growing")
    cause = say(CAUSES.get((ended or [None] * n)[seat] or "", N_("no legal placement was left")))
    if n == 1:
        return say("Ended: {cause}", cause=cause)
    return say("Ended {place} of {n}: {cause}", place=say(ORDINALS[elim_order.index(seat)]),
               n=n, cause=cause)


def _single(state: State, seat: int) -> Breakdown:
    n = players(state)
    length = _trunk(state, seat)
    ending = _ending(state["ended"], state["elim_order"], seat, n)
    lines = [line("trunk", say("Trunk length (T)") if n == 1 else say("Trunk length"), length,
                  (say_n("{n} segment from the head to the end",
                         "{n} segments from the head to the end", length), ending))]
    solo = state["solo"]
    if n == 1 and solo is not None:
        lines += [
            line("empty", say("Empty cells (E)"), -solo["E"],
                 (say_n("{n} cell with no piece at the end", "{n} cells with no piece at the end",
                        solo["E"]),)),
            line("openings", say("Unused openings (U)"), -solo["U"],
                 (say_n("{n} opening facing no piece", "{n} openings facing no piece",
                        solo["U"]),)),
        ]
        return Breakdown(seat, solo["score"], tuple(lines))
    return Breakdown(seat, length, tuple(lines))


def _tournament(state: State, seat: int) -> Breakdown:
    n = players(state)
    lines: list[Line] = []
    for result in state["results"]:
        medal = (result.get("medals") or [None] * n)[seat]
        score = result["scores"][seat]
        won = say(MEDAL_WORDS[medal]) if medal is not None else say("no medal")
        lines.append(line(
            f"round-{result['round']}", say("Round {round}: {medal}", round=result["round"],
                                            medal=won), score,
            (say_n("Trunk of {n} segment", "Trunk of {n} segments", score),
             _ending(result.get("ended"), result.get("elim_order", []), seat, n)),
            None if medal is None else MEDALS[medal]))
    if not state["finished"]:
        length = _trunk(state, seat)
        lines.append(line(f"round-{state['round']}",
                          say("Round {round}: being played", round=state["round"]), length,
                          (say_n("Trunk of {n} segment so far", "Trunk of {n} segments so far",
                                 length),
                           _ending(state["ended"], state["elim_order"], seat, n))))
    return Breakdown(seat, list(state["medals"][seat]), tuple(lines))


def score_breakdown(state: State) -> list[Breakdown]:
    """Every seat's breakdown: the trunk, the solo terms or the rounds and medals."""
    build = _tournament if is_tournament(state) and not is_solo(state) else _single
    return [build(state, seat) for seat in range(players(state))]
