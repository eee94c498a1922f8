"""Options of the stand-alone auction (rules/carcassonne.md section 15, CAR-105, CAR-110).

``players`` (2–6 distinct names), ``scores`` (null or n integers), ``placer`` (a seat) and
``tiles`` (n entries ``{"type": id}`` or ``{"label": text}``). Everything is public.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.games.base import JSON, InvalidOptions, Option
from app.games.carcassonne.tiles import CATALOGUE_IDS
from app.games.messages import N_, say, unfit

MIN_PLAYERS, MAX_PLAYERS = 2, 6
MAX_NAME = 40
REQUIRED = ("players", "placer", "tiles")

OPTIONS: tuple[Option, ...] = (
    Option(
        name="players", kind="json", default=None, label="Players (clockwise)",
        help="The names of the players at the table in clockwise seat order, 2 to 6, distinct; "
             'e.g. ["Red", "Blue", "Black", "Green"].',
    ),
    Option(
        name="scores", kind="json", default=None, label="Current scores",
        help="null, or each player's current score (may be negative), in seat order.",
    ),
    Option(
        name="placer", kind="int", default=None, label="Placed by", seats=True, minimum=0,
        maximum=MAX_PLAYERS - 1, help="The seat of the player who placed the bazaar tile.",
    ),
    Option(
        name="tiles", kind="json", default=None, label="Tiles drawn",
        help='One entry per player, e.g. [{"type": "U"}, {"label": "river bend"}]; '
             "the order is the revealed row.",
    ),
)


def _text(value: Any, what: str) -> str:
    """A 1–40 character printable string, or InvalidOptions."""
    if not isinstance(value, str) or not 1 <= len(value) <= MAX_NAME or not value.isprintable():
        raise unfit("CAR-105", "{what} must be 1 to {most} printable characters", what=say(what),
                    most=MAX_NAME)
    return value


def _players(value: Any) -> list[str]:
    if not isinstance(value, list) or not MIN_PLAYERS <= len(value) <= MAX_PLAYERS:
        raise unfit("CAR-105", "players is a list of {least} to {most} names",
                    least=MIN_PLAYERS, most=MAX_PLAYERS)
    names = [_text(name, N_("each player's name")) for name in value]
    if len(set(names)) != len(names):
        raise unfit("CAR-105", "the players' names must be distinct")
    return names


def _scores(value: Any, n: int) -> list[int] | None:
    if value is None:
        return None
    if (
        not isinstance(value, list)
        or len(value) != n
        or any(isinstance(s, bool) or not isinstance(s, int) for s in value)
    ):
        raise unfit("CAR-105", "scores is null or a list of {n} whole numbers", n=n)
    return list(value)


def _placer(value: Any, n: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise unfit("CAR-105", "placer must be a seat from 0 to {last}", last=n - 1)
    return value


def _tile(entry: Any) -> dict[str, str]:
    if not isinstance(entry, dict) or len(entry) != 1 or not set(entry) <= {"type", "label"}:
        raise unfit("CAR-105", "each tile is {shape} or {other}, with one key",
                    shape='{"type": "<id>"}', other='{"label": "<text>"}')
    if "type" in entry:
        if entry["type"] not in CATALOGUE_IDS:
            shown = str(entry["type"])[:MAX_NAME]
            raise unfit("CAR-105", "{tile} is not a tile type of Appendix A.1 or A.2",
                        tile=repr(shown))
        return {"type": str(entry["type"])}
    return {"label": _text(entry["label"], N_("a tile label"))}


def _tiles(value: Any, n: int) -> list[dict[str, str]]:
    if not isinstance(value, list) or len(value) != n:
        raise unfit("CAR-105", "tiles is a list of exactly {n} entries, one per player", n=n)
    return [_tile(entry) for entry in value]


def check_options(resolved: Mapping[str, JSON], seats: int) -> dict[str, JSON]:
    """The cross-field checks of CAR-105 on options whose names are already known."""
    missing = [name for name in REQUIRED if resolved.get(name) is None]
    if missing:
        raise unfit("CAR-105", "required option(s) missing: {names}", names=", ".join(missing))
    players = _players(resolved["players"])
    n = len(players)
    if n != seats:
        raise unfit("CAR-105",
                    "the lobby has {seats} seats but players names {n}: one seat per name",
                    seats=seats, n=n)
    return {
        "players": players,
        "scores": _scores(resolved.get("scores"), n),
        "placer": _placer(resolved["placer"], n),
        "tiles": _tiles(resolved["tiles"], n),
    }


def table_names(options: Mapping[str, JSON] | None, seats: int) -> list[str] | None:
    """The seats' names at the table (the `players` option), when it names exactly `seats`."""
    value = (options or {}).get("players")
    if (
        isinstance(value, list)
        and len(value) == seats
        and all(isinstance(name, str) and name.strip() for name in value)
    ):
        return [str(name) for name in value]
    return None


def problems(options: Mapping[str, JSON] | None, seats: int) -> list[str]:
    """What the host still has to enter before the start, in words (no rule ids, no JSON)."""
    given = options or {}
    words: list[str] = []
    if given.get("players") is None:
        words.append(f"the names of the {seats} players")
    if given.get("placer") is None:
        words.append("who placed the bazaar tile")
    if given.get("tiles") is None:
        words.append(f"the {seats} tiles drawn")
    if words:
        return words
    try:
        check_options(given, seats)
    except InvalidOptions as err:
        reason = err.reason.split(": ", 1)[-1]
        return [f"set-up to correct ({reason})"]
    return []
