"""Views (spec §14; CAR-97 to CAR-101) and the log in words.

The game has no private information: every seat and every spectator gets the same view.
Hidden are only the stack order and the face-down bazaar tiles (CAR-97, CAR-100).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from app.games.base import Outcome, competition_ranks, envelope
from app.games.messages import english

from . import auction, log_words
from .bazaar import won_tiles
from .figures import figure_options
from .ledger import score_breakdown
from .placement import holes, legal_placements
from .state import State

Event = dict[str, Any]


def squares_of(placements: Sequence[tuple[int, int, int]]) -> list[list[int]]:
    """The distinct squares of (x, y, rotation) placements, in their first order."""
    seen: dict[tuple[int, int], None] = {}
    for x, y, _r in placements:
        seen.setdefault((x, y), None)
    return [[x, y] for x, y in seen]


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
                    # None in a game without abbeys (CAR-85): nothing to hold or to have used
                    "abbey": s.abbey[i] if s.opts.get("abbey", True) else None})
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
    # where the tile in hand went is the board's last entry (the board lists the tiles in the
    # order they were placed); repeating it here made three fields to set back every turn
    v["turn"] = {"seat": ctx.get("seat"), "part": ctx.get("kind"),
                 "tile": ctx.get("tile")} if ctx else None
    # The squares where the tile can go, each once: the board highlights and frames them. The
    # rotations each square allows are in the legal moves of the seat to act; in the view they
    # made most of a late-game patch, since the list changes whole every turn (issue 16).
    v["placements"] = (squares_of(legal_placements(s, ctx["tile"])) if s.phase == "place"
                       else [])
    v["figure_options"] = ([{"segment": g, "kind": k}
                            for g, k in figure_options(s, s.actor, (ctx["x"], ctx["y"]))]
                           if s.phase == "figure" else [])
    v["holes"] = [list(h) for h in holes(s)] if s.phase in ("start", "extra", "abbey_round") \
        else []
    v["auction"] = auction.public_view(s.auction) if s.auction is not None else None
    v["bazaar"] = {"window": s.window, "queue": list(s.queue), "won_tiles": won_tiles(s)}
    v["final"] = s.final
    return v


def describe(event: Event, names: Sequence[str]) -> str:
    """An event in English words for the game log; "" for a scoring that paid nobody anything
    (app/games/carcassonne/log_words.py has it as a message for every language)."""
    message = log_words.describe(event, names)
    return "" if message is None else english(message)
