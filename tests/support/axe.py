"""axe-core (vendored in tests/browser/vendor/) run on a page as it is: the critical and
serious WCAG 2.1 A/AA violations it finds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

AXE = Path(__file__).resolve().parents[1] / "browser" / "vendor" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
RUN = """async (tags) => {
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return result.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
    targets: v.nodes.map((n) => n.target.join(' '))}));
}"""


def serious_violations(page: Any) -> list[dict[str, Any]]:
    """The critical and serious violations axe finds on ``page`` now."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return [v for v in page.evaluate(RUN, TAGS) if v["impact"] in ("critical", "serious")]
