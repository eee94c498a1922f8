"""The Carcassonne board fits its area on the first paint, after a reload and after a resize
or a phone's rotation, and its targets stay finger-sized (issue 13, point 1): legal squares and
figure spots at least 40 px on a phone."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

MEASURE = """() => {
  const canvas = document.querySelector('[data-testid=cc-canvas]');
  const rect = canvas.getBoundingClientRect();
  const [x, y, w, h] = canvas.getAttribute('viewBox').split(' ').map(Number);
  const sizes = (sel) => [...document.querySelectorAll(sel)].map((e) => {
    const r = e.getBoundingClientRect(); return Math.min(r.width, r.height); });
  const inside = (sel) => [...document.querySelectorAll(sel)].every((e) => {
    const r = e.getBoundingClientRect();
    return r.left >= rect.left - 1 && r.right <= rect.right + 1 && r.top >= rect.top - 1 && r.bottom <= rect.bottom + 1; });
  return {canvasAspect: rect.width / rect.height, boxAspect: w / h, pxPerSquare: rect.width / (w / 100),
          squares: sizes('[data-testid=legal-square]'), squaresInView: inside('[data-testid=legal-square]'),
          spots: sizes('.cc-spot-hit'), spotsInView: inside('[data-testid=figure-spot]')};
}"""


def start_carcassonne(page) -> str:  # type: ignore[no-untyped-def]
    return str(page.evaluate(
        """async () => {
            const post = async (url, body) => {
              const r = await fetch(url, {method: 'POST', headers: {'Content-Type': 'application/json'},
                                          body: JSON.stringify(body || {})});
              if (!r.ok) throw new Error(url + ' ' + r.status + ' ' + await r.text());
              return r.json();
            };
            const lobby = await post('/api/lobbies', {kind: 'carcassonne', players: 2, private: true,
                                                       options: {first_player: 0, bazaar: false}});
            await post(`/api/lobbies/${lobby.id}/bots`, {seat: 1});
            return (await post(`/api/lobbies/${lobby.id}/start`)).game_id;
        }"""))


def fitted(page) -> dict:  # type: ignore[no-untyped-def]
    page.get_by_test_id("legal-square").first.wait_for()
    page.wait_for_timeout(150)  # let the stylesheet and the resize observer settle
    m = page.evaluate(MEASURE)
    assert abs(m["boxAspect"] / m["canvasAspect"] - 1) < 0.02, m  # the frame has the canvas's shape
    assert m["pxPerSquare"] >= 40, m
    assert m["squares"] and min(m["squares"]) >= 40 and m["squaresInView"], m
    return m


def test_the_board_fits_on_first_paint_reload_and_rotation(guest, problems):
    page = guest("Fay", viewport={"width": 1280, "height": 800})
    game_id = start_carcassonne(page)
    page.goto(f"/games/{game_id}")
    fitted(page)
    page.reload()
    fitted(page)
    # a phone, upright then turned on its side
    page.set_viewport_size({"width": 390, "height": 844})
    fitted(page)
    page.reload()
    fitted(page)
    page.set_viewport_size({"width": 844, "height": 390})
    fitted(page)
    page.set_viewport_size({"width": 390, "height": 844})
    fitted(page)
    # place the tile: every figure spot of the placed tile is a finger-sized target in view
    page.get_by_test_id("legal-square").first.click()
    page.get_by_test_id("place-tile").click()
    page.get_by_test_id("figure-spot").first.wait_for()
    page.wait_for_timeout(150)
    m = page.evaluate(MEASURE)
    assert m["spots"] and min(m["spots"]) >= 40 and m["spotsInView"], m
    assert problems.errors == []
