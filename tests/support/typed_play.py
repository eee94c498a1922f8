"""Playing a game in the browser by typing only (issue 31): read the move box's completion
(the seat's legal moves in the notation), type one, press Enter (and Enter again on Confirm
when "Confirm moves" is on), wait for the game to move on. Never touches the board."""

from __future__ import annotations

import random
from typing import Any

# the first word a typing player prefers: purchases end Bazaar and Grand Bazaar sooner
PREFERRED = ("buy", "sell", "roll", "take", "return", "elephant")

READY = """() => {
  const main = document.getElementById('page'), box = document.getElementById('move-box');
  if (main.dataset.status === 'finished') return {finished: true};
  const moves = [...document.querySelectorAll('#move-texts option')].map((o) => o.value);
  if (box.dataset.legalSeq === main.dataset.seq && moves.length) return {seq: main.dataset.seq, moves};
  return null;
}"""

MOVED = """([seq]) => {
  const main = document.getElementById('page');
  const refused = document.getElementById('move-box-error').textContent;
  if (refused) return {refused};
  return main.dataset.seq !== seq || main.dataset.status === 'finished' ? {moved: true} : null;
}"""


def choose(moves: list[str], rnd: random.Random) -> str:
    """A move a hurried player would type: a purchase when there is one, else any."""
    for word in PREFERRED:
        starting = [m for m in moves if m.startswith(word)]
        if starting:
            return rnd.choice(starting)
    return rnd.choice(moves)


def type_move(page: Any, text: str, confirm: bool) -> None:
    """Type ``text`` into the move box and play it (with Confirm when the setting is on)."""
    box = page.get_by_test_id("move-text")
    box.fill(text)
    box.press("Enter")
    if confirm:
        button = page.get_by_test_id("move-confirm")
        button.wait_for()
        assert page.evaluate("() => document.activeElement.dataset.testid") == "move-confirm"
        page.keyboard.press("Enter")


def play_by_typing(page: Any, seed: int = 0, confirm: bool = False,
                   limit: int = 400) -> int:
    """Play the page's seat to the end of the game by typing; the number of moves typed."""
    rnd = random.Random(seed)
    typed = 0
    for _ in range(limit):
        ready = page.wait_for_function(READY, timeout=30000).json_value()
        if ready.get("finished"):
            return typed
        text = choose(ready["moves"], rnd)
        type_move(page, text, confirm)
        typed += 1
        after = page.wait_for_function(MOVED, arg=[ready["seq"]], timeout=30000).json_value()
        assert "refused" not in after, f"“{text}” was refused: {after.get('refused')}"
    raise AssertionError(f"the game did not end in {limit} typed moves")
