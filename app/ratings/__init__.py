"""Ratings: one per account and game kind, moved by every rated game (docs/api.md, "Ratings")."""
