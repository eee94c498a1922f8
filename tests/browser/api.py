"""The HTTP API as a browser test calls it: from inside the page, with the page's own cookie
(and so through the cross-site rules a real page meets), for setting a game up or reading it
back. What a test checks on the page itself is done through the page, like a person."""

from __future__ import annotations

from typing import Any

POST = """async ([url, body]) => {
  const r = await fetch(url, {method: 'POST', headers: {'Content-Type': 'application/json'},
                              body: JSON.stringify(body || {})});
  return {status: r.status, body: await r.json().catch(() => null)};
}"""
GET = "async (url) => { const r = await fetch(url); return {status: r.status, body: await r.json()}; }"


def call(page: Any, url: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    """POST ``body`` to ``url`` as the page's person: ``{"status", "body"}``, refusals included."""
    return dict(page.evaluate(POST, [url, body]))


def post(page: Any, url: str, body: dict[str, Any] | None = None) -> Any:
    """POST that must succeed; its JSON answer."""
    reply = call(page, url, body)
    if reply["status"] >= 300:
        raise AssertionError(f"POST {url} -> {reply['status']}: {reply['body']}")
    return reply["body"]


def get(page: Any, url: str) -> Any:
    """GET that must succeed; its JSON answer."""
    reply = page.evaluate(GET, url)
    if reply["status"] >= 300:
        raise AssertionError(f"GET {url} -> {reply['status']}: {reply['body']}")
    return reply["body"]


def game(page: Any, game_id: str) -> dict[str, Any]:
    """The game as the page's person sees it (``GET /api/games/{id}``)."""
    return dict(get(page, f"/api/games/{game_id}"))


def move(page: Any, game_id: str, seq: int, made: dict[str, Any]) -> dict[str, Any]:
    """Send a move at ``seq``; ``{"status", "body"}`` (a race with a bot may answer 409)."""
    return call(page, f"/api/games/{game_id}/moves", {"seq": seq, "move": made})


def start_against_bots(page: Any, kind: str, players: int, options: dict[str, Any] | None = None,
                       resign: bool = False, private: bool = True) -> str:
    """A game of the page's person in seat 0 against bots in the other seats; with ``resign``
    the person resigns at once and the bots play every seat."""
    lobby = post(page, "/api/lobbies", {"kind": kind, "players": players, "private": private,
                                        "options": options or {}})
    for seat in range(1, players):
        post(page, f"/api/lobbies/{lobby['id']}/bots", {"seat": seat})
    game_id = str(post(page, f"/api/lobbies/{lobby['id']}/start")["game_id"])
    if resign:
        post(page, f"/api/games/{game_id}/resign", {})
    return game_id


class GameEnded(AssertionError):
    """The game ended before the person had the move that was waited for."""


def advance_to(page: Any, game_id: str, move_type: str, tries: int = 100) -> None:
    """Play the person's first legal move until ``move_type`` is among its legal moves;
    `GameEnded` if the game ends first."""
    for _ in range(tries):
        now = game(page, game_id)
        if any(m["type"] == move_type for m in now["legal"]):
            return
        if now["status"] != "live":
            raise GameEnded(f"the game ended before the person had a {move_type} to make")
        if now["legal"]:
            move(page, game_id, now["seq"], now["legal"][0])
        page.wait_for_timeout(100)
    raise AssertionError(f"the person never had a {move_type} to make")


def wait_for_seq_after(page: Any, game_id: str, seq: int) -> None:
    """Wait until the move made from the page has landed (a bot may answer at once, so the
    controls can come back before a test sees them go)."""
    for _ in range(100):
        if game(page, game_id)["seq"] > seq:
            return
        page.wait_for_timeout(100)
    raise AssertionError("the move did not land")


def wait_finished(page: Any, game_id: str, tries: int = 600) -> dict[str, Any]:
    """Wait until the game is over (bots playing it out); the finished game."""
    for _ in range(tries):
        now = game(page, game_id)
        if now["status"] == "finished":
            return now
        page.wait_for_timeout(100)
    raise AssertionError("the game did not finish")


def play_moves(page: Any, game_id: str, moves: int) -> None:
    """The person makes up to ``moves`` of their legal moves (bots answer by themselves)."""
    for _ in range(moves * 20):
        now = game(page, game_id)
        if moves <= 0 or now["status"] != "live":
            return
        if now["legal"]:
            move(page, game_id, now["seq"], now["legal"][-1])
            moves -= 1
        page.wait_for_timeout(100)
