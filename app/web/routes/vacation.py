"""``/api/account/vacation`` (issue 27, point 1; docs/api.md, "Vacations"): an account's days
off its turn-based clocks and its weekends off. Guests have none: a guest's games are on one
device, and a vacation is an account's promise to come back."""

from __future__ import annotations

import time
from datetime import date
from typing import Any

from fastapi import APIRouter, Request, Response
from pydantic import Field

from app.errors import ApiError, not_found
from app.identity.service import Identity
from app.play import vacations
from app.play.vacation_rule import ALLOWANCE_DAYS, VacationRefused
from app.ratelimit import limit_own
from app.schemas import Body
from app.web.deps import CurrentUser, SessionDep

router = APIRouter(prefix="/api/account/vacation", tags=["accounts"])


class VacationIn(Body):
    start: date
    days: int = Field(ge=1, le=ALLOWANCE_DAYS)


class WeekendsIn(Body):
    weekends_off: bool


def _account(user: Identity) -> str:
    if user.username is None:
        raise ApiError(403, "ACCOUNT_NEEDED", "keep your games as an account to take a vacation")
    return user.user_id


@router.get("")
async def get_vacation(session: SessionDep, user: CurrentUser) -> dict[str, Any]:
    """The allowance left this year and next, the vacations not over, weekends off."""
    return await vacations.summary(session, _account(user), time.time())


@router.post("", status_code=201)
async def take_vacation(body: VacationIn, request: Request, session: SessionDep,
                        user: CurrentUser) -> dict[str, Any]:
    """Take ``days`` days off from ``start`` (a UTC date); every turn-based clock of the
    account stops for them, and its turns under way get later due times."""
    user_id = _account(user)
    await limit_own(request, user)
    try:
        await vacations.take(session, user_id, body.start, body.days, time.time())
    except VacationRefused as refused:
        raise ApiError(409, refused.code, str(refused)) from None
    await session.commit()
    return await vacations.summary(session, user_id, time.time())


@router.delete("/{vacation_id}", status_code=204)
async def cancel_vacation(vacation_id: int, session: SessionDep, user: CurrentUser) -> Response:
    """Cancel a vacation: one not yet begun gives its days back, one under way ends now."""
    if not await vacations.cancel(session, _account(user), vacation_id, time.time()):
        raise not_found("vacation")
    await session.commit()
    return Response(status_code=204)


@router.put("/weekends")
async def put_weekends(body: WeekendsIn, session: SessionDep, user: CurrentUser
                       ) -> dict[str, Any]:
    """Take Saturdays and Sundays (UTC) off every turn-based clock, or stop."""
    user_id = _account(user)
    await vacations.set_weekends(session, user_id, body.weekends_off, time.time())
    await session.commit()
    return await vacations.summary(session, user_id, time.time())
