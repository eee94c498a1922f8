"""An undo made on one instance is followed by another that holds the same game (issue 27,
point 3): it catches up through the undo row, and an instance that loads the game afresh
starts from the undo row's snapshot."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import Player, ServerThread, make_settings, start_game
from tests.support.undo import CARCASSONNE, play, undo


def test_the_other_instance_catches_up_through_an_undo(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'shared.db'}"
    with ServerThread(make_settings(url)) as first, ServerThread(make_settings(url)) as second:
        ann, bob = Player(first.url, "Ann"), Player(first.url, "Bob")
        game_id = start_game(ann, [bob], "carcassonne", CARCASSONNE)
        on_second = Player(second.url, "Ann")
        on_second.http.headers["authorization"] = f"Bearer {ann.token}"
        before = on_second.game(game_id)  # the second instance holds the game at seq 0
        laid = play(ann, game_id, "PlaceTile")
        ann.ok(undo(ann, game_id, laid["seq"]))
        # a move posted to the second instance at the new seq makes it catch up first
        tile = before["legal"][-1]
        moved = on_second.ok(on_second.move(game_id, laid["seq"] + 1, tile))
        assert moved["seq"] == laid["seq"] + 2
        followed = on_second.game(game_id)
    # the first instance has no hub to tell it (no Redis here); a third instance loads the
    # game from the database alone, from the undo row's snapshot and the move after it
    with ServerThread(make_settings(url)) as third:
        fresh = Player(third.url, "Eve")
        fresh.http.headers["authorization"] = f"Bearer {ann.token}"
        loaded = fresh.game(game_id)
    assert loaded["seq"] == followed["seq"]
    assert loaded["view"] == followed["view"]
    assert loaded["view"]["board"] != before["view"]["board"]  # the tile laid after the undo
