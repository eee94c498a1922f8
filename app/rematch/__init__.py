"""Rematch and continue-from-here: a lobby made from a finished game, above lobbies and play
(docs/api.md, "Rematch"; docs/architecture.md)."""
