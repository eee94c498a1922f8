"""What an instance exports at ``/metrics``, with the maintained Prometheus client
(docs/operations.md, "Metrics").

One registry per app, not the client's global one: a test process builds many apps, and each
must count only its own moves. Gauges that describe the present (open sockets, live games in
memory) are read when scraped, so nothing has to keep them up to date.
"""

from __future__ import annotations

import hmac
import ipaddress
from collections.abc import Callable

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    PlatformCollector,
    ProcessCollector,
    generate_latest,
)
from starlette.requests import HTTPConnection

# A move on this machine takes about a millisecond in memory and a few more to commit; the
# buckets reach past a second so that a stalled database shows.
LATENCY_BUCKETS = (.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5)

__all__ = ["CONTENT_TYPE_LATEST", "Metrics", "metrics_allowed"]

_PROXIED = ("x-forwarded-for", "forwarded", "x-real-ip")


def metrics_allowed(request: HTTPConnection, token: str) -> bool:
    """Who may read ``/metrics`` (issue 24.5): a scraper with ``METRICS_TOKEN`` as its Bearer
    token, or a request made directly from this machine (a loopback peer with no proxy header:
    a local reverse proxy forwards the world's requests from loopback too, with such headers)."""
    auth = request.headers.get("authorization", "")
    if token and auth.lower().startswith("bearer ") and hmac.compare_digest(
            auth[7:].strip().encode(), token.encode()):
        return True
    if any(h in request.headers for h in _PROXIED):
        return False
    host = request.client.host if request.client else ""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class Metrics:
    """The instance's counters, histograms and gauges, in their own registry."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        ProcessCollector(registry=self.registry)
        PlatformCollector(registry=self.registry)
        self.moves = Counter("bazaar_moves", "Moves applied and committed, by game kind and actor",
                             ["kind", "actor"], registry=self.registry)
        self.move_errors = Counter("bazaar_move_errors", "Moves refused, by game kind and code",
                                   ["kind", "code"], registry=self.registry)
        self.move_seconds = Histogram(
            "bazaar_move_seconds", "From a move's arrival to its commit, by game kind",
            ["kind"], buckets=LATENCY_BUCKETS, registry=self.registry)
        self.commit_seconds = Histogram(
            "bazaar_commit_seconds", "One group commit of the move log (one transaction)",
            buckets=LATENCY_BUCKETS, registry=self.registry)
        self.commit_moves = Histogram(
            "bazaar_commit_moves", "Moves per group commit",
            buckets=(1, 2, 5, 10, 20, 50, 100, 200), registry=self.registry)
        self.open_sockets = Gauge("bazaar_open_sockets", "Open game sockets on this instance",
                                  registry=self.registry)
        self.live_games = Gauge("bazaar_live_games", "Games held in memory on this instance",
                                registry=self.registry)

    def watch(self, open_sockets: Callable[[], float], live_games: Callable[[], float]) -> None:
        """Read the present-state gauges from the app when scraped."""
        self.open_sockets.set_function(open_sockets)
        self.live_games.set_function(live_games)

    def total_moves(self) -> float:
        """Every move this instance committed (the bench reads it)."""
        return sum(s.value for m in self.moves.collect() for s in m.samples
                   if s.name == "bazaar_moves_total")

    def exposition(self) -> bytes:
        """The Prometheus text format of everything above."""
        return generate_latest(self.registry)
