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
from weakref import WeakKeyDictionary

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


# One cache per play service (per app, like its cache of live games), keyed by game id: a
# game's past never changes, so a newer entry for a game only extends an older one.
_caches: WeakKeyDictionary[PlayService, OrderedDict[str, Series]] = WeakKeyDictionary()


def _cache_of(play: PlayService) -> OrderedDict[str, Series]:
    cache = _caches.get(play)
    if cache is None:
        cache = _caches[play] = OrderedDict()
    return cache


def _remember(cache: OrderedDict[str, Series], game_id: str, series: Series) -> None:
    known = cache.get(game_id)
    if known is None or known.seq < series.seq:  # a slower request never shortens it
        cache[game_id] = series
    cache.move_to_end(game_id)
    while len(cache) > CACHE_GAMES:
        cache.popitem(last=False)


def _step(live: LiveGame, seq: int, state: Any) -> dict[str, Any]:
    return {"seq": seq, "scores": live.engine.public_scores(state)}


async def _series(play: PlayService, live: LiveGame, seq: int) -> Series:
    """The series up to step ``seq`` at least: from the cache, extended by the moves since."""
    cache = _cache_of(play)
    known = cache.get(live.id)
    if known is not None and known.seq >= seq:
        cache.move_to_end(live.id)
        return known
    async with play.sessions() as session:
        if known is None:
            game = await repo.get_game(session, live.id)
            assert game is not None  # play.load found it
            state = live.engine.load_state(game.initial_state)
            known = Series(0, (_step(live, 0, state),), state)
        rows = await repo.moves_after(session, live.id, known.seq, upto=seq)
        restored = await repo.undo_snapshots(session, live.id, rows)
    steps, state = list(known.steps), known.state
    for row in rows:
        state = apply_recorded(live.engine, state, row, restored)
        steps.append(_step(live, row.seq, state))
    series = Series(steps[-1]["seq"], tuple(steps), state)
    _remember(cache, live.id, series)
    return series


async def score_series(play: PlayService, game_id: str) -> dict[str, Any]:
    """``GET /api/games/{id}/scores``: the same for every caller, seat or spectator."""
    live = await play.load(game_id)
    # the step and status as of now: a move landing while the log is read waits for next time
    seq, finished = live.seq, live.finished
    series = await _series(play, live, seq)
    steps = [step for step in series.steps if step["seq"] <= seq]  # the cache may know more
    return {"seats": live.names, "steps": steps, "complete": finished}
