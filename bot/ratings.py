"""Per-guild ratings with OpenSkill (Plackett-Luce), which suits two-player games with few
games per player: a rating is a belief (mu) with its uncertainty (sigma), so a new player's
first results move it a lot and a veteran's little. Draws count as ties.

Shown ratings are `mu * 60` (a new player shows 1500). The leaderboard lists established
players (5 rated games or more) before provisional ones, each group by the shown rating, so
a lucky newcomer does not top it after one game and the numbers read in order.
"""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
START_MU: float = MODEL.mu
START_SIGMA: float = MODEL.sigma
PROVISIONAL_GAMES = 5  # fewer rated games than this: marked provisional
DISPLAY_SCALE = 60


@dataclass(frozen=True)
class Skill:
    mu: float = START_MU
    sigma: float = START_SIGMA

    @property
    def shown(self) -> int:
        """The number players see."""
        return round(self.mu * DISPLAY_SCALE)


def rate(a: Skill, b: Skill, winner: str) -> tuple[Skill, Skill]:
    """New skills of players A and B after a game won by "A", "B", or a "draw"."""
    ranks = {"A": [1.0, 2.0], "B": [2.0, 1.0], "draw": [1.0, 1.0]}[winner]
    [[new_a], [new_b]] = MODEL.rate(
        [[MODEL.create_rating([a.mu, a.sigma])], [MODEL.create_rating([b.mu, b.sigma])]],
        ranks=ranks,
    )
    return Skill(new_a.mu, new_a.sigma), Skill(new_b.mu, new_b.sigma)
