"""Two instances race for one seq (docs/design.md: one writer per seq, the move log's unique
``(game, seq)``): the instance that loses learns it from the database, catches up and refuses
the move as every stale move is refused, and nothing it tried is kept."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import Player, ServerThread, make_settings, move_entries, start_game


def test_the_instance_that_loses_a_race_for_a_seq_refuses_the_move_as_stale(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'shared.db'}"
    with ServerThread(make_settings(url)) as first, ServerThread(make_settings(url)) as second:
        ann, bob = Player(first.url, "Ann"), Player(first.url, "Bob")
        game_id = start_game(ann, [bob], options={"first_player": 0})
        on_second = Player(second.url, "Ann")
        on_second.http.headers["authorization"] = f"Bearer {ann.token}"
        before = on_second.game(game_id)  # the second instance holds the game at seq 0
        legal = ann.game(game_id)["legal"]
        ann.ok(ann.move(game_id, 0, legal[0]))
        # no hub between them (no Redis): the second instance still believes the game is at
        # seq 0, lets the move through its own checks and meets the first's row on commit
        lost = on_second.move(game_id, 0, before["legal"][-1])
        assert lost.status_code == 409, lost.text
        detail = lost.json()["detail"]
        assert detail["code"] == "STALE_SEQ" and detail["seq"] == 1
        assert detail["reason"] == "the game is at seq 1, not 0"
        assert detail["message"] == {"id": "the game is at seq {now}, not {seq}",
                                     "args": {"now": 1, "seq": 0}}
        # the loser caught up: it now shows the winner's move, and the log holds that one only
        assert on_second.game(game_id)["view"] == ann.game(game_id)["view"]
        assert [e["move"] for e in move_entries(ann, game_id)] == [legal[0]]
