"""Accessibility checks of every kind of page (issue 13, point 18; issue 29: in every
language): the pages looked at, the people and games they are looked at with, and the check
itself, run by tests/browser/test_accessibility.py (one class per language, so that the three
run on different workers).

axe-core 4.14 (vendored in tests/browser/vendor/, injected into each page) checks the WCAG 2.1
A and AA rules on every kind of page at 1280x800 and 390x844: the home page (before and after
giving a name), the new-lobby form, a lobby as its host and as an invitee, the games lists, my
games, the rules of each game, and for each of the five games its game page as the player to
act in the middle of a game, as a spectator, and once finished, and its replay page (with a
Carcassonne placement, an auction to open, and a Bazaar game on one device with a turn clock
besides). A check fails with every critical or serious violation it found: the rule, its impact
and where.

One game per kind and view is set up once per module (the finished games are started first, so
that the bots play them out while the other pages are checked).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from app.i18n import COOKIE
from tests.browser.api import advance_to, game, play_moves, start_against_bots
from tests.browser.conftest import PageProblems, name_as_guest
from tests.browser.games import bombay_game_at_placement
from tests.support.screens import SIZES

AXE = Path(__file__).resolve().parents[1] / "browser" / "vendor" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
RUN = """async (tags) => {
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return {version: axe.version, violations: result.violations.map((v) => ({id: v.id, impact: v.impact,
    help: v.help, targets: v.nodes.map((n) => n.target.join(' ')), summaries: v.nodes.map((n) => n.failureSummary || '')}))};
}"""
KINDS = ["grand-bazaar", "bazaar", "bombay-bazar", "carcassonne", "carcassonne-auction"]
AUCTION_OPTIONS = {"players": ["Red", "Blue", "Black"], "placer": 0,
                   "tiles": [{"type": "U"}, {"type": "BZ4"}, {"label": "River"}]}
# a Carcassonne stack with bazaar tiles early, so that the person soon chooses a tile to auction
STACK = ["BZ1", "U", "V", "E", "BZ2", "K", "B", "D", "U", "V", "BZ3", "E", "A", "W", "X", "U"]
FINISHED = {
    "grand-bazaar": (2, {}),
    "bazaar": (2, {}),
    "bombay-bazar": (2, {}),
    "carcassonne": (2, {}),
    "carcassonne-auction": (3, AUCTION_OPTIONS),
}
NEW_LOBBY_READY = "() => !document.getElementById('create-lobby').disabled"
# "Loading…" in each language (the page's catalogue: app/locale)
NOT_LOADING = """() => !['Loading', 'Lade', 'Chargement'].some((w) => document.getElementById('page').textContent.includes(w))"""
GAME_READY = """() => { const main = document.getElementById('page');
  return document.querySelector('#board[data-board]') && document.querySelector('#players .player')
    && main.dataset.seq !== undefined && (main.dataset.status === 'finished'
      || document.getElementById('conn-status').dataset.state === 'open'); }"""
# Bazaar on one device (both seats Ann's: the seat switcher) with a turn clock of an hour
HOT_SEAT = """async () => {
  const call = async (method, url, body) => { const r = await fetch(url, {method,
    headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body || {})});
    if (!r.ok) throw new Error(url + ' ' + await r.text()); return r.json(); };
  const lobby = await call('POST', '/api/lobbies', {kind: 'bazaar', players: 2, private: true,
    options: {first_player: 0}, clock: {mode: 'move', seconds: 3600}});
  await call('PATCH', `/api/lobbies/${lobby.id}`, {seats: [{seat: 1, holder: 'host'}]});
  return (await call('POST', `/api/lobbies/${lobby.id}/start`)).game_id; }"""
REPLAY_READY = """() => document.querySelector('#board[data-board]') && document.querySelector('#players .player')
  && document.getElementById('step-label').textContent"""


@dataclass
class World:
    """The people and games the pages are looked at with; games are made when first needed."""

    server: str
    new_page: Callable[..., object]
    host: object  # the page of Ann, who made every lobby and game
    problems: PageProblems
    games: dict[str, str] = field(default_factory=dict)
    pages: dict[str, object] = field(default_factory=dict)

    def person(self, who: str):  # type: ignore[no-untyped-def]
        """A page of Ann (host and player), Bea (invitee and spectator) or a new visitor."""
        if who == "ann":
            return self.host
        if who not in self.pages:
            self.pages[who] = self.new_page(None if who == "visitor" else who.title())
        return self.pages[who]

    def game(self, key: str, make: Callable[[], str]) -> str:
        if key not in self.games:
            self.games[key] = make()
        return self.games[key]

    def lobby(self) -> str:
        """A private two-seat lobby of Ann's with the second seat open."""
        return self.game("lobby", lambda: str(self.host.evaluate(  # type: ignore[attr-defined]
            """async () => { const r = await fetch('/api/lobbies', {method: 'POST',
              headers: {'Content-Type': 'application/json'},
              body: JSON.stringify({kind: 'carcassonne', players: 2, private: true, options: {}})});
              if (!r.ok) throw new Error(await r.text()); return (await r.json()).id; }""")))

    def live(self, kind: str) -> str:
        """A game of ``kind`` in which Ann is the one to act, a few moves in."""
        return self.game(f"live-{kind}", lambda: _live_game(self.host, kind))

    def hot_seat(self) -> str:
        return self.game("hot-seat", lambda: str(self.host.evaluate(HOT_SEAT)))  # type: ignore[attr-defined]

    def finished(self, kind: str) -> str:
        game_id = self.game(f"finished-{kind}", lambda: start_against_bots(
            self.host, kind, *FINISHED[kind], resign=True))
        for _ in range(1800):
            if game(self.host, game_id)["status"] == "finished":
                return game_id
            self.host.wait_for_timeout(100)  # type: ignore[attr-defined]
        raise AssertionError(f"{kind}: the bots did not finish the game")


def _live_game(page, kind: str) -> str:  # type: ignore[no-untyped-def]
    if kind == "bombay-bazar":  # the piles to choose from are on show at a placement
        return str(bombay_game_at_placement(page))
    if kind == "carcassonne":  # the auction's tiles to choose from are on show
        game_id = start_against_bots(page, kind, 2, {"first_player": 0, "stack": STACK})
        advance_to(page, game_id, "AuctionOpen")
        return game_id
    if kind == "carcassonne-placing":  # the legal squares on the board
        game_id = start_against_bots(page, "carcassonne", 2, {"first_player": 0, "bazaar": False})
        advance_to(page, game_id, "PlaceTile")
        return game_id
    if kind == "carcassonne-auction":  # the bazaar tile's placer is seat 3: Ann opens the auction
        game_id = start_against_bots(page, kind, 3, {**AUCTION_OPTIONS, "placer": 2})
        advance_to(page, game_id, "AuctionOpen")
        return game_id
    players, options = FINISHED[kind]
    options = {**options, "first_player": 0} if kind == "bazaar" else options
    game_id = start_against_bots(page, kind, players, options)
    play_moves(page, game_id, 2)
    for _ in range(100):
        state = game(page, game_id)
        if state["status"] == "live" and state["legal"]:
            return game_id
        page.wait_for_timeout(100)
    raise AssertionError(f"{kind}: the person never came to act")


@pytest.fixture(scope="module")
def world(browser, server: str) -> Iterator[World]:  # type: ignore[no-untyped-def]
    contexts = []
    problems = PageProblems()

    def new_page(name: str | None):  # type: ignore[no-untyped-def]
        context = browser.new_context(base_url=server, viewport=SIZES["desktop"])
        context.set_default_timeout(20000)
        contexts.append(context)
        page = problems.watch(context.new_page())
        if name:
            name_as_guest(context, name)
        page.goto("/")
        if name:
            page.locator("#whoami").filter(has_text=name).wait_for()
        return page

    made = World(server=server, new_page=new_page, host=new_page("Ann"), problems=problems)
    for kind in KINDS:  # the bots play these out while the other pages are checked
        made.game(f"finished-{kind}", lambda kind=kind: start_against_bots(
            made.host, kind, *FINISHED[kind], resign=True))
    yield made
    for context in contexts:
        context.close()


@dataclass(frozen=True)
class View:
    """A page as someone sees it: who looks, its path (games come from the world), a JavaScript
    condition for "drawn", and what to open first (a closed <details> hides its controls)."""

    who: str
    path: Callable[[World], str]
    ready: str
    open: str | None = None


def _views() -> dict[str, View]:
    views = {
        "home-new-visitor": View("visitor", lambda w: "/", NOT_LOADING),
        "home": View("ann", lambda w: "/", NOT_LOADING),
        "new-lobby": View("ann", lambda w: "/lobbies/new?kind=carcassonne", NEW_LOBBY_READY),
        "new-auction-lobby": View("ann", lambda w: "/lobbies/new?kind=carcassonne-auction", NEW_LOBBY_READY),
        "lobby-host": View("ann", lambda w: f"/lobbies/{w.lobby()}", "() => document.querySelector('#lobby-options dt')",
                           open="#lobby-settings summary"),
        # an invitee with no name: the name dialog, the invitation inside it (issue 25, point 8)
        "lobby-invitee-new-visitor": View("visitor", lambda w: f"/lobbies/{w.lobby()}",
                                          "() => document.getElementById('identity').open"),
        "lobby-invitee": View("bea", lambda w: f"/lobbies/{w.lobby()}",
                              "() => document.querySelector('[data-testid=join-seat-1]')"),
        "games": View("ann", lambda w: "/games", NOT_LOADING),
        "my-games": View("ann", lambda w: "/me", NOT_LOADING),
    }
    for kind in KINDS:
        views[f"rules-{kind}"] = View("visitor", lambda w, k=kind: f"/rules/{k}",
                                      "() => document.querySelector('article.rules h1')")
    for kind in KINDS:
        views[f"{kind}-player"] = View("ann", lambda w, k=kind: f"/games/{w.live(k)}", GAME_READY)
        if kind == "carcassonne":
            views["carcassonne-player-placing"] = View(
                "ann", lambda w: f"/games/{w.live('carcassonne-placing')}", GAME_READY)
        if kind == "bazaar":
            views["bazaar-hot-seat-with-clock"] = View(
                "ann", lambda w: f"/games/{w.hot_seat()}",
                "() => document.querySelector('#seat-buttons button') && document.querySelector('[data-testid^=clock-]')")
        if kind == "grand-bazaar":  # a shared link opened with no name (issue 25, point 1)
            views["grand-bazaar-new-visitor"] = View("visitor", lambda w: f"/games/{w.live('grand-bazaar')}", GAME_READY)
        views[f"{kind}-spectator"] = View("bea", lambda w, k=kind: f"/games/{w.live(k)}", GAME_READY)
        views[f"{kind}-finished"] = View("ann", lambda w, k=kind: f"/games/{w.finished(k)}", GAME_READY)
        views[f"{kind}-replay"] = View("ann", lambda w, k=kind: f"/games/{w.finished(k)}/replay", REPLAY_READY)
    return views


VIEWS = _views()


def violations(page) -> list[dict]:  # type: ignore[no-untyped-def]
    """The critical and serious WCAG 2.1 A/AA violations axe-core finds on the page as it is."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate(RUN, TAGS)
    assert re.match(r"4\.14\.", result["version"]), result["version"]
    return [v for v in result["violations"] if v["impact"] in ("critical", "serious")]


def _reasons(violation: dict) -> list[str]:
    """Up to three different explanations axe gives for the violation's elements (for colour
    contrast they name the colours and the ratio)."""
    seen: list[str] = []
    for summary in violation["summaries"]:
        text = " ".join(summary.replace("Fix any of the following:", "").replace(
            "Fix all of the following:", "").split())[:240]
        if text not in seen:
            seen.append(text)
    return seen[:3]


def check_view(world: World, view: str, size: str, lang: str) -> None:
    """Open ``view`` at ``size`` in ``lang`` as its person and fail with every critical or
    serious violation axe finds (and with any error the page logged meanwhile)."""
    shown = VIEWS[view]
    page = world.person(shown.who)
    errors_before = len(world.problems.errors)
    page.set_viewport_size(SIZES[size])
    # the page's language as the header's picker leaves it: the cookie (app/i18n/negotiation.py)
    page.context.add_cookies([{"name": COOKIE, "value": lang, "url": world.server}])
    page.goto(shown.path(world))
    page.locator(f"html[lang={lang}]").wait_for(state="attached")
    page.wait_for_function(shown.ready)
    if shown.open:
        page.locator(shown.open).click()
    page.wait_for_timeout(300)  # let the board settle after its first redraws
    found = violations(page)
    lines = [f"{v['impact']} {v['id']} ({v['help']}) on {len(v['targets'])} element(s): "
             + ", ".join(v["targets"][:4]) + "".join(f"\n    {why}" for why in _reasons(v)) for v in found]
    if found:
        pytest.fail(f"{view} at {size} in {lang}:\n" + "\n".join(lines), pytrace=False)
    assert world.problems.errors[errors_before:] == []
