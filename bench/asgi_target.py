"""What bench/asgi_servers.py hands to the ASGI servers that are not uvicorn (granian,
hypercorn), so that they serve what ``python -m app`` serves.

``app``: Bazaar (app.main:app) inside uvicorn's ProxyHeadersMiddleware with FORWARDED_ALLOW_IPS,
which uvicorn adds by itself with ``proxy_headers=True`` (app/__main__.py): granian and
hypercorn have no option with the same meaning (granian has none; hypercorn's ProxyFixMiddleware
trusts a number of hops, not a list of peers), so the same middleware is put in front of them.
The app's JSON logs are set up as app/__main__.py has uvicorn set them up.

``probe`` (``raw_probe`` for uvicorn, which adds the proxy middleware itself): a tiny ASGI app
for ``asgi_servers.py --check``: answers an HTTP request with the client address and scheme the
server gives the app, and each WebSocket message with its length, so the frame limit and the
proxy headers can be seen server by server without a database.
"""

from __future__ import annotations

import json
import logging.config
from typing import Any, cast

from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from app.config import get_settings
from app.logs import log_config
from app.main import app as bazaar

_settings = get_settings()
logging.config.dictConfig(log_config(_settings.log_level))

app = ProxyHeadersMiddleware(cast(Any, bazaar), trusted_hosts=_settings.forwarded_allow_ips)


async def raw_probe(scope: dict[str, Any], receive: Any, send: Any) -> None:
    seen = {"client": (scope.get("client") or ["", 0])[0], "scheme": scope.get("scheme")}
    if scope["type"] == "lifespan":
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await send({"type": "lifespan.shutdown.complete"})
                return
    elif scope["type"] == "http":
        body = json.dumps(seen).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 200,
                "headers": [(b"content-type", b"application/json")],
            }
        )
        await send({"type": "http.response.body", "body": body})
    elif scope["type"] == "websocket":
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send", "text": json.dumps(seen)})
        while True:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                return
            data = message.get("text") or message.get("bytes") or ""
            await send({"type": "websocket.send", "text": str(len(data))})


probe = ProxyHeadersMiddleware(cast(Any, raw_probe), trusted_hosts=_settings.forwarded_allow_ips)
