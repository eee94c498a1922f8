"""Text mode (issue 31): a viewer's view said as headings and lists, for screen readers.

Every game's text is built from its ``view`` alone (the dictionary the socket sends to that
viewer), never from the state: it cannot say more than the viewer may see. A section is
``{"title": str, "items": [str, ...], "title_message": Message, "item_messages": [Message,
...]}``: its heading and lines as messages (issue 29, app/games/messages.py), which each client
says in its own language, with their English beside (as a breakdown line carries its label).
The page draws each as a heading and a list. The sections every game shares are here: the
players (whose turn, who you are) and the scores, or the final ranking once the game is over;
each game package adds its own areas before them (``text.py``: your holdings, the market, the
board around the last tile).

Standard library only, like every engine module.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.games.messages import N_, Message, english, say, say_n

Section = dict[str, Any]

_PLACES = (N_("First"), N_("Second"), N_("Third"), N_("Fourth"), N_("Fifth"), N_("Sixth"))
"""A place in the final ranking, in words."""


def section(title: Message, items: Sequence[Message]) -> Section:
    """One area of the board: a heading and its lines (an empty list says "Nothing.")."""
    lines = list(items) or [say("Nothing.")]
    return {"title": english(title), "items": [english(i) for i in lines],
            "title_message": title, "item_messages": lines}


def seat_name(view: dict[str, Any], names: Sequence[str], seat: int) -> str:
    """A seat's name as the view gives it, else as the game's seats do ("Seat 3" as a last
    resort: a name, never translated, like the players' own)."""
    for player in view.get("players") or []:
        if player.get("seat") == seat and player.get("name"):
            return str(player["name"])
    return names[seat] if 0 <= seat < len(names) else f"{seat + 1}"


def points(score: Any) -> Message:
    """A score in words: "1 point", "-3 points" (a score that is no number as it is)."""
    if isinstance(score, float) and score.is_integer():
        score = int(score)
    if isinstance(score, int) and not isinstance(score, bool):
        return say_n("{n} point", "{n} points", score)
    return say("{score}", score=str(score))


def players_section(view: dict[str, Any], seat: int | None, names: Sequence[str]) -> Section:
    """Who plays, who is to act now, and which seat is yours."""
    to_act = set(view.get("to_act") or [])
    items = []
    for player in view.get("players") or []:
        s = int(player.get("seat", 0))
        you = s == seat
        playing = s in to_act and not view.get("finished")
        name = seat_name(view, names, s)
        if you and playing:
            items.append(say("{name} (you, to play)", name=name))
        elif you:
            items.append(say("{name} (you)", name=name))
        elif playing:
            items.append(say("{name} (to play)", name=name))
        else:
            items.append(say("{name}", name=name))
    return section(say("Players"), items)


def scores_section(view: dict[str, Any], names: Sequence[str]) -> Section:
    """The scores now, or the final ranking once the game is over."""
    outcome = view.get("outcome")
    if view.get("finished") and isinstance(outcome, dict) and outcome.get("ranks"):
        ranks = list(outcome.get("ranks") or [])
        scores = list(outcome.get("scores") or [])
        order = sorted(range(len(ranks)), key=lambda s: ranks[s])
        items = []
        for s in order:
            place, name = _ordinal(int(ranks[s])), seat_name(view, names, s)
            items.append(say("{place}: {name}, {points}", place=place, name=name,
                             points=points(scores[s])) if s < len(scores)
                         else say("{place}: {name}", place=place, name=name))
        return section(say("Final ranking"), items)
    items = []
    for player in view.get("players") or []:
        score = player.get("score")
        shown = say("hidden") if score is None else points(score)
        items.append(say("{name}: {score}", name=seat_name(view, names,
                                                           int(player.get("seat", 0))),
                         score=shown))
    return section(say("Scores"), items)


def _ordinal(n: int) -> Message:
    return say(_PLACES[n - 1]) if 1 <= n <= len(_PLACES) else say("Place {n}", n=n)


def common_sections(view: dict[str, Any], seat: int | None,
                    names: Sequence[str]) -> list[Section]:
    """The sections every game has: the players, then the scores (or the final ranking)."""
    return [players_section(view, seat, names), scores_section(view, names)]
