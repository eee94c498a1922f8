"""A ladder of every player of a game kind on one rating scale (issue 28, point 2).

Five players: **random** (a uniform pick among `Engine.legal_moves`), the **normal**, **hard**
and **expert** bots (`app.games.bots.decide`, the state redrawn for the seat first, as the
platform plays them, at budget scale 1.0 and no CPU cap: a move is a function of its seed) and
the **baseline** (bench/baselines/: a one-ply expected-value player on its own view). Every pair
plays ``--games`` two-player games in a round robin (the pairs take turns, game by game; the
seats alternate, so each pair plays half its games from each seat). After each game openskill's
Plackett–Luce (the site's own model, app/ratings/model.py) updates both players' ratings from
the ranking; a shared first place is a tie. The stand-alone auction ranks nobody (CAR-113): a
seat there is ranked by its points plus the worth of the tile it won, as in
bench/bot_strength.py.

Prints, per player: mu, sigma, the ordinal (mu - 3 sigma), games, first places and the CPU per
move; then the first places of each pairing; writes bench/results/ladder_<kind>.txt after
every round, with the game count and the machine's load average at the start and at the last
round (the machine is shared: figures of CPU per move are process time, not wall time).

    nice -n 10 python bench/ladder.py KIND [--games 4] [--players random normal hard ...]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from itertools import combinations
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from openskill.models import PlackettLuce  # noqa: E402

from app.games.base import Engine, Move, SeededRng, get_engine  # noqa: E402
from app.games.bots import EXPERT, HARD, NORMAL, Budget, decide  # noqa: E402
from bench.baselines import BASELINES  # noqa: E402
from bench.bot_strength import KINDS, _auction_start, _standing  # noqa: E402

RESULTS = Path(__file__).parent / "results"
RANDOM, BASELINE = "random", "baseline"
PLAYERS = (RANDOM, NORMAL, HARD, EXPERT, BASELINE)
MAX_STEPS = 5_000

Mover = Callable[[Engine, Any, int, str], Move]


def mover(kind: str, player: str) -> Mover:
    """How ``player`` chooses a move for a seat, from a seed."""
    if player == RANDOM:
        def random_move(engine: Engine, state: Any, seat: int, seed: str) -> Move:
            moves = engine.legal_moves(state, seat)
            return moves[SeededRng(f"r:{seed}").randbelow(len(moves))]
        return random_move
    if player == BASELINE:
        play = BASELINES[kind]
        return lambda engine, state, seat, seed: play(engine, state, seat, SeededRng(f"b:{seed}"))
    budget = Budget()
    return lambda engine, state, seat, seed: decide(engine, state, seat, player, seed, budget)


def play(kind: str, seats: tuple[str, str], game: int) -> tuple[list[int], list[list[float]]]:
    """One two-player game, ``seats[i]`` in seat i: the ranks, and the CPU of each seat's
    moves."""
    engine = get_engine(kind)
    movers = [mover(kind, p) for p in seats]
    if kind == "carcassonne-auction":
        state, chance, tiles = _auction_start(engine, game)
    else:
        chance = SeededRng(f"ladder:{kind}:{game}")
        state, _ = engine.start(["P1", "P2"], engine.validate_options({}, 2), chance)
    cpu: list[list[float]] = [[], []]
    for step in range(MAX_STEPS):
        if engine.outcome(state) is not None:
            break
        seat = min(engine.to_act(state))
        started = time.process_time()
        move = movers[seat](engine, state, seat, f"ladder:{kind}:{game}:{step}")
        cpu[seat].append(time.process_time() - started)
        state, _ = engine.apply(state, seat, move, chance)
    outcome = engine.outcome(state)
    assert outcome is not None, f"{kind}: game {game} did not end"
    if kind == "carcassonne-auction":
        standing = _standing(engine, outcome, tiles, [float(s) for s in outcome.scores])
        return [1 + sum(1 for o in standing if o > s) for s in standing], cpu
    return list(outcome.ranks), cpu


def run(kind: str, players: list[str], games: int) -> str:
    """The round robin and the ratings; the table in words, written after every round (so a
    run cut short still leaves the rounds it finished)."""
    model = PlackettLuce()
    ratings = {p: model.rating(name=p) for p in players}
    played = dict.fromkeys(players, 0)
    firsts = dict.fromkeys(players, 0.0)
    cpu: dict[str, list[float]] = {p: [] for p in players}
    pairs = list(combinations(players, 2))
    head: dict[tuple[str, str], float] = dict.fromkeys(pairs, 0.0)
    load_before = os.getloadavg()
    started = time.perf_counter()
    text = ""
    for g in range(games):
        for k, (a, b) in enumerate(pairs):
            seats = (a, b) if g % 2 == 0 else (b, a)
            ranks, spent = play(kind, seats, g * len(pairs) + k)
            [[ra], [rb]] = model.rate([[ratings[seats[0]]], [ratings[seats[1]]]], ranks=ranks)
            ratings[seats[0]], ratings[seats[1]] = ra, rb
            for seat, p in enumerate(seats):
                played[p] += 1
                cpu[p].extend(spent[seat])
                share = (1.0 if ranks.count(1) == 1 else 0.5) if ranks[seat] == 1 else 0.0
                firsts[p] += share
                if p == a:
                    head[(a, b)] += share
        text = table(kind, players, games, g + 1, ratings, played, firsts, cpu, head,
                     load_before, time.perf_counter() - started)
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / f"ladder_{kind}.txt").write_text(text + "\n")
        print(f"  {kind}: round {g + 1}/{games} done, {time.perf_counter() - started:.0f} s",
              flush=True)
    return text


def table(kind: str, players: list[str], games: int, rounds: int, ratings: dict[str, Any],
          played: dict[str, int], firsts: dict[str, float], cpu: dict[str, list[float]],
          head: dict[tuple[str, str], float], load_before: tuple[float, float, float],
          wall: float) -> str:
    """The ladder after ``rounds`` rounds, in words."""
    pairs = len(head)
    order = sorted(players, key=lambda p: -ratings[p].ordinal())
    lines = [
        f"{kind}: ladder of {', '.join(players)}; round robin of 2-player games, {rounds} of "
        f"{games} games per pair done (seats alternating), {rounds * pairs} games in all; "
        f"openskill Plackett-Luce from its defaults (mu 25, sigma 8.33), updated game by game; "
        f"bots at budget scale 1.0 without a CPU cap",
        f"  machine load average (1, 5, 15 min) at the start {_load(load_before)}, now "
        f"{_load(os.getloadavg())} on {os.cpu_count()} cores (shared); wall time {wall:.0f} s",
        f"  {'player':<9} {'mu':>6} {'sigma':>6} {'ordinal':>8} {'games':>6} {'firsts':>7} "
        f"{'CPU/move':>9}",
    ]
    for p in order:
        r = ratings[p]
        mean_cpu = statistics.mean(cpu[p]) * 1000 if cpu[p] else 0.0
        lines.append(f"  {p:<9} {r.mu:6.2f} {r.sigma:6.2f} {r.ordinal():8.2f} {played[p]:6d} "
                     f"{firsts[p]:7g} {mean_cpu:7.0f} ms")
    lines.append(f"  first places of the first player in each pairing, of {rounds} games:")
    for (a, b), won in head.items():
        lines.append(f"    {a} vs {b}: {won:g}")
    return "\n".join(lines)


def _load(load: tuple[float, float, float]) -> str:
    return "/".join(f"{x:.1f}" for x in load)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kind", choices=KINDS)
    parser.add_argument("--games", type=int, default=4, help="games per pair of players")
    parser.add_argument("--players", nargs="+", default=list(PLAYERS), choices=PLAYERS)
    args = parser.parse_args()
    print(run(args.kind, args.players, args.games), flush=True)


if __name__ == "__main__":
    main()
