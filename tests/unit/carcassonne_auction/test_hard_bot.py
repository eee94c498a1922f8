"""The hard bot of the stand-alone auction (issue 17): legal in every contract config,
deterministic, nothing hidden to redraw (CAR-106), and better than the normal bot where the
settlement rules make points the currency (CAR-62, CAR-63, CAR-66)."""

from __future__ import annotations

from typing import Any

import pytest

from app.games.base import HOST, SeededRng
from app.games.bots import HARD, Budget, decide
from app.games.carcassonne.tiles import CATALOGUE_IDS
from app.games.carcassonne_auction import ENGINE
from app.games.carcassonne_auction.hard_bot import AVERAGE_WORTH, WORTH, tile_worth

SMALL = Budget(scale=0.25)
"""Four bid levels above the lowest legal bid."""

State = dict[str, Any]


def start(players: int, options: dict[str, Any]) -> State:
    opts = ENGINE.validate_options(options, players)
    return ENGINE.setup(list(opts["players"]), opts, SeededRng(0))


def two_labels(placer: int = 0, scores: list[int] | None = None) -> State:
    """Red (0) and Blue (1), two tiles known only by their labels (equal worth)."""
    return start(2, {"players": ["Red", "Blue"], "placer": placer, "scores": scores,
                     "tiles": [{"label": "bend"}, {"label": "curve"}]})


@pytest.mark.parametrize(("players", "options"), ENGINE.contract_configs())
def test_hard_move_is_legal_in_every_contract_config(players: int,
                                                     options: dict[str, Any]) -> None:
    """CAR-61 to CAR-66: every seat to act, hard at every other step, moves legally; the host's
    `Cancel` is never the bot's (CAR-111)."""
    for game in range(3):
        state = start(players, options)
        step = 0
        while ENGINE.outcome(state) is None:
            seat = min(ENGINE.to_act(state))
            move = decide(ENGINE, state, seat, HARD, f"{game}:{step}", SMALL)
            assert move in ENGINE.legal_moves(state, seat)
            assert move["type"] != "Cancel" and seat != HOST
            if (step + game) % 2:
                move = ENGINE.bot_move(state, seat, SeededRng(f"{game}:{step}"))
            state, _ = ENGINE.apply(state, seat, move, SeededRng(0))
            step += 1
        assert all(owner is not None for owner in ENGINE.outcome(state).details["owners"])


def test_same_seed_same_move_and_nothing_to_redraw() -> None:
    """CAR-106: nothing is hidden, so the redraw is the state itself for every seat and
    generator, and the hard move is the same for the same seed."""
    _players, options = ENGINE.contract_configs()[2]
    state = start(6, options)
    for k in range(6):
        seat = min(ENGINE.to_act(state))
        for viewer in (seat, None):
            assert ENGINE.resample_hidden(state, viewer, SeededRng(k)) == state
        move = decide(ENGINE, state, seat, HARD, "same", SMALL)
        assert decide(ENGINE, state, seat, HARD, "same", SMALL) == move
        state, _ = ENGINE.apply(state, seat, move, SeededRng(0))


def test_tile_worth_reads_the_catalogue_and_averages_labels() -> None:
    """CAR-105: every type of the catalogue has its measured worth (A: a cloister with a road,
    easy to place, beats C: four city sides, which few places take); a label, never read as
    a type, gets the average."""
    assert set(WORTH) == set(CATALOGUE_IDS)
    assert tile_worth({"type": "A"}) > tile_worth({"type": "C"})
    assert tile_worth({"label": "C"}) == AVERAGE_WORTH


def lead(state: State, seat: int) -> float:
    """The seat's final score plus its tile's worth, minus the best other seat's."""
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    owners = outcome.details["owners"]
    standing = [outcome.scores[s] + tile_worth(state["tiles"][owners.index(s)])
                for s in range(len(owners))]
    return standing[seat] - max(v for s, v in enumerate(standing) if s != seat)


def test_car_63_sell_a_tile_no_better_than_the_free_one() -> None:
    """CAR-63/66: Blue (auctioneer) opened at 0, Red raised to 1. The last tile is free and
    worth as much, so selling (Blue +1, Red -1) beats buying (Blue -1, Red +1). The normal bot
    buys whenever the bid is below 2; the hard bot sells."""
    state = two_labels(placer=0)
    state, _ = ENGINE.apply(state, 1, {"type": "AuctionOpen", "tile": 0, "bid": 0},
                            SeededRng(0))
    state, _ = ENGINE.apply(state, 0, {"type": "AuctionRaise", "bid": 1}, SeededRng(0))
    assert ENGINE.to_act(state) == {1}
    normal = ENGINE.bot_move(state, 1, SeededRng(0))
    hard = decide(ENGINE, state, 1, HARD, "settle", SMALL)
    assert normal == {"type": "AuctionSettle", "choice": "buy"}
    assert hard == {"type": "AuctionSettle", "choice": "sell"}
    after_normal, _ = ENGINE.apply(state, 1, normal, SeededRng(0))
    after_hard, _ = ENGINE.apply(state, 1, hard, SeededRng(0))
    assert lead(after_hard, 1) == pytest.approx(2) and lead(after_normal, 1) == pytest.approx(-2)


def test_car_62_66_no_raise_for_a_tile_worth_no_more_than_the_free_one() -> None:
    """CAR-62/63/66: Blue opened a tile at 0 that is worth no more than the free last tile.
    Any raise by Red lets Blue sell it to Red at that price, so the hard bot passes; the
    normal bot raises up to a random limit and then pays for it."""
    state = two_labels(placer=0)
    state, _ = ENGINE.apply(state, 1, {"type": "AuctionOpen", "tile": 0, "bid": 0},
                            SeededRng(0))
    assert decide(ENGINE, state, 0, HARD, "pass", SMALL) == {"type": "AuctionPass"}
    raises = [ENGINE.bot_move(state, 0, SeededRng(k)) for k in range(12)]
    assert any(m["type"] == "AuctionRaise" for m in raises)


def test_car_61_63_the_better_tile_is_opened_at_half_its_edge() -> None:
    """CAR-61/63: with a four-sided city (U: worth little, straight road) against a cloister
    with a road (A), the auctioneer opens the better tile at a bid near half the difference in
    worth: lower and the other raises and is sold it cheap or buys the points; higher and the
    auctioneer pays too much to nobody."""
    state = start(2, {"players": ["Red", "Blue"], "placer": 0,
                      "tiles": [{"type": "U"}, {"type": "A"}]})
    edge = tile_worth({"type": "A"}) - tile_worth({"type": "U"})
    assert edge > 3
    move = decide(ENGINE, state, 1, HARD, "open", Budget())
    assert move["type"] == "AuctionOpen" and move["tile"] == 1
    assert abs(move["bid"] - edge / 2) <= 1


def opened(first: str, second: str, tile: int) -> State:
    """Red (0) placed; Blue (1), the auctioneer, opened ``tile`` of the two types at 0."""
    state = start(2, {"players": ["Red", "Blue"], "placer": 0,
                      "tiles": [{"type": first}, {"type": second}]})
    state, _ = ENGINE.apply(state, 1, {"type": "AuctionOpen", "tile": tile, "bid": 0},
                            SeededRng(0))
    return state


def test_car_62_63_a_bidder_raises_rather_than_lose_by_a_pass() -> None:
    """CAR-62/63/66, two players: Blue opened BZ8 at 0, a little better than the free J. A
    pass leaves Red behind by that little for sure; a raise of 1 leaves Blue a choice whose
    margins are close for it (buy: Red +2 less the edge; sell: Red behind by 2 less it), so
    Red is first whenever Blue's estimate of the tiles makes it settle otherwise than ours.
    The margin search passed (the smaller sure loss); the hard bot plays for first place."""
    edge = tile_worth({"type": "BZ8"}) - tile_worth({"type": "J"})
    assert 0 < edge < 1
    move = decide(ENGINE, opened("J", "BZ8", 1), 0, HARD, "duel", SMALL)
    assert move == {"type": "AuctionRaise", "bid": 1}


def test_car_62_66_a_bidder_passes_on_a_tile_worse_than_the_free_one() -> None:
    """CAR-62/66: Blue opened U (a straight road) at 0 beside A: a pass leaves Red the
    better tile for free, first for sure, so it does not raise."""
    assert tile_worth({"type": "A"}) > tile_worth({"type": "U"})
    assert decide(ENGINE, opened("U", "A", 0), 0, HARD, "worse", SMALL) == {"type": "AuctionPass"}
