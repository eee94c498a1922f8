"""Accounts: a guest claims its identity with a username and password; signing in, recovery
codes, changing the name or password, and deleting (docs/api.md, "Accounts").

Claiming keeps the user id, so every game, seat and lobby stays the account's. Services never
commit: the request's unit of work does.
"""

from __future__ import annotations

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from app.errors import ApiError, conflict
from app.identity.models import Passkey, RecoveryCode, User, UserSession
from app.identity.passwords import (
    RECOVERY_CODES,
    code_hash,
    hash_password,
    new_recovery_code,
    verify_password,
)
from app.identity.service import Identity, open_session, revoke_sessions
from app.utc import now

FORMER_PLAYER = "Former player"
"""The name a deleted account leaves in games, chat and lobbies."""


def bad_credentials() -> ApiError:
    # one answer for an unknown username and a wrong password: usernames cannot be listed
    return ApiError(401, "BAD_CREDENTIALS", "that username and password do not match")


def taken() -> ApiError:
    return conflict("USERNAME_TAKEN", "that username is taken; choose another")


async def account_row(session: AsyncSession, user_id: str) -> User:
    """The caller's user row (just identified, so it exists)."""
    user = await session.get(User, user_id)
    assert user is not None
    return user


async def _user(session: AsyncSession, user_id: str) -> User:
    user = await session.get(User, user_id, with_for_update=True)
    assert user is not None  # the caller was just identified
    return user


async def by_username(session: AsyncSession, username: str) -> User | None:
    return (await session.scalars(select(User).where(
        User.username_key == username.lower(), User.deleted_at.is_(None)))).first()


async def _new_codes(session: AsyncSession, user_id: str) -> list[str]:
    """Fresh recovery codes (the old ones are dropped); shown once, stored hashed."""
    await session.execute(delete(RecoveryCode).where(RecoveryCode.user_id == user_id))
    codes = [new_recovery_code() for _ in range(RECOVERY_CODES)]
    session.add_all(RecoveryCode(user_id=user_id, code_hash=code_hash(c)) for c in codes)
    return codes


async def claim(session: AsyncSession, who: Identity, username: str, password: str
                ) -> list[str]:
    """Make the caller's guest identity an account; its recovery codes."""
    user = await _user(session, who.user_id)
    if user.username is not None:
        raise conflict("ALREADY_CLAIMED", "this identity is already an account; sign out to "
                                          "make another")
    if await by_username(session, username) is not None:
        raise taken()
    user.username, user.username_key = username, username.lower()
    user.password_hash = await hash_password(password)
    user.claimed_at = now()
    try:
        async with session.begin_nested():  # a claim of the same name at the same moment
            await session.flush()
    except IntegrityError as err:
        raise taken() from err
    return await _new_codes(session, user.id)


async def sign_in(session: AsyncSession, username: str, password: str) -> tuple[Identity, str]:
    """A new session on this device for the account, or BAD_CREDENTIALS."""
    user = await by_username(session, username)
    if not await verify_password(password, user.password_hash if user else None):
        raise bad_credentials()
    assert user is not None
    return await open_session(session, user)


async def recover(session: AsyncSession, username: str, code: str, new_password: str
                  ) -> tuple[Identity, str, list[str]]:
    """Sign in with a recovery code (spent) and set a new password; other sessions end (their
    ids are the third item)."""
    user = await by_username(session, username)
    row = None
    if user is not None:
        row = (await session.scalars(select(RecoveryCode).where(
            RecoveryCode.user_id == user.id, RecoveryCode.code_hash == code_hash(code),
            RecoveryCode.used_at.is_(None)).with_for_update())).first()
    if user is None or row is None:
        raise ApiError(401, "BAD_RECOVERY_CODE",
                       "that username and recovery code do not match, or the code was used")
    spent = await session.execute(update(RecoveryCode).where(
        RecoveryCode.id == row.id, RecoveryCode.used_at.is_(None)).values(used_at=now()))
    if spent.rowcount != 1:  # type: ignore[attr-defined]  # spent by a concurrent request
        raise ApiError(401, "BAD_RECOVERY_CODE", "that recovery code was just used")
    user.password_hash = await hash_password(new_password)
    revoked = await revoke_sessions(session, user.id)
    return (*await open_session(session, user), revoked)


async def codes_left(session: AsyncSession, user_id: str) -> int:
    return int(await session.scalar(select(func.count()).select_from(RecoveryCode).where(
        RecoveryCode.user_id == user_id, RecoveryCode.used_at.is_(None))) or 0)


async def check_password(session: AsyncSession, who: Identity, password: str) -> User:
    """The caller's account row when ``password`` is its password, else WRONG_PASSWORD."""
    user = await _user(session, who.user_id)
    if user.username is None:
        raise conflict("NOT_AN_ACCOUNT", "a guest has no password; claim the account first")
    if not await verify_password(password, user.password_hash):
        raise ApiError(403, "WRONG_PASSWORD", "the current password is not right")
    return user


async def change_password(session: AsyncSession, who: Identity, current: str, new: str
                          ) -> list[str]:
    """A new password; every other session is signed out. The revoked session ids."""
    user = await check_password(session, who, current)
    user.password_hash = await hash_password(new)
    return await revoke_sessions(session, user.id, keep=who.session_id)


async def rename(session: AsyncSession, who: Identity, name: str) -> None:
    """A new display name: for new games, lobbies and chat (games started keep their seats')."""
    user = await _user(session, who.user_id)
    user.name = name


async def regenerate_codes(session: AsyncSession, who: Identity, password: str) -> list[str]:
    user = await check_password(session, who, password)
    return await _new_codes(session, user.id)


async def sessions_of(session: AsyncSession, who: Identity) -> list[dict[str, object]]:
    rows = (await session.scalars(select(UserSession).where(
        UserSession.user_id == who.user_id, UserSession.revoked_at.is_(None))
        .order_by(UserSession.last_seen_at.desc()))).all()
    return [{"id": r.id, "current": r.id == who.session_id,
             "created_at": r.created_at.isoformat(), "last_seen_at": r.last_seen_at.isoformat()}
            for r in rows]


async def erase(session: AsyncSession, who: Identity, password: str) -> list[str]:
    """Delete the account: credentials, codes and passkeys go, every session ends, the row
    stays as a tombstone named "Former player" (games, seats and lobbies refer to it)."""
    user = await check_password(session, who, password)
    await session.execute(delete(RecoveryCode).where(RecoveryCode.user_id == user.id))
    await session.execute(delete(Passkey).where(Passkey.user_id == user.id))
    revoked = await revoke_sessions(session, user.id)
    user.name = FORMER_PLAYER
    user.username = user.username_key = user.password_hash = None
    user.deleted_at = now()
    return revoked
