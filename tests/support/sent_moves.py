"""Count the moves a page sends, so a test can say "nothing was sent" without waiting a fixed
time for a move that must not come: every move leaves through ``WebSocket.send`` (a ``move``
frame) or, while the socket is down, a ``POST .../moves``; both are counted as they leave."""

from __future__ import annotations

from typing import Any

RECORD = """(() => {
  window.__movesSent = 0;
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    try { if (JSON.parse(data).type === "move") window.__movesSent += 1; } catch (err) { /* not JSON */ }
    return send.call(this, data);
  };
  const fetch = window.fetch;
  window.fetch = function (input, init) {
    const url = String(input && input.url ? input.url : input);
    if (/\\/moves$/.test(url) && init && init.method === "POST") window.__movesSent += 1;
    return fetch.call(this, input, init);
  };
})();"""


def record_moves_sent(page: Any) -> None:
    """Count from the page's next navigation on."""
    page.add_init_script(RECORD)


def moves_sent(page: Any) -> int:
    """The moves sent so far, read after the page's pending tasks have run (a click's handler
    and what it scheduled), so a move sent "at once" is counted."""
    return int(page.evaluate("() => new Promise((done) => setTimeout(() => done(window.__movesSent ?? 0), 0))"))
