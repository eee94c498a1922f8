"""Operations: JSON logs without secrets, graceful shutdown that tells sockets to reconnect,
rate limits, and the readiness check."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed

from tests.conftest import Player, ServerThread, free_port, make_settings, start_game
from tests.support.instances import entry_point_command, spawn, wait_ready
from tests.support.sockets import Viewer

ROOT = Path(__file__).resolve().parents[2]


def test_json_logs_and_graceful_shutdown(tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "server.log"
    env = {**os.environ, "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'ops.db'}",
           "PORT": str(port), "BOT_DELAY": "0"}
    env.pop("REDIS_URL", None)
    proc = spawn(entry_point_command(), env, log)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_ready(url, proc, log)
        ann, bob = Player(url, "Ann"), Player(url, "Bob")
        game_id = start_game(ann, [bob])
        seat = ann.game(game_id)["view"]["to_act"][0]
        mover = (ann, bob)[seat]
        mover.ok(mover.move(game_id, 0, mover.game(game_id)["legal"][0]))
        sock = Viewer(url, game_id, None)
        sock.send({"type": "hello"})
        sock.recv_type("snapshot")
        proc.send_signal(signal.SIGTERM)
        told = False
        try:
            for _ in range(20):
                if sock.recv(timeout=10)["type"] == "reconnect":
                    told = True
                    break
        except ConnectionClosed as closed:
            # 1012 "service restart" / 1001 "going away": both tell the client to reconnect
            told = closed.rcvd is not None and closed.rcvd.code in (1001, 1012)
        assert told, "the socket was not told to reconnect"
        # uvicorn re-raises SIGTERM after a clean shutdown, so -15 is a graceful exit too
        assert proc.wait(timeout=20) in (0, -signal.SIGTERM)
    finally:
        if proc.poll() is None:
            proc.kill()
    lines = [json.loads(line) for line in log.read_text().splitlines() if line.startswith("{")]
    moves = [entry for entry in lines if entry.get("message") == "move"]
    assert moves and {"game", "seq", "seat", "actor", "ms"} <= set(moves[0])
    text = log.read_text()
    assert ann.token not in text and bob.token not in text
    assert "deck" not in text
    assert any("Application shutdown complete" in e.get("message", "") for e in lines)


def test_rate_limits_answer_429(tmp_path: Path) -> None:
    from tests.conftest import ServerThread, make_settings

    url = f"sqlite+aiosqlite:///{tmp_path / 'rate.db'}"
    with ServerThread(make_settings(url, rate_lobbies=3, rate_chat=2, rate_moves=3)) as srv:
        ann, bob = Player(srv.url, "Ann"), Player(srv.url, "Bob")
        codes = [ann.post("/api/lobbies", json={"kind": "grand-bazaar"}).status_code
                 for _ in range(4)]
        assert codes == [201, 201, 201, 429]
        srv.app.state.limiter = type(srv.app.state.limiter)()
        game_id = start_game(ann, [bob])
        said = [ann.post(f"/api/games/{game_id}/chat", json={"text": "hi"}).status_code
                for _ in range(3)]
        assert said[:2] == [201, 201] and said[2] == 429
        moves: list[Any] = [ann.move(game_id, 99, {"type": "Trade"}).status_code
                            for _ in range(4)]
        assert moves[-1] == 429


def test_socket_rate_limits_per_identity(tmp_path: Path) -> None:
    from tests.conftest import ServerThread, make_settings

    url = f"sqlite+aiosqlite:///{tmp_path / 'rate-ws.db'}"
    with ServerThread(make_settings(url, rate_chat=3, rate_moves=2)) as srv:
        ann, bob = Player(srv.url, "Ann"), Player(srv.url, "Bob")
        game_id = start_game(ann, [bob])
        sock = Viewer(srv.url, game_id, ann.token)
        for _ in range(3):
            sock.send({"type": "chat", "text": "hi"})
            assert sock.recv_type("chat")["text"] == "hi"
        sock.send({"type": "chat", "text": "one too many"})
        assert sock.recv_type("error")["code"] == "RATE_LIMITED"
        codes = []
        for _ in range(3):
            sock.send({"type": "move", "seq": 0, "move": {"type": "Nonsense"}})
            codes.append(sock.recv_type("error")["code"])
        assert set(codes[:2]) <= {"BAD_INPUT", "NOT_YOUR_TURN"} and codes[2] == "RATE_LIMITED"
        # another person has their own allowance; Ann's other sockets share hers
        other = Viewer(srv.url, game_id, bob.token)
        other.send({"type": "chat", "text": "fresh"})
        assert other.recv_type("chat")["text"] == "fresh"
        again = Viewer(srv.url, game_id, ann.token)
        again.send({"type": "chat", "text": "new socket"})
        assert again.recv_type("error")["code"] == "RATE_LIMITED"
        again.close()
        sock.close()
        other.close()


def test_the_image_runs_unprivileged_and_checks_its_health(tmp_path: Path) -> None:
    """Issue 24.5: the container runs as an unprivileged user, and its HEALTHCHECK command
    (`python -m app.healthcheck`, no curl in the image) passes only while /healthz answers."""
    text = (ROOT / "Dockerfile").read_text().replace("\\\n", " ")  # continued lines
    lines = [line.split() for line in text.splitlines()]
    users = [words[1] for words in lines if words and words[0] == "USER"]
    assert users and users[-1] not in ("root", "0")
    check = next(" ".join(w) for w in lines if w and w[0] == "HEALTHCHECK")
    assert check.endswith('CMD ["python", "-m", "app.healthcheck"]')
    settings = make_settings(f"sqlite+aiosqlite:///{tmp_path / 'bazaar.db'}")
    env = {**os.environ}
    with ServerThread(settings) as server:
        env["PORT"] = str(server.port)
        up = subprocess.run([sys.executable, "-m", "app.healthcheck"], cwd=ROOT, env=env,
                            timeout=60)
    down = subprocess.run([sys.executable, "-m", "app.healthcheck"], cwd=ROOT, env=env,
                          timeout=60)
    assert up.returncode == 0 and down.returncode == 1
