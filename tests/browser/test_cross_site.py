"""Cross-site requests in real Chromium (issue 11): another origin's page cannot act as the victim.

The victim plays on the site (http://127.0.0.1:<port>, cookie set, seat 0 of a started game);
then, in the same browser, a page served from a second origin on the same host (another port:
the same *site*, so Chromium sends the ``SameSite=Lax`` cookie along) opens the victim's game
socket and posts ``resign`` as a ``text/plain`` form and with ``fetch``. The server must refuse
all of it (app/web/csrf.py), and the site's own pages must keep working.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.browser

ATTACKER_PAGE = b"""<!doctype html>
<html><head><meta charset="utf-8"><title>free gems</title></head>
<body><h1>free gems</h1><iframe name="sink" title="sink"></iframe></body></html>
"""

OPEN_SOCKET = """async (url) => new Promise((resolve) => {
  const got = {opened: false, frames: [], closed: null, error: false};
  const ws = new WebSocket(url);
  ws.onopen = () => { got.opened = true; ws.send(JSON.stringify({type: "hello"})); };
  ws.onmessage = (event) => { got.frames.push(JSON.parse(event.data)); };
  ws.onerror = () => { got.error = true; };
  ws.onclose = (event) => { got.closed = event.code; resolve(got); };
  setTimeout(() => { try { ws.close(); } catch (e) {} resolve(got); }, 5000);
})"""

FORM_POST = """async (url) => new Promise((resolve) => {
  const sink = document.querySelector("iframe[name=sink]");
  sink.addEventListener("load", () => resolve(true), {once: true});
  const form = document.createElement("form");
  form.method = "POST"; form.action = url; form.enctype = "text/plain"; form.target = "sink";
  document.body.appendChild(form);
  form.submit();
  setTimeout(() => resolve(false), 10000);
})"""

FETCH_POSTS = """async (url) => {
  const out = {};
  // a "simple" request: no preflight, the cookie goes along, the answer is opaque
  const simple = await fetch(url, {method: "POST", mode: "no-cors", credentials: "include",
                                   headers: {"Content-Type": "text/plain"}, body: ""});
  out.simple = simple.type;
  // JSON or a custom header needs a CORS preflight, which the server never grants
  for (const [name, headers] of [["json", {"Content-Type": "application/json"}],
                                 ["header", {"X-Requested-With": "x"}]]) {
    try {
      await fetch(url, {method: "POST", credentials: "include", headers, body: "{}"});
      out[name] = "sent";
    } catch (err) {
      out[name] = "blocked";
    }
  }
  return out;
}"""


class _Attacker(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(ATTACKER_PAGE)))
        self.end_headers()
        self.wfile.write(ATTACKER_PAGE)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def attacker() -> Iterator[str]:
    """The base URL of a second origin on the same host: another site's page."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Attacker)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_another_origins_page_can_neither_read_the_socket_nor_resign(
        server, guest, problems, attacker):  # type: ignore[no-untyped-def]
    site = guest("Victim")
    # the site's own client (static/js/api.js) makes the lobby; start has no body at all
    game_id = site.evaluate("""async () => {
      const {api} = await import("/static/js/api.js");
      const lobby = await api("POST", "/api/lobbies",
                              {kind: "grand-bazaar", players: 2, options: {first_player: 0}});
      await api("POST", `/api/lobbies/${lobby.id}/bots`, {seat: 1});
      return (await api("POST", `/api/lobbies/${lobby.id}/start`)).game_id;
    }""")
    site.goto(f"/games/{game_id}")
    site.get_by_test_id("turn").filter(has_text="Your turn").wait_for()
    site.wait_for_function("() => window.bazaar && window.bazaar.conn.status === 'open'")

    token = next(c["value"] for c in site.context.cookies() if c["name"] == "bazaar_token")
    api = httpx.Client(base_url=server, headers={"authorization": f"Bearer {token}"})
    before = api.get(f"/api/games/{game_id}").json()
    assert before["you"]["seat"] == 0 and before["status"] == "live"

    evil = site.context.new_page()
    evil.goto(f"{attacker}/gems.html")
    ws_base = server.replace("http://", "ws://") + f"/ws/games/{game_id}"
    for url in (ws_base, f"{ws_base}?seat=0"):
        got = evil.evaluate(OPEN_SOCKET, url)
        assert not got["opened"] and got["frames"] == [], got  # refused at the handshake

    resign = f"{server}/api/games/{game_id}/resign"
    assert evil.evaluate(FORM_POST, resign)
    sent = evil.evaluate(FETCH_POSTS, resign)
    assert sent == {"simple": "opaque", "json": "blocked", "header": "blocked"}, sent
    evil.close()

    after = api.get(f"/api/games/{game_id}").json()
    assert after["status"] == "live" and after["seq"] == before["seq"]
    assert not after["seats"][0]["resigned"]
    assert after["you"]["seat"] == 0

    # the site's own page still plays: it resigns through its own button
    site.get_by_test_id("resign").click()
    site.get_by_test_id("resign-confirm").click()
    for _ in range(100):
        if api.get(f"/api/games/{game_id}").json()["seats"][0]["resigned"]:
            break
        site.wait_for_timeout(100)
    assert api.get(f"/api/games/{game_id}").json()["seats"][0]["resigned"]
    api.close()
    assert problems.errors == []
