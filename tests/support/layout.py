"""What breaks a page's layout, in the page's own terms (issue 29, "Tests": longer German and
French words): the document wider than the window, an element that reaches past the window's
right edge outside a scrolling box, and a button (or a link drawn as one) whose words need more
room than it has (its ``scrollWidth`` above its ``clientWidth``)."""

from __future__ import annotations

from typing import Any

LAYOUT = """() => {
  const width = document.documentElement.clientWidth;
  const problems = [];
  if (document.documentElement.scrollWidth > width + 1) {
    problems.push(`the page is ${document.documentElement.scrollWidth} px wide in a ${width} px window`);
  }
  const scrolls = (node) => {
    for (let up = node.parentElement; up; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (/(auto|scroll|hidden)/.test(style.overflowX) && up.scrollWidth > up.clientWidth) return true;
    }
    return false;
  };
  const shown = (node) => node.getClientRects().length > 0 && getComputedStyle(node).visibility !== "hidden";
  for (const node of document.querySelectorAll("main *, header *")) {
    // a board's shapes reach past the window when it is panned: its <svg> clips them (the
    // <svg> itself is checked)
    if (!shown(node) || node.closest(".sr-only") || node.ownerSVGElement) continue;
    const box = node.getBoundingClientRect();
    if (box.width && box.right > width + 1 && !scrolls(node)) {
      problems.push(`${node.tagName.toLowerCase()}.${node.className} reaches ${Math.round(box.right)} px: ${(node.textContent || "").trim().slice(0, 50)}`);
    }
  }
  for (const node of document.querySelectorAll("button, a.button, input[type=submit]")) {
    if (!shown(node)) continue;
    if (node.scrollWidth > node.clientWidth + 1) {
      problems.push(`clipped button "${(node.textContent || node.value || "").trim().slice(0, 50)}": ${node.scrollWidth} > ${node.clientWidth}`);
    }
  }
  return [...new Set(problems)].slice(0, 20);
}"""
"""The page's layout problems, as sentences (at most 20)."""


def layout_problems(page: Any) -> list[str]:
    """What is too wide or cut off on the page as it is shown now."""
    return list(page.evaluate(LAYOUT))


CUT = """(selector) => [...document.querySelectorAll(selector)].filter((node) => {
  if (!node.getClientRects().length) return false;
  const box = node.getBoundingClientRect();
  for (let up = node.parentElement; up; up = up.parentElement) {
    if (!/(auto|scroll|hidden)/.test(getComputedStyle(up).overflowY)) continue;
    const frame = up.getBoundingClientRect();
    if (box.top < frame.top - 1 || box.bottom > frame.bottom + 1) return true;
  }
  return false;
}).map((node) => (node.textContent || "").trim().slice(0, 50))"""


def cut_off(page: Any, selector: str) -> list[str]:
    """The shown elements matching ``selector`` that a box of theirs cuts off at its top or
    bottom (a panel that scrolls inside and hides half a button): their words."""
    return [f'"{words}" cut off by its panel' for words in page.evaluate(CUT, selector)]


STILL = """([selector, quiet]) => new Promise((resolve) => {
  // resolves once the element's box has not moved for `quiet` ms (checked every frame)
  let last = "", since = performance.now();
  const look = () => {
    const node = document.querySelector(selector);
    const box = node ? JSON.stringify(node.getBoundingClientRect()) : "";
    if (box !== last) { last = box; since = performance.now(); }
    if (box && performance.now() - since >= quiet) resolve(true); else requestAnimationFrame(look);
  };
  look();
})"""


def wait_until_still(page: Any, selector: str, quiet_ms: int = 750) -> None:
    """Wait until ``selector``'s box has held still for ``quiet_ms``: a click aimed at a control
    while late answers still move the panel around it can land on its neighbour."""
    page.evaluate(STILL, [selector, quiet_ms])


def sticks_out(page: Any, inner: str, outer: str) -> float:
    """How many pixels ``inner``'s box reaches past ``outer``'s bottom edge (0 if it does not)."""
    return float(page.evaluate("""([inner, outer]) => {
      const a = document.querySelector(inner).getBoundingClientRect();
      const b = document.querySelector(outer).getBoundingClientRect();
      return Math.max(0, a.bottom - b.bottom);
    }""", [inner, outer]))
