"""No critical or serious accessibility violation on any page, in French (issue 13, point 18;
issue 29): every view of tests/support/axe_pages.py at both sizes."""

from __future__ import annotations

import pytest

from tests.support.axe_pages import SIZES, VIEWS, World, check_view, world

pytestmark = pytest.mark.browser
__all__ = ["world"]  # the module's own people and games (a module-scoped fixture)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("view", list(VIEWS))
def test_no_critical_or_serious_axe_violation(world: World, view: str, size: str) -> None:
    check_view(world, view, size, "fr")
