"""Vacations of turn-based play (issue 27, point 1; docs/decisions.md, "Vacations"): an
account's days off move the due times of its turns under way, and come back when cancelled; the
yearly allowance refuses a vacation past it; the other players see the vacation and weekends
off in words; a deleted account's vacations are erased."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy import func, select

from app.play.vacation_models import TurnPrefs, Vacation
from tests.conftest import Player
from tests.support.accounts import PASSWORD, claim
from tests.support.server_loop import on_server

DAY = 86400


def _turn_game(ann: Player, bob: Player, days: int = 2) -> tuple[str, int]:
    lobby = ann.ok(ann.post("/api/lobbies", json={
        "kind": "grand-bazaar", "players": 2, "clock": {"mode": "turn", "days": days}}))
    bob.ok(bob.post(f"/api/lobbies/{lobby['id']}/join"))
    game_id = ann.ok(ann.post(f"/api/lobbies/{lobby['id']}/start"))["game_id"]
    [seat] = ann.game(game_id)["view"]["to_act"]
    return game_id, seat


def _left(player: Player, game_id: str, seat: int) -> int:
    return int(player.game(game_id)["clock"]["remaining"][str(seat)])


def _today() -> date:
    return datetime.now(UTC).date()


def test_a_vacation_moves_the_due_time_of_a_turn_under_way_and_cancelling_moves_it_back(
        players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    claim(ann, "ann_vac")
    claim(bob, "bob_vac")
    game_id, seat = _turn_game(ann, bob)
    mover = ann if ann.game(game_id)["you"]["seats"] == [seat] else bob
    before = _left(ann, game_id, seat)  # 2 days + 2 days of reserve
    assert abs(before - 4 * DAY) < 60
    # two whole days off, starting tomorrow: inside the 4 counted days, so the turn gets 2 more
    taken = mover.ok(mover.post("/api/account/vacation", json={
        "start": (_today() + timedelta(days=1)).isoformat(), "days": 2}))
    assert abs(_left(ann, game_id, seat) - (before + 2 * DAY)) < 60
    [vacation] = taken["vacations"]
    assert vacation["days"] == 2 and not vacation["under_way"]
    # not under way yet: nobody is told the player is away
    assert ann.game(game_id)["seats"][seat]["vacation"] is None
    assert mover.http.delete(f"/api/account/vacation/{vacation['id']}").status_code == 204
    assert abs(_left(ann, game_id, seat) - before) < 60
    assert mover.ok(mover.get("/api/account/vacation"))["vacations"] == []


def test_a_player_on_vacation_is_shown_to_the_others_with_the_day_they_are_back(
        players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    claim(ann, "ann_away")
    claim(bob, "bob_away")
    game_id, seat = _turn_game(ann, bob)
    mover = ann if ann.game(game_id)["you"]["seats"] == [seat] else bob
    other = bob if mover is ann else ann
    mover.ok(mover.post("/api/account/vacation", json={"start": _today().isoformat(),
                                                       "days": 3}))
    last = _today() + timedelta(days=2)
    held = other.game(game_id)["seats"][seat]
    assert held["vacation"]["until"] == last.isoformat()
    assert held["vacation"]["words"] == (
        f"{held['name']} is on vacation until {last.strftime('%A')} {last.day} "
        f"{last.strftime('%B %Y')}")
    # the turn began today, before the vacation's instant of taking: its clock stood still
    # from midnight, so the turn has at least the 3 days off more than the 4 counted days
    assert _left(other, game_id, seat) > 4 * DAY + 2 * DAY
    # cancelled while under way: it ends now, and the days begun stay spent
    [vacation] = mover.ok(mover.get("/api/account/vacation"))["vacations"]
    assert vacation["under_way"]
    assert mover.http.delete(f"/api/account/vacation/{vacation['id']}").status_code == 204
    assert other.game(game_id)["seats"][seat]["vacation"] is None
    left = mover.ok(mover.get("/api/account/vacation"))["left"]
    assert left[str(_today().year)] <= 29


def test_the_yearly_allowance_refuses_a_vacation_past_thirty_days(players: Any) -> None:
    ann = players("Ann")
    claim(ann, "ann_allow")
    year = _today().year + 1
    ann.ok(ann.post("/api/account/vacation", json={"start": f"{year}-03-01", "days": 20}))
    refused = ann.post("/api/account/vacation", json={"start": f"{year}-04-01", "days": 11})
    assert refused.status_code == 409
    assert refused.json()["detail"]["code"] == "VACATION_ALLOWANCE"
    assert f"10 days of vacation left in {year}" in refused.json()["detail"]["reason"]
    summary = ann.ok(ann.post("/api/account/vacation", json={"start": f"{year}-04-01",
                                                             "days": 10}))
    assert summary["left"][str(year)] == 0
    overlap = ann.post("/api/account/vacation", json={"start": f"{year}-03-05", "days": 1})
    assert overlap.json()["detail"]["code"] in ("VACATION_OVERLAP", "VACATION_ALLOWANCE")
    past = ann.post("/api/account/vacation", json={
        "start": (_today() - timedelta(days=1)).isoformat(), "days": 1})
    assert past.status_code == 409 and past.json()["detail"]["code"] == "VACATION_PAST"


def test_a_guest_takes_no_vacation(players: Any) -> None:
    guest = players("Gus")
    answer = guest.post("/api/account/vacation", json={"start": _today().isoformat(), "days": 1})
    assert answer.status_code == 403 and answer.json()["detail"]["code"] == "ACCOUNT_NEEDED"


def test_weekends_off_pause_the_turn_on_saturdays_and_sundays(players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    claim(ann, "ann_wknd")
    claim(bob, "bob_wknd")
    game_id, seat = _turn_game(ann, bob, days=7)
    mover = ann if ann.game(game_id)["you"]["seats"] == [seat] else bob
    before = _left(ann, game_id, seat)  # 7 days + 7 of reserve
    assert mover.ok(mover.http.put("/api/account/vacation/weekends",
                                   json={"weekends_off": True}))["weekends_off"] is True
    # 14 counted days span at least two whole weekends, and at most three and a started one
    grown = _left(ann, game_id, seat) - before
    assert 4 * DAY - 60 <= grown <= 8 * DAY
    mover.ok(mover.http.put("/api/account/vacation/weekends", json={"weekends_off": False}))
    assert abs(_left(ann, game_id, seat) - before) < 60


def test_weekends_off_are_shown_to_the_other_players(players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    claim(ann, "ann_weekends")
    claim(bob, "bob_weekends")
    game_id, seat = _turn_game(ann, bob)
    mover = ann if ann.game(game_id)["you"]["seats"] == [seat] else bob
    other = bob if mover is ann else ann
    assert other.game(game_id)["seats"][seat]["weekends_off"] is None
    mover.ok(mover.http.put("/api/account/vacation/weekends", json={"weekends_off": True}))
    held = other.game(game_id)["seats"][seat]
    assert held["weekends_off"]["words"] == (
        f"{held['name']} takes weekends off (Saturday and Sunday, UTC)")
    assert other.game(game_id)["seats"][1 - seat]["weekends_off"] is None


def test_a_deleted_account_s_vacations_are_erased(server: Any, players: Any) -> None:
    ann = players("Ann")
    claim(ann, "ann_gone")
    ann.ok(ann.post("/api/account/vacation", json={
        "start": (_today() + timedelta(days=3)).isoformat(), "days": 2}))
    ann.ok(ann.http.put("/api/account/vacation/weekends", json={"weekends_off": True}))

    async def rows() -> tuple[int, int]:
        async with server.app.state.play.sessions() as session:
            vacations = await session.scalar(select(func.count()).select_from(Vacation).where(
                Vacation.user_id == ann.user_id))
            prefs = await session.scalar(select(func.count()).select_from(TurnPrefs).where(
                TurnPrefs.user_id == ann.user_id))
            return int(vacations or 0), int(prefs or 0)

    assert on_server(server, rows) == (1, 1)
    ann.ok(ann.post("/api/account/delete", json={"password": PASSWORD}))
    assert on_server(server, rows) == (0, 0)
