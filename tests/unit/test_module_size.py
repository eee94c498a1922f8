"""A house a newcomer reads (issue 26, "Done when"): no Python module of the platform, the
engine contract, the tests or the benches is over 400 lines. A game's own package
(app/games/<game>/: its rules and their tables) is left out: a rule section reads best whole."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 400


def test_no_module_outside_a_games_rules_is_over_400_lines() -> None:
    too_long, seen = {}, dict.fromkeys(("app", "tests", "bench"), 0)
    for top in seen:
        for path in (ROOT / top).rglob("*.py"):
            inside = path.relative_to(ROOT).parts
            if inside[:2] == ("app", "games") and len(inside) > 3:  # app/games/<game>/...
                continue
            if "node_modules" in inside:
                continue
            seen[top] += 1
            lines = len(path.read_text(encoding="utf-8").splitlines())
            if lines > LIMIT:
                too_long[str(path.relative_to(ROOT))] = lines
    assert min(seen.values()) > 10, seen  # a wrong root would find nothing and pass
    assert not too_long, f"over {LIMIT} lines (split by concept): {too_long}"
