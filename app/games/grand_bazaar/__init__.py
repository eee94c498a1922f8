"""Grand Bazaar (kind ``grand-bazaar``): rules/grand-bazaar.md. Registers its engine on import."""

from app.games.base import register
from app.games.grand_bazaar.engine import GrandBazaarEngine

ENGINE = GrandBazaarEngine()
register(ENGINE)

__all__ = ["ENGINE", "GrandBazaarEngine"]
