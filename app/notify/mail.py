"""E-mail (issue 27.2): the messages, each with a text and an HTML part and a one-click
unsubscribe (``List-Unsubscribe`` + ``List-Unsubscribe-Post``, RFC 8058), and sending them
through the configured SMTP server with aiosmtplib (docs/operations.md, "Notifications").

A permanent refusal of the recipient (an SMTP 5xx) is a bounce: ``Bounced`` tells the sender
to stop mailing that address. Anything else (a server down, a 4xx) is retried later.
"""

from __future__ import annotations

from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from html import escape

import aiosmtplib

from app.config import Settings
from app.games.messages import say
from app.notify.words import said


class Bounced(Exception):
    """The SMTP server refused the recipient for good: the address gets nothing more."""


@dataclass(frozen=True)
class Item:
    """One notice in a mail: its words and where it leads."""

    title: str
    text: str
    url: str


def enabled(settings: Settings) -> bool:
    """Whether e-mail is configured (SMTP host and a secret for the signed links)."""
    return bool(settings.smtp_host and settings.notify_secret)


def _html(heading: str, items: list[Item], unsubscribe_url: str, intro: str, lang: str) -> str:
    open_it = escape(said(lang, say("Open it")))
    rows = "".join(f'<li><p><strong>{escape(i.title)}</strong><br>{escape(i.text)}</p>'
                   f'<p><a href="{escape(i.url)}">{open_it}</a></p></li>' for i in items)
    why = escape(said(lang, say("You get this mail because you asked Bazaar to tell you.")))
    stop = escape(said(lang, say("Unsubscribe")))
    change = escape(said(lang, say("or change what you get on your account page.")))
    return (f'<!doctype html><html lang="{escape(lang)}"><body style="font-family:sans-serif">'
            f'<h1 style="font-size:1.2em">{escape(heading)}</h1>'
            f'{f"<p>{escape(intro)}</p>" if intro else ""}<ul>{rows}</ul>'
            f'<p style="color:#666;font-size:.9em">{why} '
            f'<a href="{escape(unsubscribe_url)}">{stop}</a> {change}</p></body></html>')


def _text(heading: str, items: list[Item], unsubscribe_url: str, intro: str, lang: str) -> str:
    lines = [heading, ""] + ([intro, ""] if intro else [])
    for i in items:
        lines += [f"* {i.title}: {i.text}", f"  {i.url}", ""]
    lines += [said(lang, say("You get this mail because you asked Bazaar to tell you.")),
              f"{said(lang, say('Unsubscribe'))}: {unsubscribe_url}"]
    return "\n".join(lines) + "\n"


def message(settings: Settings, to: str, subject: str, items: list[Item],
            unsubscribe_url: str | None, intro: str = "", lang: str = "en") -> EmailMessage:
    """A mail with a text and an HTML part in ``lang`` (its fixed words; the subject, intro
    and items come said already); with ``unsubscribe_url``, the RFC 8058 headers."""
    msg = EmailMessage()
    msg["From"] = settings.mail_from
    msg["To"] = to
    msg["Subject"] = subject
    msg["Date"] = formatdate(localtime=False)
    msg["Message-ID"] = make_msgid(domain=settings.mail_from.rsplit("@", 1)[-1].rstrip(">"))
    msg["Auto-Submitted"] = "auto-generated"  # RFC 3834: no auto-replies to it
    link = unsubscribe_url or ""
    msg.set_content(_text(subject, items, link, intro, lang))
    msg.add_alternative(_html(subject, items, link, intro, lang), subtype="html")
    msg["Content-Language"] = lang  # after the parts: setting content clears Content-* headers
    if unsubscribe_url:
        msg["List-Unsubscribe"] = f"<{unsubscribe_url}>"
        msg["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    return msg


async def send(settings: Settings, msg: EmailMessage) -> None:
    """Send through SMTP_HOST; ``Bounced`` when the server refuses the recipient for good."""
    tls = settings.smtp_tls.lower()
    try:
        await aiosmtplib.send(
            msg, hostname=settings.smtp_host, port=settings.smtp_port,
            username=settings.smtp_user or None, password=settings.smtp_password or None,
            use_tls=tls == "tls", start_tls=True if tls == "starttls" else False,
            timeout=30)
    except aiosmtplib.SMTPRecipientsRefused as err:
        if all(500 <= r.code < 600 for r in err.recipients):
            raise Bounced(str(err)) from err
        raise
    except aiosmtplib.SMTPResponseException as err:
        if 550 <= err.code <= 553:  # mailbox unavailable, not local, unknown, name not allowed
            raise Bounced(str(err)) from err
        raise
