"""A server's seasons, beside the game service: starting and ending one, and its ranking
per game (the season's rated games alone, every player starting fresh; `bot.ratings.
season_ranking`), read as the leaderboard and stats read the all-time one. Nothing here
knows Discord."""

from __future__ import annotations

from collections.abc import Callable

from bot.errors import BadOption, NotAllowed, NotFound, ServiceError
from bot.i18n import _
from bot.inert import plain
from bot.ratings import SeasonRow, season_ranking
from bot.records import Leaderboard, Season, Standing
from bot.store import Store
from bot.store.seasons import NoSeason, SeasonRunning

NAME_LENGTH = 60
PAGE = 10
MOST_TOP = 100
ALL_TIME = "all-time"  # the leaderboard's and stats' choice of no season


class SeasonRefused(ServiceError):
    pass


def standing_of(rank: int, row: SeasonRow) -> Standing:
    return Standing(
        rank=rank,
        user_id=row.user_id,
        rating=row.skill.shown,
        provisional=row.provisional,
        games=row.games,
        wins=row.wins,
        losses=row.losses,
        draws=row.draws,
        streak=row.streak,
    )


class Seasons:
    def __init__(self, store: Store, clock: Callable[[], float]) -> None:
        self.store = store
        self.clock = clock

    async def start(
        self,
        guild_id: int,
        user_id: int,
        allowed: bool,
        name: str,
        role_id: int | None = None,
        role_top: int | None = None,
    ) -> Season:
        """A new season from now. `allowed`: whether the member has Manage Server."""
        if not allowed:
            raise NotAllowed(
                _("Only members with the Manage Server permission can start a season.")
            )
        shown = plain(name, NAME_LENGTH, fallback="")
        if not shown:
            raise BadOption(_("Give the season a name."))
        if role_top is not None and role_id is None:
            raise BadOption(_("Name the role the season's top players get."))
        if role_id is not None:
            role_top = 10 if role_top is None else role_top
            if not 1 <= role_top <= MOST_TOP:
                raise BadOption(_("The role goes to the top 1 to {most} players.", most=MOST_TOP))
        if any(s.name.lower() == shown.lower() for s in await self.store.seasons.seasons(guild_id)):
            raise BadOption(_("This server already had a season called {season}.", season=shown))
        try:
            return await self.store.seasons.start_season(
                guild_id, shown, user_id, role_id, role_top, self.clock()
            )
        except SeasonRunning as running:
            raise SeasonRefused(
                _(
                    "The season {season} is running; end it first (/caravan-admin season end).",
                    season=running.season.name,
                )
            ) from None

    async def end(self, guild_id: int, allowed: bool) -> Season:
        if not allowed:
            raise NotAllowed(_("Only members with the Manage Server permission can end a season."))
        try:
            return await self.store.seasons.end_season(guild_id, self.clock())
        except NoSeason:
            raise SeasonRefused(_("No season is running.")) from None

    async def seasons(self, guild_id: int) -> list[Season]:
        return await self.store.seasons.seasons(guild_id)

    async def chosen(self, guild_id: int, choice: str | None) -> Season | None:
        """The season a leaderboard or stats asks for: by name (or number), `ALL_TIME` for
        none, and by default the running one (none if none runs)."""
        seasons = await self.store.seasons.seasons(guild_id)
        if choice is None:
            return next((s for s in seasons if s.running), None)
        if choice.strip().lower() == ALL_TIME:
            return None
        wanted = choice.strip().lower()
        for season in seasons:
            if season.name.lower() == wanted or str(season.id) == wanted:
                return season
        raise NotFound(_("There is no such season on this server."))

    async def ranking(self, guild_id: int, game: str, season: Season) -> list[SeasonRow]:
        return season_ranking(await self.store.seasons.season_results(guild_id, game, season))

    async def leaderboard(
        self, guild_id: int, game: str, season: Season, page: int = 1
    ) -> Leaderboard:
        rows = await self.ranking(guild_id, game, season)
        pages = max(1, -(-len(rows) // PAGE))
        page = min(max(page, 1), pages)
        entries = tuple(
            standing_of(rank, row)
            for rank, row in enumerate(rows, start=1)
            if (page - 1) * PAGE < rank <= page * PAGE
        )
        return Leaderboard(guild_id, page, pages, entries, len(rows), game, season.name)

    async def standing(
        self, guild_id: int, game: str, season: Season, user_id: int
    ) -> Standing | None:
        rows = await self.ranking(guild_id, game, season)
        return next(
            (standing_of(rank, r) for rank, r in enumerate(rows, 1) if r.user_id == user_id),
            None,
        )
