"""Component facts of Bombay Bazar as one data object (rules/bombay-bazar.md §2, BOM-1).

Everything physical lives in `DATA`: the board rows, the elephants with their start cells and
head edges, the clockwise order, the two-player pairs, the pictures with their segments and
copy counts, and the number of end pieces. Code elsewhere derives what it needs from it and
never assumes 17 pictures, 4 copies, 68 cells or 9 rows ([R] reconstruction, §2.7).
"""

from __future__ import annotations

from typing import Any, Final

DATA: Final[dict[str, Any]] = {
    "data_version": 1,
    "board": {"row_lengths": [8, 7, 8, 7, 8, 7, 8, 7, 8], "odd_rows_shifted": "right"},
    "elephants": [
        {"id": "A", "start": [1, 0], "head_edge": 3},
        {"id": "B", "start": [1, 6], "head_edge": 0},
        {"id": "C", "start": [7, 6], "head_edge": 0},
        {"id": "D", "start": [7, 0], "head_edge": 3},
    ],
    "clockwise": ["A", "B", "C", "D"],
    "two_player_pairs": [["A", "C"], ["B", "D"]],
    "end_pieces": 4,
    "pictures": [
        {"id": "S1", "segments": [[0, 1]], "copies": 4},
        {"id": "S2", "segments": [[0, 2]], "copies": 4},
        {"id": "S3", "segments": [[0, 3]], "copies": 4},
        {"id": "D1", "segments": [[0, 1], [2, 3]], "copies": 4},
        {"id": "D2", "segments": [[0, 1], [3, 4]], "copies": 4},
        {"id": "D3", "segments": [[0, 1], [2, 4]], "copies": 4},
        {"id": "D4", "segments": [[0, 1], [3, 5]], "copies": 4},
        {"id": "D5", "segments": [[0, 1], [2, 5]], "copies": 4},
        {"id": "D6", "segments": [[0, 2], [3, 5]], "copies": 4},
        {"id": "D7", "segments": [[0, 2], [1, 3]], "copies": 4},
        {"id": "D8", "segments": [[0, 2], [1, 4]], "copies": 4},
        {"id": "D9", "segments": [[0, 3], [1, 4]], "copies": 4},
        {"id": "T1", "segments": [[0, 1], [2, 3], [4, 5]], "copies": 4},
        {"id": "T2", "segments": [[0, 1], [2, 5], [3, 4]], "copies": 4},
        {"id": "T3", "segments": [[0, 1], [2, 4], [3, 5]], "copies": 4},
        {"id": "T4", "segments": [[0, 2], [1, 4], [3, 5]], "copies": 4},
        {"id": "T5", "segments": [[0, 3], [1, 4], [2, 5]], "copies": 4},
    ],
}

DATA_VERSION: Final[int] = int(DATA["data_version"])
ROW_LENGTHS: Final[tuple[int, ...]] = tuple(DATA["board"]["row_lengths"])
ELEPHANT_IDS: Final[tuple[str, ...]] = tuple(e["id"] for e in DATA["elephants"])
CLOCKWISE: Final[tuple[str, ...]] = tuple(DATA["clockwise"])
TWO_PLAYER_PAIRS: Final[tuple[tuple[str, str], ...]] = tuple(
    (a, b) for a, b in DATA["two_player_pairs"]
)
END_PIECES: Final[int] = int(DATA["end_pieces"])
PICTURE_IDS: Final[tuple[str, ...]] = tuple(p["id"] for p in DATA["pictures"])
COPIES: Final[tuple[int, ...]] = tuple(int(p["copies"]) for p in DATA["pictures"])
SUPPLY_TOTAL: Final[int] = sum(COPIES)
"""BOM-6: the ordinary pieces in the supply (68 with the current data)."""
MIN_PLAYERS: Final[int] = 1
MAX_PLAYERS: Final[int] = len(ELEPHANT_IDS)
"""BOM-2: 1 to 4 players, one elephant each."""


def public_data() -> dict[str, Any]:
    """The data object as the browser board needs it (a fresh copy)."""
    return {
        "data_version": DATA_VERSION,
        "row_lengths": list(ROW_LENGTHS),
        "elephants": [dict(e, start=list(e["start"])) for e in DATA["elephants"]],
        "clockwise": list(CLOCKWISE),
        "pictures": [
            {"id": p["id"], "segments": [list(s) for s in p["segments"]], "copies": p["copies"]}
            for p in DATA["pictures"]
        ],
    }
