"""The baseline bot (rules/bazaar.md sections 5-7): plans trades toward a stall top it can reach.

Every candidate action (the roll, averaged over the die, or each legal trade) is judged by the
hand it leaves: a hand that can buy now is worth the chart points of its best purchase; any
other hand is worth minus its distance to the nearest stall top, counting one more trade of
look-ahead. With penalties on (BAZ-26) a big hand costs extra, so the bot returns or trades
away tokens rather than sit on a pile an opponent's purchase would punish.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.games.base import Move, Rng

from .data import COLOURS, DIE_FACES, HAND_LIMIT, WARES, WILD
from .moves import tokens_json
from .rules import equations_in_force, legal_moves, trade_sides
from .scoring import purchase_points, star_level
from .state import ACTION, PURCHASE, RETURN, WILD_CHOICE, BazaarState

Hand = tuple[int, ...]
BUY_BONUS = 50.0  # any purchase now beats any plan for later
TRADE_STEP = 0.8  # a trade costs a turn, a little less than a missing token
PILE = 6  # with penalties on, each token above this counts against a hand


class _Judge:
    """Evaluates hands for one seat in one position (caches the tops and trades in force)."""

    def __init__(self, state: BazaarState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.scale = str(state.options["scale"])
        self.penalty = bool(state.options["penalty"])
        bump = state.sold_out()
        self.tops = [(s[0], star_level(s[0], bump)) for s in state.stalls if s]
        self.trades = [trade_sides(eq, d) for eq in equations_in_force(state)
                       for d in ("left-to-right", "right-to-left")]

    def best_buy(self, hand: Sequence[int]) -> float | None:
        """Chart points of the best purchase this hand can make now, or None."""
        best: float | None = None
        left = sum(hand) - 5
        for ware, level in self.tops:
            if all(h >= c for h, c in zip(hand, WARES[ware], strict=True)):
                pts = float(purchase_points(self.scale, left, level))
                best = pts if best is None or pts > best else best
        return best

    def distance(self, hand: Sequence[int]) -> float:
        """Missing tokens to the nearest top, allowing one more trade as look-ahead."""
        best = 99.0
        for ware, level in self.tops:
            cost = WARES[ware]
            d = float(sum(max(0, c - h) for c, h in zip(cost, hand, strict=True)))
            for give, get in self.trades:
                if all(h >= g for h, g in zip(hand, give, strict=True)):
                    after = [h - g + r for h, g, r in zip(hand, give, get, strict=True)]
                    d2 = TRADE_STEP + sum(max(0, c - h) for c, h in zip(cost, after, strict=True))
                    d = min(d, d2)
            best = min(best, d - 0.3 * level)  # starred and bumped tops are worth more
        return best

    def value(self, hand: Sequence[int]) -> float:
        """How good a hand is after the action, before the purchase."""
        pile = max(0, sum(hand) - PILE) if self.penalty else 0
        buy = self.best_buy(hand)
        if buy is not None:
            return BUY_BONUS + buy
        return -self.distance(hand) - 0.5 * pile

    def roll_value(self, hand: Hand) -> float:
        """Expected value of rolling the die."""
        bank = self.state.bank
        total = 0.0
        for face in DIE_FACES:
            if face == WILD:
                total += max(self.value(_plus(hand, i)) for i in range(5) if bank[i] > 0)
            else:
                i = COLOURS.index(face)
                total += self.value(_plus(hand, i) if bank[i] > 0 else hand)
        return total / len(DIE_FACES)


def _plus(hand: Hand, colour: int, n: int = 1) -> Hand:
    return tuple(h + (n if i == colour else 0) for i, h in enumerate(hand))


def choose(state: BazaarState, seat: int, rng: Rng) -> Move:
    """A legal, sensible move for ``seat``."""
    legal = legal_moves(state, seat)
    if not legal:
        raise ValueError("the bot was asked to move for a seat that has no move")
    judge = _Judge(state, seat)
    hand: Hand = tuple(state.hands[seat])
    if state.phase == ACTION:
        scored: list[tuple[float, int, Move]] = []
        for move in legal:
            if move["type"] == "Roll":
                v = judge.roll_value(hand) + 0.05  # prefer the roll on a tie: it adds a token
            else:
                give, get = trade_sides(move["equation_id"], move["direction"])
                v = judge.value(tuple(h - g + r for h, g, r in zip(hand, give, get, strict=True)))
            # a random tie-break among equal values, drawn from the bot's own rng
            scored.append((v, rng.randbelow(1000) if len(legal) > 1 else 0, move))
        return max(scored, key=lambda t: (t[0], t[1]))[2]
    if state.phase == WILD_CHOICE:
        return max(legal, key=lambda m: judge.value(_plus(hand, COLOURS.index(m["colour"]))))
    if state.phase == PURCHASE:
        return _purchase(state, seat, legal, judge)
    assert state.phase == RETURN
    return {"type": "ReturnTokens", "tokens": tokens_json(_to_return(hand, judge))}


def _purchase(state: BazaarState, seat: int, legal: list[Move], judge: _Judge) -> Move:
    """Buy the best-scoring top; avoid ending the game with the second sell-out when behind."""
    buys = [m for m in legal if m["type"] == "Buy"]
    if not buys:
        return {"type": "EndTurn"}
    left = sum(state.hands[seat]) - 5
    bump = state.sold_out()
    best: tuple[float, Move] | None = None
    for move in buys:
        stall = state.stalls[move["stall"] - 1]
        pts = float(purchase_points(judge.scale, left, star_level(stall[0], bump)))
        if len(stall) == 1 and bump == 1:
            # the second sell-out ends the game: only worth it when it leaves us ahead
            mine = state.score(seat) + pts
            others = [state.score(s) for s in range(state.n) if s != seat]
            if mine <= max(others):
                continue
            pts += 100.0
        if best is None or pts > best[0]:
            best = (pts, move)
    return best[1] if best is not None else {"type": "EndTurn"}


def _to_return(hand: Hand, judge: _Judge) -> list[int]:
    """Pick the surplus over 10 one token at a time, keeping the hand that plans best."""
    returned = [0] * len(COLOURS)
    current = list(hand)
    while sum(current) > HAND_LIMIT:
        options = [i for i in range(len(COLOURS)) if current[i] > 0]
        pick = max(options, key=lambda i: (judge.value(_plus(tuple(current), i, -1)), -i))
        current[pick] -= 1
        returned[pick] += 1
    return returned
