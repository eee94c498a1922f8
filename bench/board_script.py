"""Script time of the game page at start-up, per file, in real Chromium (issue 13.19).

Starts the server with one game of each kind (as bench/lighthouse.py does), opens each game page
in headless Chromium with the CPU slowed down 4x (Lighthouse's mobile setting), records a CDP
CPU profile from navigation until the page has settled, and prints the self time spent in each
of the page's own script files, the board's files summed. Written to
bench/results/board_script.json. Figures only: nothing is asserted.

    python bench/board_script.py [--kinds carcassonne] [--runs 3] [--throttle 4]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lighthouse import CHROME, KINDS, ROOT, make_games, start_server  # noqa: E402


def self_time_by_file(profile: dict[str, Any], functions: bool = False) -> dict[str, float]:
    """Milliseconds of self time per script URL (path only), or per function of the page's
    own files, in a CDP profile."""
    nodes = {n["id"]: n for n in profile["nodes"]}
    deltas = profile["timeDeltas"]
    per: dict[str, float] = defaultdict(float)
    for sample, delta in zip(profile["samples"][1:], deltas[1:], strict=False):
        url = nodes[sample]["callFrame"].get("url", "")
        name = nodes[sample]["callFrame"].get("functionName", "")
        key = url.split("/static/", 1)[1] if "/static/" in url else f"({name or 'other'})"
        if functions:
            if "/static/" not in url:
                continue
            key = f"{key.rsplit('/', 1)[-1]}:{name or '(top)'}"
        per[key] += delta / 1000
    return dict(per)


def profile_page(browser: Any, base: str, token: str, game_id: str, viewport: dict[str, int],
                 throttle: float) -> dict[str, float]:
    context = browser.new_context(viewport=viewport)
    context.add_cookies([{"name": "bazaar_token", "value": token, "url": base}])
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    cdp.send("Profiler.enable")
    cdp.send("Profiler.setSamplingInterval", {"interval": 100})
    cdp.send("Profiler.start")
    page.goto(f"{base}/games/{game_id}")
    page.locator("#board[data-board]").wait_for(state="attached")
    page.locator("#conn-status[data-state=open]").wait_for()
    page.wait_for_timeout(1500)
    profile = cdp.send("Profiler.stop")["profile"]
    context.close()
    return {**self_time_by_file(profile),
            **{f"fn {k}": v for k, v in self_time_by_file(profile, functions=True).items()}}


SIZES = {"mobile": {"width": 412, "height": 823}, "desktop": {"width": 1350, "height": 940}}


def summary(runs: list[dict[str, float]]) -> dict[str, Any]:
    """Medians over the runs: the board's files, all page scripts, per file, top functions."""
    keys = sorted({f for r in runs for f in r})
    median = {f: round(statistics.median(r.get(f, 0) for r in runs), 1) for f in keys}
    ranked = sorted(median.items(), key=lambda kv: -kv[1])
    board = [round(sum(v for f, v in r.items() if f.startswith("games/")), 1) for r in runs]
    page_js = [round(sum(v for f, v in r.items() if f.startswith(("games/", "js/"))), 1)
               for r in runs]
    return {"board_ms_runs": board, "board_ms": statistics.median(board),
            "page_js_ms": statistics.median(page_js),
            "files_ms": {k: v for k, v in ranked if not k.startswith("fn ")},
            "functions_ms": dict([(k[3:], v) for k, v in ranked if k.startswith("fn ")][:12])}


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--kinds", default="carcassonne")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--throttle", type=float, default=4)
    parser.add_argument("--port", type=int, default=8767)
    parser.add_argument("--out", default=str(ROOT / "bench" / "results" / "board_script.json"))
    args = parser.parse_args()
    kinds = args.kinds.split(",")
    unknown = [k for k in kinds if k not in KINDS]
    if unknown:
        raise SystemExit(f"unknown kinds {unknown}")
    tmp = tempfile.TemporaryDirectory(prefix="bazaar-script-")
    base = f"http://127.0.0.1:{args.port}"
    proc = start_server(args.port, f"sqlite+aiosqlite:///{tmp.name}/script.db")
    results: dict[str, Any] = {}
    try:
        token, games = make_games(base, kinds)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROME,
                                         args=["--no-sandbox", "--disable-gpu"])
            for kind in kinds:
                for size, viewport in SIZES.items():
                    r = summary([profile_page(browser, base, token, games[kind], viewport,
                                              args.throttle) for _ in range(args.runs)])
                    results[f"{kind} {size}"] = r
                    print(f"{kind} {size}: board files {r['board_ms']:.0f} ms (runs "
                          f"{r['board_ms_runs']}), all page scripts {r['page_js_ms']:.0f} ms; "
                          f"top functions: {list(r['functions_ms'].items())[:6]}", flush=True)
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    Path(args.out).write_text(json.dumps({"cpu_throttle": args.throttle, "runs": args.runs,
                                          "pages": results}, indent=2) + "\n")


if __name__ == "__main__":
    main()
