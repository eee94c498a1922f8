"""What each viewer sees (BOM-20, BOM-53, BOM-60).

Play is public: board, piles, elephants, trunks, tips, scores, the start step and tournament
results. The only secret is a pending hide of the parity game, which only its owner sees
(BOM-20). `players` carries each seat's elephant, current trunk score and status, and in a
tournament its medal tally.
"""

from __future__ import annotations

from typing import Any

from app.games.base import Outcome, envelope
from app.games.bombay_bazar import start
from app.games.bombay_bazar.data import PICTURE_IDS, public_data
from app.games.bombay_bazar.geometry import LAYOUTS, cell_json
from app.games.bombay_bazar.rules import path_json, trunks
from app.games.bombay_bazar.state import State, clockwise_from, deep_copy, is_tournament
from app.games.bombay_bazar.tournament import standings


def _board(state: State, owner: dict[tuple[int, int], int]) -> dict[str, Any]:
    pieces = []
    for cell, layout in enumerate(state["board"]):
        if layout < 0:
            continue
        lay = LAYOUTS[layout]
        pieces.append({
            "cell": cell_json(cell),
            "picture": PICTURE_IDS[lay.picture],
            "rotation": lay.rotation,
            "segments": [list(s) for s in lay.segments],
            "owners": [owner.get((cell, a)) for a, _b in lay.segments],
        })
    ends: dict[int, dict[str, Any]] = {}
    for cell, elephant, edge, _when in state["end_marks"]:
        entry = ends.setdefault(cell, {"cell": cell_json(cell), "count": 0, "stubs": []})
        entry["count"] += 1
        entry["stubs"].append({"elephant": elephant, "edge": edge})
    return {"pieces": pieces, "end_pieces": [ends[c] for c in sorted(ends)]}


def _parity(state: State, seat: int | None) -> dict[str, Any] | None:
    parity = state["parity"]
    if parity is None:
        return None
    pending = state["phase"] in ("hide", "call")
    data: dict[str, Any] = {
        "first_caller": parity["first"],
        "contenders": list(parity["contenders"]),
        "round": parity["round"],
        "hidden": [s for s in parity["contenders"] if parity["hides"][s] is not None],
        "calls": [list(c) for c in parity["calls"]],
        "calling_order": start.calling_order(state) if pending else [],
        "history": deep_copy(parity["history"]),
        "my_hide": None,
    }
    if seat is not None and 0 <= seat < len(parity["hides"]):
        data["my_hide"] = parity["hides"][seat]  # BOM-20: one's own hide only
    return data


def view(state: State, seat: int | None, to_act: frozenset[int],
         outcome: Outcome | None) -> dict[str, Any]:
    """BOM-60: the envelope plus the public game data of BOM-53 for ``seat``."""
    walked = trunks(state)
    owner = {(cell, min(a, b)): s for s, (path, _tip) in walked.items() for cell, a, b in path}
    tournament = is_tournament(state)
    players = []
    trunk_views = []
    for s, name in enumerate(state["names"]):
        path, tip = walked.get(s, ([], None))
        entry: dict[str, Any] = {
            "seat": s,
            "name": name,
            "elephant": state["elephants"][s],
            "score": len(path),
            "status": "out" if state["out"][s] else "active",
        }
        if tournament:
            entry["medals"] = list(state["medals"][s])
        players.append(entry)
        if tip is not None:
            trunk_views.append({
                "seat": s,
                "elephant": state["elephants"][s],
                "path": path_json(path),
                "tip": [*cell_json(tip[0]), tip[1]],
                "sealed": state["ends"][tip[0]] > 0,
                "score": len(path),
            })
    data = envelope(to_act, players, outcome)
    order = clockwise_from(state, state["start"]) if state["start"] is not None else []
    data.update({
        "data": public_data(),
        "options": dict(state["options"]),
        "phase": state["phase"],
        "round": state["round"],
        "rounds": state["options"]["rounds"] if tournament else 1,
        "board": _board(state, owner),
        "piles": {pid: state["piles"][i] for i, pid in enumerate(PICTURE_IDS)},
        "trunks": trunk_views,
        "chooser": start.chooser(state) if state["phase"] == "elephants" else None,
        "allowed_elephants": start.allowed_elephants(state)
        if state["phase"] == "elephants" else [],
        "start_player": state["start"],
        "order": order,
        "turn": state["turn"],
        "elim_order": list(state["elim_order"]),
        "parity": _parity(state, seat),
        "results": deep_copy(state["results"]),
        "medals": [list(m) for m in state["medals"]] if tournament else None,
        "standings": standings(state["medals"], state["options"]["medal_tiebreak"])
        if tournament else None,
        "solo": state["solo"],
        "data_version": state["data_version"],
    })
    return data
