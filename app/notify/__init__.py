"""Told outside the page: e-mail and Web Push (issue 27, part 2)."""
