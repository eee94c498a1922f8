"""Bazaar: an online server for four bazaar board games."""
