"""The validation on the hot path (issue 30, point 3), for ``bench/asgi_servers.py --validation``:
the serving thread of ``uvicorn`` under cProfile (CPU clock) through a short run of the load
client, and the share of its time in pydantic/FastAPI validation: the socket's frames
(``ClientFrame.validate_json``), FastAPI's request parameters and bodies, and its answers
(``serialize_response``); then, unprofiled, the microseconds to validate a move frame against
only parsing it (orjson), over every move of a seeded game."""

from __future__ import annotations

import argparse
import json
import os
import pstats
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import timeit
from collections.abc import Callable
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))

import serve  # noqa: E402

PARTS = {  # (file ending, function, from whom: None for all callers)
    "socket frames: ClientFrame.validate_json": (
        "pydantic/type_adapter.py",
        "validate_json",
        "app/web/sockets/game.py",
    ),
    "HTTP requests: FastAPI params and bodies": (
        "fastapi/dependencies/utils.py",
        "_validate_value_with_model_field",
        None,
    ),
    "HTTP answers: FastAPI serialize_response": ("fastapi/routing.py", "serialize_response", None),
}


def validation(args: argparse.Namespace,
               run_client: Callable[[argparse.Namespace], subprocess.CompletedProcess[str]]
               ) -> dict[str, Any]:
    """The serving thread under cProfile through one run of ``run_client``; each part's share."""
    stats_path = Path(tempfile.mkdtemp(prefix="asgi_validation_")) / "serve.prof"
    serve.fresh_db(args.db)
    proc = serve.start(
        [
            sys.executable,
            str(BENCH / "asgi_servers.py"),
            "serve-profiled",
            "uvicorn",
            str(stats_path),
        ],
        cwd=ROOT,
        env=serve.server_env(args.db, args.port),
        port=args.port,
        log=Path("/tmp/asgi_servers_profiled.log"),
    )
    try:
        time.sleep(2)
        os.kill(proc.pid, signal.SIGUSR1)
        done = run_client(args)
        os.kill(proc.pid, signal.SIGUSR2)
        for _ in range(100):
            if stats_path.exists():
                break
            time.sleep(0.1)
        time.sleep(1)
    finally:
        serve.stop(proc)
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    stats: dict[Any, Any] = pstats.Stats(str(stats_path)).stats  # type: ignore[attr-defined]
    total = sum(entry[2] for entry in stats.values())  # every function's own time
    result: dict[str, Any] = {
        "games": args.games,
        "moves": figures["moves"],
        "profiled_cpu_s": round(total, 2),
        "load_avg": round(os.getloadavg()[0], 2),
        "parts": {},
    }
    for label, (path, func, caller) in PARTS.items():
        cum, calls = 0.0, 0
        for (file, _line, fn), (_cc, nc, _tt, ct, callers) in stats.items():
            if not (file.endswith(path) and fn == func):
                continue
            if caller is None:
                cum, calls = cum + ct, calls + nc
            else:
                for (cfile, _l, _f), (_ccc, cnc, _ctt, cct) in callers.items():
                    if cfile.endswith(caller):
                        cum, calls = cum + cct, calls + cnc
        result["parts"][label] = {
            "calls": calls,
            "cpu_s": round(cum, 3),
            "share_pct": round(100 * cum / total, 1) if total else None,
            "us_per_call": round(cum / calls * 1e6, 1) if calls else None,
        }
    result["frame_timing"] = frame_timing()
    shutil.rmtree(stats_path.parent, ignore_errors=True)
    return result


def frame_timing() -> dict[str, Any]:
    """Unprofiled: µs to validate each move frame of a seeded Grand Bazaar game as the socket
    does, against parsing it only (orjson), best of five passes."""
    sys.path.insert(0, str(ROOT))
    import orjson

    from app.games.base import SeededRng, all_engines
    from app.web.sockets.game import ClientFrame

    engine = next(e for e in all_engines() if e.kind == "grand-bazaar")
    state = engine.setup(["a", "b"], engine.validate_options({}, 2), SeededRng(7))
    rng, frames = SeededRng(8), list[str]()
    while engine.outcome(state) is None:
        seat = sorted(engine.to_act(state))[0]
        legal = engine.legal_moves(state, seat)
        move = legal[rng.randbelow(len(legal))]
        frames.append(json.dumps({"type": "move", "seq": len(frames), "move": move}))
        state, _ = engine.apply(state, seat, move, SeededRng(f"7:{len(frames)}"))
    n = len(frames)

    def per_frame(fn: Any) -> float:
        best = min(timeit.repeat(lambda: [fn(f) for f in frames], number=20, repeat=5))
        return round(best / (20 * n) * 1e6, 2)

    return {
        "frames": n,
        "mean_bytes": round(sum(map(len, frames)) / n),
        "validate_json_us": per_frame(ClientFrame.validate_json),
        "orjson_loads_us": per_frame(orjson.loads),
    }
