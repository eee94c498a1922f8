"""Settings from the environment (docs/operations.md lists every variable)."""

from __future__ import annotations

import os
from functools import lru_cache

from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Process configuration; every field can be set by an environment variable of its name."""

    model_config = SettingsConfigDict(env_prefix="", case_sensitive=False, extra="ignore")

    database_url: str = "sqlite+aiosqlite:///./bazaar.db"
    # A pooled PostgreSQL connection idle this many seconds is pinged before use (app/db.py).
    db_idle_ping_seconds: float = 10.0
    # PostgreSQL connections of one instance: the pool, and how many more it may open under
    # load (each instance up to the sum; docs/scaling.md, "Connections")
    db_pool_size: int = 30
    db_max_overflow: int = 30
    redis_url: str | None = None
    host: str = "127.0.0.1"
    port: int = 8000
    # Seconds a bot waits before moving, so that people can follow its moves.
    bot_delay: float = 0.6
    # Hard bots (issue 17, app/play/bot_pool.py): worker processes that think, off the event
    # loop; the CPU seconds one hard move may take (the search stops there with its best move
    # so far); and a factor on every engine's iteration count (a faster machine may think more,
    # tests think less). A move is a function of the seed as long as the cap is not reached.
    bot_workers: int = max(1, (os.cpu_count() or 2) - 1)
    bot_think_seconds: float = 1.0
    bot_budget_scale: float = 1.0
    # The CPU seconds one expert move may take (turn-based tables only, app/games/bots.py):
    # its budget is ten times hard's iterations, about that many of hard's seconds.
    bot_expert_think_seconds: float = 10.0
    # Niceness added to each bot worker, so that the server's own process (every game's moves)
    # wins the CPU over thinking bots; 0 keeps the server's priority.
    bot_worker_nice: int = 10
    # "module:function" run once in each bot worker before it thinks: for tests and benches
    # that put a test double in the workers; empty in a deployment.
    bot_worker_init: str = ""
    # Analyses of finished games (issue 28.4, app/analysis/): playouts per position for the
    # win chances; the lease of an instance on an analysis it works on (renewed at every
    # position), after which any instance's sweep, run every analysis_sweep_seconds, takes
    # the analysis up (a restart, a crash).
    analysis_playouts: int = 16
    analysis_lease_seconds: float = 120.0
    analysis_sweep_seconds: float = 30.0
    # Live games with hard bots (a hard bot seat or a hard takeover level) one identity, and
    # one client address, may have at once (app/play/hard_quota.py); more are refused (429).
    max_hard_bot_games_per_identity: int = 4
    max_hard_bot_games_per_address: int = 12
    # End-of-game duties (ratings, notices) are pending in the database from the final move's
    # commit (app/play/duties.py): the committing instance owns them this many seconds, then
    # any instance's sweep, run at start-up and every DUTY_SWEEP_SECONDS, completes them.
    duty_claim_seconds: float = 60.0
    duty_sweep_seconds: float = 30.0
    # turn-based tables (issue 27): how often each instance looks for due turns, and how long
    # a claimed due turn is this instance's before another may retry it
    turn_tick_seconds: float = 30.0
    turn_claim_seconds: float = 60.0
    # PostgreSQL only (issue 30, app/play/writer_thread.py): the move writer's batches on an
    # event loop and engine of their own, beside the serving loop. Off by default: a database
    # that drops every connection is then found by the next request, not by the next move.
    move_writer_thread: bool = False
    # Every K moves the state is snapshotted, so that "state at step k" stays fast.
    snapshot_every: int = 25
    max_body_bytes: int = 64 * 1024
    max_frame_bytes: int = 16 * 1024
    # Moves, chat lines and new lobbies per identity per 10 seconds (app/ratelimit.py).
    rate_moves: int = 60
    rate_chat: int = 10
    rate_lobbies: int = 20
    # Game records imported per identity per minute (three times as many per address).
    rate_imports: int = 10
    # New guest identities (POST /api/session) per address per window; unset: rate_lobbies.
    rate_sessions: int | None = None
    rate_sessions_window: int = 600
    # Sign-in, claim and recovery attempts (password or passkey) per window: per username, and
    # per address (app/ratelimit.py, limit_signin).
    rate_signin: int = 10
    rate_signin_address: int = 30
    rate_signin_window: int = 300
    # WebAuthn relying party id (the site's host name); empty: the request's host.
    webauthn_rp_id: str = ""
    # Key prefix of the rate-limit counters in Redis (shared by all instances with REDIS_URL).
    rate_limit_prefix: str = "bazaar-rate"
    # Open sockets on one instance: per identity (a player's tabs and devices), and per client
    # address for sockets without an identity (spectators); more are closed with 4429. Identified
    # callers do not count against their address: a shared address (a school, a carrier NAT) must
    # not lock out its players, and RATE_SESSIONS bounds the identities one address can make.
    max_sockets_per_identity: int = 20
    max_sockets_per_address: int = 50
    # Peers whose X-Forwarded-For/-Proto are believed (comma-separated IPs or networks, or *).
    forwarded_allow_ips: str = "127.0.0.1,::1"
    run_migrations: bool = True
    # How often each instance looks for a tournament step that is due (a round to seat, a
    # table to close); a game's end on this instance makes it look at once (app/tournaments).
    tournament_tick_seconds: float = 5.0
    # The garbage collector's young-generation threshold in a serving process, after freezing
    # what start-up made (app/gc_policy.py); 0 keeps CPython's defaults and freezes nothing.
    gc_young_threshold: int = 50_000
    # Seconds between two checks of the open sockets' sessions against the database, in case
    # the notice of a revocation was lost (app/web/revocations.py); 0: never.
    revocation_sweep_seconds: float = 30.0
    # Rated games of one kind that the same two accounts may play together in 24 hours; the
    # next ones are casual (issue 24.3, docs/decisions.md); 0: no limit.
    rating_repeat_limit: int = 3
    # The Bearer token that opens /metrics to a scraper elsewhere; without it /metrics answers
    # only requests made directly from this machine (docs/operations.md, "Observe").
    metrics_token: str = ""
    # Told outside the page (issue 27.2, app/notify/, docs/operations.md "Notifications"): the
    # site's address as people reach it, for the links in mails and pushes (empty: this
    # server's own http://HOST:PORT), and the secret that signs those links (e-mail
    # verification, one-click unsubscribe). E-mail is off without SMTP_HOST and NOTIFY_SECRET;
    # Web Push is off without VAPID_PRIVATE_KEY (`python -m app.notify.vapid` makes a pair).
    public_url: str = ""
    notify_secret: str = ""
    smtp_host: str = ""
    smtp_port: int = 587
    # "starttls" (upgrade a plain connection), "tls" (implicit TLS, port 465) or "none"
    smtp_tls: str = "starttls"
    smtp_user: str = ""
    smtp_password: str = ""
    mail_from: str = "Bazaar <bazaar@localhost>"
    # base64url of the raw 32-byte P-256 private key; the public key is derived from it
    vapid_private_key: str = ""
    vapid_subject: str = "mailto:operator@localhost"
    # The push services a subscription's endpoint may point at (host suffixes, https only):
    # the server POSTs to that URL, so any other endpoint is refused (no requests to addresses
    # a caller chooses). PUSH_EXTRA_ORIGINS adds exact origins (http allowed: tests, a local
    # push service in development).
    push_service_hosts: str = ("fcm.googleapis.com,push.services.mozilla.com,"
                               "notify.windows.com,push.apple.com")
    push_extra_origins: str = ""
    # How often each instance looks for notifications that are due (a notice on this instance
    # wakes its sender at once); a claim on a row lasts NOTIFY_CLAIM_SECONDS, after which any
    # instance may send it; a row failing NOTIFY_MAX_ATTEMPTS times is given up.
    notify_tick_seconds: float = 5.0
    notify_claim_seconds: float = 60.0
    notify_max_attempts: int = 6
    log_level: str = "info"
    cookie_secure: bool = False
    # Origins whose pages may act with the cookie, comma-separated (https://example.org);
    # empty: the server's own origin, from the request's scheme and Host (app/web/csrf.py).
    allowed_origins: str = ""


@lru_cache
def get_settings() -> Settings:
    """The settings of this process (read once)."""
    return Settings()
