"""Where a durable move waits (issue 30, point 1): serve Bazaar with timestamps on each stage
of every move, let a load client play, then print the breakdown.

    python bench/move_stages.py serve        # like ``python -m app`` (same settings), traced
    # ... run a load (bench/peers/ours/load.js) against it, then stop it with SIGINT/SIGTERM:
    # it writes bench/results/move_stages.json and prints the stages' p50/p90/p99

The stages of one move, all on the server (the wrappers are set from outside: app/ is untouched):

- ``checks``: the frame read and validated (``Connection.on_move`` entered) until the pipeline
  holds the game's lock and starts the move (rate limit, game lookup, lock wait);
- ``engine``: apply, outcome, snapshot, to-act (until the record goes to the move writer);
- ``queue``: the record waiting for its group-commit batch to start;
- ``commit``: its batch's transaction (BEGIN .. COMMIT, the batch's size beside it);
- ``wake``: the commit's future resolved until the pipeline runs again (the event loop's queue);
- ``after``: the committed move's bookkeeping until the fan-out (turn rows, bots' wake-up);
- ``patch``: the fan-out until the last viewer's patch of that seq is handed to the socket;
- ``total``: ``Connection.on_move`` entered until that last patch.

An event-loop lag probe (a task sleeping 5 ms) runs beside, as the loop's own queue.
"""

from __future__ import annotations

import asyncio
import json
import signal
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.play import move_pipeline, writer  # noqa: E402
from app.web.sockets import game as game_socket  # noqa: E402

now = time.perf_counter
stamps: dict[tuple[str, int], dict[str, float]] = defaultdict(dict)
batches: list[tuple[int, float]] = []
lags: list[float] = []
inner: list[float] = []


def _wrap_on_move() -> None:
    original = game_socket.Connection.on_move

    async def on_move(self: Any, frame: Any) -> None:
        stamps[(self.live.id, frame.seq + 1)].setdefault("recv", now())
        await original(self, frame)

    game_socket.Connection.on_move = on_move  # type: ignore[method-assign]


def _wrap_commit() -> None:
    original = move_pipeline.MovePipeline.commit

    async def commit(self: Any, live: Any, seat: int, move: Any, seq: int, *args: Any,
                     **kwargs: Any) -> Any:
        stamps[(live.id, seq + 1)]["locked"] = now()
        return await original(self, live, seat, move, seq, *args, **kwargs)

    move_pipeline.MovePipeline.commit = commit  # type: ignore[method-assign]

    fan_out = move_pipeline.Hub.fan_out

    async def traced_fan_out(self: Any, game_id: str, message: dict[str, Any]) -> bool:
        if message.get("type") == "advanced":
            stamps[(game_id, message["seq"])]["fan_out"] = now()
        return await fan_out(self, game_id, message)

    move_pipeline.Hub.fan_out = traced_fan_out  # type: ignore[method-assign]


def _wrap_writer() -> None:
    write = writer.MoveWriter.write
    transact = writer.MoveWriter._transact

    async def traced_write(self: Any, record: Any) -> None:
        key = (record.game_id, record.seq)
        stamps[key]["queued"] = now()
        await write(self, record)
        stamps[key]["woken"] = now()

    async def traced_transact(self: Any, records: list[Any]) -> None:
        began = now()
        for r in records:
            stamps[(r.game_id, r.seq)]["batch_start"] = began
        await transact(self, records)
        ended = now()
        batches.append((len(records), ended - began))
        for r in records:
            stamps[(r.game_id, r.seq)]["batch_end"] = ended

    transact_on = getattr(writer.MoveWriter, "_transact_on", None)
    if transact_on is not None:  # the batch as its own loop sees it (the writer's thread)
        async def traced_transact_on(self: Any, db: Any, records: list[Any]) -> None:
            began = now()
            await transact_on(self, db, records)
            inner.append(now() - began)

        writer.MoveWriter._transact_on = traced_transact_on  # type: ignore[method-assign]

    writer.MoveWriter.write = traced_write  # type: ignore[method-assign]
    writer.MoveWriter._transact = traced_transact  # type: ignore[method-assign]


def _wrap_catch_up() -> None:
    original = game_socket.Connection.catch_up

    async def catch_up(self: Any, since: int) -> None:
        await original(self, since)
        sent = now()
        for s in range(since + 1, self.live.seq + 1):
            stamps[(self.live.id, s)]["patched"] = sent  # the last viewer's wins

    game_socket.Connection.catch_up = catch_up  # type: ignore[method-assign]


async def _probe() -> None:
    while True:
        t = now()
        await asyncio.sleep(0.005)
        lags.append(now() - t - 0.005)


STAGES = [("checks", "recv", "locked"), ("engine", "locked", "queued"),
          ("queue", "queued", "batch_start"), ("commit", "batch_start", "batch_end"),
          ("wake", "batch_end", "woken"), ("after", "woken", "fan_out"),
          ("patch", "fan_out", "patched"), ("total", "recv", "patched")]


def _q(values: list[float], p: float) -> float:
    values = sorted(values)
    return round(values[min(len(values) - 1, int(p * len(values)))] * 1000, 2)


def report() -> dict[str, Any]:
    full = [s for s in stamps.values() if all(k in s for _, k, _ in STAGES[:-1])
            and "patched" in s]
    out: dict[str, Any] = {"moves": len(full), "stages_ms": {}}
    for name, a, b in STAGES:
        vals = [s[b] - s[a] for s in full]
        if vals:
            out["stages_ms"][name] = {"p50": _q(vals, .5), "p90": _q(vals, .9),
                                      "p99": _q(vals, .99),
                                      "mean": round(statistics.fmean(vals) * 1000, 2)}
    if batches:
        sizes = [n for n, _ in batches]
        out["batches"] = {"count": len(batches), "mean_size": round(statistics.fmean(sizes), 1),
                          "p50_ms": _q([d for _, d in batches], .5),
                          "p99_ms": _q([d for _, d in batches], .99)}
    if inner:
        out["batches"]["inner_p50_ms"] = _q(inner, .5)
        out["batches"]["inner_p99_ms"] = _q(inner, .99)
    if lags:
        out["loop_lag_ms"] = {"p50": _q(lags, .5), "p90": _q(lags, .9), "p99": _q(lags, .99)}
    return out


def serve() -> None:
    import uvicorn

    from app.__main__ import main

    _wrap_on_move()
    _wrap_commit()
    _wrap_writer()
    _wrap_catch_up()

    original_startup = uvicorn.Server.startup

    async def startup(self: Any, *args: Any, **kwargs: Any) -> None:
        asyncio.get_running_loop().create_task(_probe())
        await original_startup(self, *args, **kwargs)

    uvicorn.Server.startup = startup  # type: ignore[method-assign]
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    try:
        main()
    finally:
        result = report()
        print(json.dumps(result, indent=1))
        out = ROOT / "bench" / "results" / "move_stages.json"
        out.write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    if sys.argv[1:] == ["serve"]:
        serve()
    else:
        print(__doc__)
