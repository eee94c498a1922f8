"""``/api/account``: claim a guest identity, sign in and out, recovery codes, passkeys, changes
and deletion (docs/api.md, "Accounts").

Every route that signs a device in answers a NEW token and sets it as the HttpOnly cookie.
Passwords only ever travel in request bodies, which are never logged.
"""

from __future__ import annotations

from types import ModuleType
from typing import Annotated, Any

from fastapi import APIRouter, Request, Response
from pydantic import AfterValidator, StringConstraints

from app import erasure
from app.identity import accounts
from app.identity.service import Identity, identify, open_session, revoke_sessions
from app.names import check_username
from app.notify import service as notify
from app.play import vacations
from app.ratelimit import limit_own, limit_recovery, limit_signin
from app.schemas import Body, Name
from app.web.deps import COOKIE, CurrentUser, PlayDep, SessionDep, forget_sessions, token_of
from app.web.routes.language import set_cookie as set_language_cookie

router = APIRouter(prefix="/api/account", tags=["accounts"])

Username = Annotated[str, StringConstraints(min_length=3, max_length=30,
                                            pattern=r"^[A-Za-z0-9._-]+$")]
NewUsername = Annotated[Username, AfterValidator(check_username)]  # not "admin", not "..."
NewPassword = Annotated[str, StringConstraints(min_length=10, max_length=256)]
Password = Annotated[str, StringConstraints(min_length=1, max_length=256)]
Code = Annotated[str, StringConstraints(min_length=1, max_length=64)]
ChallengeId = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{1,64}$")]
COOKIE_AGE = 365 * 24 * 3600


class ClaimIn(Body):
    username: NewUsername
    password: NewPassword


class SignInIn(Body):
    username: Username
    password: Password


class RecoverIn(Body):
    username: Username
    code: Code
    new_password: NewPassword


class NameIn(Body):
    name: Name


class PasswordIn(Body):
    current_password: Password
    new_password: NewPassword


class ConfirmIn(Body):
    password: Password


class PasskeyIn(Body):
    challenge_id: ChallengeId
    credential: dict[str, Any]
    name: Name | None = None  # "Ann's phone", shown in the list (issue 25, point 30)


def _passkeys() -> ModuleType:
    """The passkey module, imported on first use: ``webauthn`` (with pyOpenSSL) adds seconds
    to every start-up otherwise."""
    from app.identity import passkeys

    return passkeys


def signed_in(request: Request, response: Response, who: Identity, token: str
              ) -> dict[str, Any]:
    """The answer of a sign-in: the new token, also set as the cookie."""
    response.set_cookie(COOKIE, token, httponly=True, samesite="lax", max_age=COOKIE_AGE,
                        secure=request.app.state.settings.cookie_secure)
    if who.language:  # the account's language follows it to this device (issue 29)
        set_language_cookie(request, response, who.language)
    return {"token": token, "user_id": who.user_id, "name": who.name, "username": who.username,
            "language": who.language}


SIGNED_OUT, REPLACED = "SIGNED_OUT", "SESSION_REPLACED"
"""Why a revoked session's sockets close: signed out, or this device holds a new token."""


async def _revoked(request: Request, session: SessionDep, session_ids: list[str],
                   reason: str = SIGNED_OUT) -> None:
    """Commit the revocation, then close the sessions' sockets and forget their cached
    identities on every instance (app/web/revocations.py, issue 24.1)."""
    await session.commit()
    await request.app.state.revocations.revoke(session_ids, reason)


async def _retire_previous(request: Request, session: SessionDep, who: Identity) -> None:
    """Rotation: the session this device held for the same user ends with the new sign-in."""
    previous = await identify(session, token_of(request.headers, request.cookies))
    if previous is not None and previous.user_id == who.user_id:
        await _revoked(request, session, await revoke_sessions(
            session, who.user_id, only=previous.session_id), REPLACED)


async def _rotate(request: Request, response: Response, session: SessionDep, who: Identity
                  ) -> dict[str, Any]:
    """A change of privilege (claim, new password) gives this device a new session and token,
    and the old one ends (issue 24.5): a token seen before the change is worth nothing after."""
    user = await accounts.account_row(session, who.user_id)
    fresh, token = await open_session(session, user)
    await revoke_sessions(session, who.user_id, only=who.session_id)
    await _revoked(request, session, [who.session_id], REPLACED)
    forget_sessions(request.app, [], who.user_id)  # cached identities learn the username
    return signed_in(request, response, fresh, token)


@router.get("")
async def account(user: CurrentUser, session: SessionDep) -> dict[str, Any]:
    """The caller: a guest, or an account with its sessions, passkeys and codes left."""
    if user.username is None:
        return {"user_id": user.user_id, "name": user.name, "username": None,
                "account": False, "language": user.language}
    return {"user_id": user.user_id, "name": user.name, "username": user.username,
            "account": True, "language": user.language,
            "recovery_codes_left": await accounts.codes_left(session, user.user_id),
            "sessions": await accounts.sessions_of(session, user),
            "passkeys": await _passkeys().list_passkeys(session, user.user_id)}


@router.post("/claim", status_code=201)
async def claim(body: ClaimIn, request: Request, response: Response, user: CurrentUser,
                session: SessionDep) -> dict[str, Any]:
    """Make this guest identity an account; answers the recovery codes, shown only now, and
    the device's new token (the guest's token ends)."""
    await limit_signin(request, body.username)
    codes = await accounts.claim(session, user, body.username, body.password)
    return {**await _rotate(request, response, session, user), "recovery_codes": codes}


@router.post("/signin")
async def sign_in(body: SignInIn, request: Request, response: Response, session: SessionDep
                  ) -> dict[str, Any]:
    """Sign this device in to an account: a new session and token."""
    await limit_signin(request, body.username)
    who, token = await accounts.sign_in(session, body.username, body.password)
    await _retire_previous(request, session, who)
    return signed_in(request, response, who, token)


@router.post("/recover")
async def recover(body: RecoverIn, request: Request, response: Response, session: SessionDep
                  ) -> dict[str, Any]:
    """Sign in with a one-time recovery code and set a new password (other sessions end)."""
    await limit_recovery(request)  # per address: a guess of someone else's name is no lock
    who, token, revoked = await accounts.recover(session, body.username, body.code,
                                                 body.new_password)
    await _revoked(request, session, revoked)
    forget_sessions(request.app, [], who.user_id)
    return signed_in(request, response, who, token)


@router.post("/signout")
async def sign_out(request: Request, response: Response, user: CurrentUser,
                   session: SessionDep) -> dict[str, Any]:
    """End this device's session: its token is refused from now on."""
    revoked = await revoke_sessions(session, user.user_id, only=user.session_id)
    await _revoked(request, session, revoked)
    response.delete_cookie(COOKIE, httponly=True, samesite="lax",
                           secure=request.app.state.settings.cookie_secure)
    return {"signed_out": len(revoked)}


@router.post("/signout-others")
async def sign_out_others(request: Request, user: CurrentUser, session: SessionDep
                          ) -> dict[str, Any]:
    """End every other session of this user (other devices sign in again)."""
    revoked = await revoke_sessions(session, user.user_id, keep=user.session_id)
    await _revoked(request, session, revoked)
    return {"signed_out": len(revoked)}


@router.patch("/name")
async def rename(body: NameIn, request: Request, user: CurrentUser, session: SessionDep
                 ) -> dict[str, Any]:
    """A new display name for new games, lobbies and chat."""
    await accounts.rename(session, user, body.name)
    forget_sessions(request.app, [], user.user_id)
    return {"name": body.name}


@router.post("/password")
async def change_password(body: PasswordIn, request: Request, response: Response,
                          user: CurrentUser, session: SessionDep) -> dict[str, Any]:
    """A new password (the current one is needed); every other session ends, and this device
    gets a new token (answered and set as the cookie)."""
    await limit_own(request, user)
    revoked = await accounts.change_password(session, user, body.current_password,
                                             body.new_password)
    await _revoked(request, session, revoked)
    return {**await _rotate(request, response, session, user), "signed_out": len(revoked)}


@router.post("/recovery-codes")
async def new_codes(body: ConfirmIn, request: Request, user: CurrentUser, session: SessionDep
                    ) -> dict[str, Any]:
    """Ten new recovery codes (the old ones stop working); shown only now."""
    await limit_own(request, user)
    return {"recovery_codes": await accounts.regenerate_codes(session, user, body.password)}


@router.post("/delete")
async def delete(body: ConfirmIn, request: Request, response: Response, user: CurrentUser,
                 session: SessionDep, play: PlayDep) -> dict[str, Any]:
    """Delete the account: its games show "Former player"; its live seats are resigned."""
    await limit_own(request, user)
    revoked = await accounts.erase(session, user, body.password)
    live = await erasure.neutral_names(session, user.user_id)
    await notify.forget(session, user.user_id)  # its address and push subscriptions go too
    await vacations.forget(session, user.user_id)  # and its vacations (issue 27)
    await _revoked(request, session, revoked)  # resigning below uses the service's sessions
    forget_sessions(request.app, [], user.user_id)
    await erasure.resign_live(play, user.user_id, live)
    response.delete_cookie(COOKIE, httponly=True, samesite="lax",
                           secure=request.app.state.settings.cookie_secure)
    return {"deleted": True, "games_resigned": len(live)}


@router.post("/passkeys/options")
async def passkey_options(request: Request, user: CurrentUser, session: SessionDep
                          ) -> dict[str, Any]:
    """WebAuthn registration options for a new passkey of this account."""
    options: dict[str, Any] = await _passkeys().registration_options(session, request, user)
    return options


@router.post("/passkeys", status_code=201)
async def add_passkey(body: PasskeyIn, request: Request, user: CurrentUser,
                      session: SessionDep) -> dict[str, Any]:
    """Verify the browser's new credential and keep it."""
    await _passkeys().register(session, request, user, body.challenge_id, body.credential,
                               body.name)
    return {"passkeys": await _passkeys().list_passkeys(session, user.user_id)}


@router.post("/passkeys/signin/options")
async def passkey_signin_options(request: Request, session: SessionDep) -> dict[str, Any]:
    """WebAuthn authentication options (any passkey of this site)."""
    await limit_signin(request, None)
    options: dict[str, Any] = await _passkeys().signin_options(session, request)
    return options


@router.post("/passkeys/signin")
async def passkey_sign_in(body: PasskeyIn, request: Request, response: Response,
                          session: SessionDep) -> dict[str, Any]:
    """Sign this device in with a passkey: a new session and token."""
    await limit_signin(request, None)
    who, token = await _passkeys().sign_in(session, request, body.challenge_id, body.credential)
    await _retire_previous(request, session, who)
    return signed_in(request, response, who, token)
