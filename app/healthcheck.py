"""``python -m app.healthcheck``: exit 0 when this container's server answers ``/healthz``.

The container image has no curl; Docker's ``HEALTHCHECK`` runs this instead (Dockerfile). It
asks ``http://127.0.0.1:$PORT/healthz`` with the standard library only, within a few seconds.
"""

from __future__ import annotations

import os
import sys
import urllib.request


def healthy(port: int, timeout: float = 3.0) -> bool:
    """Whether the server on this machine's ``port`` answers ``/healthz`` with 200."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=timeout) as reply:
            return bool(reply.status == 200)
    except OSError:
        return False


def main() -> int:
    return 0 if healthy(int(os.environ.get("PORT", "8000"))) else 1


if __name__ == "__main__":
    sys.exit(main())
