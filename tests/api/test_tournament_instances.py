"""Tournaments on two instances (issue 32; docs/scaling.md), on SQLite and PostgreSQL: two
instances seat each round once; a round that fell due while no instance looked is seated by the
next from the database; a round seated after the tournament's row was read waits for the next
read."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from typing import Any

from tests.conftest import Player, ServerThread, make_settings
from tests.support.tournament_api import (
    after_looks,
    create,
    games_hosted_by,
    play_round,
    server,
    set_current_round,
    wait_for,
)

__all__ = ["server"]  # the module's server, whose scheduler looks often (a module fixture)


def test_two_instances_seat_each_round_once(players: Any, server: ServerThread) -> None:
    url = str(server.app.state.settings.database_url)
    with ServerThread(make_settings(url, tournament_tick_seconds=0.05,
                                    run_migrations=False)) as other:
        host = players("Organiser")
        people = {p.user_id: p for p in (players(n) for n in ("Ann", "Bob", "Cat", "Dan"))}
        t = create(host, table_size=2, rounds=2)
        for p in people.values():
            p.ok(p.post(f"/api/tournaments/{t['id']}/register"))
        host.ok(host.post(f"/api/tournaments/{t['id']}/start"))
        t = wait_for(host, t["id"], lambda x: x["current_round"] == 1 and x["rounds_played"])
        after_looks(server, other)
        t = host.ok(host.get(f"/api/tournaments/{t['id']}"))
        assert [len(r["tables"]) for r in t["rounds_played"]] == [2]
        assert games_hosted_by(url, host.user_id) == 2
        play_round(people, t)
        t = wait_for(host, t["id"], lambda x: x["current_round"] == 2 and
                     len(x["rounds_played"]) == 2)
        play_round(people, t)
        t = wait_for(host, t["id"], lambda x: x["status"] == "finished")
        after_looks(server, other)
        t = host.ok(host.get(f"/api/tournaments/{t['id']}"))
        assert [len(r["tables"]) for r in t["rounds_played"]] == [2, 2]
        assert games_hosted_by(url, host.user_id) == 4


def test_a_start_taken_by_one_instance_is_seated_by_another_from_the_database(
        players: Any, server: ServerThread) -> None:
    url = str(server.app.state.settings.database_url)
    # an instance that would not look for an hour takes the tournament and its registrations,
    # then stops: the module's server, which never heard of it, seats it when it falls due
    with ServerThread(make_settings(url, tournament_tick_seconds=3600,
                                    run_migrations=False)) as sleepy:
        host, ann, bob = (Player(sleepy.url, n) for n in ("Organiser", "Ann", "Bob"))
        soon = datetime.now(UTC) + timedelta(seconds=3)
        t = create(host, table_size=2, rounds=1, starts_at=soon.isoformat())
        for p in (ann, bob):
            p.ok(p.post(f"/api/tournaments/{t['id']}/register"))
        # registration closes at the start time, though no instance has seated round 1 yet
        late = Player(sleepy.url, "Late")
        while datetime.now(UTC) <= soon:
            time.sleep(0.05)
        refused = late.post(f"/api/tournaments/{t['id']}/register")
        assert refused.status_code == 409, refused.text
        assert refused.json()["detail"]["code"] == "TOURNAMENT_STARTED"
        late.http.close()
        looks = sleepy.app.state.tournaments.looks
    assert looks == 0
    watcher = players("Watcher")
    t = wait_for(watcher, t["id"], lambda x: x["status"] == "running", 30)
    assert [len(r["tables"]) for r in t["rounds_played"]] == [1]
    assert sorted(s["name"] for s in t["rounds_played"][0]["tables"][0]["seats"]) == \
        ["Ann", "Bob"]
    for p in (host, ann, bob):
        p.http.close()



def test_a_round_seated_after_the_row_was_read_waits_for_the_next_read(
        players: Any, server: ServerThread) -> None:
    """The tournament's row and its tables are two reads; a round seated between them must not
    be listed beside a current round that does not know it yet (a player resigned in the old
    round's finished game while the new one timed out). Mimicked by putting the row one round
    back: the round it does not know of is not listed."""
    host, ann, bob = players("Organiser"), players("Ann"), players("Bob")
    t = create(host, format="round-robin", table_size=2)
    for p in (ann, bob):
        p.ok(p.post(f"/api/tournaments/{t['id']}/register"))
    host.ok(host.post(f"/api/tournaments/{t['id']}/start"))
    t = wait_for(host, t["id"], lambda x: x["rounds_played"])
    url = str(server.app.state.settings.database_url)
    set_current_round(url, t["id"], 0)
    behind = host.ok(host.get(f"/api/tournaments/{t['id']}"))
    assert behind["current_round"] == 0 and behind["rounds_played"] == []
    assert ann.ok(ann.get(f"/api/tournaments/{t['id']}"))["you"]["game_id"] is None
    set_current_round(url, t["id"], 1)
    game_id = t["rounds_played"][0]["tables"][0]["game_id"]
    assert ann.ok(ann.get(f"/api/tournaments/{t['id']}"))["you"]["game_id"] == game_id
    for p in (ann, bob):
        p.ok(p.post(f"/api/games/{game_id}/resign"))
    wait_for(host, t["id"], lambda x: x["status"] == "finished")

