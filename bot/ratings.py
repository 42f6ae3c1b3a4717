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


@dataclass(frozen=True)
class SeasonRow:
    """One player's line in a season's ranking, from the season's games alone."""

    user_id: int
    skill: Skill
    games: int
    wins: int
    losses: int
    draws: int
    streak: int

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


def season_ranking(results: list[tuple[int, int, str]]) -> list[SeasonRow]:
    """A season's ranking from its rated games in the order they ended ((A's user, B's
    user, winner "A", "B" or "draw") each): every player starts the season fresh and is
    rated game by game as the all-time ranking is, with the same order (established
    players first, then provisional ones, each by rating; ties by user id)."""
    skills: dict[int, Skill] = {}
    tally: dict[int, list[int]] = {}  # games, wins, losses, draws, streak
    for a, b, winner in results:
        new_a, new_b = rate(skills.get(a, Skill()), skills.get(b, Skill()), winner)
        skills[a], skills[b] = new_a, new_b
        for user, seat in ((a, "A"), (b, "B")):
            line = tally.setdefault(user, [0, 0, 0, 0, 0])
            line[0] += 1
            streak = line[4]
            if winner == "draw":
                line[3] += 1
                line[4] = 0
            elif winner == seat:
                line[1] += 1
                line[4] = max(streak, 0) + 1
            else:
                line[2] += 1
                line[4] = min(streak, 0) - 1
    rows = [SeasonRow(user, skills[user], *tally[user]) for user in skills]
    return sorted(rows, key=lambda r: (r.provisional, -r.skill.mu, r.user_id))
