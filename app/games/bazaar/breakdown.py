"""The score breakdown of Bazaar (rules/bazaar.md BAZ-23, BAZ-24, BAZ-26; issue 14).

A seat's score is its purchase points minus the penalties it paid (BAZ-24). The lines: the
purchases at each star level (BAZ-23) with every ware, its stall and the tokens left; the
penalties paid (negative); and, for information, the penalties this seat's purchases caused
(0 points: they cost the opponents, never earn the buyer anything, BAZ-26).
"""

from __future__ import annotations

from app.games.breakdown import Breakdown, line, residual
from app.games.messages import N_, Message, say, say_n

from .data import STARRED, WARES
from .state import BazaarState
from .words import tokens

LEVEL_WORDS = (N_("Purchases (no star)"), N_("Purchases (1 star)"), N_("Purchases (2 stars)"))
"""A line's label by the ware's star level (BAZ-23)."""


def ware_words(ware: int) -> list[Message] | Message:
    """A ware by its cost in words: "2 red, 1 white and 2 yellow" (a star before a starred one)."""
    cost = tokens(list(WARES[ware]))
    return say("★ {cost}", cost=cost) if ware in STARRED else cost


def _name(state: BazaarState, seat: int) -> str:
    return state.names[seat] if 0 <= seat < state.n else f"Player {seat + 1}"


def _left(count: int) -> Message:
    return say_n("{n} token left", "{n} tokens left", count)


def _seat(state: BazaarState, seat: int) -> Breakdown:
    by_level: dict[int, list[tuple[Message, int]]] = {}
    paid: list[tuple[Message, int]] = []
    caused: list[Message] = []
    caused_points = 0
    for buyer, ware, stall, left, level, points, penalties in state.ledger:
        if buyer == seat:
            by_level.setdefault(level, []).append((
                say("{ware} from stall {stall}, {left}: {points}", ware=ware_words(ware),
                    stall=stall, left=_left(left), points=points), points))
            for opponent, held, lost in penalties:
                caused.append(say_n("{who} held {n} token: −{points}",
                                    "{who} held {n} tokens: −{points}", held,
                                    who=_name(state, opponent), points=lost))
                caused_points += lost
        for opponent, held, lost in penalties:
            if opponent == seat:
                paid.append((say("{buyer} bought with {left} while {who} held {held}: −{points}",
                                  buyer=_name(state, buyer), left=_left(left),
                                  who=_name(state, seat), held=held, points=lost), -lost))
    lines = [line(f"purchases-{level}", say(LEVEL_WORDS[level]), sum(p for _t, p in entries),
                  [t for t, _p in entries])
             for level, entries in sorted(by_level.items())]
    if paid:
        lines.append(line("penalties-paid", say("Penalties paid"), sum(p for _t, p in paid),
                          [t for t, _p in paid]))
    if caused:
        lines.append(line("penalties-caused",
                          say("Penalties caused (opponents lost {points}; the buyer gains "
                              "nothing)", points=caused_points), 0, caused))
    lines = residual(state.score(seat), lines) or [line("none", say("No purchase"), 0)]
    return Breakdown(seat, state.score(seat), tuple(lines))


def score_breakdown(state: BazaarState) -> list[Breakdown]:
    """Every seat's breakdown (public: purchases and penalties are announced, BAZ-35)."""
    return [_seat(state, seat) for seat in range(state.n)]
