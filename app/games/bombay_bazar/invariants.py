"""The invariants of BOM-58 that can be read off one state (items 1 to 6), plus the issue's:
each piece is used at most once, no port of a piece faces an end piece that lay there before
it (BOM-29), and every trunk's score equals its path's segment count.

Items 7 and 8 compare consecutive states and are checked by the property tests.
"""

from __future__ import annotations

from app.games.bombay_bazar.data import END_PIECES, SUPPLY_TOTAL
from app.games.bombay_bazar.geometry import ELEPHANT_START, LAYOUTS, NEIGHBOURS, OFF, opposite
from app.games.bombay_bazar.rules import trunks
from app.games.bombay_bazar.scoring import scores
from app.games.bombay_bazar.state import State


def violations(state: State) -> list[str]:
    """Every BOM-58 invariant (1-6) that ``state`` breaks, in words; empty when all hold."""
    found: list[str] = []
    board, ends = state["board"], state["ends"]
    walked = trunks(state)  # raises EngineBug if a walk fails (BOM-22)
    # 1. no segment on two trunks, or twice on one
    seen: set[tuple[int, int]] = set()
    for path, _tip in walked.values():
        for cell, a, b in path:
            key = (cell, min(a, b))
            if key in seen:
                found.append(f"1: segment {key} lies on a trunk twice")
            seen.add(key)
    heads = {(cell, head) for cell, head in ELEPHANT_START.values()}
    for cell, layout in enumerate(board):
        if layout < 0:
            continue
        # 4. a piece or end pieces, never both
        if ends[cell] > 0:
            found.append(f"4: cell {cell} holds a piece and end pieces")
        partner = LAYOUTS[layout].partner
        for e, n in enumerate(NEIGHBOURS[cell]):
            mine = partner[e] >= 0
            if n == OFF:
                # 2. no port off the board except a head-edge port on a start cell
                if mine and (cell, e) not in heads:
                    found.append(f"2: port {e} of cell {cell} faces off the board")
            elif e < 3 and board[n] >= 0:
                # 3. touching pieces have matching edges (each pair checked once)
                if mine != (LAYOUTS[board[n]].partner[opposite(e)] >= 0):
                    found.append(f"3: cells {cell} and {n} do not match on edge {e}")
    # 5. conservation of ordinary pieces
    placed = sum(1 for v in board if v >= 0)
    if placed + sum(state["piles"]) != SUPPLY_TOTAL or min(state["piles"]) < 0:
        found.append("5: pieces on the board plus piles differ from the supply")
    # each piece used once: one placement per occupied cell
    cells = [cell for _seat, cell, _layout in state["placements"]]
    if len(cells) != len(set(cells)) or len(cells) != placed:
        found.append("each piece is placed exactly once")
    # 6. end pieces on the board = 4 - active players, once unused elephants are closed
    if state["phase"] != "elephants":
        active = sum(1 for out in state["out"] if not out)
        if sum(ends) != END_PIECES - active or len(state["end_marks"]) != sum(ends):
            found.append("6: end pieces on the board differ from 4 - active players")
    # BOM-29: no piece placed after an end piece has a port toward it
    for cell, _elephant, _edge, before in state["end_marks"]:
        for _seat, at, layout in state["placements"][before:]:
            for e in LAYOUTS[layout].ports:
                if NEIGHBOURS[at][e] == cell:
                    found.append(f"BOM-29: a port of cell {at} faces end pieces on {cell}")
    # the player to move has an open trunk: its tip cell is empty (else BOM-38 eliminated it)
    if state["phase"] == "play" and state["turn"] is not None:
        cell = walked[state["turn"]][1][0]
        if board[cell] >= 0 or ends[cell] > 0:
            found.append("BOM-38: the player to move has a closed tip cell")
    # a trunk's score equals its path's segment count
    for seat, score in enumerate(scores(state)):
        if seat in walked and score != len(walked[seat][0]):
            found.append(f"BOM-43: seat {seat} scores {score}, not its path length")
    return found
