"""What is going on in the whole database, counted for the metrics' gauges (`bot.exporter`
reads it on each scrape): one statement, the same on every backend (`?` placeholders: each
store's `query` takes them), so the counts are of one moment."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from bot.kinds import kind_of
from bot.records import rules_from_text
from bot.store.dialect import Part

# Every part is grouped by a short label: a game's key, a challenge's rules (its game is in
# them), a tournament's status. Open challenges are few (15 minutes, three a player), and so
# are their distinct rules.
IN_PLAY = """
SELECT 'games' AS part, game AS label, COUNT(*) AS n FROM games
    WHERE status = 'active' GROUP BY game
UNION ALL
SELECT 'challenges', rules, COUNT(*) FROM challenges
    WHERE status = 'open' AND expires_at > ? GROUP BY rules
UNION ALL
SELECT 'tournaments', status, COUNT(*) FROM tournaments
    WHERE status IN ('open', 'running') GROUP BY status
UNION ALL
SELECT 'seasons', '', COUNT(*) FROM seasons WHERE ended_at IS NULL
"""


@dataclass(frozen=True)
class InPlay:
    """The database's games in progress and open challenges (by game key), tournaments
    open or running (by status), and seasons running."""

    games: dict[str, int] = field(default_factory=dict)
    challenges: dict[str, int] = field(default_factory=dict)
    tournaments: dict[str, int] = field(default_factory=dict)
    seasons: int = 0


class Counts(Part):
    async def in_play(self, now: float) -> InPlay:
        """What is in play at `now`, in every server (a challenge past its expiry is not
        open, even before the sweep closes it)."""
        games: Counter[str] = Counter()
        challenges: Counter[str] = Counter()
        tournaments: Counter[str] = Counter()
        seasons = 0
        for row in await self.dialect.read(IN_PLAY, (now,)):
            part, label, n = row["part"], row["label"], int(row["n"])
            if part == "games":
                games[label] += n
            elif part == "challenges":
                challenges[kind_of(rules_from_text(label)).key] += n
            elif part == "tournaments":
                tournaments[label] += n
            else:
                seasons += n
        return InPlay(dict(games), dict(challenges), dict(tournaments), seasons)
