"""The two window sizes every page is looked at in (a laptop and a phone, as the house rules
ask), and where a browser test leaves its screenshots for a person to look at."""

from __future__ import annotations

from pathlib import Path
from typing import Any

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SIZES = {"desktop": DESKTOP, "phone": PHONE}
SHOTS = Path("/tmp/shots")


def shot(page: Any, folder: str, name: str, *, full_page: bool = False) -> Path:
    """Save what ``page`` shows as /tmp/shots/<folder>/<name>.png and return the path."""
    path = SHOTS / folder / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), full_page=full_page)
    return path
