"""The load-growth curve as an SVG drawn by hand (no plotting library): four panels against the
number of games at once (log scale), one line per number of instances; bench/load_growth.py
calls ``write_svg`` after its runs, or ``python bench/load_growth.py --plot FILE``.

Each point is the latest row of that (instances, games) in the results file that reached the
play; a failed size is named under the panels.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

W, H = 920, 660
PANEL_W, PANEL_H = 380, 210
COLOURS = ["#1f6feb", "#d1242f", "#2da44e", "#8250df"]
PANELS = (
    ("moves/s (play)", ("moves_per_s",), False),
    ("turn latency ms: p50 (solid), p99 (dotted)", ("p50_ms", "p99_ms"), True),
    ("server CPU s per 1,000 moves (set-up included)", ("cpu_s_per_1k_moves",), False),
    ("server MB per game: set up (solid), peak in play (dotted)",
     ("rss_mb_per_live_game", "peak_mb_per_game"), False),
)


def series(row: dict[str, Any]) -> str:
    """The line a row belongs to: its number of instances and how sockets were routed."""
    name = f"{row['instances']} instance" + ("s" if row["instances"] > 1 else "")
    return name + (", sticky by game" if row.get("routing") == "sticky" else "")


def _latest(rows: list[dict[str, Any]]) -> tuple[dict[tuple[str, int], dict[str, Any]],
                                                   list[str]]:
    points: dict[tuple[str, int], dict[str, Any]] = {}
    failed: dict[tuple[str, int], str] = {}
    for row in rows:
        if "instances" not in row or str(row.get("label", "")).startswith("before"):
            continue  # the older client's rows; rows of code since changed (their label says)
        key = (series(row), row["games"])
        failed.pop(key, None)  # the latest run of a size speaks for it
        if row.get("moves"):
            points[key] = row
        if row.get("failed") or row.get("timed_out") or row.get("setup_failed"):
            failed[key] = (f"{series(row)}, {row['games']:,} games: "
                          + ("failed" if row.get("failed") else
                             f"{row.get('finished_games')} of {row['games']} games finished, "
                             f"{row.get('setup_failed') or 0} failed set-up, "
                             f"timed out: {bool(row.get('timed_out'))}"))
    return points, list(failed.values())


def _nice_ticks(top: float) -> list[float]:
    """Round ticks from 0 to below top: steps of 1, 2 or 5 times a power of ten."""
    raw = top / 5
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    return [round(i * step, 10) for i in range(int(top / step) + 1)]


def _panel(x0: float, y0: float, title: str, keys: tuple[str, ...], log_y: bool,
           points: dict[tuple[str, int], dict[str, Any]]) -> list[str]:
    out = [f'<text x="{x0}" y="{y0 - 8}" font-size="13">{title}</text>',
           f'<rect x="{x0}" y="{y0}" width="{PANEL_W}" height="{PANEL_H}" fill="none" '
           'stroke="#888"/>']
    games = sorted({g for _, g in points})
    values = [float(r[k]) for r in points.values() for k in keys if r.get(k) is not None]
    if not games or not values:
        return out
    gx = [math.log10(g) for g in games]
    lo_x, hi_x = min(gx) - 0.15, max(gx) + 0.15
    top = max(values) * 1.15
    lo_y = min(v for v in values if v > 0) / 1.5 if log_y else 0.0
    f = (lambda v: math.log10(max(v, lo_y))) if log_y else (lambda v: v)  # noqa: E731

    def px(g: int) -> float:
        return x0 + (math.log10(g) - lo_x) / (hi_x - lo_x) * PANEL_W

    def py(v: float) -> float:
        return y0 + PANEL_H - (f(v) - f(lo_y)) / (f(top) - f(lo_y)) * PANEL_H

    for g in games:
        out.append(f'<text x="{px(g):.1f}" y="{y0 + PANEL_H + 14}" font-size="11" '
                   f'text-anchor="middle">{g:,}</text>')
    ticks = ([10 ** k for k in range(math.floor(math.log10(lo_y)), math.ceil(math.log10(top)) + 1)
              if lo_y <= 10 ** k <= top] if log_y else _nice_ticks(top))
    for t in ticks:
        out.append(f'<line x1="{x0}" x2="{x0 + PANEL_W}" y1="{py(t):.1f}" y2="{py(t):.1f}" '
                   'stroke="#eee"/>')
        out.append(f'<text x="{x0 - 4}" y="{py(t) + 4:.1f}" font-size="10" text-anchor="end">'
                   f'{t:,g}</text>')
    for k, inst in enumerate(sorted({i for i, _ in points})):
        colour = COLOURS[k % len(COLOURS)]
        for n, key in enumerate(keys):
            pts = [(px(g), py(float(points[(inst, g)][key]))) for g in games
                   if (inst, g) in points and points[(inst, g)].get(key) is not None]
            dash = ' stroke-dasharray="3 3"' if n else ""
            path = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
            out.append(f'<polyline points="{path}" fill="none" stroke="{colour}"'
                       f' stroke-width="2"{dash}/>')
            out.extend(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}"/>'
                       for x, y in pts)
    return out


def write_svg(results: Path) -> Path:
    """Draw results' latest rows into an SVG beside it; returns its path."""
    points, failed = _latest(json.loads(results.read_text()))
    body = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
            f'font-family="sans-serif"><rect width="{W}" height="{H}" fill="white"/>',
            '<text x="20" y="24" font-size="15">Bazaar on PostgreSQL: cost as games at once grow '
            '(x: games at once, log scale)</text>']
    for i, (title, keys, log_y) in enumerate(PANELS):
        body += _panel(70 + (i % 2) * 450, 60 + (i // 2) * 270, title, keys, log_y, points)
    for n, name in enumerate(sorted({i for i, _ in points})):
        body.append(f'<text x="{70 + n * 220}" y="{H - 52}" font-size="12" '
                    f'fill="{COLOURS[n % len(COLOURS)]}">— {name}</text>')
    for n, note in enumerate(failed[:3]):
        body.append(f'<text x="70" y="{H - 34 + n * 14}" font-size="11">{note}</text>')
    out = results.with_suffix(".svg")
    out.write_text("\n".join(body + ["</svg>"]) + "\n")
    return out


def markdown_table(results: Path) -> str:
    """The latest row of each line and size as a Markdown table (for docs/scaling.md)."""
    points, _ = _latest(json.loads(results.read_text()))
    out = ["| instances | games | moves/s | turn p50 / p99 ms | CPU s per 1k moves: all / play"
           " | set-up CPU ms a game | MB a live game: ready / peak | PG rows/s, commits/s, cores"
           " | Redis commands a move | games finished | load before → after |",
           "|---|---|---|---|---|---|---|---|---|---|---|"]
    for (name, games), r in sorted(points.items(), key=lambda kv: (kv[0][0], kv[0][1])):
        db = r.get("play_db", {})
        redis = r.get("redis")
        per_move = (f"{redis['commands_per_s'] / max(r['moves_per_s'], 1):.1f}" if redis
                    else "—")
        out.append(
            f"| {name} | {games:,} | {r['moves_per_s']:,} | {r['p50_ms']:,} / {r['p99_ms']:,} | "
            f"{r['cpu_s_per_1k_moves']} / {r['play_cpu_s_per_1k_moves']} | "
            f"{r.get('setup_cpu_ms_per_game')} | {r.get('rss_mb_per_live_game')} / "
            f"{r.get('peak_mb_per_game')} | {db.get('rows_per_s', '—'):,}, "
            f"{db.get('commits_per_s', '—')}, {r.get('pg_cores')} | {per_move} | "
            f"{r.get('finished_games')} of {games:,}"
            f"{' (deadline)' if r.get('timed_out') else ''} | "
            f"{r['load_avg_before']} → {r['load_avg_after']} |")
    return "\n".join(out)
