"""Undo rows in finished games' records (issue 27, point 3): the export keeps them, the import
replays and checks them, the text record says them, and the replay shows the position they
went back to."""

from __future__ import annotations

import copy
from typing import Any

from tests.conftest import start_game
from tests.support.games import play_to_end
from tests.support.undo import CARCASSONNE, play, undo


def _finished_game_with_an_undo(ann: Any) -> tuple[str, int]:
    game_id = start_game(ann, [], "carcassonne", CARCASSONNE, bots=1)
    laid = play(ann, game_id, "PlaceTile")
    undone = ann.ok(undo(ann, game_id, laid["seq"]))["seq"]
    play_to_end({0: ann}, game_id, seed=3)
    return game_id, undone


def test_a_record_with_an_undo_exports_imports_and_replays(players: Any) -> None:
    ann = players("Ann")
    game_id, undone = _finished_game_with_an_undo(ann)
    record = ann.ok(ann.get(f"/api/games/{game_id}/export"))
    entry = record["moves"][undone - 1]
    assert entry["move"] == {"type": "Undo", "to": undone - 2}
    assert entry["events"][0]["type"] == "Undone"
    # the replay at the undo's step shows the position it went back to
    at_undo = ann.ok(ann.get(f"/api/games/{game_id}/replay", params={"at": undone}))
    before = ann.ok(ann.get(f"/api/games/{game_id}/replay", params={"at": undone - 2}))
    assert at_undo["view"] == before["view"]
    assert "undid their last step" in at_undo["events"][0]["text"]
    copy_id = ann.ok(ann.post("/api/games/import", json={"record": record}))["game_id"]
    again = ann.game(copy_id)
    assert again["status"] == "finished"
    assert again["view"]["outcome"]["scores"] == record["outcome"]["scores"]
    text = ann.get(f"/api/games/{game_id}/export", params={"format": "text"}).text
    assert f"{undone}. Ann: undo to {undone - 2}" in text
    from_text = ann.ok(ann.post("/api/games/import", json={"text": text}))["game_id"]
    assert ann.game(from_text)["view"]["outcome"]["scores"] == record["outcome"]["scores"]


def test_an_undo_the_rules_did_not_allow_is_refused_on_import(players: Any) -> None:
    ann = players("Ann")
    game_id, undone = _finished_game_with_an_undo(ann)
    record = ann.ok(ann.get(f"/api/games/{game_id}/export"))
    wrong = copy.deepcopy(record)
    # not where the undo of the laid tile goes (the position before it): a made-up step
    wrong["moves"][undone - 1]["move"]["to"] = undone - 1
    reply = ann.post("/api/games/import", json={"record": wrong})
    assert reply.status_code == 422 and reply.json()["detail"]["code"] == "REPLAY_MISMATCH"
    # an undo appended after the last move (which drew or ended the game) is refused too
    late = copy.deepcopy(record)
    last = late["moves"][-1]
    late["moves"].append({"seq": last["seq"] + 1, "seat": last["seat"], "chance": [],
                          "move": {"type": "Undo", "to": last["seq"] - 1},
                          "events": [], "actor": "player"})
    reply = ann.post("/api/games/import", json={"record": late})
    assert reply.status_code == 422, reply.text
