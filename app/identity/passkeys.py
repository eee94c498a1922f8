"""Passkeys (WebAuthn) with the ``webauthn`` library: registering one to a signed-in account,
and signing in with one (a discoverable credential: the browser offers the account's passkey,
no username is typed).

Each ceremony's challenge is stored server-side (``webauthn_challenges``), bound to the session
for a registration, and deleted when it is used, so an assertion cannot be replayed; the
authenticator's signature counter is checked as well. The relying party id is ``WEBAUTHN_RP_ID``
or the request's host; the expected origins are ``ALLOWED_ORIGINS`` or the server's own origin.
"""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.requests import HTTPConnection
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url
from webauthn.helpers.exceptions import InvalidAuthenticationResponse, InvalidRegistrationResponse
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from app.errors import ApiError, conflict
from app.identity.models import Passkey, User, WebAuthnChallenge
from app.identity.service import Identity, open_session
from app.ids import new_id
from app.origins import own_origin, parse_origins
from app.utc import now

CHALLENGE_LIFETIME = timedelta(minutes=5)
RP_NAME = "Bazaar"


def _rp_id(request: HTTPConnection) -> str:
    configured: str = request.app.state.settings.webauthn_rp_id
    return configured or (request.url.hostname or "localhost")


def _origins(request: HTTPConnection) -> list[str]:
    allowed = parse_origins(request.app.state.settings.allowed_origins)
    if allowed is not None:
        return sorted(allowed)
    own = own_origin(dict(request.scope))
    return [own] if own else []


def refused(reason: str) -> ApiError:
    return ApiError(400, "PASSKEY_REFUSED", reason)


async def _remember(session: AsyncSession, purpose: str, challenge: bytes,
                    session_id: str | None) -> str:
    await session.execute(delete(WebAuthnChallenge).where(WebAuthnChallenge.expires_at < now()))
    row = WebAuthnChallenge(id=new_id(), purpose=purpose, session_id=session_id,
                            challenge=bytes_to_base64url(challenge),
                            expires_at=now() + CHALLENGE_LIFETIME)
    session.add(row)
    await session.flush()
    return row.id


async def _take(session: AsyncSession, challenge_id: str, purpose: str,
                session_id: str | None) -> bytes:
    """The challenge, deleted as it is read: a second use of it finds nothing."""
    row = await session.get(WebAuthnChallenge, challenge_id, with_for_update=True)
    if row is None or row.purpose != purpose or row.session_id != session_id:
        raise refused("this passkey request is unknown or was already used; start again")
    await session.delete(row)
    await session.flush()
    expires = row.expires_at if row.expires_at.tzinfo else row.expires_at.replace(
        tzinfo=now().tzinfo)
    if expires < now():
        raise refused("this passkey request has expired; start again")
    return base64url_to_bytes(row.challenge)


def _options(options: Any, challenge_id: str) -> dict[str, Any]:
    return {"challenge_id": challenge_id, "options": json.loads(options_to_json(options))}


async def registration_options(session: AsyncSession, request: HTTPConnection,
                               who: Identity) -> dict[str, Any]:
    if who.username is None:
        raise conflict("NOT_AN_ACCOUNT", "claim the account before adding a passkey")
    known = (await session.scalars(select(Passkey.credential_id)
                                   .where(Passkey.user_id == who.user_id))).all()
    options = generate_registration_options(
        rp_id=_rp_id(request), rp_name=RP_NAME, user_name=who.username,
        user_id=who.user_id.encode(), user_display_name=who.name,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED,
            user_verification=UserVerificationRequirement.PREFERRED),
        exclude_credentials=[PublicKeyCredentialDescriptor(id=base64url_to_bytes(c))
                             for c in known])
    challenge_id = await _remember(session, "register", options.challenge, who.session_id)
    return _options(options, challenge_id)


async def register(session: AsyncSession, request: HTTPConnection, who: Identity,
                   challenge_id: str, credential: dict[str, Any]) -> None:
    challenge = await _take(session, challenge_id, "register", who.session_id)
    try:
        verified = verify_registration_response(
            credential=credential, expected_challenge=challenge,
            expected_rp_id=_rp_id(request), expected_origin=_origins(request))
    except (InvalidRegistrationResponse, ValueError, KeyError, TypeError) as err:
        raise refused(f"the passkey could not be verified: {err}") from err
    cred_id = bytes_to_base64url(verified.credential_id)
    if (await session.scalars(select(Passkey).where(Passkey.credential_id == cred_id))).first():
        raise conflict("PASSKEY_KNOWN", "this passkey is already registered")
    session.add(Passkey(user_id=who.user_id, credential_id=cred_id,
                        public_key=verified.credential_public_key,
                        sign_count=verified.sign_count, created_at=now()))
    await session.flush()


async def signin_options(session: AsyncSession, request: HTTPConnection) -> dict[str, Any]:
    options = generate_authentication_options(
        rp_id=_rp_id(request), user_verification=UserVerificationRequirement.PREFERRED)
    challenge_id = await _remember(session, "signin", options.challenge, None)
    return _options(options, challenge_id)


async def sign_in(session: AsyncSession, request: HTTPConnection, challenge_id: str,
                  credential: dict[str, Any]) -> tuple[Identity, str]:
    challenge = await _take(session, challenge_id, "signin", None)
    cred_id = str(credential.get("id", ""))
    key = (await session.scalars(select(Passkey).where(Passkey.credential_id == cred_id)
                                 .with_for_update())).first()
    user = await session.get(User, key.user_id) if key else None
    if key is None or user is None or user.deleted_at is not None:
        raise refused("this passkey belongs to no account here")
    try:
        verified = verify_authentication_response(
            credential=credential, expected_challenge=challenge,
            expected_rp_id=_rp_id(request), expected_origin=_origins(request),
            credential_public_key=key.public_key, credential_current_sign_count=key.sign_count)
    except (InvalidAuthenticationResponse, ValueError, KeyError, TypeError) as err:
        raise refused(f"the passkey could not be verified: {err}") from err
    key.sign_count = verified.new_sign_count
    key.last_used_at = now()
    return await open_session(session, user)


async def list_passkeys(session: AsyncSession, user_id: str) -> list[dict[str, Any]]:
    rows = (await session.scalars(select(Passkey).where(Passkey.user_id == user_id)
                                  .order_by(Passkey.id))).all()
    return [{"id": r.id, "created_at": r.created_at.isoformat(),
             "last_used_at": r.last_used_at.isoformat() if r.last_used_at else None}
            for r in rows]
