"""Tournaments: Swiss and round robin events of any game kind, run by the site (issue 32).

A feature above play: it creates lobbies and games through the services a person uses and
reads results from finished games; a game never knows it is in one.
"""
