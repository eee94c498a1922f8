"""The issue's "done when": two people play a whole Grand Bazaar game through the pages.

Ann creates the lobby through the form and copies the invite link, Bob opens it and joins, Ann
starts, both play to the end by clicking the board, Cat watches live and sees the moves arrive,
and the replay page then steps through the game.
"""

from __future__ import annotations

import random
import re
import time
from pathlib import Path

import pytest

from tests.browser.moves import make_move, page_seq, page_state, wait_seq
from tests.support.lobby_page import create_lobby, start_game

pytestmark = pytest.mark.browser
MOVES_IN_LOG = "#log .log-entry:not([data-seq='0'])"  # seq 0: what the setup revealed, if anything


@pytest.mark.smoke
def test_two_players_play_grand_bazaar_to_the_end_while_a_spectator_watches(guest, problems):
    ann = guest("Ann")
    ann.context.grant_permissions(["clipboard-read", "clipboard-write"])
    ann.get_by_test_id("create-grand-bazaar").click()
    ann.wait_for_url(re.compile(r"/lobbies/new\?kind=grand-bazaar"))
    ann.get_by_label("Players").select_option("2")
    ann.get_by_test_id("holder-1").wait_for()
    create_lobby(ann)
    ann.get_by_test_id("seat-1").wait_for()
    assert not ann.get_by_test_id("start-game").is_enabled()  # seat 2 is still open

    ann.get_by_test_id("copy-invite").click()
    ann.get_by_text("Copied").wait_for()
    invite = ann.evaluate("navigator.clipboard.readText()")
    assert invite == ann.url
    assert invite == ann.get_by_test_id("invite-link").input_value()

    bob = guest("Bob", invite)
    bob.get_by_test_id("join-seat-1").click()
    bob.get_by_test_id("seat-1").filter(has_text="Bob").wait_for()
    # Ann's page polls the lobby: Bob appears and the start button comes alive
    ann.get_by_test_id("seat-1").filter(has_text="Bob").wait_for()
    start_game(ann)
    bob.wait_for_url(ann.url)  # Bob's lobby page follows on its own
    game_url = ann.url

    cat = guest("Cat", "/games")
    cat.locator("#live-games a", has_text="Watch").first.click()
    cat.wait_for_url(game_url)
    cat.locator("#conn-status[data-state=open]").wait_for()
    assert cat.locator("#resign").is_hidden()  # a spectator has no seat

    for page in (ann, bob):
        page.locator("#conn-status[data-state=open]").wait_for()
        page.get_by_test_id("players").filter(has_text="Ann").filter(has_text="Bob").wait_for()

    board = "grand-bazaar" if (Path(__file__).resolve().parents[2] / "static/games/grand-bazaar/board.js").exists() else "fallback"
    for page in (ann, bob, cat):
        page.locator(f"#board[data-board={board}]").wait_for()
    if board == "grand-bazaar":
        assert cat.get_by_test_id("gb-trade").is_hidden()  # spectators cannot trade

    rng = random.Random(7)
    moves = 0
    timings = []
    while True:
        states = {page: page_state(page) for page in (ann, bob)}
        if states[ann]["status"] == "finished":
            break
        seq = states[ann]["seq"]
        assert states[bob]["seq"] == seq
        mover = next((p for p in (ann, bob) if states[p]["turn"] == "Your turn"), None)
        assert mover is not None, "neither player is to act"
        other = bob if mover is ann else ann
        assert states[other]["turn"].startswith("Waiting for")
        started = time.monotonic()
        make_move(mover, rng)
        timings.append(time.monotonic() - started)
        moves += 1
        for page in (ann, bob, cat):
            wait_seq(page, seq + 1)
        if moves == 5:
            # the spectator saw every move arrive, in words
            assert cat.locator(MOVES_IN_LOG).count() == seq + 1
            assert cat.get_by_test_id("turn").inner_text().endswith("to play")
        assert moves < 200, "the game does not end"

    print(f"{moves} moves, {sum(timings) / len(timings):.3f} s per click-through on average")
    assert moves >= 27  # Grand Bazaar is 27 rounds: at least one move per round and player
    for page in (ann, bob, cat):
        page.get_by_test_id("ranking").locator("li").first.wait_for()
        assert page.get_by_test_id("ranking").locator("li").filter(has_text=re.compile("Ann|Bob")).count() == 2
        assert page.get_by_test_id("turn").inner_text() == "The game is over."
    assert ann.get_by_test_id("rematch").is_visible()
    assert cat.get_by_test_id("rematch").is_hidden()
    final = page_seq(ann)
    assert cat.locator(MOVES_IN_LOG).count() == final

    # the replay: same board, step by step
    cat.get_by_test_id("replay-link").click()
    cat.wait_for_url(re.compile(r"/replay"))
    label = cat.get_by_test_id("step-label")
    label.filter(has_text="Setup").wait_for()
    assert cat.get_by_test_id("step-back").is_disabled()
    cat.get_by_test_id("step-forward").click()
    label.filter(has_text=f"Move 1 of {final}").wait_for()
    cat.get_by_test_id("step-forward").click()
    label.filter(has_text=f"Move 2 of {final}").wait_for()
    cat.get_by_test_id("step-back").click()
    label.filter(has_text=f"Move 1 of {final}").wait_for()
    assert cat.get_by_test_id("step-events").locator("li").count() >= 1
    cat.get_by_test_id("scrub").fill(str(final // 2))
    label.filter(has_text=f"Move {final // 2} of {final}").wait_for()
    assert cat.locator("#log .log-entry.current").get_attribute("data-seq") == str(final // 2)
    cat.get_by_test_id("to-end").click()
    label.filter(has_text="final position").wait_for()
    assert cat.get_by_test_id("step-forward").is_disabled()
    cat.get_by_test_id("to-start").click()
    label.filter(has_text="Setup").wait_for()
    cat.get_by_test_id("play").click()
    label.filter(has_text=f"Move 1 of {final}").wait_for()
    cat.get_by_test_id("play").click()  # pause

    # a rematch: a new lobby with the same seats and options
    ann.get_by_test_id("rematch").click()
    ann.wait_for_url(re.compile(r"/lobbies/[A-Za-z0-9_-]+$"))
    ann.get_by_test_id("seat-0").filter(has_text="Ann").wait_for()

    assert problems.dialogs == []
    assert problems.errors == []
