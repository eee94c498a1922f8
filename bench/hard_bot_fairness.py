"""A lone player's hard-bot reply time, alone and while another player floods the pool
(issue 24, point 4): not a timed test, a measurement.

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
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.games.base import SeededRng, get_engine  # noqa: E402
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


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--cap", type=float, default=0.2)
    args = parser.parse_args()
    report = asyncio.run(main(args.games, args.workers, args.cap))
    text = "\n".join(report) + "\n"
    print(text, end="")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "hard_bot_fairness.txt").write_text(text)
