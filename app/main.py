"""The application: routers, static files, pages, and the lifespan (migrations, hub, bots).

``uvicorn app.main:app`` serves it; ``python -m app`` does the same on 127.0.0.1:8000.
"""

from __future__ import annotations

import importlib.util
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import Any

import anyio
from fastapi import FastAPI, Request
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy import text

from app import errors
from app.analysis.service import Analyses
from app.config import Settings, get_settings
from app.db import make_engine, make_sessionmaker
from app.games.base import all_engines
from app.gc_policy import tune_for_serving
from app.limits import BodyLimit
from app.metrics import CONTENT_TYPE_LATEST, metrics_allowed
from app.migrate import upgrade_async
from app.notify.sender import Notifier
from app.play.clock_keeper import ClockKeeper
from app.play.service import PlayService
from app.play.turn_duties import TurnDuties
from app.play.turn_scheduler import TurnScheduler
from app.ratelimit import RateLimiter, SocketSlots
from app.ratings import service as ratings
from app.realtime.hub import Hub, InProcessHub
from app.realtime.presence import Presence
from app.tournaments import keeper as tournaments
from app.web.csrf import CrossSiteGuard
from app.web.revocations import Revocations
from app.web.routes.accounts import router as account_router
from app.web.routes.analysis import router as analysis_router
from app.web.routes.games import router as play_router
from app.web.routes.language import router as language_router
from app.web.routes.lobbies import router as lobbies_router
from app.web.routes.notify import router as notify_router
from app.web.routes.ratings import router as ratings_router
from app.web.routes.rematch import router as rematch_router
from app.web.routes.session import router as identity_router
from app.web.routes.textplay import router as textplay_router
from app.web.routes.tournaments import router as tournaments_router
from app.web.routes.undo import router as undo_router
from app.web.routes.vacation import router as vacation_router
from app.web.sockets.account import router as account_ws_router
from app.web.sockets.game import router as ws_router

ROOT = Path(__file__).resolve().parent.parent
log = logging.getLogger("bazaar")


def make_hub(settings: Settings) -> Hub:
    """The Redis hub when REDIS_URL is set, else the in-process one."""
    if settings.redis_url:
        from app.realtime.redis_hub import RedisHub

        return RedisHub(settings.redis_url)
    return InProcessHub()


def create_app(settings: Settings | None = None) -> FastAPI:
    """A new application for these settings (tests make one per database)."""
    settings = settings or get_settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # import every game and anyio's asyncio backend now, not on the first request that
        # needs them (compiling them there stalled the first games of a busy start by 0.4 s)
        all_engines()
        await anyio.sleep(0)
        if settings.run_migrations:
            await upgrade_async(settings.database_url)
        engine = make_engine(settings.database_url, settings.db_idle_ping_seconds,
                             settings.db_pool_size, settings.db_max_overflow)
        app.state.db = engine
        app.state.sessions = make_sessionmaker(engine)
        app.state.hub = make_hub(settings)
        await app.state.hub.start()
        # revoked sessions close their sockets on every instance (issue 24.1)
        app.state.revocations.start(app.state.hub, settings.revocation_sweep_seconds)
        await app.state.presence.start()
        app.state.play = PlayService(app.state.sessions, app.state.hub, settings)
        app.state.play.metrics.watch(app.state.presence.total, app.state.play.live_count)
        app.state.play.on_finish.append(partial(ratings.record, app.state.sessions,
                                                repeat_limit=settings.rating_repeat_limit))
        app.state.play.writer.start()
        app.state.play.start_resuming()
        # e-mail and Web Push (issue 27.2): every notice is queued for them too; off (and
        # nothing queued) without SMTP_HOST/NOTIFY_SECRET and VAPID_PRIVATE_KEY
        app.state.notifier = Notifier(app.state.sessions, settings)
        app.state.play.on_notice.append(app.state.notifier.tell)
        app.state.notifier.start()
        clocks = ClockKeeper(app.state.play)
        clocks.start()
        # turn-based tables: due turns in the database, one scheduler across instances
        duties = TurnDuties(app.state.play)
        app.state.turns = TurnScheduler(app.state.sessions, duties.remind, duties.time_out,
                                        settings.turn_claim_seconds, settings.turn_tick_seconds)
        app.state.turns.start()
        app.state.tournaments = tournaments.install(app.state, settings.tournament_tick_seconds)
        # analyses of finished games (issue 28.4): the pending ones are taken up at once
        app.state.analyses = Analyses(app.state.sessions, app.state.play, settings)
        app.state.analyses.start()
        tune_for_serving(settings.gc_young_threshold)
        try:
            yield
        finally:
            await app.state.analyses.stop()
            await app.state.tournaments.stop()
            await clocks.stop()
            await app.state.turns.stop()
            await app.state.notifier.stop()
            # tell every socket to reconnect (to another instance, or to us after restart)
            app.state.hub.deliver_all({"type": "reconnect"})
            await app.state.play.stop()
            await app.state.presence.stop()
            await app.state.revocations.stop()
            await app.state.hub.stop()
            await app.state.limiter.close()
            await engine.dispose()

    app = FastAPI(title="Bazaar", version="0.1.0", lifespan=lifespan,
                  description="Four bazaar board games, played live in the browser.")
    app.state.settings = settings
    # counters in Redis with REDIS_URL (shared by every instance), else in memory
    app.state.limiter = RateLimiter(settings.redis_url, settings.rate_limit_prefix)
    app.state.socket_slots = SocketSlots()
    app.state.identities = {}
    app.state.session_sockets = {}
    app.state.revocations = Revocations(app)
    # with REDIS_URL every instance's sockets count (app/realtime/presence.py)
    app.state.presence = Presence(settings.redis_url)
    errors.install(app)
    # a request is matched against every route of the routers before its own (FastAPI tries
    # them in order, with no look at their prefixes): the set-up's and play's routes first
    # (issue 30, point 2; no two of these routers have paths in common)
    app.include_router(identity_router)
    app.include_router(lobbies_router)
    app.include_router(play_router)
    app.include_router(vacation_router)
    app.include_router(account_router)
    app.include_router(language_router)
    app.include_router(undo_router)
    app.include_router(textplay_router)
    app.include_router(analysis_router)
    app.include_router(ratings_router)
    app.include_router(rematch_router)
    app.include_router(tournaments_router)
    app.include_router(notify_router)
    app.include_router(ws_router)
    app.include_router(account_ws_router)
    _operations(app)
    app.mount("/static", StaticFiles(directory=ROOT / "static"), name="static")
    if importlib.util.find_spec("app.web.routes.pages") is not None:
        from app.web.routes.pages import router as web_router

        app.include_router(web_router)
    # state-changing requests the cookie authenticates must come from our own pages
    # (app/web/csrf.py)
    app.add_middleware(CrossSiteGuard, allowed_origins=settings.allowed_origins)
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes)
    # text responses (pages, scripts, styles, JSON) gzipped for clients that accept it (issue 13,
    # point 19); sockets pass through untouched, event streams are excluded by Starlette, bodies
    # under 500 bytes gain nothing; level 6 costs far less CPU than 9 for a few bytes more
    app.add_middleware(GZipMiddleware, minimum_size=500, compresslevel=6)
    return app


def _operations(app: FastAPI) -> None:
    @app.get("/api/catalog", tags=["catalog"])
    async def catalog() -> dict[str, Any]:
        """The game kinds, their player ranges and option schemas."""
        return {"games": [e.catalog_entry() for e in all_engines()]}

    @app.get("/healthz", tags=["operations"])
    async def healthz() -> dict[str, str]:
        """Liveness: the process answers."""
        return {"status": "ok"}

    @app.get("/readyz", tags=["operations"])
    async def readyz(request: Request) -> JSONResponse:
        """Readiness: the database answers."""
        try:
            async with request.app.state.db.connect() as conn:
                await conn.execute(text("SELECT 1"))
        except Exception:
            return JSONResponse({"status": "unavailable", "database": "down"}, status_code=503)
        return JSONResponse({"status": "ok", "database": "up"})

    @app.get("/metrics", tags=["operations"], response_class=PlainTextResponse)
    async def metrics(request: Request) -> Response:
        """Prometheus text format (app/metrics.py): moves and errors per kind, move and commit
        latency, open sockets, live games in memory, the process. Only with METRICS_TOKEN as
        the Bearer token, or asked directly from this machine (docs/operations.md)."""
        if not metrics_allowed(request, request.app.state.settings.metrics_token):
            raise errors.ApiError(403, "METRICS_FORBIDDEN", "metrics are for the operator: "
                                  "send METRICS_TOKEN as a Bearer token")
        return Response(request.app.state.play.metrics.exposition(),
                        media_type=CONTENT_TYPE_LATEST)


app = create_app()
