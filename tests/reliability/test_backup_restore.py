"""Back up with pg_dump and restore with pg_restore, as docs/operations.md says: a server on the
restored database has every game, and its live games continue."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import Player, postgres_url, reset_postgres, start_game
from tests.support.instances import Instance


def test_pg_dump_and_restore_keep_every_game(tmp_path: Path) -> None:
    url = postgres_url()
    assert url is not None
    # beside the test database, named after it: runs on other databases (xdist workers, other
    # checkouts) never restore into the same one
    restored = url.partition("?")[0].rsplit("/", 1)[1] + "_restored"
    if not shutil.which("pg_dump"):
        pytest.fail("pg_dump is needed for the backup test")
    reset_postgres(url)
    log = tmp_path / "server.log"
    first = Instance(url, log)
    try:
        ann, bob = Player(first.url, "Ann"), Player(first.url, "Bob")
        game_id = start_game(ann, [bob])
        for _ in range(5):
            game = ann.game(game_id)
            seat = game["view"]["to_act"][0]
            mover = (ann, bob)[seat]
            mover.ok(mover.move(game_id, game["seq"], mover.game(game_id)["legal"][0]))
        before = ann.ok(ann.get(f"/api/games/{game_id}/log"))
    finally:
        first.stop()
    plain = url.replace("+asyncpg", "")
    dump = tmp_path / "bazaar.dump"
    subprocess.run(["pg_dump", "--format=custom", "--no-owner", "-f", str(dump), plain],
                   check=True)
    base = plain.rsplit("/", 1)[0]
    subprocess.run(["dropdb", "--if-exists", "-h", "127.0.0.1", "-U", "postgres", restored],
                   check=True)
    subprocess.run(["createdb", "-h", "127.0.0.1", "-U", "postgres", restored], check=True)
    subprocess.run(["pg_restore", "--no-owner", "--dbname", f"{base}/{restored}", str(dump)],
                   check=True)
    second = Instance(url.rsplit("/", 1)[0] + f"/{restored}", log)
    try:
        ann2 = Player(second.url, "Eve")
        assert ann2.ok(ann2.get(f"/api/games/{game_id}/log")) == before
        ann.http.base_url = second.url  # the same token works on the restored server
        bob.http.base_url = second.url
        game = ann.game(game_id)
        seat = game["view"]["to_act"][0]
        mover = (ann, bob)[seat]
        assert mover.ok(mover.move(game_id, game["seq"], mover.game(game_id)["legal"][0]))
    finally:
        second.stop()
        subprocess.run(["dropdb", "--if-exists", "-h", "127.0.0.1", "-U", "postgres", restored],
                       check=False)
