"""Helpers shared by the test modules: sockets, servers, games played to a point (issue 26:
test modules import helpers from here, never from one another)."""
