"""Where each point came from (issue 14): the ledger of a Carcassonne game and the words of it.

Every score change appends one entry per seat to ``State.ledger``: ``[seat, source, points,
words, message]`` with ``source`` one of `SOURCES` (the words in English, the message for every
language, issue 29). Scoring (CAR-36 to CAR-49) and the bazaar auctions (CAR-63) call `note`;
`score_breakdown` groups the entries into lines. The stand-alone auction
(carcassonne_auction) words its auction records with `auction_entries` too.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from app.games.breakdown import Breakdown, Line, residual
from app.games.messages import N_, Message, english, say, say_n

from .state import State

SOURCES: tuple[tuple[str, str], ...] = (
    ("road", N_("Roads")),
    ("city", N_("Cities")),
    ("cloister", N_("Cloisters")),
    ("farm", N_("Farms")),
    ("auction-gains", N_("Auction gains")),
    ("auction-payments", N_("Auction payments")),
)
ORDER = {source: i for i, (source, _label) in enumerate(SOURCES)}
LABELS = dict(SOURCES)


def signed(points: int) -> str:
    """"+3", "−3" (a true minus sign, as the rest of the page writes it), "0"."""
    return f"+{points}" if points > 0 else f"−{-points}" if points < 0 else "0"


def note(s: State, seat: int, source: str, points: int, words: Message) -> None:
    """Append a ledger entry (the tuple is replaced, never changed: clones share it): its words
    in English (the bot reads them back, `settlements`) and as a message (issue 29)."""
    s.ledger = (*s.ledger, [seat, source, points, english(words), words])


def _names(names: Sequence[str], seats: Sequence[int]) -> list[str]:
    return [names[s] if 0 <= s < len(names) else f"Player {s + 1}" for s in seats]


def _name(names: Sequence[str], seat: int) -> str:
    return _names(names, [seat])[0]


def feature_words(kind: str, tiles: int, pennants: int, around: int, final: bool) -> Message:
    """A scored road, city or cloister in words: "City of 4 tiles with 1 pennant, completed"."""
    size = say_n("{n} tile", "{n} tiles", tiles)
    if kind == "C" and pennants:
        flags = say_n("{n} pennant", "{n} pennants", pennants)
        if final:
            return say("City of {tiles} with {pennants}, unfinished at the end", tiles=size,
                       pennants=flags)
        return say("City of {tiles} with {pennants}, completed", tiles=size, pennants=flags)
    if kind == "C":
        return (say("City of {tiles}, unfinished at the end", tiles=size) if final
                else say("City of {tiles}, completed", tiles=size))
    if kind == "R":
        return (say("Road of {tiles}, unfinished at the end", tiles=size) if final
                else say("Road of {tiles}, completed", tiles=size))
    if not final:
        return say("Cloister, completed")
    return say("Cloister with {neighbours}, unfinished at the end",
               neighbours=say_n("{n} neighbour", "{n} neighbours", around))


def note_feature(s: State, kind: str, words: Message, points: int, seats: Sequence[int]) -> None:
    """A road, city, cloister or farm scored for ``seats`` (shared majorities named)."""
    source = {"R": "road", "C": "city", "K": "cloister", "F": "farm"}[kind]
    for seat in seats:
        others = [o for o in seats if o != seat]
        note(s, seat, source, points,
             say("{what} (shared with {names}): {points}", what=words,
                 names=_names(s.names, others), points=points) if others else
             say("{what}: {points}", what=words, points=points))


def _settled(settlement: str, seat: int, record: dict[str, Any], names: Sequence[str],
             bidder: int | None) -> Message:
    number, auctioneer = record["tile"] + 1, record["auctioneer"]
    if settlement == "kept":
        return say("kept tile {number}, nobody else bid: paid {price} to nobody", number=number,
                   price=record["price"])
    if settlement == "buy" and seat == auctioneer:
        return say("bought tile {number}, paying {name}'s bid", number=number,
                   name=_name(names, bidder or 0))
    if settlement == "buy":
        return say("{name} bought tile {number}, paying this bid", number=number,
                   name=_name(names, auctioneer))
    if seat == record["owner"]:
        return say("won tile {number} from {name}", number=number, name=_name(names, auctioneer))
    return say("sold tile {number} to {name}", number=number, name=_name(names, record["owner"]))


def auction_entries(record: dict[str, Any], number: int, names: Sequence[str],
                    placer: str | None = None) -> list[tuple[int, int, Message]]:
    """(seat, points, words) of one settled auction record (CAR-63); none for a free tile.

    ``placer`` (the name of whoever placed the bazaar tile) tells the bazaars of one game
    apart ("Bazaar of Ann's tile, auction 1: ...").
    """
    entries = []
    for change in record["changes"]:
        seat, points = change["seat"], change["points"]
        bidder = next((c["seat"] for c in record["changes"] if c["seat"] != record["auctioneer"]),
                      None)
        what = _settled(record["settlement"], seat, record, names, bidder)
        if placer is None:
            text = say("Auction {number}: {what}: {points}", number=number, what=what,
                       points=signed(points))
        else:
            text = say("Bazaar of {placer}'s tile, auction {number}: {what}: {points}",
                       placer=placer, number=number, what=what, points=signed(points))
        entries.append((seat, points, text))
    return entries


def lines_of(entries: Sequence[tuple[str, int, str, Message | None]]) -> list[Line]:
    """Lines by source, in the order of `SOURCES`, from (source, points, words, message)
    entries; a line's items carry their messages when every entry has one."""
    grouped: dict[str, list[tuple[int, str, Message | None]]] = {}
    for source, points, words, message in entries:
        grouped.setdefault(source, []).append((points, words, message))
    lines = []
    for source, items in sorted(grouped.items(), key=lambda kv: ORDER[kv[0]]):
        messages = [m for _p, _w, m in items if m is not None]
        lines.append(Line(source, LABELS[source], sum(p for p, _w, _m in items),
                          tuple(w for _p, w, _m in items), message=say(LABELS[source]),
                          item_messages=tuple(messages) if len(messages) == len(items)
                          else None))
    return lines


def score_breakdown(s: State) -> list[Breakdown]:
    """Every seat's points by source, at any step (the ledger is public, CAR-98)."""
    result = []
    for seat in range(s.n):
        # an entry of an older snapshot has no message: its line stays in English words
        mine = [(e[1], e[2], e[3], e[4] if len(e) > 4 else None) for e in s.ledger
                if e[0] == seat]
        lines = residual(s.scores[seat], lines_of(mine)) or [
            Line("none", "No points", 0, message=say("No points"))]
        result.append(Breakdown(seat, s.scores[seat], tuple(lines)))
    return result



_SETTLED = re.compile(r"(?:^|, )auction \d+: (bought|sold) tile \d+")
"""The auctioneer's own entry of a settlement after a bid (`auction_entries`' words)."""


def settlements(s: State) -> list[tuple[int, str]]:
    """Every auctioneer's choice so far when someone bid against it (CAR-63), as
    ``(seat, "buy" | "sell")``, read back from the public ledger (CAR-98) in the words
    `auction_entries` writes: the auctioneer's own entry says "bought" or "sold"."""
    found = []
    for seat, source, _points, words, *_message in s.ledger:
        hit = _SETTLED.search(words.lower()) if source.startswith("auction-") else None
        if hit:
            found.append((seat, "buy" if hit.group(1) == "bought" else "sell"))
    return found
