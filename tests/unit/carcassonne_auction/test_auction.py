"""Scenario tests for the pure auction (rules/carcassonne.md 10.3, 10.6; S-CAR-17 to S-CAR-20).

Seats of the worked example: Red 0, Blue 1, Black 2, Green 3; Red is the placer.
"""

from __future__ import annotations

from typing import Any

import pytest

from app.games.base import IllegalMove, InvalidMove, NotYourTurn, SeededRng
from app.games.carcassonne import auction
from app.games.carcassonne.auction import AuctionState

RED, BLUE, BLACK, GREEN = 0, 1, 2, 3
NAMES = ["Red", "Blue", "Black", "Green"]
ROW = ["U", "V", "W", "B"]


def play(state: AuctionState, *steps: tuple[int, dict[str, Any]]) -> AuctionState:
    """Apply (seat, move) steps in order."""
    for seat, move in steps:
        state, _ = auction.apply(state, seat, move)
    return state


def op(tile: Any, bid: Any) -> dict[str, Any]:
    return {"type": "AuctionOpen", "tile": tile, "bid": bid}


def raise_(bid: Any) -> dict[str, Any]:
    return {"type": "AuctionRaise", "bid": bid}


PASS: dict[str, Any] = {"type": "AuctionPass"}
BUY: dict[str, Any] = {"type": "AuctionSettle", "choice": "buy"}
SELL: dict[str, Any] = {"type": "AuctionSettle", "choice": "sell"}

AUCTION_1 = ((BLUE, op(0, 1)), (BLACK, PASS), (GREEN, raise_(2)), (RED, raise_(3)), (BLUE, BUY))
AUCTION_2 = ((BLACK, op(1, 2)), (GREEN, raise_(3)), (RED, PASS), (BLACK, SELL))
AUCTION_3 = ((RED, op(2, 3)), (BLACK, PASS))


def seed_example() -> AuctionState:
    return auction.new_auction(4, RED, ROW)


def test_car_60_first_auctioneer_is_left_of_placer() -> None:
    assert auction.to_act(seed_example()) == BLUE
    assert auction.to_act(auction.new_auction(3, 2, ["U", "V", "W"])) == 0


def test_car_61_opening_makes_the_auctioneer_high_bidder() -> None:
    state = play(seed_example(), (BLUE, op(0, 1)))
    info = auction.decision(state)
    assert info is not None
    assert (info["seat"], info["kind"], info["high_bid"], info["high_bidder"]) == (
        BLACK, "bid", 1, BLUE)
    assert info["min_bid"] == 2


def test_car_61_opening_bid_of_zero_is_allowed() -> None:
    state = play(seed_example(), (BLUE, op(3, 0)))
    assert state["current"]["high_bid"] == 0


def test_car_61_auctioneer_cannot_pass_at_the_opening() -> None:
    with pytest.raises(IllegalMove, match="CAR-61"):
        auction.apply(seed_example(), BLUE, PASS)


def test_car_62_bidders_act_clockwise_once_skipping_tile_holders() -> None:
    state = play(seed_example(), *AUCTION_1, (BLACK, op(1, 2)))
    assert state["current"]["pending"] == [GREEN, RED]  # Blue holds a tile: skipped (CAR-64)
    state = play(state, (GREEN, raise_(3)))
    assert auction.to_act(state) == RED
    state = play(state, (RED, PASS))
    assert auction.to_act(state) == BLACK  # the auctioneer decides; nobody bids twice
    assert state["phase"] == "settle"


def test_car_62_a_raise_must_be_above_the_high_bid() -> None:
    state = play(seed_example(), (BLUE, op(0, 1)))
    with pytest.raises(IllegalMove, match="CAR-62: a raise must be above the high bid"):
        auction.apply(state, BLACK, raise_(1))
    assert auction.apply(state, BLACK, raise_(2))[0]["current"]["high_bidder"] == BLACK


def test_car_62_out_of_order_bid_is_not_your_turn() -> None:
    state = play(seed_example(), (BLUE, op(0, 1)))
    with pytest.raises(NotYourTurn, match="CAR-62"):
        auction.apply(state, GREEN, raise_(2))  # Black acts first
    with pytest.raises(NotYourTurn, match="CAR-62"):
        auction.apply(state, BLUE, raise_(5))  # the auctioneer does not act again


def test_car_63_auctioneer_buys_pays_the_high_bidder() -> None:
    state, events = auction.apply(play(seed_example(), *AUCTION_1[:-1]), BLUE, BUY)
    assert auction.owners(state)[0] == BLUE
    assert auction.changes(state) == [3, -3, 0, 0]
    settled = events[0]
    assert settled["type"] == "AuctionSettled"
    assert (settled["settlement"], settled["owner"], settled["paid_to"]) == ("buy", BLUE, RED)


def test_car_63_auctioneer_sells_to_the_high_bidder() -> None:
    state = play(seed_example(), *AUCTION_1, *AUCTION_2)
    assert auction.owners(state)[1] == GREEN
    assert auction.changes(state) == [3, -3, 3, -3]
    assert auction.tile_of(state, BLACK) is None  # a seller still has no tile (CAR-64)


def test_car_63_nobody_else_bid_auctioneer_keeps_and_pays_nobody() -> None:
    state, events = auction.apply(play(seed_example(), *AUCTION_1, *AUCTION_2, AUCTION_3[0]),
                                  BLACK, PASS)
    settled = [e for e in events if e["type"] == "AuctionSettled"][0]
    assert (settled["settlement"], settled["owner"], settled["paid_to"]) == ("kept", RED, None)
    assert auction.changes(state)[RED] == 0  # +3 then -3
    assert auction.paid_to_nobody(state) == 3


def test_car_64_tile_holder_cannot_bid_or_open() -> None:
    state = play(seed_example(), *AUCTION_1, (BLACK, op(1, 2)))
    for move in (raise_(9), PASS, op(2, 0)):
        with pytest.raises(NotYourTurn, match="CAR-64"):
            auction.apply(state, BLUE, move)


def test_car_65_next_auctioneer_skips_players_with_tiles() -> None:
    state = play(seed_example(), *AUCTION_1)
    assert auction.to_act(state) == BLACK  # after Blue
    state = play(state, *AUCTION_2)
    assert auction.to_act(state) == RED  # after Black: Green holds a tile


def test_car_65_seller_stays_and_next_auctioneer_follows_previous() -> None:
    # Blue sells to Black, so Blue still has no tile; the next auctioneer is the first seat
    # left of Blue without a tile: Black has one, so Green.
    state = play(seed_example(), (BLUE, op(0, 0)), (BLACK, raise_(1)), (GREEN, PASS),
                 (RED, PASS), (BLUE, SELL))
    assert auction.to_act(state) == GREEN
    assert auction.tile_of(state, BLUE) is None


def test_car_66_last_tile_is_free_to_the_last_player() -> None:
    state, events = auction.apply(play(seed_example(), *AUCTION_1, *AUCTION_2, AUCTION_3[0]),
                                  BLACK, PASS)
    free = [e for e in events if e["type"] == "AuctionSettled"][-1]
    assert (free["settlement"], free["owner"], free["tile"], free["price"]) == ("free", BLACK, 3, 0)
    assert events[-1]["type"] == "AuctionFinished"
    assert auction.is_done(state) and auction.to_act(state) is None


def test_car_67_bids_ignore_the_score_and_cap_at_999() -> None:
    state = play(auction.new_auction(2, 0, ["U", "V"]), (1, op(0, 5)))
    state2 = play(auction.new_auction(2, 0, ["U", "V"]), (1, op(0, 5)), (0, raise_(7)))
    assert state2["phase"] == "settle" and auction.to_act(state2) == 1  # Blue decides
    assert state2["current"]["high_bid"] == 7
    assert play(state, (0, raise_(999)))["phase"] == "settle"
    with pytest.raises(InvalidMove, match="CAR-67"):
        auction.apply(state, 0, raise_(1000))


def test_s_car_18_two_players_sell() -> None:
    state = play(auction.new_auction(2, 0, ["U", "V"]), (1, op(1, 2)), (0, raise_(4)), (1, SELL))
    assert auction.changes(state) == [-4, 4]
    assert sum(auction.changes(state)) == 0
    assert auction.owners(state) == [1, 0]  # Red owns V; Blue gets U free
    assert auction.play_order(state) == [1, 0]


def test_s_car_20_negative_scores_kept_tile_costs_nobody() -> None:
    state = play(auction.new_auction(2, 0, ["U", "V"]), (1, op(0, 5)), (0, PASS))
    assert auction.changes(state) == [0, -5]
    assert auction.owners(state) == [1, 0]
    assert auction.paid_to_nobody(state) == 5


def test_s_car_17_worked_example_section_10_6() -> None:
    """The seed's example: Red 0, Blue -3, Black +3, Green -3 (CAR-60..66, CAR-69)."""
    state = seed_example()
    settled: list[list[dict[str, int]]] = []
    for seat, move in (*AUCTION_1, *AUCTION_2, *AUCTION_3):
        state, events = auction.apply(state, seat, move)
        settled += [e["changes"] for e in events if e["type"] == "AuctionSettled"]
    assert settled == [
        [{"seat": BLUE, "points": -3}, {"seat": RED, "points": 3}],
        [{"seat": GREEN, "points": -3}, {"seat": BLACK, "points": 3}],
        [{"seat": RED, "points": -3}],
        [],
    ]
    assert auction.changes(state) == [0, -3, 3, -3]
    assert sum(auction.changes(state)) == -3 == -auction.paid_to_nobody(state)
    assert auction.owners(state) == [BLUE, GREEN, RED, BLACK]
    assert auction.play_order(state) == [BLUE, BLACK, GREEN, RED]
    assert [h["auctioneer"] for h in state["history"]] == [BLUE, BLACK, RED, None]


def test_s_car_19_invalid_auction_moves() -> None:
    start = seed_example()
    with pytest.raises(IllegalMove, match="CAR-61"):
        auction.apply(start, BLUE, PASS)
    with pytest.raises(IllegalMove, match="CAR-61"):
        auction.apply(start, BLUE, op(0, -1))
    with pytest.raises(InvalidMove, match="CAR-67"):
        auction.apply(start, BLUE, op(0, 1000))
    with pytest.raises(IllegalMove, match="CAR-68"):
        auction.apply(start, BLUE, op(4, 0))
    with pytest.raises(InvalidMove, match="CAR-19"):
        auction.apply(start, BLUE, op("U", 0))
    with pytest.raises(InvalidMove):
        auction.apply(start, BLUE, op(0, 1.5))
    opened = play(start, (BLUE, op(0, 1)))
    with pytest.raises(NotYourTurn):
        auction.apply(opened, GREEN, raise_(2))
    with pytest.raises(IllegalMove, match="CAR-62"):
        auction.apply(opened, BLACK, raise_(1))
    in_2 = play(start, *AUCTION_1, (BLACK, op(1, 2)))
    with pytest.raises(NotYourTurn, match="CAR-64"):
        auction.apply(in_2, BLUE, raise_(4))
    in_3 = play(start, *AUCTION_1, *AUCTION_2)
    with pytest.raises(IllegalMove, match="CAR-68"):
        auction.apply(in_3, RED, BUY)  # nobody else bid
    with pytest.raises(IllegalMove, match="CAR-61: tile 0 already has an owner"):
        auction.apply(in_3, RED, op(0, 0))
    opened_3 = play(in_3, (RED, op(2, 3)))
    with pytest.raises(NotYourTurn):
        auction.apply(opened_3, RED, BUY)


def test_car_68_rejected_moves_change_nothing() -> None:
    state = play(seed_example(), (BLUE, op(0, 1)))
    snapshot = repr(state)
    for seat, move in ((BLACK, raise_(1)), (BLACK, op(1, 5)), (BLACK, BUY), (GREEN, PASS)):
        with pytest.raises((IllegalMove, NotYourTurn)):
            auction.apply(state, seat, move)
    assert repr(state) == snapshot


def test_car_68_settle_phase_accepts_only_settle() -> None:
    state = play(seed_example(), *AUCTION_1[:-1])
    for move in (PASS, raise_(10), op(1, 0)):
        with pytest.raises(IllegalMove, match="CAR-63"):
            auction.apply(state, BLUE, move)
    with pytest.raises(InvalidMove, match="CAR-63"):
        auction.apply(state, BLUE, {"type": "AuctionSettle", "choice": "keep"})


def test_car_66_no_move_after_the_end() -> None:
    state = play(seed_example(), *AUCTION_1, *AUCTION_2, *AUCTION_3)
    with pytest.raises(IllegalMove, match="CAR-66"):
        auction.apply(state, BLACK, op(3, 0))
    assert auction.legal_moves(state, BLACK) == []


def test_malformed_moves_are_invalid() -> None:
    state = seed_example()
    junk: object
    for junk in ({}, {"type": "Bid"}, {"type": 3}, {"type": "AuctionOpen", "tile": 0},
                 {"type": "AuctionPass", "bid": 1}, [], {"type": "AuctionOpen", "tile": True,
                                                          "bid": 0}):
        with pytest.raises(InvalidMove):
            auction.apply(state, BLUE, junk)  # type: ignore[arg-type]


def test_legal_moves_match_apply() -> None:
    state = seed_example()
    legal = auction.legal_moves(state, BLUE)
    assert len(legal) == 4 * (auction.MAX_BID + 1)
    assert auction.legal_moves(state, BLACK) == []
    bidding = play(state, (BLUE, op(0, 997)))
    assert auction.legal_moves(bidding, BLACK) == [PASS, raise_(998), raise_(999)]
    settle = play(seed_example(), *AUCTION_1[:-1])
    assert auction.legal_moves(settle, BLUE) == [BUY, SELL]


def test_apply_never_mutates_its_input() -> None:
    state = seed_example()
    before = repr(state)
    auction.apply(state, BLUE, op(0, 1))
    assert repr(state) == before


def test_new_auction_checks_its_arguments() -> None:
    with pytest.raises(ValueError):
        auction.new_auction(4, 0, ["U", "V"])
    with pytest.raises(ValueError):
        auction.new_auction(1, 0, ["U"])
    with pytest.raises(ValueError):
        auction.new_auction(2, 2, ["U", "V"])


def test_public_view_shows_everything_of_the_auction() -> None:
    state = play(seed_example(), *AUCTION_1, (BLACK, op(1, 2)))
    view = auction.public_view(state)
    assert view["tiles"][0] == {"index": 0, "shown": "U", "owner": BLUE}
    assert view["current"]["high_bid"] == 2 and view["decision"]["seat"] == GREEN
    assert view["history"][0]["settlement"] == "buy"
    assert view["play_order"] == [BLUE, BLACK, GREEN, RED]


def test_describe_every_event_in_words() -> None:
    state = seed_example()
    texts: list[str] = []
    for seat, move in (*AUCTION_1, *AUCTION_2, *AUCTION_3):
        state, events = auction.apply(state, seat, move)
        texts += [auction.describe(e, NAMES) or "" for e in events]
    # tiles named by what they show and counted from 1 (issue 13, point 14)
    assert texts[0] == "Blue opened auction 1 for tile 1 (a road tile) with a bid of 1 point"
    assert "Blue bought tile 1 (a road tile) from Red for 3 points" in texts
    assert "Black sold tile 2 (a road tile) to Green for 3 points" in texts
    assert "nobody else bid: Red took tile 3 (a crossroads tile) and paid 3 points to nobody" \
        in texts
    assert "Black took the last tile, tile 4 (a cloister tile), for free" in texts
    assert texts[-1].endswith("Blue, Black, Green, Red")
    assert auction.describe({"type": "TilePlaced"}, NAMES) is None


def test_bot_plays_legal_moves_to_the_end() -> None:
    for seed in range(20):
        rng = SeededRng(seed)
        n = 2 + seed % 5
        state = auction.new_auction(n, seed % n, [f"t{i}" for i in range(n)])
        for _ in range(200):
            seat = auction.to_act(state)
            if seat is None:
                break
            move = auction.bot_move(state, seat, rng)
            assert move in auction.legal_moves(state, seat)
            state, _ = auction.apply(state, seat, move)
        assert auction.is_done(state)
