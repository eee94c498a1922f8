"""Events in words for the game log (BOM-56 event types).

Players' words only (issue 13, point 14): cells by row and place counted from 1, no rotation
numbers or edge pairs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.games.bombay_bazar.tournament import MEDAL_NAMES

Event = dict[str, Any]


def _name(names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return f"seat {seat}"


def _cell(cell: Sequence[int]) -> str:
    """A cell in words: rows from the top, cells from the left, both counted from 1."""
    return f"row {cell[0] + 1}, cell {cell[1] + 1}"


def _scores(names: Sequence[str], scores: Sequence[int]) -> str:
    return ", ".join(f"{_name(names, s)} {v}" for s, v in enumerate(scores))


def describe_event(event: Event, names: Sequence[str]) -> str:
    """One event as a sentence."""
    kind = event.get("type")
    who = _name(names, event.get("seat"))
    if kind == "ElephantChosen":
        verb = "was given" if event.get("drawn") else "chose"
        return f"{who} {verb} elephant {event['elephant']}"
    if kind == "ElephantsClosed":
        if not event["elephants"]:
            return "All four elephants are in use"
        return "Unused elephants closed with end pieces: " + ", ".join(event["elephants"])
    if kind == "StartPlayerChosen":
        how = "by the parity game" if event.get("by") == "parity" else "at random"
        return f"{who} starts ({how})"
    if kind == "ParityStarted":
        return f"Odd or even decides who starts; {_name(names, event['first_caller'])} calls first"
    if kind == "TokensHidden":
        # never the number: log text may reach every viewer before the reveal (BOM-20)
        return f"{who} hid their tokens"
    if kind == "ParityCalled":
        return f"{who} called {event['call']}"
    if kind == "ParityRevealed":
        hides = ", ".join(f"{_name(names, s)} {h}" for s, h in event["hides"])
        text = f"Hidden: {hides}; total {event['total']} ({event['parity']})"
        if event["void"]:
            return text + ": all right or all wrong, play again"
        out = [_name(names, s) for s in event["dropped"]]
        dropped = ", ".join(out[:-1]) + f" and {out[-1]}" if len(out) > 1 else "".join(out)
        return text + f": {dropped} {'drop' if len(out) > 1 else 'drops'} out"  # "Ann drops out"
    if kind == "PiecePlaced":
        # the picture's name is printed on its pile; rotation and segments are the board's
        text = (f"{who} placed a {event['picture']} piece on {_cell(event['cell'])}: "
                f"trunk +{event['added']}, now {event['score']}")
        return text + ("; the trunk is sealed" if event.get("sealed") else "")
    if kind == "PlayerEliminated":
        return (f"{who} is out: an end piece on {_cell(event['cell'])} "
                f"(now {event['count']} there), trunk {event['score']}")
    if kind == "RoundEnded":
        text = f"Round {event['round']} ended: {_scores(names, event['scores'])}"
        if event.get("medals"):
            won = [f"{_name(names, s)} {MEDAL_NAMES[m]}"
                   for s, m in enumerate(event["medals"]) if m is not None]
            text += "; medals: " + ", ".join(won)
        return text
    if kind == "GameEnded":
        solo = event.get("solo")
        if solo:
            return (f"Game over: solo score {solo['score']} (trunk {solo['T']}, minus "
                    f"{solo['E']} empty cells, minus {solo['U']} unused openings)")
        return "Game over"
    return str(kind or "event")
