"""The hard bot of Bombay Bazar (issue 17): alpha-beta over placements, an odds-aware parity call.

Placement (BOM-26 to BOM-44) is a game of perfect information with no chance, so the bot
searches the real game tree: iterative-deepening alpha-beta over every legal layout (BOM-55),
the players moving in the clockwise turn order of the engine (BOM-15, BOM-41), eliminations
applied as the engine applies them (BOM-38). With three or four players the search is
*paranoid*: every opponent is assumed to play against the bot. The search stops at the end of
the round (BOM-42); a tournament is played round by round (BOM-45), each for first place.

A position the search does not finish is judged like a light-cycle race (a cell takes one
piece and a trunk may never join another, BOM-31/33): each seat's trunk score
(BOM-43) plus a share of its *territory*, the empty cells its tip reaches before any other
tip (a Voronoi split by steps through empty cells), and a little for each layout that fits
its tip (up to six: a tip few layouts fit is easy to block, BOM-30/38); a seat that is out,
or has no legal placement left, has neither. The value is the seat's total minus the best
other total; a finished round is worth a large bonus for first place plus the margin
(BOM-44). Solo games (BOM-50, BOM-51) judge the trunk and the reachable empty cells alone.

The iteration budget is a number of searched positions, so the move is a function of the
state. The parity game (BOM-17 to BOM-19) is the one hidden part: the bot hides at random and
calls the parity that is more likely given its own hide, the others' hides being uniform on
1-3 (as the last caller, that also prefers a void round to a call it would more likely lose).

Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable

from app.games.base import Move, Rng, SeededRng
from app.games.bombay_bazar import bot, flow
from app.games.bombay_bazar.data import PICTURE_IDS
from app.games.bombay_bazar.geometry import LAYOUTS, NEIGHBOURS, OFF
from app.games.bombay_bazar.rules import legal_layouts, trunks
from app.games.bombay_bazar.state import State, clone, players

HARD_NODES = 4_500
"""Positions searched per placement at full budget (`Engine.hard_iterations`)."""

TERRITORY = 0.4
"""Segments a cell of territory is worth (fitted on 2-player games against the normal bot: not
every cell of a territory will be filled, and the rest of the board fills up too)."""

MOBILITY = 0.5
"""Segments each legal placement of a seat is worth, up to six of them: a tip with few
fitting layouts is one piece away from being blocked (BOM-38)."""

WIN = 1_000.0
"""The worth of first place in a finished round, far above any margin."""

_ADJ: tuple[tuple[int, ...], ...] = tuple(tuple(n for n in ns if n != OFF) for ns in NEIGHBOURS)


class _OutOfNodes(Exception):
    """The search has used its budget of positions."""


def hard_move(state: State, seat: int, rng: Rng, nodes: int, out_of_time: Callable[[], bool]
              ) -> Move:
    """The hard bot's move for ``seat`` at the current step."""
    phase = state["phase"]
    if phase in ("elephants", "hide"):
        return bot.bot_move(state, seat, rng)  # chance is all there is to these choices
    if phase == "call":
        return {"type": "CallParity", "call": parity_call(state, seat)}
    layout = best_layout(state, seat, nodes, out_of_time)
    lay = LAYOUTS[layout]
    return {"type": "PlacePiece", "picture": PICTURE_IDS[lay.picture], "rotation": lay.rotation}


# --------------------------------------------------------------------------- parity game


def odd_chance(state: State, seat: int) -> float:
    """BOM-17: the chance that the contenders' total is odd, given the seat's own hide."""
    parity = state["parity"]
    others = len(parity["contenders"]) - 1
    # each other hide is odd with chance 2/3: the others' sum is even with (1 + (-1/3)^k) / 2
    others_even = (1.0 + (-1.0 / 3.0) ** others) / 2.0
    own_odd = parity["hides"][seat] % 2 == 1
    return others_even if own_odd else 1.0 - others_even


def parity_call(state: State, seat: int) -> str:
    """BOM-17/18: the likelier parity.

    For the last caller this is also the best reply to the calls heard: if every earlier call
    named the likelier parity, echoing it makes the round void (BOM-18) instead of staking the
    seat's place on the less likely parity.
    """
    return "odd" if odd_chance(state, seat) > 0.5 else "even"


# --------------------------------------------------------------------------- placement search


def best_layout(state: State, seat: int, nodes: int, out_of_time: Callable[[], bool]) -> int:
    """The layout the search prefers (iterative deepening until the budget is spent)."""
    options = legal_layouts(state, seat)
    if len(options) == 1:
        return options[0]
    search = _Search(state, seat, nodes, out_of_time)
    children = {layout: search.child(state, seat, layout, counted=False) for layout in options}
    order = sorted(options, key=lambda lay: -search.evaluate(children[lay]))
    best = order[0]
    depth = 1
    try:
        while depth <= 12:
            value, move = search.root(children, order, depth)
            best = move
            if abs(value) >= WIN / 2:
                break  # the round's result is proven
            order.remove(move)
            order.insert(0, move)
            depth += 1
    except _OutOfNodes:
        if search.partial is not None:
            best = search.partial
    return best


class _Search:
    """Alpha-beta from the point of view of one seat (paranoid beyond two players)."""

    def __init__(self, state: State, seat: int, nodes: int, out_of_time: Callable[[], bool]):
        self.seat = seat
        self.round = state["round"]
        self.results = len(state["results"])
        self.solo = players(state) == 1
        self.left = nodes
        self.out_of_time = out_of_time
        self.partial: int | None = None
        self.rng = SeededRng(0)  # only a finished tournament round draws (random elephants)

    def child(self, state: State, seat: int, layout: int, counted: bool = True) -> State:
        """The position after ``seat`` places ``layout`` (already known legal)."""
        if counted:
            self.left -= 1
            if self.left < 0 or (self.left % 64 == 0 and self.out_of_time()):
                raise _OutOfNodes
        new = clone(state)
        flow.place(new, seat, layout, self.rng, [])
        return new

    def finished(self, state: State) -> bool:
        """Whether the round searched has ended (BOM-42)."""
        return len(state["results"]) > self.results

    def root(self, children: dict[int, State], order: list[int], depth: int) -> tuple[float, int]:
        """The best root move at this depth; `partial` holds the best one so far."""
        alpha = -float("inf")
        best = order[0]
        self.partial = None
        for layout in order:
            value = self.value(children[layout], depth - 1, alpha, float("inf"))
            if value > alpha:
                alpha, best = value, layout
                self.partial = layout
        return alpha, best

    def value(self, state: State, depth: int, alpha: float, beta: float) -> float:
        """Alpha-beta value of ``state`` for the search's seat."""
        if self.finished(state):
            return self.final(state)
        if depth <= 0:
            return self.evaluate(state)
        mover = state["turn"]
        moves = legal_layouts(state, mover)
        maximising = mover == self.seat
        kids = [self.child(state, mover, lay) for lay in moves]
        if depth > 1 and len(kids) > 1:
            kids.sort(key=self.evaluate, reverse=maximising)
        if maximising:
            best = -float("inf")
            for kid in kids:
                best = max(best, self.value(kid, depth - 1, alpha, beta))
                alpha = max(alpha, best)
                if alpha >= beta:
                    break
            return best
        best = float("inf")
        for kid in kids:
            best = min(best, self.value(kid, depth - 1, alpha, beta))
            beta = min(beta, best)
            if alpha >= beta:
                break
        return best

    def final(self, state: State) -> float:
        """A finished round: first place is worth `WIN`, plus the margin (BOM-43, BOM-44)."""
        result = state["results"][self.results]
        if self.solo:
            solo = state["solo"]
            return float(solo["score"]) if solo else float(result["scores"][0])
        scores = result["scores"]
        mine: int = scores[self.seat]
        best_other: int = max(s for i, s in enumerate(scores) if i != self.seat
                         and result["elephants"][i] is not None)
        bonus = WIN if mine > best_other else (-WIN if mine < best_other else 0.0)
        return bonus + mine - best_other

    def evaluate(self, state: State) -> float:
        """An unfinished round: trunk plus territory, against the best other seat."""
        if self.finished(state):
            return self.final(state)
        totals = potentials(state)
        mine = totals[self.seat]
        if self.solo:
            return mine
        return mine - max(v for s, v in totals.items() if s != self.seat)


def potentials(state: State) -> dict[int, float]:
    """Each seated seat's trunk score plus `TERRITORY` per cell of its territory."""
    board, ends, out = state["board"], state["ends"], state["out"]
    walked = trunks(state)
    all_tips = {seat: tip for seat, (_path, tip) in walked.items()}
    totals = {seat: float(len(path)) for seat, (path, _tip) in walked.items()}
    sources: dict[int, int] = {}
    for seat in walked:
        options = 0 if out[seat] else len(legal_layouts(state, seat, all_tips))
        if options:
            sources[seat] = all_tips[seat][0]
            totals[seat] += MOBILITY * min(options, 6)
    if not sources:
        return totals
    owner = _voronoi(board, ends, sources)
    for cell_owner in owner:
        if cell_owner >= 0:
            totals[cell_owner] += TERRITORY
    return totals


def _voronoi(board: list[int], ends: list[int], sources: dict[int, int]) -> list[int]:
    """Per cell, the seat whose tip reaches it strictly first through empty cells (-1: none,
    a tie or unreachable); a simultaneous breadth-first search from every tip."""
    owner = [-1] * len(board)
    dist = [-1] * len(board)
    frontier: list[int] = []
    for seat, cell in sources.items():
        if dist[cell] == 0:
            owner[cell] = -2  # two tips in one cell: nobody's
        else:
            dist[cell], owner[cell] = 0, seat
            frontier.append(cell)
    d = 0
    while frontier:
        d += 1
        nxt: list[int] = []
        for cell in frontier:
            who = owner[cell]
            for n in _ADJ[cell]:
                if board[n] >= 0 or ends[n] > 0:
                    continue
                if dist[n] < 0:
                    dist[n], owner[n] = d, who
                    nxt.append(n)
                elif dist[n] == d and owner[n] != who:
                    owner[n] = -2
        frontier = nxt
    return [o if o >= 0 else -1 for o in owner]
