"""Analyses of finished games (issue 28, point 4): win chances and the bot's choices, per step."""
