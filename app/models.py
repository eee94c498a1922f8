"""Every model, imported in one place for Alembic's autogenerate and for create_all."""

from app.analysis.models import Analysis
from app.db import Base
from app.identity.models import Passkey, RecoveryCode, User, UserSession, WebAuthnChallenge
from app.lobbies.models import Lobby, LobbySeat
from app.notify.models import EmailAddress, NotifySettings, OutboxRow, PushSubscription
from app.play.models import ChatLine, Game, MoveRow, Snapshot
from app.play.undo_models import TakebackAccept, TakebackRequest
from app.play.vacation_models import TurnPrefs, Vacation
from app.ratings.models import Rating, RatingChange
from app.tournaments.models import Tournament, TournamentPlayer, TournamentTable

__all__ = ["Analysis", "Base", "ChatLine", "EmailAddress", "Game", "Lobby", "LobbySeat", "MoveRow",
           "NotifySettings", "OutboxRow", "Passkey", "PushSubscription", "Rating",
           "RatingChange", "RecoveryCode", "Snapshot", "TakebackAccept", "TakebackRequest",
           "Tournament", "TournamentPlayer", "TournamentTable", "TurnPrefs", "User",
           "UserSession", "Vacation", "WebAuthnChallenge"]
