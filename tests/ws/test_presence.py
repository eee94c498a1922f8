"""Presence frames (issue 11.5): sent when a seat's connection changes, not for every socket;
spectator counts at most once a second per game."""

from __future__ import annotations

import time
from typing import Any

from app.realtime.presence import SPECTATOR_NOTICE_SECONDS
from tests.conftest import start_game
from tests.support.sockets import Viewer


def frames_for(sock: Viewer, seconds: float) -> list[dict[str, Any]]:
    """Every frame the socket receives in the next ``seconds``."""
    got: list[dict[str, Any]] = []
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        try:
            got.append(sock.recv(timeout=left))
        except TimeoutError:
            break
    return got


def presence(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [f for f in frames if f["type"] == "presence"]


def test_presence_is_sent_when_a_seat_connects_and_spectators_are_counted_sparingly(
        server: Any, players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    game_id = start_game(ann, [bob], options={"first_player": 0})
    mine = Viewer(server.url, game_id, ann.token)
    mine.send({"type": "hello"})
    mine.recv_type("snapshot")
    frames_for(mine, 1.3)  # Ann's own arrival
    # twenty spectators come: Ann hears of them once, not twenty times
    # (a loaded machine may take longer than a notice interval to open twenty sockets: then one
    # notice per interval the arrivals spanned is still sparing; the last one counts them all)
    began = time.monotonic()
    crowd = [Viewer(server.url, game_id, None) for _ in range(20)]
    spanned = time.monotonic() - began
    heard = presence(frames_for(mine, 1.6))
    assert 1 <= len(heard) <= 1 + int(spanned / SPECTATOR_NOTICE_SECONDS), (spanned, heard)
    assert heard[-1]["spectators"] == 20 and heard[-1]["connected"] == [0]
    # a second tab of Ann's changes no seat: nothing is sent
    tab = Viewer(server.url, game_id, ann.token)
    assert presence(frames_for(mine, 0.5)) == []
    # Bob connecting is told at once
    bobs = Viewer(server.url, game_id, bob.token)
    heard = presence(frames_for(mine, 0.5))
    assert [f["connected"] for f in heard] == [[0, 1]], heard
    # the crowd leaves: sparingly again, ending at the count it ends at
    began = time.monotonic()
    for sock in crowd:
        sock.close()
    spanned = time.monotonic() - began
    heard = presence(frames_for(mine, 1.6))
    assert 1 <= len(heard) <= 1 + int(spanned / SPECTATOR_NOTICE_SECONDS), (spanned, heard)
    assert heard[-1]["spectators"] == 0, heard
    # Bob leaves: told at once; Ann's second tab closing is not a change
    bobs.close()
    heard = presence(frames_for(mine, 0.5))
    assert [f["connected"] for f in heard] == [[0]], heard
    tab.close()
    assert presence(frames_for(mine, 0.5)) == []
    mine.close()
