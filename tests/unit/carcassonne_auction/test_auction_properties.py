"""Hypothesis properties of the auction (CAR-63 to CAR-66): whatever the players do,
every tile ends with exactly one owner, every seat with exactly one tile, and the score changes
sum to minus what auctioneers paid to nobody."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from app.games.carcassonne import auction


@st.composite
def finished_auctions(draw: st.DrawFn) -> tuple[auction.AuctionState, int]:
    """A random auction played to the end by random (legal) decisions."""
    n = draw(st.integers(2, 6))
    placer = draw(st.integers(0, n - 1))
    state = auction.new_auction(n, placer, [f"t{i}" for i in range(n)])
    steps = 0
    while not auction.is_done(state):
        info = auction.decision(state)
        assert info is not None
        seat = info["seat"]
        if info["kind"] == "open":
            move = {"type": "AuctionOpen", "tile": draw(st.sampled_from(info["tiles"])),
                    "bid": draw(st.integers(0, 30))}
        elif info["kind"] == "bid":
            if draw(st.booleans()):
                move = {"type": "AuctionPass"}
            else:
                move = {"type": "AuctionRaise",
                        "bid": info["min_bid"] + draw(st.integers(0, 5))}
        else:
            move = {"type": "AuctionSettle", "choice": draw(st.sampled_from(["buy", "sell"]))}
        state, _ = auction.apply(state, seat, move)
        steps += 1
    return state, steps


@settings(max_examples=150, deadline=None)
@given(finished_auctions())
def test_car_64_66_every_tile_one_owner_every_seat_one_tile(
    played: tuple[auction.AuctionState, int],
) -> None:
    state, _ = played
    owners = auction.owners(state)
    assert None not in owners
    assert sorted(o for o in owners if o is not None) == list(range(state["n"]))


@settings(max_examples=150, deadline=None)
@given(finished_auctions())
def test_car_63_changes_sum_to_minus_paid_to_nobody(
    played: tuple[auction.AuctionState, int],
) -> None:
    state, _ = played
    assert sum(auction.changes(state)) == -auction.paid_to_nobody(state)
    kept = sum(h["price"] for h in state["history"] if h["settlement"] == "kept")
    assert auction.paid_to_nobody(state) == kept


@settings(max_examples=100, deadline=None)
@given(finished_auctions())
def test_car_65_66_n_minus_one_auctions_and_one_free_tile(
    played: tuple[auction.AuctionState, int],
) -> None:
    state, _ = played
    settlements = [h["settlement"] for h in state["history"]]
    assert len(settlements) == state["n"]
    assert settlements[-1] == "free" and "free" not in settlements[:-1]
    auctioneers = [h["auctioneer"] for h in state["history"][:-1]]
    assert auctioneers[0] == (state["placer"] + 1) % state["n"]
    for k, seat in enumerate(auctioneers):  # CAR-64: an auctioneer never holds a tile yet
        assert seat not in [h["owner"] for h in state["history"][:k]]
