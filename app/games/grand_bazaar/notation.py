"""Grand Bazaar's move notation (issue 31): the one move, ``Trade`` (GB-12), as short text.

Gems are written as in the rules' own notation, a type letter and a count: ``S`` sapphire,
``R`` ruby, ``E`` emerald, ``R2`` two rubies (section 1). A trade is written as what is sold,
then what is bought (sales come first, GB-12):

=================================  ==========================================
move                               written
=================================  ==========================================
buy one sapphire                   ``buy S1``
sell two rubies, buy one emerald   ``sell R2 buy E1``
the empty move (GB-15 waiver)      ``pass``
the timeout move (GB-17)           the trade, then ``timeout``: ``buy S1 timeout``
=================================  ==========================================

Reading takes any case and spacing, counts before or after the letter (``2r``, ``r2``),
repeated letters (``rr``), the gem names (``2 rubies``), commas, and the two halves in either
order. Every other word is refused in words; whether the trade is legal now is the engine's
to say (GB-13).
"""

from __future__ import annotations

import re

from app.games.base import InvalidMove, Move, Seat
from app.games.messages import Message, english, say
from app.games.notation import normal, unknown

from .data import TYPES, Triple, format_counts
from .moves import Trade, decode
from .state import State

RULE = "GB-12"
EXAMPLES = ("buy S1", "sell R2 buy E1", "pass")
_WORD = re.compile(r"\d+|sell|buy|pass|timeout|sapphires?|rub(?:y|ies)|emeralds?|[sre]|,|\S+")
_GEMS = {"s": "S", "sapphire": "S", "sapphires": "S", "r": "R", "ruby": "R", "rubies": "R",
         "e": "E", "emerald": "E", "emeralds": "E"}
_MAX = 99


def _invalid(message: Message) -> InvalidMove:
    """Typed text that names no trade (422), its words a message with the rule apart; the
    notation's own words ("sell", "buy") stay as typed."""
    return InvalidMove(f"{RULE}: {english(message)}", message=message, rule=RULE)


def write(state: State, seat: Seat, move: Move) -> str:
    """``move`` as text; no state is needed, every trade has one form."""
    trade = decode(move)
    parts = []
    if any(trade.sell):
        parts.append(f"sell {format_counts(trade.sell)}")
    if any(trade.buy):
        parts.append(f"buy {format_counts(trade.buy)}")
    if not parts:
        parts.append("pass")
    if trade.timeout:
        parts.append("timeout")
    return " ".join(parts)


def parse(state: State, seat: Seat, text: str) -> Move:
    """The trade ``text`` names (JSON as the legal list has it); raises `InvalidMove`."""
    t = normal(text, RULE)
    words = [w for w in _WORD.findall(t) if w != ","]
    halves: dict[str, list[str]] = {}
    current: str | None = None
    passed = timeout = False
    for word in words:
        if word in ("sell", "buy"):
            if word in halves:
                raise _invalid(say("say “{word}” once, with every gem it takes", word=word))
            current = word
            halves[word] = []
        elif word == "pass":
            passed = True
        elif word == "timeout":
            timeout = True
        elif current is not None and (word in _GEMS or word.isdigit()):
            halves[current].append(word)
        else:
            raise unknown(RULE, "Grand Bazaar", text.strip(), EXAMPLES)
    if passed and any(halves.values()) or not (passed or halves):
        raise unknown(RULE, "Grand Bazaar", text.strip(), EXAMPLES)
    sell = _counts(halves["sell"], "sell") if "sell" in halves else (0, 0, 0)
    buy = _counts(halves["buy"], "buy") if "buy" in halves else (0, 0, 0)
    return Trade(sell=sell, buy=buy, timeout=timeout).to_json()


def _counts(words: list[str], half: str) -> Triple:
    """Counts per type from "r 2 e" (letter first) or "2 r e" (count first) words."""
    counts = dict.fromkeys(TYPES, 0)
    count_first = bool(words) and words[0].isdigit()
    pending: int | None = None
    last: str | None = None
    for word in words:
        if word.isdigit():
            n = int(word)
            if not 1 <= n <= _MAX:
                raise _invalid(say("{n} is not a number of gems to {half}", n=n, half=half))
            if count_first:
                if pending is not None:
                    raise _invalid(say("two numbers in a row in “{half}”", half=half))
                pending = n
            else:
                if last is None:
                    raise _invalid(say("a number in “{half}” needs its gem", half=half))
                counts[last] += n - 1  # the letter already counted one
                last = None
            continue
        gem = _GEMS[word]
        counts[gem] += pending if pending is not None else 1
        pending, last = None, gem
    if pending is not None:
        raise _invalid(say("a number in “{half}” needs its gem", half=half))
    if not any(counts.values()):
        raise _invalid(say("say which gems to {half}, e.g. “{half} R2”", half=half))
    return (counts["S"], counts["R"], counts["E"])

