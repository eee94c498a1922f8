"""The figure step (spec §6 and CAR-75/76): followers and the builder on the placed tile.

`figure_error` returns the refusal (rule id and message) of a figure that may not go somewhere,
or None.
"""

from __future__ import annotations

from typing import Any

from app.games.base import IllegalMove
from app.games.messages import refuse

from .state import Square, State
from .tiles import ABBEY, segment_kinds, segment_names
from .words import square


def figure_error(s: State, seat: int, sq: Square, seg: str, kind: str) -> IllegalMove | None:
    """Why ``seat`` may not put a ``kind`` figure on ``seg`` of the tile on ``sq`` (or None)."""
    tid, r, base = s.board[sq]
    names = segment_names(tid)
    if seg not in names:
        return refuse("CAR-26", "the tile {square} has no spot {segment}",
                      square=square(*sq), segment=seg)
    i = names.index(seg)
    skind = segment_kinds(tid)[i]
    f = s.feats[s.find(base + i)]
    if kind == "follower":
        if s.followers[seat] <= 0:
            return refuse("CAR-25", "you have no follower in your supply")
        if skind == "F" and s.opts.get("farm_scoring") == "off":
            return refuse("CAR-21", "farmers are not used in this game")
        if f.followers:
            return refuse("CAR-22", "that feature already has a follower")
        return None
    if s.builder[seat] == -2:
        return refuse("CAR-74", "the builder is not in this game")
    if s.builder[seat] != -1:
        return refuse("CAR-75", "your builder is not in your supply")
    if skind not in "CR" or tid == ABBEY:
        return refuse("CAR-75", "the builder goes only on a road or a city")
    if not any(st == seat for st, _n in f.followers):
        return refuse("CAR-75", "the builder needs one of your followers in that feature")
    if f.open == 0:
        return refuse("CAR-75", "the builder cannot go on a completed feature")
    return None


def figure_options(s: State, seat: int, sq: Square) -> list[tuple[str, str]]:
    """Every (segment, kind) the player may choose in this figure step."""
    # the same tests as figure_error, inlined: this runs on every figure step
    tid, r, base = s.board[sq]
    kinds = segment_kinds(tid)
    followers = s.followers[seat] > 0
    farmers = s.opts.get("farm_scoring") != "off"
    builder = s.builder[seat] == -1 and tid != ABBEY
    out = []
    for i, seg in enumerate(segment_names(tid)):
        f = s.feats[s.find(base + i)]
        k = kinds[i]
        if followers and not f.followers and (farmers or k != "F"):
            out.append((seg, "follower"))
        if builder and k in "CR" and f.open and any(st == seat for st, _n in f.followers):
            out.append((seg, "builder"))
    return out


def put_figure(s: State, seat: int, sq: Square, seg: str, kind: str) -> dict[str, Any]:
    """Place the figure (already checked); return the FigurePlaced event."""
    s.own()
    tid, r, base = s.board[sq]
    node = base + segment_names(tid).index(seg)
    f = s.feat_mut(s.find(node))
    if kind == "follower":
        s.followers[seat] -= 1
        f.followers.append((seat, node))
    else:
        s.builder[seat] = node
        f.builders.append((seat, node))
    s.figures[node] = (seat, kind, sq[0], sq[1], seg)
    # tile and r let the log name the spot in words ("the city (north)"), not by its segment id
    return {"type": "FigurePlaced", "seat": seat, "x": sq[0], "y": sq[1], "segment": seg,
            "kind": kind, "tile": tid, "r": r}
