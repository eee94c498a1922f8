"""Page routes: render Jinja2 shells; every page loads its data from the JSON API in the browser.

The router only passes ids and kinds to the templates. A page whose visitor has no
``bazaar_token`` cookie renders the "your name" form first (static/js/identity.js posts it to
``/api/session`` and then continues with the page).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

from app.i18n import COOKIE as LANG_COOKIE
from app.i18n import LANGUAGES, NAMES
from app.i18n import jinja as i18n_jinja
from app.i18n.catalogues import gettext_in
from app.i18n.negotiation import choose
from app.web.deps import identity_of, token_of

ROOT = Path(__file__).resolve().parents[3]
TEMPLATES_DIR = ROOT / "templates"
RULES_DIR = TEMPLATES_DIR / "rules"
TOKEN_COOKIE = "bazaar_token"
_KIND = re.compile(r"^[a-z0-9][a-z0-9-]{0,40}$")
_ID = re.compile(r"^[A-Za-z0-9_-]{1,80}$")

templates = Jinja2Templates(directory=str(TEMPLATES_DIR))
i18n_jinja.install(templates.env)
router = APIRouter(include_in_schema=False)


async def page_language(request: Request) -> str:
    """The page's language: the account's choice, the cookie, ``Accept-Language``, English.
    The identity comes from the per-process cache (app/web/deps.py), so this rarely reads."""
    token = token_of(request.headers, request.cookies)
    who = await identity_of(request, token) if token else None
    return choose(who.language if who else None, request.cookies.get(LANG_COOKIE),
                  request.headers.get("accept-language"))


async def render_page(request: Request, name: str, **context: Any) -> HTMLResponse:
    """Render a page shell with what every page needs, in the visitor's language."""
    context.setdefault("needs_identity", True)
    context["has_token"] = bool(request.cookies.get(TOKEN_COOKIE))
    context["lang"] = await page_language(request)
    context["languages"] = [(code, NAMES[code]) for code in LANGUAGES]
    response = templates.TemplateResponse(request, name, context)
    response.headers["Vary"] = "Cookie, Accept-Language"
    response.headers["Content-Language"] = context["lang"]
    return response


async def not_found_page(request: Request) -> HTMLResponse:
    """The 404 page, in the visitor's language like every page (no request data echoed)."""
    response = await render_page(request, "not_found.html", page="not-found",
                                 needs_identity=False)
    response.status_code = 404
    return response


def _check_id(value: str) -> str:
    if not _ID.match(value):
        raise HTTPException(status_code=404, detail={"code": "NOT_FOUND", "reason": "unknown id"})
    return value


def rules_kinds() -> list[str]:
    """The kinds that have an in-app rules fragment (templates/rules/<kind>.html)."""
    if not RULES_DIR.is_dir():
        return []
    return sorted(p.stem for p in RULES_DIR.glob("*.html") if _KIND.match(p.stem))


def _title_of(kind: str) -> str:
    """The game's title from the engine registry, or the kind in words."""
    try:
        from app.games.base import get_engine

        title = getattr(get_engine(kind), "title", None)
        if isinstance(title, str) and title:
            return title
    except Exception:  # an unknown or broken engine still gets a readable title
        pass
    return kind.replace("-", " ").title()


@router.get("/", response_class=HTMLResponse)
async def home(request: Request) -> HTMLResponse:
    """Catalogue, open lobbies and live games."""
    return await render_page(request, "home.html", page="home", rules=rules_kinds())


@router.get("/lobbies/new", response_class=HTMLResponse)
async def lobby_new(request: Request, kind: str = "") -> HTMLResponse:
    """The options form of a new lobby for one game kind."""
    if kind and not _KIND.match(kind):
        kind = ""
    return await render_page(request, "lobby_new.html", page="lobby-new", kind=kind)


@router.get("/lobbies/{lobby_id}", response_class=HTMLResponse)
async def lobby(request: Request, lobby_id: str) -> HTMLResponse:
    """A lobby: seats, invite link, start button."""
    return await render_page(request, "lobby.html", page="lobby", lobby_id=_check_id(lobby_id))


@router.get("/games", response_class=HTMLResponse)
async def games(request: Request) -> HTMLResponse:
    """Live and finished games."""
    return await render_page(request, "games.html", page="games")


@router.get("/games/{game_id}", response_class=HTMLResponse)
async def game(request: Request, game_id: str) -> HTMLResponse:
    """The game page: board, players, log, chat."""
    return await render_page(request, "game.html", page="game", game_id=_check_id(game_id))


@router.get("/games/{game_id}/replay", response_class=HTMLResponse)
async def replay(request: Request, game_id: str) -> HTMLResponse:
    """Step through a game move by move."""
    return await render_page(request, "replay.html", page="replay", game_id=_check_id(game_id))


@router.get("/me", response_class=HTMLResponse)
async def me(request: Request) -> HTMLResponse:
    """The caller's games."""
    return await render_page(request, "me.html", page="me")


@router.get("/account", response_class=HTMLResponse)
async def account(request: Request) -> HTMLResponse:
    """Claim the guest identity as an account, or manage the account."""
    return await render_page(request, "account.html", page="account", needs_identity=False)


@router.get("/signin", response_class=HTMLResponse)
async def signin(request: Request) -> HTMLResponse:
    """Sign in with a password, a passkey or a recovery code."""
    return await render_page(request, "signin.html", page="signin", needs_identity=False)


@router.get("/players/{user_id}", response_class=HTMLResponse)
async def player(request: Request, user_id: str) -> HTMLResponse:
    """An account's profile: its ratings per game, with their history."""
    return await render_page(request, "profile.html", page="profile", user_id=_check_id(user_id),
                 needs_identity=False)


@router.get("/leaderboards", response_class=HTMLResponse)
async def leaderboards(request: Request) -> HTMLResponse:
    """Every game's leaderboard, one link each (the top bar's Leaderboards)."""
    return await render_page(request, "leaderboards.html", page="leaderboards",
                             needs_identity=False)


@router.get("/leaderboards/{kind}", response_class=HTMLResponse)
async def leaderboard(request: Request, kind: str) -> HTMLResponse:
    """The best ratings of one game."""
    if not _KIND.match(kind):
        return await not_found_page(request)
    return await render_page(request, "leaderboard.html", page="leaderboard", kind=kind,
                 needs_identity=False)


@router.get("/tournaments", response_class=HTMLResponse)
async def tournaments(request: Request) -> HTMLResponse:
    """Upcoming, running and finished tournaments, and the form to organise one."""
    return await render_page(request, "tournaments.html", page="tournaments")


@router.get("/tournaments/{tournament_id}", response_class=HTMLResponse)
async def tournament(request: Request, tournament_id: str) -> HTMLResponse:
    """One tournament: standings, the rounds' tables, each player's results, the podium."""
    return await render_page(request, "tournament.html", page="tournament",
                 tournament_id=_check_id(tournament_id))


@router.get("/rules/{kind}", response_class=HTMLResponse)
async def rules(request: Request, kind: str) -> HTMLResponse:
    """The in-app rules of a game: wraps templates/rules/<kind>.html, or its translation
    templates/rules/<lang>/<kind>.html in the visitor's language (docs/decisions.md,
    "Languages")."""
    if not _KIND.match(kind) or not (RULES_DIR / f"{kind}.html").is_file():
        return await not_found_page(request)
    lang = await page_language(request)
    return await render_page(
        request,
        "rules.html",
        page="rules",
        kind=kind,
        title=gettext_in(lang, _title_of(kind)),
        fragment=rules_fragment(kind, lang),
        needs_identity=False,
    )


def rules_fragment(kind: str, lang: str) -> str:
    """The rules fragment of ``kind`` in ``lang``, English when it has no translation."""
    if lang in LANGUAGES and (RULES_DIR / lang / f"{kind}.html").is_file():
        return f"rules/{lang}/{kind}.html"
    return f"rules/{kind}.html"
