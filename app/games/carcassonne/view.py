"""Views (spec §14; CAR-97 to CAR-101) and the log in words.

The game has no private information: every seat and every spectator gets the same view.
Hidden are only the stack order and the face-down bazaar tiles (CAR-97, CAR-100).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from app.games.base import Outcome, competition_ranks, envelope

from . import auction
from .bazaar import won_tiles
from .figures import figure_options
from .ledger import score_breakdown
from .placement import holes, legal_placements
from .state import State

Event = dict[str, Any]


def outcome(s: State) -> Outcome | None:
    """Final scores, ranks and winners (CAR-50: ties share the win)."""
    if not s.finished:
        return None
    ranks = competition_ranks(s.scores)
    return Outcome(scores=list(s.scores), ranks=ranks,
                   winners=[i for i, r in enumerate(ranks) if r == 1]
                   ).with_breakdown(score_breakdown(s))


def players(s: State) -> list[dict[str, Any]]:
    """The envelope's per-player figures (CAR-98)."""
    out = []
    for i, name in enumerate(s.names):
        b = s.builder[i]
        out.append({"seat": i, "name": name, "score": s.scores[i], "followers": s.followers[i],
                    "builder": None if b == -2 else ("supply" if b == -1 else "board"),
                    "abbey": s.abbey[i]})
    return out


def view(s: State, public_opts: dict[str, Any]) -> dict[str, Any]:
    """The one public view (CAR-101)."""
    v = envelope(sorted(() if s.finished else (s.actor,)), players(s), outcome(s))
    ctx = s.ctx
    v["options"] = public_opts
    v["phase"] = s.phase
    v["board"] = [{"x": x, "y": y, "tile": t, "r": r} for (x, y), (t, r, _b) in s.board.items()]
    v["figures"] = [{"seat": f[0], "kind": f[1], "x": f[2], "y": f[3], "segment": f[4]}
                    for f in s.figures.values()]
    v["stack"] = s.remaining()
    v["face_down"] = len(s.facedown)
    v["discards"] = list(s.discards)
    if s.opts.get("show_remaining", True):
        counts = Counter(s.stack[s.pos:])
        counts.update(s.facedown)
        v["remaining"] = dict(sorted(counts.items()))
    v["turn"] = {"seat": ctx.get("seat"), "part": ctx.get("kind"), "tile": ctx.get("tile"),
                 "x": ctx.get("x"), "y": ctx.get("y"), "r": ctx.get("r")} if ctx else None
    v["placements"] = ([[x, y, r] for x, y, r in legal_placements(s, ctx["tile"])]
                       if s.phase == "place" else [])
    v["figure_options"] = ([{"segment": g, "kind": k}
                            for g, k in figure_options(s, s.actor, (ctx["x"], ctx["y"]))]
                           if s.phase == "figure" else [])
    v["holes"] = [list(h) for h in holes(s)] if s.phase in ("start", "extra", "abbey_round") \
        else []
    v["auction"] = auction.public_view(s.auction) if s.auction is not None else None
    v["bazaar"] = {"window": s.window, "queue": list(s.queue), "won_tiles": won_tiles(s)}
    v["final"] = s.final
    return v


def _name(names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return f"seat {seat}"


def _pts(p: int) -> str:
    return f"{p} point" if abs(p) == 1 else f"{p} points"


def describe(event: Event, names: Sequence[str]) -> str:
    """An event in words for the game log."""
    t = event.get("type")
    who = _name(names, event.get("seat"))
    text = auction.describe(event, names)
    if text is not None:
        return text
    if t == "TileDrawn":
        return f"{who} drew {event['tile']}"
    if t == "TileDiscarded":
        return f"{event['tile']} does not fit anywhere and is discarded ({event['rule']})"
    if t == "TilePlaced":
        return f"{who} placed {event['tile']} at ({event['x']},{event['y']}) turned {event['r']}"
    if t == "AbbeyPlaced":
        return f"{who} placed the abbey at ({event['x']},{event['y']})"
    if t == "FigurePlaced":
        return f"{who} put a {event['kind']} on {event['segment']} at " \
               f"({event['x']},{event['y']})"
    if t == "FeatureScored":
        paid = ", ".join(_name(names, s) for s in event["seats"]) or "nobody"
        when = "incomplete " if event["final"] else "completed "
        size = "" if event["feature"] == "cloister" else f" of {event['tiles']} tile(s)"
        return f"{when}{event['feature']}{size}: {_pts(event['points'])} to {paid}"
    if t == "FarmScored":
        paid = ", ".join(_name(names, s) for s in event["seats"]) or "nobody"
        return f"farm ({event['rule']} rule, {event['cities']} city/cities): " \
               f"{_pts(event['points'])} to {paid}"
    if t == "BazaarSkipped":
        return f"too few tiles left ({event['stack']}): the bazaar is skipped"
    if t == "BazaarQueued":
        return f"the bazaar of {_name(names, event['placer'])} waits until this one is over"
    if t == "BazaarDrawn":
        how = "face down" if event["face_down"] else "for the auction"
        return f"{event['count']} tiles are drawn {how}"
    if t == "TilesRevealed":
        return "the bazaar reveals " + ", ".join(event["tiles"])
    if t == "BazaarTurn":
        return f"{who} plays the won tile {event['tile']}"
    simple = {
        "StackEmpty": f"the stack is empty: {who} places nothing",
        "ExtraPartEarned": f"{who} earns an extra part (builder)",
        "ExtraPartStarted": f"{who} takes the extra part",
        "ExtraPartDeclined": f"{who} declines the extra part",
        "ExtraPartLapsed": f"the extra part of {who} lapses: no tile and no abbey",
        "AbbeyPassed": f"{who} passes with the abbey",
        "TurnStarted": f"{who}'s turn",
        "BazaarEnded": "the bazaar is over",
        "RegularPlayEnded": "the stack is empty: regular play ends",
        "GameEnded": "the game is over",
    }
    return simple.get(str(t), str(t))
