"""Lighthouse performance of the game page of every kind, mobile and desktop (issue 13.19).

Starts the server on a fresh SQLite database, creates a guest and one game of each kind against
bots (played until the person is to act, so the page holds still), then runs Lighthouse 12
(``npx --yes lighthouse@12``, headless Chromium at /usr/bin/chromium, the guest's cookie sent
with every request) once per kind and preset. Prints a table and writes the performance score,
CLS, TBT, LCP, FCP, the script time of the board's own files and the text-compression savings to
bench/results/lighthouse.json. Figures only: nothing is asserted. Node is used by this bench
script alone, never by the product or the test suite.

    python bench/lighthouse.py [--kinds carcassonne,bazaar] [--presets mobile,desktop] [--runs 1]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
CHROME = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
KINDS: dict[str, tuple[int, dict[str, Any]]] = {
    "grand-bazaar": (2, {}),
    "bazaar": (2, {}),
    "bombay-bazar": (2, {}),
    "carcassonne": (2, {"first_player": 0}),
    "carcassonne-auction": (3, {"players": ["Red", "Blue", "Black"], "placer": 0,
                                "tiles": [{"type": "U"}, {"type": "BZ4"}, {"label": "River"}]}),
}


def start_server(port: int, database: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "DATABASE_URL": database, "BOT_DELAY": "0.05", "LOG_LEVEL": "warning"}
    env.pop("REDIS_URL", None)
    proc = subprocess.Popen([sys.executable, "-m", "uvicorn", "app.main:app", "--host", "127.0.0.1",
                             "--port", str(port), "--log-level", "warning"], cwd=ROOT, env=env)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.3)
    proc.kill()
    raise SystemExit("the server did not start")


def make_games(base: str, kinds: list[str]) -> tuple[str, dict[str, str]]:
    """A guest's token and one game per kind in which the guest is to act."""
    token = httpx.post(f"{base}/api/session", json={"name": "Bench"}).json()["token"]
    client = httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=10)
    games = {}
    for kind in kinds:
        players, options = KINDS[kind]
        lobby = client.post("/api/lobbies", json={"kind": kind, "players": players, "private": True,
                                                  "options": options}).json()
        for seat in range(1, players):
            client.post(f"/api/lobbies/{lobby['id']}/bots", json={"seat": seat}).raise_for_status()
        game_id = client.post(f"/api/lobbies/{lobby['id']}/start").json()["game_id"]
        for _ in range(200):
            if client.get(f"/api/games/{game_id}").json()["legal"]:
                break
            time.sleep(0.1)
        games[kind] = game_id
    return token, games


def lighthouse(url: str, preset: str, token: str, out: Path) -> dict[str, Any]:
    cmd = ["npx", "--yes", "lighthouse@12", url, "--only-categories=performance",
           "--chrome-flags=--headless=new --no-sandbox --disable-gpu", "--output=json",
           f"--output-path={out}", "--quiet",
           "--extra-headers", json.dumps({"Cookie": f"bazaar_token={token}"})]
    if preset == "desktop":
        cmd.append("--preset=desktop")
    subprocess.run(cmd, check=True, env={**os.environ, "CHROME_PATH": CHROME})
    report = json.loads(out.read_text())
    audits = report["audits"]
    boot = audits.get("bootup-time", {}).get("details", {}).get("items", [])
    board_script = sum(i.get("scripting", 0) for i in boot if "/static/games/" in i.get("url", ""))
    compression = audits.get("uses-text-compression", {}).get("details", {})
    # the page's own text (HTML, scripts, styles, JSON) as sent and as unpacked
    text = [r for r in audits.get("network-requests", {}).get("details", {}).get("items", [])
            if r.get("resourceType") in ("Document", "Script", "Stylesheet", "Fetch")]
    return {
        "score": round(100 * (report["categories"]["performance"]["score"] or 0)),
        "cls": round(audits["cumulative-layout-shift"]["numericValue"], 4),
        "tbt_ms": round(audits["total-blocking-time"]["numericValue"]),
        "lcp_ms": round(audits["largest-contentful-paint"]["numericValue"]),
        "fcp_ms": round(audits["first-contentful-paint"]["numericValue"]),
        "board_script_ms": round(board_script),
        "compression_savings_kib": round(compression.get("overallSavingsBytes", 0) / 1024, 1),
        "text_sent_kib": round(sum(r.get("transferSize", 0) for r in text) / 1024, 1),
        "text_unpacked_kib": round(sum(r.get("resourceSize", 0) for r in text) / 1024, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--presets", default="mobile,desktop")
    parser.add_argument("--runs", type=int, default=1, help="runs per page; the median is kept")
    parser.add_argument("--port", type=int, default=8766)
    parser.add_argument("--out", default=str(ROOT / "bench" / "results" / "lighthouse.json"))
    parser.add_argument("--reports", default=None, help="a folder to keep Lighthouse's reports in")
    args = parser.parse_args()
    kinds, presets = args.kinds.split(","), args.presets.split(",")
    tmp = tempfile.TemporaryDirectory(prefix="bazaar-lighthouse-")
    reports = Path(args.reports or tmp.name)
    reports.mkdir(parents=True, exist_ok=True)
    base = f"http://127.0.0.1:{args.port}"
    proc = start_server(args.port, f"sqlite+aiosqlite:///{tmp.name}/lighthouse.db")
    results: dict[str, dict[str, Any]] = {}
    try:
        token, games = make_games(base, kinds)
        for kind in kinds:
            for preset in presets:
                runs = [lighthouse(f"{base}/games/{games[kind]}", preset, token,
                                   reports / f"{kind}-{preset}-{i}.json") for i in range(args.runs)]
                runs.sort(key=lambda r: r["score"])
                results[f"{kind} {preset}"] = {**runs[len(runs) // 2],
                                               "scores": [r["score"] for r in runs]}
                print(kind, preset, results[f"{kind} {preset}"], flush=True)
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    print(f"{'page':<30} {'score':>5} {'CLS':>6} {'TBT ms':>6} {'LCP ms':>6} {'board JS ms':>11}"
          f" {'text KiB sent/unpacked':>22} {'gzip would save KiB':>19}")
    for name, r in results.items():
        print(f"{name:<30} {r['score']:>5} {r['cls']:>6.3f} {r['tbt_ms']:>6} {r['lcp_ms']:>6}"
              f" {r['board_script_ms']:>11} {r['text_sent_kib']:>11}/{r['text_unpacked_kib']:<10}"
              f" {r['compression_savings_kib']:>19}")
    scores = [r["score"] for r in results.values()]
    print(f"median score {statistics.median(scores)}, lowest {min(scores)}")
    Path(args.out).write_text(json.dumps({"lighthouse": "12", "chromium": CHROME, "runs": args.runs,
                                          "pages": results}, indent=2) + "\n")


if __name__ == "__main__":
    main()
