"""Carcassonne baseline (with the Bazaar expansion): one ply of expected points.

A turn is judged whole: every legal placement of the tile in hand (CAR-15/16), each followed by
every figure choice (CAR-20 to CAR-26, CAR-75) or none, applied by the engine to a state whose
unseen tiles were redrawn for the seat (CAR-100), so it knows what the seat knows and no more.
The position reached is worth the seat's expected final points minus the best opponent's
(`expected_points`): points scored, plus what each feature would pay at the end (CAR-46),
raised by the chance it is still completed (cities double, CAR-40; cloisters fill up, CAR-41),
and farms (CAR-47/48, the default "third" rule: 3 per completed city beside the farm, and a share
of 3 for each city that may still be completed), plus a small worth for each follower still in
hand while tiles remain.

The auction (CAR-61 to CAR-66): a tile is worth the best turn it gives (against not having
it); the player opens at 0 on the tile worth most to it, raises while the price is under half
of the tile's worth, and, as auctioneer, sells to a raise unless the tile is worth far more
than the points the sale brings.
"""

from __future__ import annotations

from typing import Any

from app.games.base import Engine, Move, Rng, Seat, SeededRng

FOLLOWER = 2.0  # a follower in hand at the start, scaled down as the stack runs out
DRAW = 2.0  # what drawing a tile is worth against placing the abbey now


def _majority(f: Any) -> list[int]:
    counts: dict[int, int] = {}
    for seat, _node in f.followers:
        counts[seat] = counts.get(seat, 0) + 1
    if not counts:
        return []
    top = max(counts.values())
    return [seat for seat, c in counts.items() if c == top]


def _neighbours(board: dict[tuple[int, int], Any], sq: tuple[int, int]) -> int:
    x, y = sq
    return sum(1 for dx in (-1, 0, 1) for dy in (-1, 0, 1)
               if (dx or dy) and (x + dx, y + dy) in board)


def _city_chance(f: Any, left: float) -> float:
    """A rough chance that an open city is still completed, from its open edges and the
    share of the stack left."""
    return max(0.0, min(1.0, left * 1.6) - 0.2 * max(0, f.open - 1)) if f.open else 1.0


def expected_points(s: Any, seat: Seat) -> float:
    """The seat's expected final points minus the best opponent's."""
    points = [float(p) for p in s.scores]
    if s.finished:  # the final scoring (CAR-46 to CAR-48) is in the scores
        return points[seat] - max(p for i, p in enumerate(points) if i != seat)
    left = (len(s.stack) - s.pos) / max(1, len(s.stack))  # share of the stack still to come
    farm_rule = s.opts.get("farm_scoring", "third")
    for f in s.feats.values():
        if not f.followers or f.scored:
            continue
        tiles = len(f.squares)
        if f.kind == "R":
            worth = float(tiles)  # CAR-39, CAR-46: the same complete or not
        elif f.kind == "C":
            q = _city_chance(f, left)
            worth = (tiles + f.pennants) * (1 + q)  # CAR-40 doubles a completed city
        elif f.kind == "K":
            n = _neighbours(s.board, next(iter(f.squares)))
            worth = 1 + n + (8 - n) * min(1.0, left * 1.5)
        elif farm_rule == "off":
            worth = 0.0
        else:
            cities = {s.find(c) for c in f.cities}
            worth = sum(3.0 if s.feats[c].complete else 3.0 * 0.6 * _city_chance(s.feats[c], left)
                        for c in cities)
        for owner in _majority(f):
            points[owner] += worth
    for i in range(len(points)):
        points[i] += FOLLOWER * left * s.followers[i]
    others = [p for i, p in enumerate(points) if i != seat]
    return points[seat] - (max(others) if others else 0.0)


def _after(engine: Engine, world: Any, seat: Seat, move: Move) -> Any:
    state, _ = engine.apply(world, seat, move, SeededRng(0))
    return state


def best_turn(engine: Engine, world: Any, seat: Seat,
              moves: list[Move] | None = None) -> tuple[float, Move]:
    """The best value reachable by this decision and the seat's figure step after it."""
    best: tuple[float, Move] | None = None
    for m in engine.legal_moves(world, seat) if moves is None else moves:
        after = _after(engine, world, seat, m)
        if after.phase == "figure" and after.actor == seat:
            value = max(expected_points(_after(engine, after, seat, f), seat)
                        for f in engine.legal_moves(after, seat))
        else:
            value = expected_points(after, seat)
        if best is None or value > best[0] + 1e-9:
            best = (value, m)
    assert best is not None
    return best


def tile_worth(engine: Engine, world: Any, seat: Seat, tile: str) -> float:
    """What holding ``tile`` now adds to the seat's expected margin."""
    from app.games.carcassonne.parts import hold_tile  # the rules' own "tile in hand" step

    held = world.clone()
    # after the placement the engine goes on with a plain next turn, not the auction
    held.auction, held.agenda = None, (("turn", (seat + 1) % world.n),)
    hold_tile(held, seat, "bazaar", tile, False)
    if not engine.legal_moves(held, seat):
        return 0.0
    return max(0.0, best_turn(engine, held, seat)[0] - expected_points(world, seat))


def _auction(engine: Engine, world: Any, seat: Seat) -> Move:
    info = engine.view(world, seat)["auction"]
    decision, tiles = info["decision"], info["tiles"]
    if decision["kind"] == "open":
        worths = {i: tile_worth(engine, world, seat, tiles[i]["shown"]) for i in decision["tiles"]}
        pick = max(worths, key=lambda i: (worths[i], -i))
        return {"type": "AuctionOpen", "tile": pick, "bid": 0}
    tile = tiles[info["current"]["tile"]]["shown"]
    worth = tile_worth(engine, world, seat, tile)
    if decision["kind"] == "bid":
        if decision["min_bid"] <= worth / 2:
            return {"type": "AuctionRaise", "bid": decision["min_bid"]}
        return {"type": "AuctionPass"}
    # selling earns the bid and costs the buyer as much: buy only a tile worth much more
    sell = worth < 3 * decision["high_bid"] + 2
    return {"type": "AuctionSettle", "choice": "sell" if sell else "buy"}


def move(engine: Engine, state: Any, seat: Seat, rng: Rng) -> Move:
    """The baseline's move: the best one-ply turn, or its auction rule in a bazaar."""
    world = engine.resample_hidden(state, seat, rng)
    if world.phase == "auction":
        return _auction(engine, world, seat)
    if world.phase in ("place", "figure"):
        return best_turn(engine, world, seat)[1]
    # a turn's start, an extra part or the abbey round: the abbey (CAR-84 to CAR-90) or not
    legal = engine.legal_moves(world, seat)
    waits = [m for m in legal if m["type"] != "PlaceAbbey"]
    abbeys = [m for m in legal if m["type"] == "PlaceAbbey"]
    if not abbeys:
        return waits[0]
    value, abbey = best_turn(engine, world, seat, abbeys)
    if not waits:
        return abbey
    wait = waits[0]
    bonus = DRAW if wait["type"] == "Draw" else 0.0
    return abbey if value > expected_points(world, seat) + bonus else wait
