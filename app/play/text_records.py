"""Game records as plain text (issue 31), in the spirit of chess's PGN (docs/api.md "Export").

A text record is a complete record (app/play/records.py) said in the game's notation: a header
of tag lines, a blank line, then one move a line::

    [Format "bazaar-text/1"]
    [Game "Grand Bazaar"]
    [Kind "grand-bazaar"]
    [Date "2026-12-05"]
    [Seat1 "Ann"]
    [Seat2 "Bob"]
    [Option first_player 0]
    [Seed "k3J9x"]
    [SetupChance [4, 17, 2]]
    [Result "Ann 41, Bob 38: Ann wins"]

    1. Ann: buy S1
    2. Bob: sell R2 buy E1 ; chance [3]
    3. Ann: buy E2 ; by timeout

A tag's value is JSON (a string in double quotes, a number, a list). ``Option`` tags hold the
game's options, ``SetupChance`` and each move's ``chance`` the recorded chance outcomes, so
that the import replays the game exactly and verifies every draw; ``by`` marks a move made by a
bot (``by bot hard``), the clock (``by timeout``), a resigned seat's bot or the host. ``Game``,
``Date`` and ``Result`` are for the reader: the import checks that the result follows from the
moves and leaves the date (an imported game is dated by its import). An in-turn undo is the line
``4. Ann: undo to 2`` and an accepted takeback ``6. Ann: takeback to 3`` (back to the position
after that move; app/play/undo_log.py), checked on import like any move.
"""

from __future__ import annotations

import json
import re
from datetime import date
from typing import Any

from app.errors import ApiError
from app.games.base import HOST, Engine, GameError, InvalidMove, get_engine
from app.play.records import ACTORS, FORMAT, MAX_MOVES, check_setup
from app.play.undo_log import Replay, is_undo, read_undo, undo_text_of

TEXT_FORMAT = "bazaar-text/1"
MAX_LINE = 200_000
"""A tag line may hold a long list of chance outcomes (a shuffled deck), never more."""
_TAG = re.compile(r"\[([A-Za-z]+[0-9]*)(?: ([a-z_][a-z0-9_]*))? (.+)\]")
_MOVE = re.compile(r"(\d+)\. (.+)")
_HOST_NAME = "(host)"
_INFO_TAGS = frozenset({"Game", "Date"})


def _malformed(reason: str) -> ApiError:
    return ApiError(422, "BAD_RECORD", reason)


def _mismatch(reason: str) -> ApiError:
    return ApiError(422, "REPLAY_MISMATCH", reason)


def _tag(name: str, value: Any, sub: str | None = None) -> str:
    return f"[{name}{' ' + sub if sub else ''} {json.dumps(value, ensure_ascii=False)}]"


def result_words(engine: Engine, names: list[str], outcome: Any) -> str:
    """The outcome of a finished game in a line: each seat's score, then who won."""
    if not isinstance(outcome, dict):
        return "unfinished"
    scores = outcome.get("scores") or []
    parts = [f"{name} {score}" for name, score in zip(names, scores, strict=False)]
    winners = [names[w] for w in outcome.get("winners") or [] if 0 <= w < len(names)]
    if outcome.get("reason") not in (None, "finished"):
        parts.append(str(outcome["reason"]))
    if not winners:
        return ", ".join(parts) + ": no winner"
    verb = "wins" if len(winners) == 1 else "share the win"
    return ", ".join(parts) + f": {' and '.join(winners)} {verb}"


# --------------------------------------------------------------------------- writing


def to_text(record: dict[str, Any], played: date | None = None) -> str:
    """A complete record (`app.play.records.export_record`) as a text record."""
    engine = get_engine(record["kind"])
    names: list[str] = list(record["seats"])
    lines = [_tag("Format", TEXT_FORMAT), _tag("Game", engine.title),
             _tag("Kind", engine.kind)]
    if played is not None:
        lines.append(_tag("Date", played.isoformat()))
    lines += [_tag(f"Seat{i + 1}", name) for i, name in enumerate(names)]
    lines += [_tag("Option", value, name) for name, value in record["options"].items()]
    lines += [_tag("Seed", record["seed"]), _tag("SetupChance", record["setup_chance"])]
    if record.get("continued_from") is not None:
        lines.append(_tag("ContinuedFrom", record["continued_from"]))
    lines += [_tag("Result", result_words(engine, names, record.get("outcome"))), ""]
    replay = Replay(engine, engine.load_state(record["initial_state"]))
    for entry in record["moves"]:
        seat = entry["seat"]
        who = _HOST_NAME if seat == HOST else names[seat]
        state = replay.state
        text = (undo_text_of(entry["move"]) if is_undo(entry["move"])
                else engine.write_move(state, seat, entry["move"]))
        notes = []
        if entry.get("chance"):
            notes.append(f"chance {json.dumps(entry['chance'], ensure_ascii=False)}")
        if entry.get("actor", "player") != "player":
            notes.append(" ".join(["by", entry["actor"], *([entry["level"]]
                                                            if entry.get("level") else [])]))
        elif entry.get("level"):
            notes.append(f"by player {entry['level']}")
        lines.append(f"{entry['seq']}. {who}: {' ; '.join([text, *notes])}")
        replay.apply(seat, entry["move"], entry.get("chance") or [])
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- reading


def from_text(text: str) -> dict[str, Any]:
    """The complete record (the JSON import's form) that a text record says.

    Replays the moves as it reads them, since a move's text is read in its position (as in
    PGN); the events and the initial state come from that replay, and the JSON import then
    verifies the record as it verifies any. Raises 422 ``BAD_RECORD`` (what is wrong, with its
    line) or ``REPLAY_MISMATCH``; nothing is stored until the whole record has replayed.
    """
    lines = text.replace("\r\n", "\n").split("\n")
    tags, body, first = _header(lines)
    engine, names = _engine_and_seats(tags)
    record: dict[str, Any] = {
        "format": FORMAT, "complete": True, "kind": engine.kind, "seats": names,
        "options": tags.get("Option", {}), "seed": tags.get("Seed"),
        "setup_chance": tags.get("SetupChance", []), "moves": [],
    }
    if "ContinuedFrom" in tags:
        record["continued_from"] = tags["ContinuedFrom"]
    replay = Replay(engine, _start(engine, record))
    for number, line in enumerate(body, start=first):
        if not line.strip():
            continue
        if len(record["moves"]) >= MAX_MOVES:
            raise _malformed(f"a record holds at most {MAX_MOVES} moves")
        entry = _entry(line, number, len(record["moves"]) + 1, names)
        try:
            text = entry.pop("text")
            move = read_undo(text) or engine.read_move(replay.state, entry["seat"], text)
            state, events = replay.apply(entry["seat"], move, entry["chance"])
        except InvalidMove as err:  # no move of the game: the text is malformed
            raise _malformed(f"line {number}: move {entry['seq']}: {err.reason}") from None
        except GameError as err:  # a move, but not one that can be made there
            raise _mismatch(f"line {number}: move {entry['seq']} does not replay: "
                            f"{err.reason}") from None
        record["moves"].append({**entry, "move": move, "events": events})
    outcome = engine.outcome(replay.state)
    if outcome is not None:
        record["outcome"] = outcome.to_json()
    said = tags.get("Result")
    if said is not None and said != result_words(engine, names, record.get("outcome")):
        raise _mismatch(f"the result “{str(said)[:80]}” does not follow from the moves")
    return record


def _header(lines: list[str]) -> tuple[dict[str, Any], list[str], int]:
    """The tags (``Option`` ones gathered by name), the move lines and the first's number."""
    tags: dict[str, Any] = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            if not tags:
                continue
            return tags, lines[number:], number + 1
        if len(line) > MAX_LINE:
            raise _malformed(f"line {number} is too long")
        match = _TAG.fullmatch(line.strip())
        if match is None:
            raise _malformed(f"line {number}: a header line is a tag such as "
                             "[Kind \"bazaar\"], and a blank line ends the header")
        name, sub, raw = match.groups()
        try:
            value = json.loads(raw)
        except ValueError:
            raise _malformed(f"line {number}: the value of {name} is not JSON (a string "
                             "goes in double quotes)") from None
        if name == "Option" and sub:
            tags.setdefault("Option", {})[sub] = value
        elif sub or name in tags:
            raise _malformed(f"line {number}: the tag {name} is repeated or malformed")
        else:
            tags[name] = value
    raise _malformed("a text record is a header of tags, a blank line, then the moves")


def _engine_and_seats(tags: dict[str, Any]) -> tuple[Engine, list[str]]:
    if tags.get("Format") != TEXT_FORMAT:
        raise _malformed(f"expected a text record with the tag [Format \"{TEXT_FORMAT}\"]")
    try:
        engine = get_engine(str(tags.get("Kind")))
    except KeyError:
        raise ApiError(422, "UNKNOWN_KIND", "unknown game kind") from None
    known = {"Format", "Kind", "Option", "Seed", "SetupChance", "ContinuedFrom", "Result",
             *_INFO_TAGS}
    seats = sorted((int(t[4:]), t) for t in tags if re.fullmatch(r"Seat[1-9][0-9]?", t))
    unknown = sorted(set(tags) - known - {t for _, t in seats})
    if unknown:
        raise _malformed(f"unknown tag(s): {', '.join(u[:20] for u in unknown[:5])}")
    if [n for n, _ in seats] != list(range(1, len(seats) + 1)):
        raise _malformed("the seats are tags Seat1, Seat2, … without a gap")
    names = [tags[t] for _, t in seats]
    if _HOST_NAME in names:
        raise _malformed(f"{_HOST_NAME} is the host's mark, not a seat name")
    return engine, names


def _start(engine: Engine, record: dict[str, Any]) -> Any:
    """The position before the first move, from the setup tags; the initial state is put in
    ``record`` (the JSON import checks it against the setup again)."""
    state = check_setup(engine, record)
    record["initial_state"] = engine.dump_state(state)
    return state


def _entry(line: str, number: int, seq: int, names: list[str]) -> dict[str, Any]:
    """A move line's seq, seat, text, chance, actor and level (the move is read later)."""
    match = _MOVE.fullmatch(line.strip())
    if match is None or int(match[1]) != seq:
        raise _mismatch(f"line {number}: expected move {seq}, as “{seq}. Name: move”")
    rest = match[2]
    seat = next((i for i, name in sorted(enumerate(names), key=lambda p: -len(p[1]))
                 if rest.startswith(f"{name}: ")), None)
    if seat is None and rest.startswith(f"{_HOST_NAME}: "):
        seat = HOST
    if seat is None:
        raise _malformed(f"line {number}: a move starts with a seat's name and a colon, "
                         f"e.g. “{seq}. {names[0]}: …”")
    who = _HOST_NAME if seat == HOST else names[seat]
    text, *notes = (part.strip() for part in rest[len(who) + 2:].split(";"))
    entry: dict[str, Any] = {"seq": seq, "seat": seat, "text": text, "chance": [],
                             "actor": "player"}
    for note in notes:
        word, _, value = note.partition(" ")
        if word == "chance":
            try:
                entry["chance"] = json.loads(value)
            except ValueError:
                raise _malformed(f"line {number}: chance is a JSON list") from None
            if not isinstance(entry["chance"], list):
                raise _malformed(f"line {number}: chance is a JSON list")
        elif word == "by" and value.split(" ")[0] in ACTORS:
            actor, _, level = value.partition(" ")
            entry["actor"] = actor
            if level:
                entry["level"] = level
        else:
            raise _malformed(f"line {number}: after a move come “; chance [..]” and "
                             "“; by bot”, “by timeout”, …, nothing else")
    return entry
