"""The Jinja2 i18n extension wired to the catalogues: a page speaks the ``lang`` of its
context (set by app/web/routes/pages.py from the request), with no state shared between
requests."""

from __future__ import annotations

from jinja2 import Environment, pass_context
from jinja2.runtime import Context

from app.i18n import DEFAULT
from app.i18n.catalogues import gettext_in, ngettext_in, pgettext_in


@pass_context
def _gettext(context: Context, message: str) -> str:
    return gettext_in(context.get("lang", DEFAULT), message)


@pass_context
def _ngettext(context: Context, singular: str, plural: str, n: int) -> str:
    return ngettext_in(context.get("lang", DEFAULT), singular, plural, n)


@pass_context
def _pgettext(context: Context, message_context: str, message: str) -> str:
    return pgettext_in(context.get("lang", DEFAULT), message_context, message)


def install(env: Environment) -> None:
    """Add ``{% trans %}`` and ``_()`` to ``env`` (new-style: ``_("{n} games", n=3)`` is not
    it, ``_("%(n)s games", n=3)`` is; a ``%`` of the text is written ``%%``)."""
    env.add_extension("jinja2.ext.i18n")
    env.policies["ext.i18n.trimmed"] = True  # the same whitespace as extraction (tool.py)
    installer = getattr(env, "install_gettext_callables")  # noqa: B009  (the extension's)
    installer(_gettext, _ngettext, newstyle=True, pgettext=_pgettext)
