"""The Bazaar auction as a pure state machine (rules/carcassonne.md 10.3, CAR-60 to CAR-68).

Shared by the full game (`carcassonne`, which runs it inside a bazaar) and the stand-alone
auction (`carcassonne-auction`, section 15). It knows nothing of boards, stacks or builders:
it takes N seats, a placer and the N revealed tiles, and ends when every tile has an owner.

API (all functions are pure; no argument is ever mutated)
---------------------------------------------------------
``new_auction(n_players, placer, tiles) -> AuctionState``
    ``tiles`` is the revealed row: N opaque JSON values (the full game passes type ids such as
    ``"U"``; the stand-alone kind passes ``{"type": "U"}`` or ``{"label": "t1"}``). They are only
    echoed back for display (as ``shown``); moves name a tile by its index 0 … N−1 (CAR-19).
    Raises ``ValueError`` unless ``2 <= n_players`` and ``len(tiles) == n_players``.
``to_act(state) -> int | None``
    The one seat whose decision it is, or None once every tile has an owner.
``decision(state) -> dict | None``
    What that seat must decide: ``{"seat", "kind": "open"|"bid"|"settle", "tiles": [free
    indexes], "min_bid", "max_bid", "high_bid", "high_bidder"}`` (for boards and bots).
``legal_moves(state, seat) -> list[Move]``
    Every legal move, bids enumerated up to ``MAX_BID`` (so up to N × 1000 moves at an opening).
``apply(state, seat, move) -> (new_state, events)``
    Raises ``InvalidMove`` (malformed), ``NotYourTurn`` (not this seat's decision) or
    ``IllegalMove`` (reason starts with the rule id, e.g. "CAR-62: a raise must be above the
    high bid (1)"). Settlements that need no decision (kept with nobody else bidding, the free
    last tile) happen inside the apply that made them due.
``is_done(state)``, ``owners(state) -> list[int]`` (tile index -> seat),
``tile_of(state, seat) -> int | None``, ``changes(state) -> list[int]`` (net points per seat),
``paid_to_nobody(state) -> int``, ``play_order(state) -> list[int]`` (CAR-69: left of the
placer, clockwise, placer last), ``results(state) -> dict`` (all of these at once),
``public_view(state) -> dict`` (JSON for boards: every part of an auction is public, CAR-98),
``bot_move(state, seat, rng) -> Move``, ``describe(event, names) -> str``.

Moves (CAR-19)
    ``{"type": "AuctionOpen", "tile": 0, "bid": 1}``, ``{"type": "AuctionRaise", "bid": 2}``,
    ``{"type": "AuctionPass"}``, ``{"type": "AuctionSettle", "choice": "buy" | "sell"}``.
Events (``seat`` is always the acting or receiving seat)
    ``AuctionOpened {auction, seat, tile, shown, bid}``; ``AuctionRaised {auction, seat, bid}``;
    ``AuctionPassed {auction, seat}``; ``AuctionSettled {auction, auctioneer, tile, shown,
    settlement: "buy"|"sell"|"kept"|"free", owner, price, paid_to: seat|None, changes: [{seat,
    points}]}``; ``AuctionFinished {owners, changes, play_order}`` after the last tile.

State (a JSON dict; treat it as opaque and use the functions above)
    ``n, placer, tiles, owners: [seat|None], phase: "open"|"bid"|"settle"|"done",
    auctioneer: seat|None, current: {tile, opening, high_bid, high_bidder, pending: [seats],
    actions} | None, history: [auction records], changes: [int], paid_to_nobody: int``.
    An auction record is ``{auctioneer, tile, shown, opening, actions: [{seat, action:
    "raise"|"pass", bid?}], settlement, owner, price, changes: [{seat, points}]}``.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from app.games.base import (
    JSON,
    Field,
    Move,
    NotYourTurn,
    Rng,
    check_move,
)
from app.games.messages import N_, english, refuse, say

from . import auction_words
from .words import malformed, not_yours

AuctionState = dict[str, Any]
Event = dict[str, Any]

MAX_BID = 999
"""CAR-67: an input limit, not a game rule."""

_TILE = Field(int, rule="CAR-19", reason=N_("tile is the index of a tile in the revealed row, "
                                             "not a type id or label"))
_BID = Field(int, rule="CAR-61", reason=N_("bid must be a whole number of points"))
FIELDS: dict[str, dict[str, Field]] = {
    "AuctionOpen": {"tile": _TILE, "bid": _BID},
    "AuctionRaise": {"bid": _BID},
    "AuctionPass": {},
    "AuctionSettle": {"choice": Field(str)},
}
"""CAR-19: the auction's move types and their fields."""
MOVE_TYPES = frozenset(FIELDS)


# --------------------------------------------------------------------------- setup and queries


def new_auction(n_players: int, placer: int, tiles: Sequence[JSON]) -> AuctionState:
    """A bazaar auction whose first auctioneer is the player left of the placer (CAR-60)."""
    if n_players < 2:
        raise ValueError("an auction needs at least 2 players")
    if len(tiles) != n_players:
        raise ValueError(f"an auction of {n_players} players needs {n_players} tiles")
    if not 0 <= placer < n_players:
        raise ValueError(f"placer {placer} is not a seat")
    return {
        "n": n_players,
        "placer": placer,
        "tiles": copy.deepcopy(list(tiles)),
        "owners": [None] * n_players,
        "phase": "open",
        "auctioneer": (placer + 1) % n_players,
        "current": None,
        "history": [],
        "changes": [0] * n_players,
        "paid_to_nobody": 0,
    }


def is_done(state: AuctionState) -> bool:
    """True once every tile has an owner."""
    return bool(state["phase"] == "done")


def to_act(state: AuctionState) -> int | None:
    """The seat whose decision it is, or None when the auction is over."""
    phase = state["phase"]
    if phase in ("open", "settle"):
        return int(state["auctioneer"])
    if phase == "bid":
        return int(state["current"]["pending"][0])
    return None


def owners(state: AuctionState) -> list[int | None]:
    """The owner of each tile of the row (None while it has none)."""
    return list(state["owners"])


def tile_of(state: AuctionState, seat: int) -> int | None:
    """The index of the tile this seat has won, if any."""
    for index, owner in enumerate(state["owners"]):
        if owner == seat:
            return index
    return None


def changes(state: AuctionState) -> list[int]:
    """Net score change of each seat so far (CAR-63)."""
    return list(state["changes"])


def paid_to_nobody(state: AuctionState) -> int:
    """Points auctioneers paid for tiles nobody else bid on (CAR-63, first case)."""
    return int(state["paid_to_nobody"])


def play_order(state: AuctionState) -> list[int]:
    """The bazaar round order: left of the placer, clockwise, the placer last (CAR-69)."""
    n, placer = state["n"], state["placer"]
    return [(placer + k) % n for k in range(1, n + 1)]


def free_tiles(state: AuctionState) -> list[int]:
    """Indexes of the tiles nobody has yet."""
    return [i for i, owner in enumerate(state["owners"]) if owner is None]


def has_tile(state: AuctionState, seat: int) -> bool:
    """True when the seat has taken a tile in this bazaar (CAR-64)."""
    return seat in state["owners"]


def decision(state: AuctionState) -> dict[str, Any] | None:
    """What the seat to act must decide now, for boards and bots."""
    seat = to_act(state)
    if seat is None:
        return None
    current = state["current"]
    kind = str(state["phase"])  # "open", "bid" or "settle"
    high: int | None = current["high_bid"] if current else None
    min_bid: int | None = None
    if kind == "open":
        min_bid = 0
    elif kind == "bid" and high is not None:
        min_bid = high + 1
    return {
        "seat": seat,
        "kind": kind,
        "tiles": free_tiles(state) if kind == "open" else [],
        "min_bid": min_bid,
        "max_bid": MAX_BID if kind != "settle" else None,
        "high_bid": high,
        "high_bidder": current["high_bidder"] if current else None,
    }


def results(state: AuctionState) -> dict[str, Any]:
    """Owners, net changes, points paid to nobody and the play order, in one dict."""
    return {
        "done": is_done(state),
        "owners": owners(state),
        "changes": changes(state),
        "paid_to_nobody": paid_to_nobody(state),
        "play_order": play_order(state),
    }


def public_view(state: AuctionState) -> dict[str, Any]:
    """The whole auction as JSON for a board; nothing in it is secret (CAR-98)."""
    current = state["current"]
    return {
        "tiles": [
            {"index": i, "shown": shown, "owner": state["owners"][i]}
            for i, shown in enumerate(state["tiles"])
        ],
        "phase": state["phase"],
        "placer": state["placer"],
        "auctioneer": state["auctioneer"],
        "current": copy.deepcopy(current),
        "decision": decision(state),
        "history": copy.deepcopy(state["history"]),
        "changes": changes(state),
        "paid_to_nobody": paid_to_nobody(state),
        "play_order": play_order(state),
    }


# --------------------------------------------------------------------------- legal moves


def legal_moves(state: AuctionState, seat: int) -> list[Move]:
    """Every legal move of ``seat`` now (bids enumerated up to MAX_BID)."""
    if to_act(state) != seat:
        return []
    phase = state["phase"]
    if phase == "open":
        return [
            {"type": "AuctionOpen", "tile": tile, "bid": bid}
            for tile in free_tiles(state)
            for bid in range(MAX_BID + 1)
        ]
    if phase == "bid":
        low = state["current"]["high_bid"] + 1
        raises: list[Move] = [{"type": "AuctionRaise", "bid": b} for b in range(low, MAX_BID + 1)]
        return [{"type": "AuctionPass"}, *raises]
    return [{"type": "AuctionSettle", "choice": "buy"}, {"type": "AuctionSettle", "choice": "sell"}]


# --------------------------------------------------------------------------- parsing


def parse_move(move: Any) -> Move:
    """The move checked for shape; raises InvalidMove for a malformed payload."""
    move = check_move(move, FIELDS, "CAR-19")
    kind = move["type"]
    if "bid" in move and move["bid"] > MAX_BID:
        raise malformed("CAR-67", say("a bid above {max} is rejected (an input limit)",
                                        max=MAX_BID))
    if kind == "AuctionSettle" and move["choice"] not in ("buy", "sell"):
        raise malformed("CAR-63", say('choice is "buy" or "sell"'))
    return {"type": kind, **{name: move[name] for name in FIELDS[kind]}}


# --------------------------------------------------------------------------- apply


def _not_your_turn(state: AuctionState, seat: int) -> NotYourTurn:
    if is_done(state):
        return not_yours("CAR-66", say("every tile has an owner; the auction is over"))
    if has_tile(state, seat):
        return not_yours("CAR-64", say("a player who has taken a tile is out of this bazaar"))
    actor = to_act(state)
    if state["phase"] == "bid" and seat == state["auctioneer"]:
        return not_yours("CAR-62", say("the auctioneer does not bid again; seat {actor} is to "
                                        "act", actor=actor))
    return not_yours("CAR-62", say("seat {actor} is to act now, not seat {seat}", actor=actor,
                                    seat=seat))


def apply(state: AuctionState, seat: int, move: Move) -> tuple[AuctionState, list[Event]]:
    """The auction after ``seat`` plays ``move``, and its events; the input is never changed."""
    parsed = parse_move(move)
    if is_done(state):
        raise refuse("CAR-66", "every tile has an owner; the auction is over")
    if to_act(state) != seat:
        raise _not_your_turn(state, seat)
    phase = state["phase"]
    new = copy.deepcopy(state)
    if phase == "open":
        events = _open(new, seat, parsed)
    elif phase == "bid":
        events = _bid(new, seat, parsed)
    else:
        events = _settle(new, parsed)
    return new, events


def _open(state: AuctionState, seat: int, move: Move) -> list[Event]:
    kind = move["type"]
    if kind == "AuctionPass":
        raise refuse("CAR-61", "the auctioneer cannot pass; open with a tile and a bid")
    if kind == "AuctionRaise":
        raise refuse("CAR-61", "open an auction first: choose a tile and an opening bid")
    if kind == "AuctionSettle":
        raise refuse("CAR-68", "there is nothing to settle; nobody else has bid")
    tile, bid = move["tile"], move["bid"]
    n = state["n"]
    if not 0 <= tile < n:
        raise refuse("CAR-68", "the revealed row has tiles 0 to {last} only", last=n - 1)
    if state["owners"][tile] is not None:
        raise refuse("CAR-61", "tile {tile} already has an owner", tile=tile)
    if bid < 0:
        raise refuse("CAR-61", "an opening bid is 0 points or more")
    # CAR-62: clockwise from the auctioneer's left, before the auctioneer, players without a tile
    pending = [
        (seat + k) % n for k in range(1, n) if (seat + k) % n not in state["owners"]
    ]
    state["phase"] = "bid"
    state["current"] = {
        "tile": tile,
        "opening": bid,
        "high_bid": bid,
        "high_bidder": seat,
        "pending": pending,
        "actions": [],
    }
    number = len(state["history"]) + 1
    events: list[Event] = [{
        "type": "AuctionOpened", "auction": number, "seat": seat, "tile": tile,
        "shown": copy.deepcopy(state["tiles"][tile]), "bid": bid,
    }]
    return events + _after_bidder(state)


def _bid(state: AuctionState, seat: int, move: Move) -> list[Event]:
    kind, current = move["type"], state["current"]
    number = len(state["history"]) + 1
    if kind == "AuctionOpen":
        raise refuse("CAR-62", "an auction is running; raise or pass")
    if kind == "AuctionSettle":
        raise refuse("CAR-63", "the auctioneer settles once every bidder has acted")
    current["pending"].pop(0)
    if kind == "AuctionPass":
        current["actions"].append({"seat": seat, "action": "pass"})
        event: Event = {"type": "AuctionPassed", "auction": number, "seat": seat}
    else:
        bid = move["bid"]
        if bid <= current["high_bid"]:
            raise refuse("CAR-62", "a raise must be above the high bid ({high})",
                         high=current["high_bid"])
        current["high_bid"], current["high_bidder"] = bid, seat
        current["actions"].append({"seat": seat, "action": "raise", "bid": bid})
        event = {"type": "AuctionRaised", "auction": number, "seat": seat, "bid": bid}
    return [event, *_after_bidder(state)]


def _after_bidder(state: AuctionState) -> list[Event]:
    """Move on once every bidder has acted: to the auctioneer's choice, or settle at once."""
    current = state["current"]
    if current["pending"]:
        return []
    if current["high_bidder"] == state["auctioneer"]:
        return _record(state, "kept")
    state["phase"] = "settle"
    return []


def _settle(state: AuctionState, move: Move) -> list[Event]:
    if move["type"] != "AuctionSettle":
        raise refuse("CAR-63", "the bidding is over; the auctioneer must buy or sell")
    return _record(state, str(move["choice"]))


def _record(state: AuctionState, settlement: str) -> list[Event]:
    """Apply a settlement (CAR-63), then start the next auction or give the last tile."""
    current, auctioneer = state["current"], state["auctioneer"]
    price, high_bidder = current["high_bid"], current["high_bidder"]
    deltas: list[dict[str, int]]
    paid_to: int | None
    if settlement == "kept":  # nobody else bid: the auctioneer pays nobody
        owner, paid_to, deltas = auctioneer, None, [{"seat": auctioneer, "points": -price}]
        state["paid_to_nobody"] += price
    elif settlement == "buy":
        owner, paid_to = auctioneer, high_bidder
        deltas = [{"seat": auctioneer, "points": -price}, {"seat": high_bidder, "points": price}]
    else:
        owner, paid_to = high_bidder, auctioneer
        deltas = [{"seat": high_bidder, "points": -price}, {"seat": auctioneer, "points": price}]
    for delta in deltas:
        state["changes"][delta["seat"]] += delta["points"]
    tile = current["tile"]
    state["owners"][tile] = owner
    number = len(state["history"]) + 1
    state["history"].append({
        "auctioneer": auctioneer, "tile": tile, "shown": copy.deepcopy(state["tiles"][tile]),
        "opening": current["opening"], "actions": current["actions"],
        "settlement": settlement, "owner": owner, "price": price, "changes": deltas,
    })
    state["current"] = None
    events: list[Event] = [{
        "type": "AuctionSettled", "auction": number, "auctioneer": auctioneer, "tile": tile,
        "shown": copy.deepcopy(state["tiles"][tile]), "settlement": settlement, "owner": owner,
        "price": price, "paid_to": paid_to, "changes": copy.deepcopy(deltas),
    }]
    return events + _next_auction(state)


def _next_auction(state: AuctionState) -> list[Event]:
    """CAR-65 (next auctioneer) or CAR-66 (the last tile is free)."""
    n, remaining = state["n"], free_tiles(state)
    if len(remaining) >= 2:
        previous = state["auctioneer"]
        state["auctioneer"] = next(
            (previous + k) % n for k in range(1, n + 1) if (previous + k) % n not in state["owners"]
        )
        state["phase"] = "open"
        return []
    tile = remaining[0]
    seat = next(s for s in range(n) if s not in state["owners"])
    state["owners"][tile] = seat
    state["history"].append({
        "auctioneer": None, "tile": tile, "shown": copy.deepcopy(state["tiles"][tile]),
        "opening": None, "actions": [], "settlement": "free", "owner": seat, "price": 0,
        "changes": [],
    })
    state["phase"], state["auctioneer"] = "done", None
    return [
        {
            "type": "AuctionSettled", "auction": len(state["history"]), "auctioneer": None,
            "tile": tile, "shown": copy.deepcopy(state["tiles"][tile]), "settlement": "free",
            "owner": seat, "price": 0, "paid_to": None, "changes": [],
        },
        {
            "type": "AuctionFinished", "owners": owners(state), "changes": changes(state),
            "play_order": play_order(state),
        },
    ]


# --------------------------------------------------------------------------- bot and words


def bot_move(state: AuctionState, seat: int, rng: Rng) -> Move:
    """A modest baseline: open cheaply, raise a little while the price is low, sell dear."""
    info = decision(state)
    if info is None or info["seat"] != seat:
        raise not_yours("CAR-62", say("the bot's seat has nothing to decide"))
    if info["kind"] == "open":
        tiles = info["tiles"]
        return {"type": "AuctionOpen", "tile": tiles[rng.randbelow(len(tiles))],
                "bid": rng.randbelow(3)}
    if info["kind"] == "bid":
        # a tile is worth a few points to a baseline player; bid up to a random limit of 0-5
        limit = rng.randbelow(6)
        if info["min_bid"] <= limit:
            return {"type": "AuctionRaise", "bid": info["min_bid"]}
        return {"type": "AuctionPass"}
    # selling earns the high bid, buying costs it: sell unless the tile was cheap
    choice = "sell" if info["high_bid"] >= 2 else "buy"
    return {"type": "AuctionSettle", "choice": choice}


def shown_text(shown: JSON) -> str:
    """A tile of the row in English words: what its type shows, or its label."""
    return english(auction_words.shown(shown))


def describe(event: Event, names: Sequence[str]) -> str | None:
    """An auction event in English words, or None if the event is not an auction event
    (`auction_words.describe` has it as a message for every language)."""
    message = auction_words.describe(event, names)
    return None if message is None else english(message)
