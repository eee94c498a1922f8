"""Pure rule engines, one package per game; each registers itself on import (see base.py)."""

from __future__ import annotations

import importlib
import pkgutil

_loaded = False


def load_all() -> None:
    """Import every game package under ``app.games`` so that it registers its engines."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    for info in pkgutil.iter_modules(__path__):
        if info.ispkg:
            importlib.import_module(f"{__name__}.{info.name}")
