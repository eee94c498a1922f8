"""``/metrics`` in the Prometheus text format, from the maintained client (issue 16,
"Observability"): moves and refusals per game kind, move and commit latency, open sockets,
live games in memory and the process, on both databases."""

from __future__ import annotations

from typing import Any

from prometheus_client.parser import text_string_to_metric_families

from tests.conftest import start_game


def samples(player: Any) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    reply = player.get("/metrics")
    assert reply.status_code == 200 and reply.headers["content-type"].startswith("text/plain")
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(reply.text) for s in family.samples}


def test_metrics_count_moves_refusals_and_latency_per_game_kind(players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    game_id = start_game(ann, [bob], options={"first_player": 0})
    before = samples(ann)
    kind = (("actor", "player"), ("kind", "grand-bazaar"))
    moves_before = before.get(("bazaar_moves_total", kind), 0.0)
    game = ann.game(game_id)
    ann.ok(ann.move(game_id, game["seq"], game["legal"][0]))
    assert ann.move(game_id, game["seq"], game["legal"][0]).status_code == 409  # stale
    after = samples(ann)
    assert after[("bazaar_moves_total", kind)] == moves_before + 1
    stale = ("bazaar_move_errors_total", (("code", "STALE_SEQ"), ("kind", "grand-bazaar")))
    assert after[stale] == before.get(stale, 0.0) + 1
    count = ("bazaar_move_seconds_count", (("kind", "grand-bazaar"),))
    assert after[count] == before.get(count, 0.0) + 1
    assert after[("bazaar_commit_seconds_count", ())] >= 1
    assert after[("bazaar_commit_moves_sum", ())] >= after[("bazaar_commit_seconds_count", ())]
    assert after[("bazaar_live_games", ())] >= 1
    assert ("bazaar_open_sockets", ()) in after
    assert after[("process_cpu_seconds_total", ())] > 0
