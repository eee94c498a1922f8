"""ASGI servers and WebSocket implementations side by side (issue 30, point 3): Bazaar on
PostgreSQL under each server, the same load client as bench/peers/run.sh (ours/load.js: G
two-player Grand Bazaar games of 54 moves played at once, set-up included, each seat moving as
soon as its turn arrives).

    uv run --locked --group bench python bench/asgi_servers.py [--games 100] [--rounds 1]
        [--variants uvicorn uvicorn-wsproto ...]
    uv run --locked --group bench python bench/asgi_servers.py --check      # options, no load
    uv run --locked --group bench python bench/asgi_servers.py --validation [--games 20]

Variants (``python -m app`` is ``uvicorn``; the others change one thing each, or the server):

- ``uvicorn``: as today (app/__main__.py): uvloop, httptools, ``ws="auto"``, which in uvicorn
  0.54 is the websockets library's Sans-I/O protocol (``websockets-sansio``);
- ``uvicorn-websockets``: ``ws="websockets"``, uvicorn's older protocol on the websockets
  library's asyncio server (what "auto" chose before uvicorn 0.35 added the Sans-I/O one);
- ``uvicorn-wsproto``: ``ws="wsproto"`` (pure-Python wsproto);
- ``uvicorn-asyncio``: ``loop="asyncio"`` (what uvloop buys);
- ``uvicorn-h11``: ``http="h11"`` (what httptools buys on the set-up's HTTP requests);
- ``granian``: granian's ASGI interface (Rust: hyper and tungstenite), uvloop, one worker;
- ``hypercorn``: hypercorn's uvloop worker (h11 and wsproto), in process.

Each run: a fresh database, the server started as the other benches start it (bench/serve.py:
rate limits out of the way, LOG_LEVEL=warning), two seconds to settle, then the client; the
server's CPU (the process and its children: granian forks its worker) over the client's run,
per 1,000 moves, and its peak RSS (VmHWM, summed over the processes). ``--rounds R`` runs the
variants interleaved (v1 v2 v3 ... v1 v2 v3 ...). Rows are appended to
bench/results/asgi_servers.json; figures are printed, never asserted.

``--check`` starts each variant on a probe app (bench/asgi_target.py) and shows what the server
passes to the app: the client address and scheme behind X-Forwarded-For/-Proto from a trusted
peer, and whether a 20 KiB and a 70 KiB WebSocket message reach the app (the product's limit is
64 KiB, ``ws_max_size``).

``--validation`` (bench/asgi_validation.py) measures the validation on the hot path: the
serving thread under cProfile (CPU clock) through a short run of ``uvicorn``, and the share of
its time in pydantic/FastAPI validation (the socket's frames, FastAPI's request parameters and
bodies, its answers); then, unprofiled, the microseconds to validate a move frame against only
parsing it (orjson), over every move of a seeded game.

Needs Node and the ``ws`` module of bench/peers/bgio: ``--ws-module``, ``WS_MODULE``, or else
``npm ci`` of bench/peers/bgio into a temporary directory (as run.sh does). granian and
hypercorn are in the ``bench`` dependency group (``--group bench``): the product does not
depend on them.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))

import serve  # noqa: E402
from asgi_validation import validation  # noqa: E402

FRAME_LIMIT = 64 * 1024  # app/__main__.py's ws_max_size


@dataclass(frozen=True)
class Variant:
    server: str  # uvicorn, granian, hypercorn
    what: str
    uvicorn: dict[str, Any] = field(default_factory=dict)  # options over app/__main__.py's


VARIANTS = {
    "uvicorn": Variant("uvicorn", "as today: uvloop, httptools, ws=auto (websockets-sansio)"),
    "uvicorn-websockets": Variant(
        "uvicorn", "ws=websockets (legacy asyncio protocol)", {"ws": "websockets"}
    ),
    "uvicorn-wsproto": Variant("uvicorn", "ws=wsproto", {"ws": "wsproto"}),
    "uvicorn-asyncio": Variant("uvicorn", "loop=asyncio", {"loop": "asyncio"}),
    "uvicorn-h11": Variant("uvicorn", "http=h11", {"http": "h11"}),
    "granian": Variant("granian", "granian ASGI, uvloop, 1 worker (forked)"),
    "hypercorn": Variant("hypercorn", "hypercorn, uvloop worker, in process"),
}


# --- the server side: ``asgi_servers.py serve VARIANT [probe]`` ------------------------------


def serve_variant(name: str, probe: bool = False) -> None:
    """Serve Bazaar (or the probe) under ``name``, on HOST:PORT from the app's settings."""
    sys.path.insert(0, str(ROOT))
    from app.config import get_settings

    variant, settings = VARIANTS[name], get_settings()
    if variant.server == "uvicorn":
        import uvicorn

        import app.__main__ as product

        real_run = uvicorn.run

        def run(target: Any, **options: Any) -> None:
            # app/__main__.py's own call, with this variant's options over it
            real_run("asgi_target:raw_probe" if probe else target, **{**options, **variant.uvicorn})

        uvicorn.run = run  # type: ignore[assignment]
        product.main()
    elif variant.server == "granian":
        from granian import Granian
        from granian.constants import Interfaces, Loops
        from granian.log import LogLevels

        from app.logs import log_config

        Granian(
            f"asgi_target:{'probe' if probe else 'app'}",
            address=settings.host,
            port=settings.port,
            interface=Interfaces.ASGI,
            loop=Loops.uvloop,
            websockets=True,
            workers=1,
            log_level=LogLevels(settings.log_level),
            log_dictconfig=log_config(settings.log_level),
            working_dir=BENCH,
        ).serve()
    else:
        from hypercorn.config import Config
        from hypercorn.run import run as hypercorn_run

        config = Config()
        config.application_path = f"asgi_target:{'probe' if probe else 'app'}"
        config.bind = [f"{settings.host}:{settings.port}"]
        config.worker_class = "uvloop"
        config.workers = 0  # in this process, as uvicorn serves
        config.websocket_max_message_size = FRAME_LIMIT
        config.loglevel = settings.log_level.upper()
        config.accesslog = None
        hypercorn_run(config)


# --- the load side ----------------------------------------------------------------------------


def ws_module(arg: str | None) -> tuple[str, Path | None]:
    """The client's ``ws`` module, and a temporary directory to remove after, if one was made."""
    if arg and Path(arg).exists():
        return arg, None
    work = Path(tempfile.mkdtemp(prefix="asgi_servers_"))
    shutil.copytree(BENCH / "peers/bgio", work / "bgio")
    subprocess.run(
        ["npm", "ci", "--no-audit", "--no-fund"], cwd=work / "bgio", check=True, capture_output=True
    )
    return str(work / "bgio/node_modules/ws"), work


def start(name: str, args: argparse.Namespace, probe: bool = False) -> subprocess.Popen[bytes]:
    if not probe:
        serve.fresh_db(args.db)
    return serve.start(
        [
            sys.executable,
            str(BENCH / "asgi_servers.py"),
            "serve",
            name,
            *(["probe"] if probe else []),
        ],
        cwd=ROOT,
        env=serve.server_env(args.db, args.port),
        port=args.port,
        log=Path(f"/tmp/asgi_servers_{name}.log"),
    )


def one_run(name: str, args: argparse.Namespace) -> dict[str, Any]:
    row: dict[str, Any] = {
        "variant": name,
        "what": VARIANTS[name].what,
        "games": args.games,
        "label": args.label,
        "at": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "commit": subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
        ).stdout.strip(),
        "load_avg_before": round(os.getloadavg()[0], 2),
    }
    proc = start(name, args)
    try:
        time.sleep(2)  # the start-up's own work (migrations, pools) settles
        pids = serve.with_children(proc.pid)
        row["processes"] = len(pids)
        cpu0 = serve.tree_cpu(proc.pid)
        try:
            done = run_client(args)
        except subprocess.TimeoutExpired:
            row["failed"] = f"the client did not finish in {args.deadline} s"
            return row
        cpu1 = serve.tree_cpu(proc.pid)
        row["peak_rss_mb"] = round(serve.tree_mb(proc.pid, "VmHWM"), 1)
        # a forked worker shares pages with its parent: each process's own peak, to read beside
        row["peak_rss_mb_each"] = [
            round(serve.status_mb(p, "VmHWM"), 1) for p in serve.with_children(proc.pid)
        ]
        try:
            figures = json.loads(done.stdout.strip().splitlines()[-1])
        except (ValueError, IndexError):
            row["failed"] = (done.stdout + done.stderr)[-800:]
            return row
        moves = figures["moves"] or 1
        row.update(
            {
                k: figures.get(k)
                for k in ("moves", "seconds", "moves_per_s", "p50_ms", "p99_ms", "errors")
            }
        )
        row["moves_per_game"] = round(moves / args.games, 2)
        row["cpu_s_per_1k_moves"] = round((cpu1 - cpu0) / moves * 1000, 3)
        if done.returncode or figures.get("errors"):
            row["failed"] = f"client exit {done.returncode}, {figures.get('errors')} errors"
    finally:
        serve.stop(proc)
        row["load_avg_after"] = round(os.getloadavg()[0], 2)
    return row


def print_row(row: dict[str, Any]) -> None:
    print(
        f"{row['variant']:19} {row.get('moves_per_s')!s:>7} {row.get('p50_ms')!s:>7} "
        f"{row.get('p99_ms')!s:>7} {row.get('cpu_s_per_1k_moves')!s:>9} "
        f"{row.get('peak_rss_mb')!s:>8} {row.get('moves_per_game')!s:>6}  "
        f"{row['load_avg_before']}-{row['load_avg_after']}"
        + (f"  FAILED: {row['failed'][:300]}" if "failed" in row else ""),
        flush=True,
    )


# --- --check: what each server passes to the app ---------------------------------------------


def check(name: str, args: argparse.Namespace) -> dict[str, Any]:
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    out: dict[str, Any] = {"variant": name}
    proc = start(name, args, probe=True)
    try:
        proxied = {"X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "https"}
        request = urllib.request.Request(f"http://127.0.0.1:{args.port}/", headers=proxied)
        out["http_behind_proxy"] = json.loads(urllib.request.urlopen(request, timeout=10).read())
        with connect(
            f"ws://127.0.0.1:{args.port}/ws",
            additional_headers=proxied,
            max_size=None,
            compression="deflate",
        ) as ws:
            out["ws_behind_proxy"] = json.loads(ws.recv(timeout=10))
            # what the server agreed to: permessage-deflate if the client offers it (browsers do)
            agreed = ws.response.headers.get("Sec-WebSocket-Extensions") if ws.response else None
            out["deflate_if_offered"] = bool(agreed)
            for size in (20 * 1024, 70 * 1024):
                try:
                    ws.send("x" * size)
                    reply = ws.recv(timeout=10)
                    out[f"ws_{size // 1024}k"] = f"reached the app ({reply!r} chars)"
                except (ConnectionClosed, TimeoutError) as exc:
                    out[f"ws_{size // 1024}k"] = f"refused: {exc}"[:120]
                    break
    finally:
        serve.stop(proc)
    return out


# --- the load client ----------------------------------------------------------------------------


def run_client(args: argparse.Namespace) -> subprocess.CompletedProcess[str]:
    """run.sh's load client (ours/load.js) against the server on ``args.port``."""
    return subprocess.run(
        ["node", str(BENCH / "peers/ours/load.js"), str(args.port), str(args.games)],
        env={**os.environ, "WS_MODULE": args.ws},
        capture_output=True,
        text=True,
        timeout=args.deadline,
        preexec_fn=serve.more_files,
    )


# --- main -------------------------------------------------------------------------------------


def main() -> None:
    if len(sys.argv) >= 3 and sys.argv[1] == "serve":
        serve_variant(sys.argv[2], probe=sys.argv[3:] == ["probe"])
        return
    if len(sys.argv) == 4 and sys.argv[1] == "serve-profiled":
        # cProfile on the serving thread between SIGUSR1 and SIGUSR2 (bench/asgi_validation.py)
        serve.profile_between_signals(sys.argv[3])
        serve_variant(sys.argv[2])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=1, help="variants interleaved, R times")
    parser.add_argument("--variants", nargs="+", choices=list(VARIANTS), default=list(VARIANTS))
    parser.add_argument("--check", action="store_true", help="the options each server maps")
    parser.add_argument("--validation", action="store_true", help="validation's share, profiled")
    parser.add_argument("--label", default="")
    parser.add_argument("--deadline", type=int, default=600, help="seconds per client run")
    parser.add_argument("--port", type=int, default=8171)
    parser.add_argument("--db", default="asgi_servers_bench")
    parser.add_argument("--ws-module", default=os.environ.get("WS_MODULE"))
    parser.add_argument("--out", type=Path, default=BENCH / "results/asgi_servers.json")
    args = parser.parse_args()
    serve.more_files()
    if args.check:
        for name in args.variants:
            print(json.dumps(check(name, args)), flush=True)
        return
    args.ws, made = ws_module(args.ws_module)
    try:
        if args.validation:
            result = validation(args, run_client)
            print(json.dumps(result, indent=1))
            out = args.out.with_name("asgi_validation.json")
            rows = json.loads(out.read_text()) if out.exists() else []
            out.write_text(
                json.dumps([*rows, {"at": time.strftime("%Y-%m-%dT%H:%M:%S"), **result}], indent=1)
                + "\n"
            )
            return
        rows = json.loads(args.out.read_text()) if args.out.exists() else []
        print(
            f"{'variant':19} {'moves/s':>7} {'p50 ms':>7} {'p99 ms':>7} {'cpu s/1k':>9} "
            f"{'peak MB':>8} {'mv/gm':>6}  load before-after",
            flush=True,
        )
        for _ in range(args.rounds):
            for name in args.variants:
                row = one_run(name, args)
                print_row(row)
                rows.append(row)
                args.out.write_text(json.dumps(rows, indent=1) + "\n")
    finally:
        if made is not None:
            shutil.rmtree(made, ignore_errors=True)


if __name__ == "__main__":
    main()
