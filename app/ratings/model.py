"""The rating model: openskill's Plackett–Luce, made for games of several players who finish in
a ranking (ties allowed), rather than pairwise Elo (docs/decisions.md, "Ratings").

A rating is a mean ``mu`` and an uncertainty ``sigma``. What a player sees is one number, the
conservative estimate ``mu - 3 sigma`` (openskill's ordinal) put on a familiar scale: a new
player shows 1000 and moves by tens of points a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
SCALE = 40
BASE = 1000


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float

    @property
    def shown(self) -> int:
        """The rating as players read it."""
        return shown(self.mu, self.sigma)


PROVISIONAL_SIGMA = 6.25
"""A rating is provisional (shown "1138?", as lichess does) while its uncertainty is above this:
about the first 10 rated games of two players (8.33 at the start, 6.22 after 10)."""


def provisional(sigma: float) -> bool:
    """Whether a rating is still provisional: too few games to say much yet."""
    return sigma > PROVISIONAL_SIGMA


def shown(mu: float, sigma: float) -> int:
    return round(BASE + SCALE * (mu - 3 * sigma))


def new() -> Skill:
    """The rating of an account's first game of a kind."""
    return Skill(MODEL.mu, MODEL.sigma)


def rate(before: Sequence[Skill], ranks: Sequence[int]) -> list[Skill]:
    """Everyone's rating after a game in which player ``i`` finished ``ranks[i]`` (1 is first;
    equal ranks tie). One player per team: these games have no teams."""
    teams = [[MODEL.create_rating([s.mu, s.sigma])] for s in before]
    after = MODEL.rate(teams, ranks=list(ranks))
    return [Skill(team[0].mu, team[0].sigma) for team in after]
