"""``/metrics`` in the Prometheus text format, from the maintained client (issue 16,
"Observability"): moves and refusals per game kind, move and commit latency, open sockets,
live games in memory and the process, on both databases."""

from __future__ import annotations

from typing import Any

import httpx
from prometheus_client.parser import text_string_to_metric_families

from tests.conftest import ServerThread, make_settings, start_game


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


def test_metrics_answer_only_the_token_or_a_direct_local_request(tmp_path: Any) -> None:
    """Issue 24.5: /metrics is the operator's. A request from elsewhere (here: through a proxy
    on this machine, which says so in X-Forwarded-For) needs METRICS_TOKEN as its Bearer."""
    settings = make_settings(f"sqlite+aiosqlite:///{tmp_path / 'bazaar.db'}",
                             metrics_token="scrape-me-please")
    with ServerThread(settings) as server, httpx.Client(base_url=server.url) as client:
        assert client.get("/metrics").status_code == 200  # direct, from this machine
        proxied = {"x-forwarded-for": "203.0.113.9"}
        refused = client.get("/metrics", headers=proxied)
        assert refused.status_code == 403
        assert refused.json()["detail"]["code"] == "METRICS_FORBIDDEN"
        assert "bazaar_" not in refused.text
        wrong = client.get("/metrics", headers={**proxied, "authorization": "Bearer nope"})
        assert wrong.status_code == 403
        scraped = client.get("/metrics", headers={
            **proxied, "authorization": "Bearer scrape-me-please"})
        assert scraped.status_code == 200 and "bazaar_moves_total" in scraped.text
