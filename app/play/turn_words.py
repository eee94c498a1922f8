"""A table's clock in words, for the lobby and the game page (issue 27, point 1: "Turn-based:
2 days per move …"; the live clocks too, so a page never shows a raw clock object)."""

from __future__ import annotations

from typing import Any

from app.play.turn_clock import setting_in_words


def clock_words(clock: dict[str, Any]) -> str:
    mode = clock.get("mode", "off")
    if mode == "turn" and clock.get("days"):
        then = ("the bot plays for a seat that runs out" if clock.get("on_timeout", "bot") == "bot"
                else "a seat that runs out is dropped (in a rated game, it loses)")
        return f"{setting_in_words(int(clock['days']))}; {then}."
    seconds = int(clock.get("seconds") or 0)
    if mode == "move" and seconds:
        return f"Live: {seconds} seconds per move."
    if mode == "game" and seconds:
        return f"Live: {seconds // 60} minutes per player for the game."
    return "No clock."
