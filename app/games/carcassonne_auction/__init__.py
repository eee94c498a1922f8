"""The stand-alone Carcassonne bazaar auction, kind `carcassonne-auction` (rules section 15)."""

from app.games.base import register
from app.games.carcassonne_auction.engine import CarcassonneAuction

ENGINE = register(CarcassonneAuction())

__all__ = ["ENGINE", "CarcassonneAuction"]
