"""The names and marks in a lobby's answers (issue 24.5) after the set-up's cheaper path (issue 30,
point 2): the host's and the joining player's own come from their identities, the others' from
one query, and every answer says the same as a third person's read of the lobby."""

from __future__ import annotations

import re
from typing import Any

from tests.support.accounts import claim


def _marks(lobby: dict[str, Any]) -> tuple[str | None, list[str | None]]:
    return lobby["host"]["mark"], [seat["mark"] for seat in lobby["seats"]]


def test_create_and_join_answers_carry_the_marks_a_spectator_reads(players: Any) -> None:
    ann, bob, eve = players("Ann"), players("Bob"), players("Eve")
    claim(ann, "annmarks")
    created = ann.ok(ann.post("/api/lobbies", json={"kind": "grand-bazaar", "players": 2}))
    assert _marks(created) == ("@annmarks", ["@annmarks", None])
    assert created["host"]["name"] == "Ann"

    joined = bob.ok(bob.post(f"/api/lobbies/{created['id']}/join", json={}))
    host_mark, seat_marks = _marks(joined)
    assert host_mark == "@annmarks" and seat_marks[0] == "@annmarks"
    assert seat_marks[1] is not None and re.fullmatch(r"guest #[0-9a-f]{4}", seat_marks[1])
    assert joined["host"]["name"] == "Ann" and joined["seats"][1]["name"] == "Bob"

    seen = eve.ok(eve.get(f"/api/lobbies/{created['id']}"))
    assert _marks(seen) == _marks(joined)
    assert seen["host"]["name"] == "Ann"


def test_a_new_guest_is_written_before_its_answer(server: Any, players: Any) -> None:
    """The guest's row and session are written in one statement before the answer: with the
    process's cache of identities emptied, the token is still known (read from the
    database), as on another instance."""
    ann = players("Ann")
    server.app.state.identities.clear()
    assert ann.ok(ann.get("/api/session")) == {"user_id": ann.user_id, "name": "Ann",
                                                "account": False}
    server.app.state.identities.clear()
    lobby = ann.ok(ann.post("/api/lobbies", json={"kind": "grand-bazaar", "players": 2}))
    assert lobby["you"]["is_host"] and lobby["you"]["seats"] == [0]
    assert lobby["seats"][0]["mark"] == lobby["host"]["mark"] is not None
