"""Score over time (issue 14, part 2): every seat's public score after every step of a game.

Computed from the log by replaying it, as the replay does (`apply_recorded` over the recorded
chance outcomes), with `Engine.public_scores` at each step: a viewer learns no hidden quantity
from it, and once the game has ended the last step holds the outcome's scores. The series after
step n never changes (the log is append-only), so it is cached per game with the state it
reached: a running game's next request replays only the moves made since.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from app.play import repository as repo
from app.play.live import LiveGame, apply_recorded
from app.play.service import PlayService

CACHE_GAMES = 512
"""Games whose series this instance keeps (least recently asked for goes first)."""


@dataclass(frozen=True)
class Series:
    """The scores after steps 0..seq, and the state after step seq to go on from."""

    seq: int
    steps: tuple[dict[str, Any], ...]
    state: Any


_cache: OrderedDict[str, Series] = OrderedDict()
# Keyed by game id alone: ids are unique and a game's past never changes, so an entry is true
# for every app in this process; a newer entry for the same game only extends an older one.


def _remember(game_id: str, series: Series) -> None:
    _cache[game_id] = series
    _cache.move_to_end(game_id)
    while len(_cache) > CACHE_GAMES:
        _cache.popitem(last=False)


def _step(live: LiveGame, seq: int, state: Any) -> dict[str, Any]:
    return {"seq": seq, "scores": live.engine.public_scores(state)}


async def _series(play: PlayService, live: LiveGame) -> Series:
    """The series up to ``live.seq``: from the cache, extended by the moves made since."""
    known = _cache.get(live.id)
    if known is not None and known.seq >= live.seq:
        _cache.move_to_end(live.id)
        return known
    async with play.sessions() as session:
        if known is None:
            game = await repo.get_game(session, live.id)
            assert game is not None  # play.load found it
            state = live.engine.load_state(game.initial_state)
            known = Series(0, (_step(live, 0, state),), state)
        rows = await repo.moves_after(session, live.id, known.seq, upto=live.seq)
    steps, state = list(known.steps), known.state
    for row in rows:
        state = apply_recorded(live.engine, state, row)
        steps.append(_step(live, row.seq, state))
    series = Series(steps[-1]["seq"], tuple(steps), state)
    _remember(live.id, series)
    return series


async def score_series(play: PlayService, game_id: str) -> dict[str, Any]:
    """``GET /api/games/{id}/scores``: the same for every caller, seat or spectator."""
    live = await play.load(game_id)
    series = await _series(play, live)
    # another request may have cached a longer series meanwhile: show this game's steps only
    steps = [step for step in series.steps if step["seq"] <= live.seq]
    return {"seats": live.names, "steps": steps, "complete": live.finished}
