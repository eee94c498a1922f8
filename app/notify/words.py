"""The words of mails and pushes in each recipient's language (issue 29): the account's
setting (``users.language``), else English. A mail or push is read away from any page, so
neither the cookie nor ``Accept-Language`` of a request can choose it.

A notice carries its words twice: ``text`` in English and ``message`` as data
(app/games/messages.py); the outbox stores the words rendered for each recipient.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.games.messages import Message, is_message, say
from app.i18n import DEFAULT, LANGUAGES
from app.i18n.render import render
from app.identity.models import User


async def languages_of(session: AsyncSession, user_ids: Iterable[str]) -> dict[str, str]:
    """Each account's language (English when it chose none or one we do not ship)."""
    ids = sorted(set(user_ids))
    rows = (await session.execute(select(User.id, User.language).where(User.id.in_(ids)))).all()
    chosen = {user_id: lang for user_id, lang in rows}
    return {i: lang if (lang := chosen.get(i)) in LANGUAGES else DEFAULT for i in ids}


async def language_of(session: AsyncSession, user_id: str) -> str:
    """One account's language."""
    return (await languages_of(session, [user_id]))[user_id]


def notice_text(notice: dict[str, Any], lang: str) -> str:
    """A notice's words in ``lang``: its message rendered, or its English text."""
    message = notice.get("message")
    if isinstance(message, dict) and is_message(message):
        return render(message, lang)
    return str(notice.get("text", ""))


def title_text(notice: dict[str, Any], lang: str) -> str:
    """A notice's game title in ``lang``: a descriptive title ("Carcassonne: Bazaar auction")
    is in the catalogues; a game's own name reads the same in every language."""
    title = str(notice.get("title", ""))
    return render(say(title), lang) if title else ""


def said(lang: str, message: Message) -> str:
    """A fixed phrase of a mail, ``said(lang, say("Open it"))``, in ``lang``."""
    return render(message, lang)
