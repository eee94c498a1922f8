"""How strong the hard bot is against players it was not tuned on (issue 28).

For each kind, two-player games of the hard bot against the baseline (bench/baselines/: a
one-ply expected-value player on its own view) and against the normal bot; the hard seat
alternates (game g: seat g mod 2). Every hard and normal move goes through
`app.games.bots.decide` as the platform makes it (the state redrawn for the seat first), at the
deployment's budget scale. Prints the hard bot's share of first places (a shared first place
counts half) with the Wilson 95 % interval, its mean score margin and its CPU per move, and
writes bench/results/bot_strength_<kind>.txt.

The stand-alone auction ranks nobody (CAR-113): there a seat is judged by its points plus the
worth of the tile it won. The judge's worth is neither player's estimate: it is measured on
real boards over games of their own (bench/carcassonne_tile_worth.py --seeds tile-judge,
bench/results/carcassonne_tile_worth_tile_judge.txt), games apart from those whose measurement
the hard bot carries. ``--judge mean`` judges as before issue 28's evening session: the mean
of the hard bot's estimate and the baseline's (each favours its own bidding).

    nice -n 15 python bench/bot_strength.py KIND [--games 100] [--against baseline normal]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.games.base import Engine, Move, SeededRng, get_engine  # noqa: E402
from app.games.bots import HARD, NORMAL, Budget, decide  # noqa: E402
from bench.baselines import BASELINES  # noqa: E402
from bench.hard_bots import wilson  # noqa: E402

RESULTS = Path(__file__).parent / "results"
KINDS = ("bazaar", "bombay-bazar", "carcassonne", "carcassonne-auction", "grand-bazaar")

Mover = Callable[[Engine, Any, int, str], Move]


def opponent(kind: str, against: str) -> Mover:
    """The other seat's player."""
    if against == NORMAL:
        return lambda engine, state, seat, seed: decide(engine, state, seat, NORMAL, seed)
    play = BASELINES[kind]
    return lambda engine, state, seat, seed: play(engine, state, seat, SeededRng(f"b:{seed}"))


def first(values: list[float], seat: int) -> float:
    """1 for a sole best value, 0.5 for a shared one, else 0."""
    top = max(values)
    if values[seat] != top:
        return 0.0
    return 1.0 if values.count(top) == 1 else 0.5


def _auction_start(engine: Engine, game: int) -> tuple[Any, Any, list[Any]]:
    from app.games.carcassonne.tiles import CATALOGUE_IDS

    rng = SeededRng(f"strength:ca:{game}")
    tiles = [{"type": CATALOGUE_IDS[rng.randbelow(len(CATALOGUE_IDS))]} for _ in range(2)]
    options = engine.validate_options({"players": ["p0", "p1"], "placer": rng.randbelow(2),
                                       "tiles": tiles}, 2)
    return engine.setup(options["players"], options, rng), rng, tiles


class Result(NamedTuple):
    """One game from the hard seat's side."""

    first: float
    """1 for a sole first place, 0.5 for a shared one, else 0."""
    margin: float
    """Its score less the opponent's."""
    cpu: list[float]
    """The CPU seconds of each of its moves."""
    farms: list[int] = []
    """Carcassonne: the hard seat's farm points and the opponent's (CAR-47/48)."""


class Summary(NamedTuple):
    """The hard seat's figures over a run of games."""

    share: float
    """Its first places (a shared one counts half) over the games."""
    low: float
    high: float
    """The Wilson 95 % interval of ``share``."""
    margin: float
    err: float
    """The mean margin and its standard error (0 for a single game)."""
    cpu: list[float]
    """Every hard move's CPU seconds, sorted."""
    p99: float
    """The 99th percentile of ``cpu`` (0 with no hard move)."""


def summarise(results: list[Result]) -> Summary:
    """The share of first places with its interval, the margin and the CPU of ``results``."""
    share = sum(r.first for r in results) / len(results)
    low, high = wilson(share, len(results))
    margins = [r.margin for r in results]
    err = statistics.stdev(margins) / len(margins) ** 0.5 if len(margins) > 1 else 0.0
    cpu = sorted(t for r in results for t in r.cpu)
    p99 = cpu[min(len(cpu) - 1, int(0.99 * len(cpu)))] if cpu else 0.0
    return Summary(share, low, high, statistics.mean(margins), err, cpu, p99)


def play(kind: str, against: str, game: int, deals: str = "", moves: str = "") -> Result:
    """One game: the hard seat's first place (1, 0.5 or 0), its margin and CPU per move.

    The deal (the chance generator's seed) is ``<deals>:<game>``, each move's seed
    ``<moves>:<game>:<step>``; by default the bench's own, ``strength:<kind>`` and
    ``strength:<kind>:<against>``."""
    engine = get_engine(kind)
    hard = game % 2
    other = opponent(kind, against)
    if kind == "carcassonne-auction":
        state, chance, tiles = _auction_start(engine, game)
    else:
        chance = SeededRng(f"{deals or f'strength:{kind}'}:{game}")
        state, _ = engine.start(["Bot 1", "Bot 2"], engine.validate_options({}, 2), chance)
    budget = Budget()
    cpu: list[float] = []
    step = 0
    while engine.outcome(state) is None:
        seat = min(engine.to_act(state))
        seed = f"{moves or f'strength:{kind}:{against}'}:{game}:{step}"
        if seat == hard:
            started = time.process_time()
            move = decide(engine, state, seat, HARD, seed, budget)
            cpu.append(time.process_time() - started)
        else:
            move = other(engine, state, seat, seed)
        state, _ = engine.apply(state, seat, move, chance)
        step += 1
    outcome = engine.outcome(state)
    assert outcome is not None
    scores = [float(s) for s in outcome.scores]
    if kind == "carcassonne-auction":
        scores = _standing(engine, outcome, tiles, scores)
        return Result(first(scores, hard), scores[hard] - scores[1 - hard], cpu)
    farms = farm_points(state, hard) if kind == "carcassonne" else []
    if outcome.ranks[hard] != 1:
        return Result(0.0, scores[hard] - scores[1 - hard], cpu, farms)
    return Result(1.0 if outcome.ranks.count(1) == 1 else 0.5, scores[hard] - scores[1 - hard],
                  cpu, farms)


def farm_points(state: Any, hard: int) -> list[int]:
    """A two-player Carcassonne game's farm points (CAR-47/48) from its ledger: the hard
    seat's, then the other's."""
    points = [0, 0]
    for seat, source, gained, *_words in state.ledger:
        if source == "farm":
            points[seat != hard] += gained
    return points


VERBOSE = False
"""Whether `run` prints every game (``--verbose``)."""
JUDGE = "measured"
"""How the stand-alone auction's tiles are valued: ``measured`` or ``mean`` (module doc)."""


@cache
def judge_table() -> dict[str, float]:
    """The judge's measured worth of each tile type (bench/carcassonne_tile_worth.py)."""
    text = (RESULTS / "carcassonne_tile_worth_tile_judge.txt").read_text()
    table: dict[str, float] = {}
    for line in text.splitlines():
        key, sep, value = line.strip().partition(":")
        if sep and key.startswith("'"):
            table[key.strip("'")] = float(value.strip(" ,"))
    return table


def _standing(engine: Engine, outcome: Any, tiles: list[Any], scores: list[float]) -> list[float]:
    from app.games.carcassonne_auction.hard_bot import tile_worth as hard_worth
    from bench.baselines.carcassonne_auction import tile_worth as baseline_worth

    owners = outcome.details["owners"]
    won = [tiles[owners.index(s)] for s in range(2)]
    if JUDGE == "mean":
        return [scores[s] + (hard_worth(won[s]) + baseline_worth(won[s])) / 2 for s in range(2)]
    table = judge_table()
    return [scores[s] + table[won[s]["type"]] for s in range(2)]


def run(kind: str, against: str, games: int, first_game: int, deals: str = "",
        moves: str = "") -> str:
    """Play the games and describe the result."""
    started = time.perf_counter()
    results = []
    for g in range(first_game, first_game + games):
        results.append(play(kind, against, g, deals, moves))
        if VERBOSE:  # every game, so that a run stopped early can still be counted
            r = results[-1]
            cpu_ms = statistics.mean(r.cpu) * 1000 if r.cpu else 0.0
            print(f"  game {g}: first {r.first:g}, margin {r.margin:+g}, "
                  f"CPU {cpu_ms:.0f} ms a move, farms {r.farms}", flush=True)
        if len(results) % 10 == 0:
            won = sum(r.first for r in results)
            print(f"  {kind} vs {against}: {len(results)}/{games} games, hard {won:g} firsts",
                  flush=True)
    share, low, high, margin, err, cpu, p99 = summarise(results)
    farms = [r.farms for r in results if r.farms]
    verdict = "met" if share >= 0.75 and low > 0.70 else "not met"
    return "\n".join([
        f"{kind}: hard against {against}, 2 players, games {first_game}..{first_game + games - 1}"
        f", hard seat alternating, budget scale 1.0"
        + (f", deals {deals}:<g>" if deals else "")
        + (f", move seeds {moves}:<g>:<step>" if moves else ""),
        f"  hard first places {share:.1%} (95 % Wilson {low:.1%}..{high:.1%}; target >= 75 % "
        f"with the lower end above 70 %: {verdict})",
        f"  mean margin {margin:+.1f} +- {err:.1f} (standard error)",
        f"  CPU per hard move: mean {statistics.mean(cpu) * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms"
        f" over {len(cpu)} moves" if cpu else "  no hard moves",
        *([f"  farm points a game: hard {statistics.mean(f[0] for f in farms):.1f}, "
           f"{against} {statistics.mean(f[1] for f in farms):.1f}"] if farms else []),
        f"  wall time {time.perf_counter() - started:.0f} s",
    ])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kind", choices=KINDS)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="number of the first game (seeds)")
    parser.add_argument("--deals", default="", help="deal seed prefix (default strength:KIND; "
                        "bench/hard_bots.py's is hard-bench:KIND)")
    parser.add_argument("--moves", default="", help="move seed prefix (default "
                        "strength:KIND:AGAINST)")
    parser.add_argument("--against", nargs="+", default=["baseline", NORMAL],
                        choices=["baseline", NORMAL])
    parser.add_argument("--judge", default="measured", choices=["measured", "mean"],
                        help="carcassonne-auction: how a won tile is valued (module doc)")
    parser.add_argument("--verbose", action="store_true", help="print every game")
    args = parser.parse_args()
    global JUDGE, VERBOSE
    JUDGE = args.judge
    VERBOSE = args.verbose
    texts = []
    for against in args.against:
        text = run(args.kind, against, args.games, args.first, args.deals, args.moves)
        print(text, flush=True)
        texts.append(text)
    RESULTS.mkdir(exist_ok=True)
    suffix = "" if args.against == ["baseline", NORMAL] else "_" + "_".join(args.against)
    if args.judge != "measured":
        suffix += "_" + args.judge
    (RESULTS / f"bot_strength_{args.kind}{suffix}.txt").write_text("\n".join(texts) + "\n")


if __name__ == "__main__":
    main()
