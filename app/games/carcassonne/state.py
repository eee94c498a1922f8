"""Game state (spec §16 "Data model guidance"): plain data with cheap copy-on-apply.

`State.clone` makes shallow copies of the containers a move may change; feature records are
copied on write (`State.feat_mut`), so an apply costs little and never mutates its input.
`dump_state`/`load_state` are lossless JSON (sets are dumped sorted).
"""

from __future__ import annotations

from typing import Any

Square = tuple[int, int]
Step = tuple[Any, ...]


class Feat:
    """The record kept at a union-find root: one road, city, field or cloister."""

    __slots__ = ("kind", "squares", "open", "pennants", "followers", "builders", "cities",
                 "complete", "scored", "size")

    def __init__(self, kind: str, squares: set[Square], open_: int, pennants: int,
                 followers: list[tuple[int, int]], builders: list[tuple[int, int]],
                 cities: list[int], complete: bool, scored: bool, size: int) -> None:
        self.kind = kind
        self.squares = squares
        self.open = open_
        self.pennants = pennants
        self.followers = followers  # (seat, node)
        self.builders = builders  # (seat, node)
        self.cities = cities  # fields: city nodes they border (resolve through find)
        self.complete = complete
        self.scored = scored
        self.size = size

    def copy(self) -> Feat:
        """An independent copy (copy-on-write)."""
        return Feat(self.kind, set(self.squares), self.open, self.pennants, list(self.followers),
                    list(self.builders), list(self.cities), self.complete, self.scored, self.size)

    def dump(self) -> list[Any]:
        """JSON form."""
        return [self.kind, sorted(self.squares), self.open, self.pennants,
                [list(f) for f in self.followers], [list(b) for b in self.builders],
                list(self.cities), self.complete, self.scored, self.size]

    @staticmethod
    def load(d: list[Any]) -> Feat:
        """Inverse of `dump`."""
        return Feat(d[0], {(s[0], s[1]) for s in d[1]}, d[2], d[3],
                    [(f[0], f[1]) for f in d[4]], [(b[0], b[1]) for b in d[5]], list(d[6]),
                    d[7], d[8], d[9])


class State:
    """The whole game. Containers are replaced or copied, never shared-and-mutated."""

    __slots__ = ("names", "opts", "n", "stack", "pos", "facedown", "discards", "board",
                 "frontier", "parent", "feats", "figures", "scores", "followers", "builder",
                 "abbey", "agenda", "phase", "actor", "ctx", "window", "queue", "auction",
                 "last_regular", "finished", "final", "ledger", "_owned", "_shared")

    def __init__(self) -> None:
        self.names: tuple[str, ...] = ()
        self.opts: dict[str, Any] = {}
        self.n = 0
        self.stack: tuple[str, ...] = ()  # the full draw order; tiles before `pos` are gone
        self.pos = 0
        self.facedown: tuple[str, ...] = ()  # builder-first bazaar tiles, not yet revealed
        self.discards: tuple[str, ...] = ()
        self.board: dict[Square, tuple[str, int, int]] = {}  # square -> (type, rot, first node)
        self.frontier: dict[Square, str] = {}  # empty neighbour -> facing side types ('.' none)
        self.parent: list[int] = []
        self.feats: dict[int, Feat] = {}
        self.figures: dict[int, tuple[int, str, int, int, str]] = {}  # node -> seat kind x y seg
        self.scores: list[int] = []
        self.followers: list[int] = []
        self.builder: list[int] = []  # node of the builder, -1 in supply, -2 not in the game
        self.abbey: list[bool] = []
        self.agenda: tuple[Step, ...] = ()
        self.phase = ""
        self.actor = -1
        self.ctx: dict[str, Any] = {}
        self.window = False
        self.queue: tuple[int, ...] = ()
        self.auction: dict[str, Any] | None = None
        self.last_regular = -1
        self.finished = False
        self.final: list[Any] = []  # final-scoring items, for the report
        # every score change: [seat, source, points, words] (ledger.py); entries never change
        self.ledger: tuple[list[Any], ...] = ()
        self._owned: set[int] = set()
        self._shared = False  # board, frontier, parent, feats, figures belong to another state

    def clone(self) -> State:
        """A copy that may be changed without touching ``self``.

        The board, frontier, union-find and figures are shared until the first change
        (`own`): most moves (skips, draws, auction moves) never touch them.
        """
        s = State.__new__(State)
        s.names = self.names
        s.opts = self.opts
        s.n = self.n
        s.stack = self.stack
        s.pos = self.pos
        s.facedown = self.facedown
        s.discards = self.discards
        s.board = self.board
        s.frontier = self.frontier
        s.parent = self.parent
        s.feats = self.feats
        s.figures = self.figures
        s._shared = True
        s.scores = self.scores.copy()
        s.followers = self.followers.copy()
        s.builder = self.builder.copy()
        s.abbey = self.abbey.copy()
        s.agenda = self.agenda
        s.phase = self.phase
        s.actor = self.actor
        s.ctx = self.ctx
        s.window = self.window
        s.queue = self.queue
        s.auction = self.auction
        s.last_regular = self.last_regular
        s.finished = self.finished
        s.final = self.final
        s.ledger = self.ledger
        s._owned = set()
        return s

    def own(self) -> None:
        """Copy the shared containers before the first change (copy-on-write)."""
        if self._shared:
            self.board = self.board.copy()
            self.frontier = self.frontier.copy()
            self.parent = self.parent.copy()
            self.feats = self.feats.copy()
            self.figures = self.figures.copy()
            self._shared = False

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        """A fully independent copy (fast: records copied, immutable parts shared)."""
        s = self.clone()
        s.own()
        s.feats = {k: f.copy() for k, f in self.feats.items()}
        s.opts = {k: (list(v) if isinstance(v, list) else v) for k, v in self.opts.items()}
        s.ctx = dict(self.ctx)
        s.auction = load_json_copy(self.auction)
        s.final = load_json_copy(self.final)
        return s

    def feat_mut(self, root: int) -> Feat:
        """The record at ``root``, copied first if this clone does not own it yet."""
        self.own()
        f = self.feats[root]
        if root not in self._owned:
            f = f.copy()
            self.feats[root] = f
            self._owned.add(root)
        return f

    def find(self, node: int) -> int:
        """Union-find root (no path compression: the parent list may be shared)."""
        parent = self.parent
        while parent[node] != node:
            node = parent[node]
        return node

    def remaining(self) -> int:
        """Tiles left in the stack."""
        return len(self.stack) - self.pos


def load_json_copy(value: Any) -> Any:
    """A deep copy of plain JSON data."""
    if isinstance(value, dict):
        return {k: load_json_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [load_json_copy(v) for v in value]
    return value


def _sq(s: str) -> Square:
    x, y = s.split(",")
    return (int(x), int(y))


def dump_state(s: State) -> dict[str, Any]:
    """Lossless JSON form of the state."""
    return {
        "names": list(s.names), "opts": s.opts, "n": s.n, "stack": list(s.stack), "pos": s.pos,
        "facedown": list(s.facedown), "discards": list(s.discards),
        "board": [[x, y, t, r, b] for (x, y), (t, r, b) in s.board.items()],
        "frontier": {f"{x},{y}": p for (x, y), p in s.frontier.items()},
        "parent": s.parent,
        "feats": {str(k): f.dump() for k, f in s.feats.items()},
        "figures": {str(k): list(v) for k, v in s.figures.items()},
        "scores": s.scores, "followers": s.followers, "builder": s.builder, "abbey": s.abbey,
        "agenda": [list(step) for step in s.agenda], "phase": s.phase, "actor": s.actor,
        "ctx": s.ctx, "window": s.window, "queue": list(s.queue), "auction": s.auction,
        "last_regular": s.last_regular, "finished": s.finished, "final": s.final,
        "ledger": [list(e) for e in s.ledger],
    }


def load_state(d: dict[str, Any]) -> State:
    """Inverse of `dump_state`."""
    s = State()
    s.names = tuple(d["names"])
    s.opts = dict(d["opts"])
    s.n = d["n"]
    s.stack = tuple(d["stack"])
    s.pos = d["pos"]
    s.facedown = tuple(d["facedown"])
    s.discards = tuple(d["discards"])
    s.board = {(x, y): (t, r, b) for x, y, t, r, b in d["board"]}
    s.frontier = {_sq(k): v for k, v in d["frontier"].items()}
    s.parent = list(d["parent"])
    s.feats = {int(k): Feat.load(v) for k, v in d["feats"].items()}
    s.figures = {int(k): (v[0], v[1], v[2], v[3], v[4]) for k, v in d["figures"].items()}
    s.scores = list(d["scores"])
    s.followers = list(d["followers"])
    s.builder = list(d["builder"])
    s.abbey = list(d["abbey"])
    s.agenda = tuple(tuple(step) for step in d["agenda"])
    s.phase = d["phase"]
    s.actor = d["actor"]
    s.ctx = dict(d["ctx"])
    s.window = d["window"]
    s.queue = tuple(d["queue"])
    s.auction = d["auction"]
    s.last_regular = d["last_regular"]
    s.finished = d["finished"]
    s.final = d["final"]
    s.ledger = tuple(list(e) for e in d.get("ledger", []))  # older snapshots have none
    return s
