"""No critical or serious accessibility violation on any page, in English, German and French
(issue 13, point 18; issue 29): every view of tests/support/axe_pages.py at both sizes.

One class per language: pytest-xdist's ``--dist loadscope`` keeps a class's tests on one
worker, so the three languages (222 page views) run on different workers, each with its own
people and games (the module-scoped ``world``)."""

from __future__ import annotations

import pytest

from tests.support.axe_pages import SIZES, VIEWS, World, check_view, world

pytestmark = pytest.mark.browser
__all__ = ["world"]  # the module's own people and games (a module-scoped fixture)


class PagesInOneLanguage:
    """Every view at both sizes in ``lang`` (not collected itself: no Test prefix)."""

    lang = "en"

    @pytest.mark.parametrize("size", list(SIZES))
    @pytest.mark.parametrize("view", list(VIEWS))
    def test_no_critical_or_serious_axe_violation(self, world: World, view: str,
                                                  size: str) -> None:
        check_view(world, view, size, self.lang)


class TestInEnglish(PagesInOneLanguage):
    lang = "en"


class TestInGerman(PagesInOneLanguage):
    lang = "de"


class TestInFrench(PagesInOneLanguage):
    lang = "fr"
