"""Scenario tests for the stand-alone auction (rules/carcassonne.md section 15; S-CAR-35,
S-CAR-37, S-CAR-38, S-CAR-39). Seats: Red 0, Blue 1, Black 2, Green 3; Red is the placer."""

from __future__ import annotations

import json
from typing import Any

import pytest

from app.games.base import (
    HOST,
    IllegalMove,
    InvalidMove,
    InvalidOptions,
    NotYourTurn,
    SeededRng,
    get_engine,
)
from app.games.carcassonne_auction import ENGINE
from app.games.carcassonne_auction.report import REMINDERS

RED, BLUE, BLACK, GREEN = 0, 1, 2, 3
NAMES = ["Red", "Blue", "Black", "Green"]
CANCEL: dict[str, Any] = {"type": "Cancel"}
PASS: dict[str, Any] = {"type": "AuctionPass"}
SEED_MOVES: list[tuple[int, dict[str, Any]]] = [
    (BLUE, {"type": "AuctionOpen", "tile": 0, "bid": 1}), (BLACK, PASS),
    (GREEN, {"type": "AuctionRaise", "bid": 2}), (RED, {"type": "AuctionRaise", "bid": 3}),
    (BLUE, {"type": "AuctionSettle", "choice": "buy"}),
    (BLACK, {"type": "AuctionOpen", "tile": 1, "bid": 2}),
    (GREEN, {"type": "AuctionRaise", "bid": 3}), (RED, PASS),
    (BLACK, {"type": "AuctionSettle", "choice": "sell"}),
    (RED, {"type": "AuctionOpen", "tile": 2, "bid": 3}), (BLACK, PASS),
]


def options(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "players": list(NAMES), "scores": [10, 10, 10, 10], "placer": RED,
        "tiles": [{"label": f"t{i}"} for i in range(1, 5)],
    }
    base.update(changes)
    return base


def start(**changes: Any) -> dict[str, Any]:
    opts = ENGINE.validate_options(options(**changes), len(options(**changes)["players"]))
    return ENGINE.setup([f"holder{i}" for i in range(len(opts["players"]))], opts, SeededRng(0))


def play(state: dict[str, Any], moves: list[tuple[int, dict[str, Any]]]) -> dict[str, Any]:
    for seat, move in moves:
        state, _ = ENGINE.apply(state, seat, move, SeededRng(0))
    return state


def test_registered_under_its_kind() -> None:
    assert get_engine("carcassonne-auction") is ENGINE
    assert (ENGINE.min_players, ENGINE.max_players) == (2, 6)
    assert ENGINE.host_moves == frozenset({"Cancel"})


def test_car_104_106_the_auction_of_car_60_to_68() -> None:
    state = start()
    assert ENGINE.to_act(state) == {BLUE}  # left of the placer (CAR-60)
    view = ENGINE.view(state, None)
    assert [t["shown"] for t in view["auction"]["tiles"]] == options()["tiles"]  # all visible
    with pytest.raises(IllegalMove, match="CAR-61"):
        ENGINE.apply(state, BLUE, PASS, SeededRng(0))


def test_s_car_35_report_outcome_and_envelope() -> None:
    state = play(start(), SEED_MOVES)
    assert ENGINE.to_act(state) == frozenset()  # ends when Black gets t4
    view = ENGINE.view(state, BLUE)
    report = view["report"]
    owners = {t["owner"]: t["shown"]["label"] for t in report["tiles"]}
    assert owners == {BLUE: "t1", GREEN: "t2", RED: "t3", BLACK: "t4"}
    assert report["auctions"][-1]["settlement"] == "free"
    assert [p["change"] for p in report["players"]] == [0, -3, 3, -3]
    assert [p["score"] for p in report["players"]] == [10, 7, 13, 7]
    assert report["play_order"] == [BLUE, BLACK, GREEN, RED]
    assert report["reminders"] == [dict(r) for r in REMINDERS]
    assert [p["name"] for p in view["players"]] == NAMES  # not the seat holders (CAR-113)
    assert [p["score"] for p in view["players"]] == [10, 7, 13, 7]
    assert view["finished"] is True
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert outcome.scores == [10, 7, 13, 7]
    assert outcome.details["changes"] == [0, -3, 3, -3]
    assert outcome.details["cancelled"] is False
    assert outcome.ranks == [] and outcome.winners == []


def test_car_108_report_is_live_and_records_each_bid() -> None:
    state = play(start(), SEED_MOVES[:3])
    report = ENGINE.view(state, None)["report"]
    running = report["auctions"][0]
    assert running["status"] == "running" and running["opening"] == 1
    assert running["actions"] == [{"seat": BLACK, "action": "pass"},
                                  {"seat": GREEN, "action": "raise", "bid": 2}]
    state = play(state, SEED_MOVES[3:5])
    first = ENGINE.view(state, None)["report"]["auctions"][0]
    assert (first["status"], first["settlement"], first["price"]) == ("settled", "buy", 3)
    assert first["changes"] == [{"seat": BLUE, "points": -3}, {"seat": RED, "points": 3}]


def test_car_109_reminders_cover_the_rules_the_table_must_check() -> None:
    rules = {r["rule"] for r in REMINDERS}
    assert rules == {"CAR-58", "CAR-56", "CAR-70", "CAR-93..96"}
    assert ENGINE.view(start(), None)["report"]["reminders"]  # shown from the start


def test_s_car_35_scores_null_reports_changes_only() -> None:
    state = play(start(scores=None), SEED_MOVES)
    report = ENGINE.view(state, None)["report"]
    assert report["scores_entered"] is False
    assert [p["score"] for p in report["players"]] == [None] * 4
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert outcome.scores == outcome.details["changes"] == [0, -3, 3, -3]


@pytest.mark.parametrize(("changes", "players"), [
    ({"tiles": [{"label": "t1"}, {"label": "t2"}, {"label": "t3"}]}, 4),
    ({"placer": 4}, 4),
    ({"players": [f"P{i}" for i in range(7)], "scores": None,
      "tiles": [{"type": "U"}] * 7}, 7),
    ({"players": ["Red", "Red", "Black", "Green"]}, 4),
    ({"scores": [10, 10, 10]}, 4),
    ({"scores": [10, 10, 10, True]}, 4),
    ({"tiles": [{"type": "BZ12"}, {"label": "t2"}, {"label": "t3"}, {"label": "t4"}]}, 4),
    ({"tiles": [{"label": ""}, {"label": "t2"}, {"label": "t3"}, {"label": "t4"}]}, 4),
    ({"tiles": [{"label": "x" * 41}, {"label": "t2"}, {"label": "t3"}, {"label": "t4"}]}, 4),
    ({"tiles": [{"type": "U", "label": "u"}, {"label": "t2"}, {"label": "t3"},
                {"label": "t4"}]}, 4),
    ({"tiles": [{}, {"label": "t2"}, {"label": "t3"}, {"label": "t4"}]}, 4),
    ({"players": ["Red", "Blue", "Bl\nack", "Green"]}, 4),
    ({"colour": "red"}, 4),
    ({}, 3),  # the lobby's seat count must equal the number of names
])
def test_car_105_rejected_options(changes: dict[str, Any], players: int) -> None:
    with pytest.raises(InvalidOptions):
        ENGINE.validate_options(options(**changes), players)


@pytest.mark.parametrize("missing", ["players", "placer", "tiles"])
def test_car_105_required_options(missing: str) -> None:
    given = options()
    del given[missing]
    with pytest.raises(InvalidOptions, match="CAR-105: required"):
        ENGINE.validate_options(given, 4)


def test_car_105_labels_are_text_and_types_may_repeat() -> None:
    state = start(tiles=[{"label": "BZ12"}, {"label": "A"}, {"type": "U"}, {"type": "U"}])
    view = ENGINE.view(state, None)
    assert [t["shown"] for t in view["auction"]["tiles"]] == [
        {"label": "BZ12"}, {"label": "A"}, {"type": "U"}, {"type": "U"}]
    four_u = ENGINE.validate_options(options(tiles=[{"type": "U"}] * 4), 4)
    assert four_u["tiles"] == [{"type": "U"}] * 4
    assert ENGINE.validate_options(options(scores=[-4, 0, 3, 120]), 4)["scores"] == [-4, 0, 3, 120]


def test_car_105_options_are_public_and_listed_in_the_catalogue() -> None:
    entry = ENGINE.catalog_entry()
    assert [o["name"] for o in entry["options"]] == ["players", "scores", "placer", "tiles"]
    assert ENGINE.public_options(options(), finished=False) == options()


def test_car_107_host_seat_cannot_play_a_seat_it_does_not_hold() -> None:
    state = play(start(), SEED_MOVES[:3])  # Red is to act
    with pytest.raises(NotYourTurn):
        ENGINE.apply(state, BLUE, {"type": "AuctionRaise", "bid": 4}, SeededRng(0))
    with pytest.raises(NotYourTurn, match="CAR-107"):
        ENGINE.apply(state, HOST, {"type": "AuctionRaise", "bid": 4}, SeededRng(0))


def test_s_car_37_cancel_by_host_changes_no_score() -> None:
    state = play(start(), SEED_MOVES[:5])  # after auction 1; Black is to act
    assert ENGINE.to_act(state) == {BLACK}
    with pytest.raises(NotYourTurn, match="CAR-111"):
        ENGINE.apply(state, BLUE, CANCEL, SeededRng(0))
    assert ENGINE.legal_moves(state, HOST) == [CANCEL]
    state, events = ENGINE.apply(state, HOST, CANCEL, SeededRng(0))
    assert events[0]["type"] == "AuctionCancelled"
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert outcome.details == {**outcome.details, "changes": [0] * 4, "cancelled": True}
    assert outcome.scores == [10] * 4 and outcome.ranks == [] and outcome.winners == []
    view = ENGINE.view(state, None)
    assert view["finished"] and view["to_act"] == []
    assert view["report"]["auctions"][0]["settlement"] == "buy"  # auction 1 stays visible
    for seat, move in ((BLACK, {"type": "AuctionOpen", "tile": 1, "bid": 0}), (HOST, CANCEL)):
        with pytest.raises(IllegalMove, match="CAR-111"):
            ENGINE.apply(state, seat, move, SeededRng(0))
    assert ENGINE.legal_moves(state, HOST) == [] and ENGINE.legal_moves(state, BLACK) == []


def test_car_111_cancel_without_scores_reports_zero() -> None:
    state = play(start(scores=None), SEED_MOVES[:5])
    state, _ = ENGINE.apply(state, HOST, CANCEL, SeededRng(0))
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.scores == [0] * 4


def test_car_111_cancel_takes_no_arguments_and_not_after_the_end() -> None:
    with pytest.raises(InvalidMove):
        ENGINE.apply(start(), HOST, {"type": "Cancel", "why": "x"}, SeededRng(0))
    with pytest.raises(IllegalMove, match="CAR-111"):
        ENGINE.apply(play(start(), SEED_MOVES), HOST, CANCEL, SeededRng(0))


def test_s_car_38_rematch_carries_the_final_scores() -> None:
    finished = play(start(), SEED_MOVES)
    assert ENGINE.rematch_options(options(), finished) == {
        "players": NAMES, "scores": [10, 7, 13, 7]}
    cancelled, _ = ENGINE.apply(play(start(), SEED_MOVES[:5]), HOST, CANCEL, SeededRng(0))
    assert ENGINE.rematch_options(options(), cancelled)["scores"] == [10, 10, 10, 10]
    no_scores = play(start(scores=None), SEED_MOVES)
    assert ENGINE.rematch_options(options(scores=None), no_scores)["scores"] is None


def test_car_110_rematch_needs_a_new_placer_and_tiles() -> None:
    carried = ENGINE.rematch_options(options(), play(start(), SEED_MOVES))
    with pytest.raises(InvalidOptions, match="placer, tiles"):
        ENGINE.validate_options(carried, 4)
    fresh = ENGINE.validate_options({**carried, "placer": 2, "tiles": [{"type": "U"}] * 4}, 4)
    state = ENGINE.setup(NAMES, fresh, SeededRng(0))
    assert ENGINE.to_act(state) == {GREEN}
    assert [p["score"] for p in ENGINE.view(state, None)["players"]] == [10, 7, 13, 7]


def test_s_car_39_car_112_no_timeout_move_the_bot_plays() -> None:
    state = start()
    assert ENGINE.timeout_move(state, BLUE) is None
    move = ENGINE.bot_move(state, BLUE, SeededRng(3))
    assert move["type"] == "AuctionOpen"
    assert move in ENGINE.legal_moves(state, BLUE)


def test_car_113_envelope_score_is_entered_plus_changes_live() -> None:
    state = play(start(), SEED_MOVES[:5])
    view = ENGINE.view(state, None)
    assert [p["score"] for p in view["players"]] == [13, 7, 10, 10]
    assert view["outcome"] is None and view["finished"] is False


def test_car_101_every_viewer_sees_the_same_view() -> None:
    state = play(start(), SEED_MOVES[:7])
    views = [ENGINE.view(state, seat) for seat in (None, RED, BLUE, BLACK, GREEN)]
    assert all(v == views[0] for v in views)
    json.dumps(views[0])


def test_describe_uses_the_table_names() -> None:
    state = start()
    _, events = ENGINE.apply(state, BLUE, SEED_MOVES[0][1], SeededRng(0))
    text = ENGINE.describe(events[0], ["holder0", "holder1", "holder2", "holder3"])
    assert text == "Blue opened auction 1 for tile 1 (“t1”) with a bid of 1 point"
    assert ENGINE.describe({"type": "AuctionCancelled"}, NAMES).startswith("the host cancelled")


def test_dump_load_round_trip() -> None:
    state = play(start(), SEED_MOVES[:6])
    data = json.loads(json.dumps(ENGINE.dump_state(state)))
    assert ENGINE.load_state(data) == state


def test_contract_configs_are_valid_options() -> None:
    for players, given in ENGINE.contract_configs():
        checked = ENGINE.validate_options(given, players)
        assert len(checked["players"]) == players
