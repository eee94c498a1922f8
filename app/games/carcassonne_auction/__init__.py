"""The stand-alone Carcassonne bazaar auction, kind `carcassonne-auction` (rules section 15)."""

from app.games.base import register
from app.games.carcassonne_auction.engine import CarcassonneAuction

ENGINE = CarcassonneAuction()
register(ENGINE)

__all__ = ["ENGINE", "CarcassonneAuction"]
