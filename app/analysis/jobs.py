"""What a worker of the bot pool computes for an analysis: one position (app/games/analysis.py).

The job gets the state as JSON and gives plain JSON back, like the hard bot's job
(app/play/bot_pool.py); the search's CPU time is capped as a hard move's is.
"""

from __future__ import annotations

import json
import time
from typing import Any

from app.games import analysis, bots
from app.games.base import get_engine


def analyse(kind: str, dumped: Any, next_mover: int | None, seed: str, playouts: int,
            scale: float, cap: float) -> dict[str, Any]:
    """In a worker: the chances at the position and the hard bot's move for the next mover."""
    engine = get_engine(kind)
    state = engine.load_state(dumped)
    chances = analysis.win_chances(engine, state, playouts, seed)
    best = None
    if next_mover is not None:
        started = time.process_time()  # the cap is the search's own, as for a hard move

        def out_of_time() -> bool:
            return time.process_time() - started >= cap

        best = analysis.best_move(engine, state, next_mover, f"{seed}:best",
                                  bots.Budget(scale=scale, out_of_time=out_of_time))
    answer: dict[str, Any] = json.loads(json.dumps({"chances": chances, "best": best}))
    return answer
