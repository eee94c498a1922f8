"""Information: BAZ-34, BAZ-35 (and BAZ-2's hidden fixture); S-BAZ-26; the log in words."""

from __future__ import annotations

import json
from typing import Any

from app.games.base import Event, RecordingRng, SeededRng
from app.games.bazaar import ENGINE
from app.games.bazaar.state import PURCHASE, BazaarState

from .helpers import NAMES, S01_STALLS, buy, given, new_game, play

UNUSED_S01 = [5, 10, 15, 20, *range(22, 36), 37, 38, 39, 40, 42, 43, 44]


def _ids_shown(view: dict[str, Any]) -> set[int]:
    """Every ware id a view shows, wherever it appears."""
    ids: set[int] = set()
    for stall in view["stalls"]:
        if stall["top"]:
            ids.add(stall["top"]["id"])
        ids.update(stall["sold"])
        ids.update(stall.get("hidden", []))
    for p in view["players"]:
        ids.update(p["bought"])
    ids.update(view.get("unused", []))
    stalls_opt = view["options"].get("stalls")
    if stalls_opt:
        ids.update(w for s in stalls_opt for w in s)
    return ids


def _event_ids(events: list[Event]) -> set[int]:
    return {e["ware"] for e in events if "ware" in e}


def _play_to_end(state: BazaarState, seed: int) -> tuple[list[BazaarState], list[list[Event]]]:
    states, logs = [state], []
    chooser = SeededRng(seed)
    while ENGINE.outcome(state) is None:
        (seat,) = ENGINE.to_act(state)
        move = ENGINE.bot_move(state, seat, chooser)
        state, events = ENGINE.apply(state, seat, move, RecordingRng(chooser))
        states.append(state)
        logs.append(events)
    return states, logs


def test_baz_34_everything_public_is_shown_to_all() -> None:
    """BAZ-34: hands, bank, scores, cards in force, tops and sizes, purchases, guard count."""
    state = given(new_game(3), hands={0: "RRWWB", 1: "GGY"}, phase=PURCHASE)
    state, _ = play(state, 0, buy(1))
    views = [ENGINE.view(state, v) for v in (None, 0, 1, 2)]
    for v in views:
        del v["viewer"]
    assert all(v == views[0] for v in views[1:])  # no private information in Bazaar
    view = views[0]
    assert view["players"][1]["tokens"] == {"G": 2, "Y": 1}
    assert view["players"][0]["bought"] == [21]
    assert view["bank"]["G"] == 18 and view["exchange_cards"] == [1, 7]
    assert view["stalls"][0] == {"stall": 1, "left": 4, "sold": [21], "level": 0,
                                 "top": {"id": 1, "cost": {"R": 3, "W": 2},
                                         "letters": "RRRWW", "star": False}}
    assert view["players"][1]["penalties"] == 0 and "idle_turns" in view


def test_s_baz_26_baz_35_hidden_until_the_end() -> None:
    """S-BAZ-26/BAZ-2/BAZ-10/BAZ-35: the S-BAZ-01 setup played to the end.

    While running no view or event shows the stalls option, a face-down or an unused id; a
    face-down id first appears when it becomes a top. Once over, all of it is public.
    """
    states, logs = _play_to_end(new_game(4), 7)
    revealed = {21, 36, 41, 45}
    for step, state in enumerate(states[:-1]):
        if step:
            revealed |= _event_ids(logs[step - 1])
        for viewer in (None, 0, 1, 2, 3):
            view = ENGINE.view(state, viewer)
            assert "stalls" not in view["options"] and "unused" not in view
            assert _ids_shown(view) <= revealed, step
            assert "hidden" not in json.dumps(view)
    for events in logs:
        for e in events:
            if e["type"] == "CardRevealed":
                stall = S01_STALLS[e["stall"] - 1]
                assert e["ware"] in stall[1:]
    final = ENGINE.view(states[-1], None)
    assert final["finished"] and final["options"]["stalls"] == S01_STALLS
    assert final["unused"] == UNUSED_S01
    for i, stall in enumerate(final["stalls"]):
        top = [stall["top"]["id"]] if stall["top"] else []
        assert stall["sold"] + top + stall["hidden"] == S01_STALLS[i]
    start = ENGINE.full_view(states[0])
    assert [[s["top"]["id"], *s["hidden"]] for s in start["stalls"]] == S01_STALLS
    assert start["unused"] == UNUSED_S01
    assert start["options"]["stalls"] == S01_STALLS
    for state in states[1:]:
        assert ENGINE.full_view(state)["unused"] == UNUSED_S01


def test_baz_35_resample_hidden_really_redraws() -> None:
    """BAZ-35: resample_hidden changes the face-down cards but no view."""
    state = ENGINE.setup(NAMES[:3], ENGINE.validate_options({}, 3), SeededRng(4))
    other = ENGINE.resample_hidden(state, 1, SeededRng(5))
    assert [s[0] for s in other.stalls] == [s[0] for s in state.stalls]
    assert [s[1:] for s in other.stalls] != [s[1:] for s in state.stalls]
    assert ENGINE.view(other, 1) == ENGINE.view(state, 1)
    dealt = sorted(w for s in other.stalls for w in s) + other.unused
    assert sorted(dealt) == list(range(1, 46))


def test_baz_36_die_roll_is_a_recorded_chance_outcome() -> None:
    """BAZ-36/BAZ-4: a roll draws once from the rng; replay uses the record, never re-rolls."""
    state = new_game(2)
    rng = RecordingRng(SeededRng(3))
    after, events = ENGINE.apply(state, 0, {"type": "Roll"}, rng)
    assert len(rng.outcomes) == 1 and 0 <= rng.outcomes[0] < 6
    assert events[0]["face"] == ("R", "W", "B", "G", "Y", "WILD")[rng.outcomes[0]]


def test_describe_purchase_with_penalty_in_words() -> None:
    """The log in words: 'Ann bought a ★ ware of 4 red and 1 white ...; Bob −2 penalty'."""
    state = given(new_game(2), hands={0: "RRRRWG", 1: "RRWWBG"}, phase=PURCHASE)
    _, events = play(state, 0, buy(2))
    words = [ENGINE.describe(e, NAMES[:2]) for e in events]
    assert words[0] == ("Ann bought a ★ ware of 4 red and 1 white with 1 token left: 5 points;"
                        " Bob −2 penalty")
    assert words[1] == "Bob −2 penalty: 6 tokens, above Ann's threshold of 4"
    assert words[2] == "stall 2 now shows a ware of 3 red and 2 blue"


def test_describe_every_event_type() -> None:
    """Every event type has words; none falls back to the bare type name."""
    names = NAMES[:2]
    samples: list[Event] = [
        {"type": "DieRolled", "seat": 0, "face": "WILD"},
        {"type": "DieRolled", "seat": 0, "face": "R", "got": "R"},
        {"type": "DieRolled", "seat": 1, "face": "Y", "got": None},
        {"type": "ColourChosen", "seat": 0, "colour": "G"},
        {"type": "Traded", "seat": 0, "equation_id": "1.1", "direction": "left-to-right",
         "gave": {"R": 1}, "got": {"W": 1, "Y": 1}},
        {"type": "StallSoldOut", "stall": 3},
        {"type": "HandLimitReached", "seat": 1, "surplus": 2},
        {"type": "TokensReturned", "seat": 1, "tokens": {"R": 2}},
        {"type": "TurnEnded", "seat": 1},
        {"type": "GameEnded", "reason": "stalled", "scores": [3, -1]},
    ]
    words = [ENGINE.describe(e, names) for e in samples]
    assert words[0] == "Ann rolled the wild face"
    assert words[1] == "Ann rolled red and took a red token"
    assert words[2] == "Bob rolled yellow: the bank has no yellow token left"
    assert words[4] == "Ann traded 1 red for 1 white and 1 yellow"
    assert words[7] == "Bob returned 2 red to the bank"
    assert words[9] == "game over (no purchase for too long): Ann 3, Bob -1"
    assert all(w != e["type"] for w, e in zip(words, samples, strict=True))
