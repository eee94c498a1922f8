"""``python -m app``: serve Bazaar on HOST:PORT (127.0.0.1:8000 by default)."""

from __future__ import annotations

import uvicorn

from app.config import get_settings
from app.logs import log_config


def main() -> None:
    settings = get_settings()
    uvicorn.run("app.main:app", host=settings.host, port=settings.port,
                log_level=settings.log_level, ws_max_size=64 * 1024,
                ws_per_message_deflate=False, proxy_headers=True,
                # X-Forwarded-For/-Proto only from these peers (the load balancer)
                forwarded_allow_ips=settings.forwarded_allow_ips,
                log_config=log_config(settings.log_level))


if __name__ == "__main__":
    main()
