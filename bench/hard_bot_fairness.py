"""Hard-bot reply times: a lone player's, alone and while another player floods the pool
(issue 24, point 4), and every table's with 1, 10 and 50 games at once (issue 28, point 3).
Not timed tests: measurements.

The pool runs as the server runs it (`app.play.bot_pool.BotPool`, spawned workers, niced),
with the busy double in its workers: every search burns its whole CPU cap (``--cap`` seconds),
as a real search at full budget does. Three runs, each printing the lone player's reply times
(the time from asking for a hard move to having it):

- alone: nobody else uses the pool;
- attack, fair queue: ``--games`` games of one attacker keep a search waiting each, and the
  lone player's searches take their turn round-robin (the server since issue 24);
- attack, first come first served: the same flood, the lone player's searches queued behind
  it as one owner (what the server did before: one first-come pool).

Writes the figures to bench/results/hard_bot_fairness.txt. Run it niced:

    nice -n 10 python bench/hard_bot_fairness.py [--games 40] [--workers 1] [--cap 0.2]

``--load 1 10 50`` measures instead what every table sees under load (issue 28, point 3):
1, 10 and 50 games at once, each with its own host (the fair queue's owner), each asking for
its bot's next move as soon as the last one came, the real hard search of ``--kind`` at the
deployment's budget and CPU cap (no double). The positions are those of a game the normal bots
played, a different one for each move. It prints the reply-time percentiles over every move
of every game (the time from asking to having the move, queueing included) and writes
bench/results/hard_bot_load.txt:

    nice -n 10 python bench/hard_bot_fairness.py --load 1 10 50 [--kind carcassonne]
        [--moves 4] [--workers 1] [--cap 1.0] [--double tests.bot_doubles:busy]

With ``--double tests.bot_doubles:busy`` every search burns its whole cap instead: the reply
times of searches that all take ``--cap`` seconds of CPU.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.games.base import Engine, SeededRng, get_engine  # noqa: E402
from app.games.bots import NORMAL, decide  # noqa: E402
from app.play.bot_pool import BotPool  # noqa: E402

RESULTS = Path(__file__).parent / "results"
KIND = "grand-bazaar"


def position() -> tuple[object, object]:
    """A Grand Bazaar game at its start, the engine and its state."""
    engine = get_engine(KIND)
    options = engine.validate_options({}, 2)
    state, _ = engine.start(["Lone", "Bot"], options, SeededRng("fairness-bench"))
    return engine, state


async def lone_replies(pool: BotPool, owner: str, moves: int) -> list[float]:
    """The lone player's reply times, one hard move after another."""
    engine, state = position()
    seat = min(engine.to_act(state))  # type: ignore[attr-defined]
    times = []
    for i in range(moves):
        asked = time.perf_counter()
        await pool.hard_move(engine, state, seat, f"lone:{i}", owner)  # type: ignore[arg-type]
        times.append(time.perf_counter() - asked)
    return times


async def flood(pool: BotPool, games: int, stop: asyncio.Event) -> None:
    """``games`` games of one attacker, each asking for its next hard move at once."""
    engine, state = position()
    seat = min(engine.to_act(state))  # type: ignore[attr-defined]

    async def game(g: int) -> None:
        n = 0
        while not stop.is_set():
            await pool.hard_move(engine, state, seat, f"attack:{g}:{n}",  # type: ignore[arg-type]
                                 "attacker")
            n += 1

    await asyncio.gather(*(game(g) for g in range(games)))


async def measure(pool: BotPool, games: int, moves: int, fair: bool) -> list[float]:
    if not games:
        return await lone_replies(pool, "lone", moves)
    stop = asyncio.Event()
    attack = asyncio.create_task(flood(pool, games, stop))
    while pool.queue.waiting() < games - pool.workers:  # the flood is queued
        await asyncio.sleep(0.01)
    try:
        return await lone_replies(pool, "lone" if fair else "attacker", moves)
    finally:
        stop.set()
        await attack


def summary(name: str, times: list[float]) -> str:
    return (f"{name:<38} n={len(times):<2} median {statistics.median(times):6.2f} s   "
            f"max {max(times):6.2f} s")


async def main(games: int, workers: int, cap: float) -> list[str]:
    pool = BotPool(workers, cap, 1.0, "tests.bot_doubles:busy", nice=10)
    await lone_replies(pool, "warm-up", 1)  # the workers are spawned once, outside the figures
    lines = [f"hard-bot reply time of a lone player: {workers} worker(s), CPU cap {cap} s per "
             f"search (busy double), attacker with {games} games"]
    lines.append(summary("alone", await measure(pool, 0, 5, True)))
    lines.append(summary(f"attack of {games} games, fair queue", await measure(pool, games, 5,
                                                                               True)))
    lines.append(summary(f"attack of {games} games, first come", await measure(pool, games, 2,
                                                                               False)))
    pool.shutdown()
    return lines


def played_positions(kind: str, seed: str) -> tuple[Engine, list[tuple[Any, int]]]:
    """Every position of a two-player game the normal bots play to the end, with the seat to
    act (the hard bot's positions in a real game, without waiting for a search per move)."""
    engine = get_engine(kind)
    state, _ = engine.start(["A", "B"], engine.validate_options({}, 2), SeededRng(seed))
    chance = SeededRng(f"{seed}:chance")
    found: list[tuple[Any, int]] = []
    step = 0
    while engine.outcome(state) is None:
        seat = min(engine.to_act(state))
        found.append((state, seat))
        state, _ = engine.apply(state, seat, decide(engine, state, seat, NORMAL,
                                                    f"{seed}:{step}"), chance)
        step += 1
    return engine, found


MIN_REPLIES = 40


def percentiles(times: list[float]) -> str:
    ordered = sorted(times)

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    return (f"p50 {at(0.5):6.2f} s  p90 {at(0.9):6.2f} s  p95 {at(0.95):6.2f} s  "
            f"p99 {at(0.99):6.2f} s  max {ordered[-1]:6.2f} s")


async def under_load(pool: BotPool, kind: str, games: int, moves: int) -> list[float]:
    """``games`` games at once, each asking ``moves`` hard moves one after another (at least
    `MIN_REPLIES` replies in all, so that a lone game's percentiles mean something)."""
    engine, positions = played_positions(kind, f"load:{kind}")
    moves = max(moves, -(-MIN_REPLIES // games))

    async def game(g: int) -> list[float]:
        times = []
        for n in range(moves):
            state, seat = positions[(g * 7 + n * 13) % len(positions)]
            asked = time.perf_counter()
            await pool.hard_move(engine, state, seat, f"load:{g}:{n}", f"host{g}")
            times.append(time.perf_counter() - asked)
        return times

    per_game = await asyncio.gather(*(game(g) for g in range(games)))
    return [t for times in per_game for t in times]


async def load_main(kind: str, loads: list[int], moves: int, workers: int,
                    cap: float, double: str) -> list[str]:
    pool = BotPool(workers, cap, 1.0, double, nice=10)  # no double: the real search
    await under_load(pool, kind, 1, 1)  # spawn and warm the workers outside the figures
    search = f"the busy double ({double})" if double else "the real search"
    lines = [f"hard-bot reply times, {kind}, {search}: {workers} worker(s) on "
             f"{os.cpu_count()} CPUs, CPU cap {cap} s, budget scale 1.0, {moves} moves per game "
             f"(at least {MIN_REPLIES} replies per row)"]
    for games in loads:
        started = time.perf_counter()
        times = await under_load(pool, kind, games, moves)
        lines.append(f"{games:>3} game(s) at once: {percentiles(times)}  "
                     f"(n={len(times)}, {time.perf_counter() - started:.0f} s)")
        print(lines[-1], flush=True)
    pool.shutdown()
    return lines


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--cap", type=float, default=None,
                        help="CPU seconds per search (default 0.2, with --load 1.0)")
    parser.add_argument("--load", type=int, nargs="+", help="games at once, e.g. 1 10 50")
    parser.add_argument("--kind", default="carcassonne")
    parser.add_argument("--moves", type=int, default=4, help="hard moves per game (--load)")
    parser.add_argument("--double", default="",
                        help="with --load: e.g. tests.bot_doubles:busy (each search burns its cap)")
    args = parser.parse_args()
    RESULTS.mkdir(exist_ok=True)
    if args.load:
        cap = 1.0 if args.cap is None else args.cap
        report = asyncio.run(load_main(args.kind, args.load, args.moves, args.workers, cap,
                                         args.double))
        name = "hard_bot_load.txt"
    else:
        cap = 0.2 if args.cap is None else args.cap
        report = asyncio.run(main(args.games, args.workers, cap))
        name = "hard_bot_fairness.txt"
    text = "\n".join(report) + "\n"
    print(text, end="")
    (RESULTS / name).write_text(text)
