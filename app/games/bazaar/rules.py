"""Setup, legality and the effect of moves (rules/bazaar.md sections 4, 5, 7 and 8).

BAZ-8 to BAZ-11 (setup), BAZ-12 to BAZ-21 (the turn: roll or trade, purchase, hand limit,
timeout move), BAZ-22 to BAZ-27 (scoring a purchase and its penalties, via scoring.py) and
BAZ-30, BAZ-31 (the end). Every `IllegalMove` reason starts with the rule id it enforces and
never names a hidden card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations_with_replacement
from typing import Any

from app.games.base import Event, IllegalMove, Move, NotYourTurn, Rng, roll, shuffle
from app.games.messages import refuse, say

from .data import (
    ALL_WARE_IDS,
    COLOURS,
    DIE_FACES,
    EQUATIONS,
    HAND_LIMIT,
    LTR,
    REASON_SOLD_OUT,
    REASON_STALLED,
    SOLD_OUT_TO_END,
    STALL_COUNT,
    STALL_SIZE,
    TOKENS_PER_COLOUR,
    WARES,
    WILD,
    card_equations,
)
from .moves import Buy, ChooseColour, EndTurn, ParsedMove, ReturnTokens, Roll, Trade, tokens_json
from .scoring import penalties_after_purchase, purchase_points, star_level
from .state import ACTION, OVER, PURCHASE, RETURN, WILD_CHOICE, BazaarState, clone
from .words import colour as colour_word
from .words import tokens as token_words


def setup(names: Sequence[str], options: Mapping[str, Any], rng: Rng) -> BazaarState:
    """BAZ-8 to BAZ-11: deal the stalls, draw the exchange cards and the first player."""
    n = len(names)
    if options.get("stalls") is not None:
        stalls = [list(s) for s in options["stalls"]]
    else:
        deck = list(ALL_WARE_IDS)
        shuffle(rng, deck)
        stalls = [deck[i * STALL_SIZE:(i + 1) * STALL_SIZE] for i in range(STALL_COUNT)]
    dealt = {w for s in stalls for w in s}
    if options.get("exchange_cards") is not None:
        cards = sorted(int(c) for c in options["exchange_cards"])
    else:
        first = rng.randbelow(10)
        second = rng.randbelow(9)
        second += 1 if second >= first else 0  # two distinct cards, uniformly
        cards = sorted([first + 1, second + 1])
    fp = options.get("first_player", "random")
    current = rng.randbelow(n) if fp == "random" else int(fp)
    return BazaarState(
        names=list(names),
        options=dict(options),
        cards=cards,
        stalls=stalls,
        sold=[[] for _ in range(STALL_COUNT)],
        unused=sorted(w for w in ALL_WARE_IDS if w not in dealt),
        bank=[TOKENS_PER_COLOUR] * len(COLOURS),
        hands=[[0] * len(COLOURS) for _ in range(n)],
        points=[0] * n,
        penalties=[0] * n,
        bought=[[] for _ in range(n)],
        current=current,
        phase=ACTION,
        started=[False] * n,
        idle=0,
        turns=0,
        purchases=0,
        die=None,
        reason=None,
    )


def to_act(state: BazaarState) -> frozenset[int]:
    """The seat whose turn it is, or nobody once the game is over."""
    return frozenset() if state.phase == OVER else frozenset({state.current})


def equations_in_force(state: BazaarState) -> tuple[str, ...]:
    """The 10 equation ids of the two exchange cards in force (BAZ-9)."""
    return card_equations(tuple(state.cards))


def trade_sides(equation_id: str, direction: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(giving side, receiving side) of an equation used in a direction (BAZ-17)."""
    left, right = EQUATIONS[equation_id]
    return (left, right) if direction == LTR else (right, left)


# (equation id, direction) -> the colours and counts of the giving and receiving sides,
# so that the legal-move scan touches only the colours an equation uses.
Sparse = tuple[tuple[int, int], ...]


def _sparse(side: tuple[int, ...]) -> Sparse:
    return tuple((i, n) for i, n in enumerate(side) if n)


_SPARSE: dict[tuple[str, str], tuple[Sparse, Sparse]] = {
    (eq, d): (_sparse(trade_sides(eq, d)[0]), _sparse(trade_sides(eq, d)[1]))
    for eq in EQUATIONS for d in (LTR, "right-to-left")
}


def trade_problem(state: BazaarState, seat: int, equation_id: str, direction: str
                  ) -> IllegalMove | None:
    """Why this trade is illegal for ``seat`` now (BAZ-13, BAZ-17), or None if it is legal."""
    if equation_id not in equations_in_force(state):
        return refuse("BAZ-9", "equation {equation} is not on an exchange card in force",
                      equation=equation_id)
    if not state.started[seat]:
        return refuse("BAZ-13", "the first turn of the game must be a roll")
    give, get = trade_sides(equation_id, direction)
    hand = state.hands[seat]
    lacking = [max(0, g - h) for g, h in zip(give, hand, strict=True)]
    if any(lacking):
        return refuse("BAZ-17", "you lack {tokens} for the giving side",
                      tokens=token_words(lacking))
    missing = [max(0, g - b) for g, b in zip(get, state.bank, strict=True)]
    if any(missing):
        return refuse("BAZ-17", "the bank lacks {tokens} for the receiving side",
                      tokens=token_words(missing))
    return None


def can_afford(hand: Sequence[int], ware: int) -> bool:
    """Whether a hand holds at least the cost of a ware (BAZ-18)."""
    return all(h >= c for h, c in zip(hand, WARES[ware], strict=True))


def legal_moves(state: BazaarState, seat: int) -> list[Move]:
    """Every legal move of ``seat``: complete (at most a few dozen)."""
    if state.phase == OVER or seat != state.current:
        return []
    hand = state.hands[seat]
    if state.phase == ACTION:
        moves: list[Move] = [{"type": "Roll"}]
        if not state.started[seat]:
            return moves  # BAZ-13
        bank = state.bank
        for eq in equations_in_force(state):
            for direction in (LTR, "right-to-left"):
                give, get = _SPARSE[eq, direction]
                # the fast path of trade_problem (BAZ-17): giving side held, receiving in bank;
                # plain loops, because this runs for every step of every playout
                ok = True
                for i, n in give:
                    if hand[i] < n:
                        ok = False
                        break
                if ok:
                    for i, n in get:
                        if bank[i] < n:
                            ok = False
                            break
                if ok:
                    moves.append({"type": "Trade", "equation_id": eq, "direction": direction})
        return moves
    if state.phase == WILD_CHOICE:
        return [{"type": "ChooseColour", "colour": c} for i, c in enumerate(COLOURS)
                if state.bank[i] > 0]
    if state.phase == PURCHASE:
        buys: list[Move] = [{"type": "Buy", "stall": i + 1} for i, s in enumerate(state.stalls)
                            if s and can_afford(hand, s[0])]
        return [*buys, {"type": "EndTurn"}]
    surplus = sum(hand) - HAND_LIMIT
    held = [i for i, n in enumerate(hand) for _ in range(n)]
    options = sorted(set(combinations_with_replacement(sorted(set(held)), surplus)))
    result: list[Move] = []
    for combo in options:
        cnt = [combo.count(i) for i in range(len(COLOURS))]
        if all(c <= h for c, h in zip(cnt, hand, strict=True)):
            result.append({"type": "ReturnTokens", "tokens": tokens_json(cnt)})
    return result


def timeout_move(state: BazaarState, seat: int) -> Move | None:
    """BAZ-20: Roll; wild -> the colour the bank holds most; no purchase; return the biggest."""
    if state.phase == OVER or seat != state.current:
        return None
    if state.phase == ACTION:
        return {"type": "Roll"}
    if state.phase == WILD_CHOICE:
        best = max(range(len(COLOURS)), key=lambda i: (state.bank[i], -i))
        return {"type": "ChooseColour", "colour": COLOURS[best]}
    if state.phase == PURCHASE:
        return {"type": "EndTurn"}
    hand = list(state.hands[seat])
    returned = [0] * len(COLOURS)
    while sum(hand) > HAND_LIMIT:
        # one at a time, of the colour now held most, ties by colour order
        i = max(range(len(COLOURS)), key=lambda k: (hand[k], -k))
        hand[i] -= 1
        returned[i] += 1
    return {"type": "ReturnTokens", "tokens": tokens_json(returned)}


# --------------------------------------------------------------------------- apply


def apply(state: BazaarState, seat: int, move: ParsedMove, rng: Rng) -> tuple[BazaarState,
                                                                               list[Event]]:
    """The state after a parsed move, and its events; raises and changes nothing if not legal."""
    if state.phase == OVER:
        raise NotYourTurn("BAZ-30: the game is over", message=say("the game is over"),
                          rule="BAZ-30")
    if seat != state.current:
        raise NotYourTurn("BAZ-12: it is not your turn", message=say("it is not your turn"),
                          rule="BAZ-12")
    if state.phase == ACTION:
        if isinstance(move, Roll):
            return _roll(state, seat, rng)
        if isinstance(move, Trade):
            return _trade(state, seat, move)
        raise refuse("BAZ-14", "first take your action: Roll or one Trade")
    if state.phase == WILD_CHOICE:
        if isinstance(move, ChooseColour):
            return _choose(state, seat, move.colour)
        raise refuse("BAZ-16", "name a colour for the wild roll first (ChooseColour)")
    if state.phase == PURCHASE:
        if isinstance(move, Buy):
            return _buy(state, seat, move, rng)
        if isinstance(move, EndTurn):
            return _end_without_purchase(state, seat)
        if isinstance(move, Roll | Trade):
            raise refuse("BAZ-14", "only one action (a roll or one trade) per turn")
        if isinstance(move, ChooseColour):
            raise refuse("BAZ-16", "a colour is named only right after a wild roll")
        raise refuse("BAZ-19", "tokens are returned only when the turn ends above 10")
    # RETURN phase
    if isinstance(move, ReturnTokens):
        return _return(state, seat, move.tokens)
    surplus = sum(state.hands[seat]) - HAND_LIMIT
    raise refuse("BAZ-19", "return {surplus} token(s) to end the turn (ReturnTokens)",
                 surplus=surplus)


def _give(s: BazaarState, seat: int, colour: int) -> None:
    s.bank[colour] -= 1
    s.hands[seat][colour] += 1


def _roll(state: BazaarState, seat: int, rng: Rng) -> tuple[BazaarState, list[Event]]:
    face = DIE_FACES[roll(rng) - 1]  # BAZ-4: the die result is a recorded chance outcome
    s = clone(state)
    s.started[seat] = True
    s.die = face
    event: Event = {"type": "DieRolled", "seat": seat, "face": face}
    if face == WILD:
        s.phase = WILD_CHOICE
        return s, [event]
    colour = COLOURS.index(face)
    if s.bank[colour] > 0:
        _give(s, seat, colour)
        event["got"] = face
    else:
        event["got"] = None  # BAZ-15: the bank lacks that colour; the action is used up
    s.phase = PURCHASE
    return s, [event]


def _choose(state: BazaarState, seat: int, colour: int) -> tuple[BazaarState, list[Event]]:
    if state.bank[colour] <= 0:
        raise refuse("BAZ-16", "the bank has no {colour} token",
                     colour=colour_word(COLOURS[colour]))
    s = clone(state)
    _give(s, seat, colour)
    s.phase = PURCHASE
    return s, [{"type": "ColourChosen", "seat": seat, "colour": COLOURS[colour]}]


def _trade(state: BazaarState, seat: int, move: Trade) -> tuple[BazaarState, list[Event]]:
    problem = trade_problem(state, seat, move.equation_id, move.direction)
    if problem is not None:
        raise problem
    give, get = trade_sides(move.equation_id, move.direction)
    s = clone(state)
    for i in range(len(COLOURS)):
        s.hands[seat][i] += get[i] - give[i]
        s.bank[i] += give[i] - get[i]
    s.phase = PURCHASE
    return s, [{
        "type": "Traded", "seat": seat, "equation_id": move.equation_id,
        "direction": move.direction, "gave": tokens_json(give), "got": tokens_json(get),
    }]


def _buy(state: BazaarState, seat: int, move: Buy, rng: Rng) -> tuple[BazaarState, list[Event]]:
    stall = state.stalls[move.stall]
    number = move.stall + 1
    if not stall:
        raise refuse("BAZ-18", "stall {stall} is sold out", stall=number)
    top = stall[0]
    if move.ware is not None and move.ware != top:
        # names only the public top card, never what lies below it
        raise refuse("BAZ-18", "only the top card of stall {stall} (ware {ware}) can be bought",
                     stall=number, ware=top)
    hand = state.hands[seat]
    lacking = [max(0, c - h) for c, h in zip(WARES[top], hand, strict=True)]
    if any(lacking):
        raise refuse("BAZ-18", "you lack {tokens} to buy ware {ware}", tokens=token_words(lacking),
                     ware=top)
    s = clone(state)
    sold_out_before = s.sold_out()
    for i, c in enumerate(WARES[top]):
        s.hands[seat][i] -= c
        s.bank[i] += c
    left = sum(s.hands[seat])
    level = star_level(top, sold_out_before)
    points = purchase_points(str(s.options["scale"]), left, level)
    s.points[seat] += points
    s.stalls[move.stall].pop(0)
    s.sold[move.stall].append(top)
    s.bought[seat].append(top)
    s.purchases += 1
    penalties = []
    if s.options["penalty"]:
        penalties = penalties_after_purchase(seat, left, [sum(h) for h in s.hands])
    bought: Event = {
        "type": "WareBought", "seat": seat, "stall": number, "ware": top,
        "cost": tokens_json(WARES[top]), "tokens_left": left, "level": level, "points": points,
        "penalties": [{"seat": o, "tokens": t, "points": p} for o, t, p in penalties],
    }
    events: list[Event] = [bought]
    s.ledger.append([seat, top, number, left, level, points, [list(p) for p in penalties]])
    for opponent, tokens, lost in penalties:
        s.penalties[opponent] += lost
        events.append({"type": "PenaltyApplied", "seat": opponent, "by": seat, "tokens": tokens,
                       "threshold": left + 3, "points": lost})
    if s.stalls[move.stall]:
        revealed = s.stalls[move.stall][0]
        rng.witness(revealed)  # a card turned face up from the hidden stack
        events.append({"type": "CardRevealed", "stall": number, "ware": revealed})
    else:
        events.append({"type": "StallSoldOut", "stall": number})
    s.die = None
    if s.sold_out() >= SOLD_OUT_TO_END:
        # BAZ-30: scored and penalised, then the game stops at once
        return _finish(s, REASON_SOLD_OUT, events)
    s.idle = 0  # BAZ-31: a purchase resets the stuck-game count
    s.turns += 1
    _next_seat(s)
    return s, events


def _end_without_purchase(state: BazaarState, seat: int) -> tuple[BazaarState, list[Event]]:
    s = clone(state)
    surplus = sum(s.hands[seat]) - HAND_LIMIT
    if surplus > 0:
        s.phase = RETURN
        return s, [{"type": "HandLimitReached", "seat": seat, "surplus": surplus}]
    return _turn_over(s, seat, [])


def _return(state: BazaarState, seat: int, tokens: tuple[int, ...]) -> tuple[BazaarState,
                                                                             list[Event]]:
    hand = state.hands[seat]
    surplus = sum(hand) - HAND_LIMIT
    if sum(tokens) != surplus:
        raise refuse("BAZ-19", "return exactly {surplus} token(s), not {given}", surplus=surplus,
                     given=sum(tokens))
    over = [max(0, t - h) for t, h in zip(tokens, hand, strict=True)]
    if any(over):
        raise refuse("BAZ-19", "you do not hold {tokens} to return", tokens=token_words(over))
    s = clone(state)
    for i, t in enumerate(tokens):
        s.hands[seat][i] -= t
        s.bank[i] += t
    return _turn_over(s, seat, [{"type": "TokensReturned", "seat": seat,
                                 "tokens": tokens_json(tokens)}])


def _turn_over(s: BazaarState, seat: int, events: list[Event]) -> tuple[BazaarState,
                                                                        list[Event]]:
    """End a turn without a purchase (already copied state): count it for the guard."""
    s.idle += 1
    s.turns += 1
    s.die = None
    events.append({"type": "TurnEnded", "seat": seat})
    if s.idle >= int(s.options["stall_rounds"]) * s.n:
        return _finish(s, REASON_STALLED, events)  # BAZ-31
    _next_seat(s)
    return s, events


def _next_seat(s: BazaarState) -> None:
    s.current = (s.current + 1) % s.n  # BAZ-8: increasing seat order
    s.phase = ACTION


def _finish(s: BazaarState, reason: str, events: list[Event]) -> tuple[BazaarState, list[Event]]:
    s.phase = OVER
    s.reason = reason
    events.append({"type": "GameEnded", "reason": reason,
                   "scores": [s.score(i) for i in range(s.n)]})
    return s, events
