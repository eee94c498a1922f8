"""The browser boards' assets: tiles.js is generated from the one tile table (CAR-11) and is
up to date; every board module parses as JavaScript."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = ROOT / "bench" / "carcassonne_tiles_js.py"
MODULES = [
    ROOT / "static/games/carcassonne/tiles.js",
    ROOT / "static/games/carcassonne/tile-svg.js",
    ROOT / "static/games/carcassonne/auction-panel.js",
    ROOT / "static/games/carcassonne/board.js",
    ROOT / "static/games/carcassonne-auction/board.js",
]


def _generator() -> object:
    spec = importlib.util.spec_from_file_location("carcassonne_tiles_js", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_car_11_tiles_js_matches_the_tile_table() -> None:
    generator = _generator()
    records = generator.records()  # type: ignore[attr-defined]
    text = (ROOT / "static/games/carcassonne/tiles.js").read_text(encoding="utf-8")
    assert text.startswith("// GENERATED")
    body = text.split("export const TILES = ", 1)[1].split(";\n", 1)[0]
    assert json.loads(body) == records, "rerun: python bench/carcassonne_tiles_js.py"
    assert records["D"]["segments"] == ["c0", "r0", "f0", "f1"]
    assert records["BZ4"]["bazaar"] is True and records["M"]["pennant"] == 1


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_board_modules_parse(path: Path) -> None:
    result = subprocess.run(["node", "--check", str(path)], capture_output=True, text=True,
                            check=False)
    assert result.returncode == 0, result.stderr
