"""Where each point came from (issue 14): the ledger of a Carcassonne game and the words of it.

Every score change appends one entry per seat to ``State.ledger``: ``[seat, source, points,
words]`` with ``source`` one of `SOURCES`. Scoring (CAR-36 to CAR-49) and the bazaar auctions
(CAR-63) call `note`; `score_breakdown` groups the entries into lines. The stand-alone auction
(carcassonne_auction) words its auction records with `auction_entries` too.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from app.games.breakdown import Breakdown, Line, plural, residual

from .state import State

SOURCES: tuple[tuple[str, str], ...] = (
    ("road", "Roads"),
    ("city", "Cities"),
    ("cloister", "Cloisters"),
    ("farm", "Farms"),
    ("auction-gains", "Auction gains"),
    ("auction-payments", "Auction payments"),
)
ORDER = {source: i for i, (source, _label) in enumerate(SOURCES)}
LABELS = dict(SOURCES)


def signed(points: int) -> str:
    """"+3", "−3" (a true minus sign, as the rest of the page writes it), "0"."""
    return f"+{points}" if points > 0 else f"−{-points}" if points < 0 else "0"


def note(s: State, seat: int, source: str, points: int, words: str) -> None:
    """Append a ledger entry (the tuple is replaced, never changed: clones share it)."""
    s.ledger = (*s.ledger, [seat, source, points, words])


def _names(names: Sequence[str], seats: Sequence[int]) -> str:
    shown = [names[s] if 0 <= s < len(names) else f"Player {s + 1}" for s in seats]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


def feature_words(kind: str, tiles: int, pennants: int, around: int, final: bool) -> str:
    """A scored road, city or cloister in words: "City of 4 tiles with 1 pennant"."""
    if kind == "C":
        text = f"City of {plural(tiles, 'tile')}"
        if pennants:
            text += f" with {plural(pennants, 'pennant')}"
    elif kind == "R":
        text = f"Road of {plural(tiles, 'tile')}"
    else:
        text = "Cloister" if not final else f"Cloister with {plural(around, 'neighbour')}"
    return text + (", unfinished at the end" if final else ", completed")


def note_feature(s: State, kind: str, words: str, points: int, seats: Sequence[int]) -> None:
    """A road, city, cloister or farm scored for ``seats`` (shared majorities named)."""
    source = {"R": "road", "C": "city", "K": "cloister", "F": "farm"}[kind]
    for seat in seats:
        others = [o for o in seats if o != seat]
        shared = f" (shared with {_names(s.names, others)})" if others else ""
        note(s, seat, source, points, f"{words}{shared}: {points}")


def auction_entries(record: dict[str, Any], number: int, names: Sequence[str],
                    bazaar: str = "") -> list[tuple[int, int, str]]:
    """(seat, points, words) of one settled auction record (CAR-63); none for a free tile.

    ``bazaar`` tells the bazaars of one game apart ("Ann's bazaar, ").
    """
    tile = f"tile {record['tile'] + 1}"
    price, settlement = record["price"], record["settlement"]
    auctioneer, owner = record["auctioneer"], record["owner"]
    entries = []
    for change in record["changes"]:
        seat, points = change["seat"], change["points"]
        bidder = next((c["seat"] for c in record["changes"] if c["seat"] != auctioneer), None)
        if settlement == "kept":
            words = f"kept {tile}, nobody else bid: paid {price} to nobody"
        elif settlement == "buy" and seat == auctioneer:
            words = f"bought {tile}, paying {_names(names, [bidder or 0])}'s bid"
        elif settlement == "buy":
            words = f"{_names(names, [auctioneer])} bought {tile}, paying this bid"
        elif seat == owner:
            words = f"won {tile} from {_names(names, [auctioneer])}"
        else:
            words = f"sold {tile} to {_names(names, [owner])}"
        text = f"{bazaar}auction {number}: {words}: {signed(points)}"
        entries.append((seat, points, text[0].upper() + text[1:]))
    return entries


def lines_of(entries: Sequence[tuple[str, int, str]]) -> list[Line]:
    """Lines by source, in the order of `SOURCES`, from (source, points, words) entries."""
    grouped: dict[str, list[tuple[int, str]]] = {}
    for source, points, words in entries:
        grouped.setdefault(source, []).append((points, words))
    return [
        Line(source, LABELS[source], sum(p for p, _w in items), tuple(w for _p, w in items))
        for source, items in sorted(grouped.items(), key=lambda kv: ORDER[kv[0]])
    ]


def score_breakdown(s: State) -> list[Breakdown]:
    """Every seat's points by source, at any step (the ledger is public, CAR-98)."""
    result = []
    for seat in range(s.n):
        mine = [(src, pts, words) for who, src, pts, words in s.ledger if who == seat]
        lines = residual(s.scores[seat], lines_of(mine)) or [Line("none", "No points", 0)]
        result.append(Breakdown(seat, s.scores[seat], tuple(lines)))
    return result



_SETTLED = re.compile(r"(?:^|, )auction \d+: (bought|sold) tile \d+")
"""The auctioneer's own entry of a settlement after a bid (`auction_entries`' words)."""


def settlements(s: State) -> list[tuple[int, str]]:
    """Every auctioneer's choice so far when someone bid against it (CAR-63), as
    ``(seat, "buy" | "sell")``, read back from the public ledger (CAR-98) in the words
    `auction_entries` writes: the auctioneer's own entry says "bought" or "sold"."""
    found = []
    for seat, source, _points, words in s.ledger:
        hit = _SETTLED.search(words.lower()) if source.startswith("auction-") else None
        if hit:
            found.append((seat, "buy" if hit.group(1) == "bought" else "sell"))
    return found
