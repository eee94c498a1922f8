"""The identity tables: users (a guest, or an account once claimed), their sessions, recovery
codes and passkeys, and the short-lived WebAuthn challenges (docs/api.md, "Accounts").

An account is the same ``users`` row as the guest it was claimed from, so every game, seat and
lobby that refers to the user id stays its own; a rating (later) refers to ``users.id`` too.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Integer, LargeBinary, String, func
from sqlalchemy.orm import Mapped, mapped_column

from app.db import Base


class User(Base):
    """A guest identity, or an account when ``username`` is set."""

    __tablename__ = "users"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    # as typed, for display; ``username_key`` (lower case) makes usernames case-insensitive unique
    username: Mapped[str | None] = mapped_column(String(30), default=None)
    username_key: Mapped[str | None] = mapped_column(String(30), unique=True, index=True,
                                                     default=None)
    password_hash: Mapped[str | None] = mapped_column(String(255), default=None)
    claimed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    # the language the account chose ("de"); None: cookie, then Accept-Language (migration 0022)
    language: Mapped[str | None] = mapped_column(String(8), default=None)


class UserSession(Base):
    """One signed-in device: only the SHA-256 of its token is stored."""

    __tablename__ = "user_sessions"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    last_seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True),
                                                   server_default=func.now())
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)


class RecoveryCode(Base):
    """A one-time recovery code (stored hashed), spent by ``used_at``."""

    __tablename__ = "recovery_codes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), index=True)
    code_hash: Mapped[str] = mapped_column(String(64), unique=True)
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)


class Passkey(Base):
    """A WebAuthn credential of an account."""

    __tablename__ = "passkeys"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), index=True)
    credential_id: Mapped[str] = mapped_column(String(1400), unique=True)  # base64url
    public_key: Mapped[bytes] = mapped_column(LargeBinary)
    sign_count: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    last_used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)
    name: Mapped[str | None] = mapped_column(String(60), nullable=True)  # migration 0016


class WebAuthnChallenge(Base):
    """A challenge issued for one ceremony; deleted when used (single use) or expired."""

    __tablename__ = "webauthn_challenges"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    purpose: Mapped[str] = mapped_column(String(16))  # "register" or "signin"
    session_id: Mapped[str | None] = mapped_column(String(32), default=None)  # register only
    challenge: Mapped[str] = mapped_column(String(200))  # base64url
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
