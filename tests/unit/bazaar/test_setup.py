"""Options and setup: BAZ-1, BAZ-2, BAZ-8 to BAZ-11, BAZ-36; S-BAZ-01 and S-BAZ-02."""

from __future__ import annotations

import json
from typing import Any

import pytest

from app.games.base import InvalidOptions, RecordingRng, ReplayRng, SeededRng
from app.games.bazaar import ENGINE
from app.games.bazaar.data import STALL_COUNT, STALL_SIZE

from .helpers import NAMES, S01_STALLS, new_game


def test_baz_1_kind_title_players_and_penalty_default_on() -> None:
    """BAZ-1/BAZ-25: kind bazaar, 2-6 players, Penalty Bazaar on by default."""
    assert (ENGINE.kind, ENGINE.title, ENGINE.min_players, ENGINE.max_players) == (
        "bazaar", "Bazaar", 2, 6)
    opts = ENGINE.validate_options({}, 4)
    assert opts["penalty"] is True
    assert opts["scale"] == "classic" and opts["tiebreak"] == "shared"
    assert opts["stall_rounds"] == 30 and opts["first_player"] == "random"
    assert opts["exchange_cards"] is None and opts["stalls"] is None


@pytest.mark.parametrize("players", [1, 7])
def test_s_baz_02_players_out_of_range(players: int) -> None:
    """S-BAZ-02/BAZ-2: 1 or 7 players are rejected."""
    with pytest.raises(InvalidOptions):
        ENGINE.validate_options({}, players)


def test_s_baz_02_players_option_must_match_the_seats() -> None:
    """S-BAZ-02/BAZ-2: the `players` option, if given, is 2-6 and equals the seat count."""
    assert "players" not in ENGINE.validate_options({"players": 4}, 4)
    for options, seats in (({"players": 1}, 1), ({"players": 7}, 7), ({"players": 5}, 4),
                           ({"players": "4"}, 4)):
        with pytest.raises(InvalidOptions):
            ENGINE.validate_options(options, seats)


@pytest.mark.parametrize("options", [
    {"exchange_cards": [3, 3]},
    {"exchange_cards": [0, 5]},
    {"exchange_cards": [1, 2, 3]},
    {"exchange_cards": [1, 11]},
    {"exchange_cards": "1,7"},
    {"scale": "double"},
    {"stalls": [[21, 1, 2, 3, 4], [36, 6, 7, 8, 9], [41, 11, 12, 13, 14], [45, 16, 17, 18, 1]]},
    {"stalls": [[21, 1, 2, 3, 4], [36, 6, 7, 8, 9], [41, 11, 12, 13, 14]]},
    {"stalls": [[21, 1, 2, 3], [36, 6, 7, 8, 9], [41, 11, 12, 13, 14], [45, 16, 17, 18, 19]]},
    {"stalls": [[21, 1, 2, 3, 46], [36, 6, 7, 8, 9], [41, 11, 12, 13, 14], [45, 16, 17, 18, 19]]},
    {"penalty": "yes"},
    {"tiebreak": "coin"},
    {"stall_rounds": 0},
    {"stall_rounds": 101},
    {"first_player": 4},
    {"first_player": "last"},
    {"first_player": True},
    {"colour": "red"},
])
def test_s_baz_02_bad_options_rejected(options: dict[str, Any]) -> None:
    """S-BAZ-02/BAZ-2: unknown names and out-of-range values are rejected at creation."""
    with pytest.raises(InvalidOptions):
        ENGINE.validate_options(options, 4)


def test_baz_2_fixture_option_hidden_from_catalog() -> None:
    """BAZ-2: `stalls` is a fixture, not offered in the lobby; the penalty toggle is."""
    names = [o["name"] for o in ENGINE.catalog_entry()["options"]]
    assert "stalls" not in names and "penalty" in names
    penalty = next(o for o in ENGINE.catalog_entry()["options"] if o["name"] == "penalty")
    assert penalty["label"] == "Penalty Bazaar" and penalty["default"] is True
    assert penalty["help"].startswith("Sid Sackson's optional variation (1968)")


def test_s_baz_01_setup() -> None:
    """S-BAZ-01/BAZ-8 to BAZ-11: bank full, hands empty, tops 21 36 41 45, 10 equations."""
    state = new_game(4)
    view = ENGINE.view(state, None)
    assert view["bank"] == {"R": 20, "W": 20, "B": 20, "G": 20, "Y": 20}
    assert all(p["tokens"] == {} and p["score"] == 0 for p in view["players"])
    assert [s["top"]["id"] for s in view["stalls"]] == [21, 36, 41, 45]
    assert [s["left"] for s in view["stalls"]] == [5, 5, 5, 5]
    assert len(view["equations"]) == 10
    assert [e["id"] for e in view["equations"]] == [f"{c}.{k}" for c in (1, 7)
                                                    for k in range(1, 6)]
    assert view["to_act"] == [0]


def test_s_baz_01_no_hidden_id_in_any_view_while_running() -> None:
    """S-BAZ-01/BAZ-2/BAZ-35: no face-down id, unused id or the stalls option is visible."""
    state = new_game(4)
    for viewer in (None, 0, 1, 2, 3):
        view = ENGINE.view(state, viewer)
        text = json.dumps(view)
        assert "stalls" not in view["options"]
        ids = _ware_ids_in(view)
        assert ids == {21, 36, 41, 45}, ids
        assert "hidden" not in text and "unused" not in view


def _ware_ids_in(view: dict[str, Any]) -> set[int]:
    ids = set()
    for stall in view["stalls"]:
        if stall["top"]:
            ids.add(stall["top"]["id"])
        ids.update(stall["sold"])
    for p in view["players"]:
        ids.update(p["bought"])
    return ids


def test_baz_8_first_player_fixed_and_random() -> None:
    """BAZ-8: first_player fixes the first turn; "random" draws it uniformly via the rng."""
    assert ENGINE.to_act(new_game(3, first_player=2)) == {2}
    seen = set()
    for seed in range(40):
        opts = ENGINE.validate_options({}, 3)
        seen |= set(ENGINE.to_act(ENGINE.setup(NAMES[:3], opts, SeededRng(seed))))
    assert seen == {0, 1, 2}


def test_baz_9_exchange_cards_drawn_distinct_or_fixed() -> None:
    """BAZ-9: two distinct cards, at random or from the option; 10 equations in force."""
    drawn = set()
    for seed in range(60):
        state = ENGINE.setup(NAMES[:2], ENGINE.validate_options({}, 2), SeededRng(seed))
        assert len(set(state.cards)) == 2 and all(1 <= c <= 10 for c in state.cards)
        drawn.update(state.cards)
    assert drawn == set(range(1, 11))
    assert new_game(2, exchange_cards=[7, 1]).cards == [1, 7]


def test_baz_10_stalls_dealt_four_by_five_rest_unused() -> None:
    """BAZ-10: 4 stalls of 5 cards; the other 25 are out of the game."""
    state = ENGINE.setup(NAMES[:2], ENGINE.validate_options({}, 2), SeededRng(3))
    assert len(state.stalls) == STALL_COUNT
    assert all(len(s) == STALL_SIZE for s in state.stalls)
    dealt = [w for s in state.stalls for w in s]
    assert len(set(dealt)) == 20 and len(state.unused) == 25
    assert sorted(dealt + state.unused) == list(range(1, 46))
    fixed = new_game(2)
    assert fixed.stalls == S01_STALLS


def test_baz_11_start_bank_full_hands_empty_scores_zero() -> None:
    """BAZ-11: 100 tokens in the bank, empty hands, scores 0."""
    state = ENGINE.setup(NAMES[:5], ENGINE.validate_options({}, 5), SeededRng(9))
    assert state.bank == [20] * 5
    assert all(h == [0] * 5 for h in state.hands)
    assert [state.score(i) for i in range(5)] == [0] * 5


def test_baz_36_setup_chance_is_recorded_and_replays() -> None:
    """BAZ-36: the deal, the card draw and the first player are recorded outcomes."""
    opts = ENGINE.validate_options({}, 4)
    rec = RecordingRng(SeededRng(12))
    state = ENGINE.setup(NAMES[:4], opts, rec)
    assert len(rec.outcomes) == 44 + 2 + 1  # Fisher-Yates over 45 cards, 2 cards, 1 seat
    replay = ReplayRng(rec.outcomes)
    again = ENGINE.setup(NAMES[:4], opts, replay)
    replay.finish()
    assert ENGINE.dump_state(again) == ENGINE.dump_state(state)
    fixed = ENGINE.validate_options({"exchange_cards": [1, 7], "first_player": 0,
                                     "stalls": S01_STALLS}, 4)
    rec2 = RecordingRng(SeededRng(1))
    ENGINE.setup(NAMES[:4], fixed, rec2)
    assert rec2.outcomes == []  # nothing left to chance when everything is fixed
