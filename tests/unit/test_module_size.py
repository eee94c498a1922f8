"""A house a newcomer reads (issue 26, "Done when"): no Python module of the platform or of the
engine contract is over 400 lines. A game's own package (app/games/<game>/: its rules and their
tables) is left out: a rule section reads best whole."""

from __future__ import annotations

from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "app"
LIMIT = 400


def test_no_platform_or_contract_module_is_over_400_lines() -> None:
    too_long = {}
    for path in APP.rglob("*.py"):
        inside = path.relative_to(APP).parts
        if inside[0] == "games" and len(inside) > 2:  # app/games/<game>/...: a game's rules
            continue
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > LIMIT:
            too_long[str(path.relative_to(APP.parent))] = lines
    assert not too_long, f"over {LIMIT} lines (split by concept): {too_long}"
