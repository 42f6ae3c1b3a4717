"""What the service hands the store to write (new challenges, new games, endings), which
servers a process serves (`Shards`), and the ratings a rated ending writes (`new_ratings`,
the same for every backend)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.ratings import PROVISIONAL_GAMES, Skill, rate
from bot.records import RatingChange, Standing


@dataclass(frozen=True)
class NewChallenge:
    guild_id: int
    channel_id: int
    challenger_id: int
    opponent_id: int | None  # None: open to anyone
    rules: str  # the rules' JSON text (`records.rules_to_text`)
    turn_seconds: int
    created_at: float
    expires_at: float
    rematch_of: int | None = None


@dataclass(frozen=True)
class NewGame:
    guild_id: int
    channel_id: int
    players: tuple[int, int]
    rules: str  # the rules' JSON text
    game: str  # which game: "new-vegas" or "decktet"
    seed: int
    turn: str  # who moves first
    turn_seconds: int
    now: float
    ai: tuple[str, str] | None = None  # (seat, level) of the computer player
    rematch_of: int | None = None


@dataclass(frozen=True)
class Ending:
    """How a game ends: the winner ("A", "B" or "draw"), why, and whether it is rated."""

    winner: str
    reason: str
    rated: bool


@dataclass(frozen=True)
class Shards:
    """The Discord shards one process serves: a server (guild) is on shard
    `(guild_id >> 22) % count` (Discord's formula). `ALL` serves every server."""

    count: int = 1
    ids: frozenset[int] = frozenset({0})

    @property
    def everything(self) -> bool:
        return set(range(self.count)) <= self.ids

    def owns(self, guild_id: int) -> bool:
        return (guild_id >> 22) % self.count in self.ids

    def sql(self, column: str = "guild_id") -> str:
        """A condition true for rows whose server is on these shards (the numbers are
        ints, never text: safe to put in the statement)."""
        if self.everything:
            return "TRUE"
        ids = ", ".join(str(int(i)) for i in sorted(self.ids))
        return f"(({column} >> 22) % {int(self.count)}) IN ({ids})"


ALL = Shards()


@dataclass(frozen=True)
class NewRating:
    """A player's rating after a rated game, as the ratings row is to be upserted."""

    user_id: int
    mu: float
    sigma: float
    won: int
    lost: int
    drew: int
    streak: int


def new_ratings(
    players: tuple[int, int], winner: str, before: list[tuple[Skill, int, int]]
) -> tuple[list[NewRating], tuple[RatingChange, ...]]:
    """Both players' new ratings after a game `winner` won ("A", "B" or "draw"), from
    their (skill, rated games, streak) `before` it; and the changes players are shown."""
    after = rate(before[0][0], before[1][0], winner)
    rows, changes = [], []
    for i, seat in enumerate("AB"):
        skill, games, streak = before[i]
        won, drew = winner == seat, winner == "draw"
        streak = 0 if drew else (max(streak, 0) + 1 if won else min(streak, 0) - 1)
        rows.append(
            NewRating(
                players[i],
                after[i].mu,
                after[i].sigma,
                int(won),
                int(not won and not drew),
                int(drew),
                streak,
            )
        )
        changes.append(
            RatingChange(players[i], skill.shown, after[i].shown, games + 1 < PROVISIONAL_GAMES)
        )
    return rows, tuple(changes)


def standing_of(rank: int, row: Any) -> Standing:
    """The ranking entry of a ratings row (any backend's row: a mapping by column)."""
    return Standing(
        rank=rank,
        user_id=row["user_id"],
        rating=Skill(row["mu"], row["sigma"]).shown,
        provisional=row["games"] < PROVISIONAL_GAMES,
        games=row["games"],
        wins=row["wins"],
        losses=row["losses"],
        draws=row["draws"],
        streak=row["streak"],
    )
