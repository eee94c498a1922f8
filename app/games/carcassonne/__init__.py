"""Carcassonne with Bazaars, Builder and Abbey (rules/carcassonne.md)."""
