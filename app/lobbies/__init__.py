"""Lobbies: a game kind, its options and seats, before the game starts."""
