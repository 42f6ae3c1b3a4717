"""The Discord bot: start-up, the connection to Discord, and the wiring of its parts.

`create_bot(settings)` is the one factory: `caravan-bot run`, `caravan-bot local`, the tests
and anyone embedding the bot use it. At set-up the bot opens the store, makes the service,
the poster, the computer player and the guard, gives each feature's cog (`bot.cogs`) what it
uses, and registers the slash commands (`bot.views.commands`) and the persistent components
(`bot.views.items`). Game state always comes from the database through `GameService`; the
bot keeps only display names and open hand panels in memory.
"""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import Callable
from typing import Any

import discord
from discord.ext import commands

from bot.aftermath import Aftermath
from bot.ai import AiTurns
from bot.cogs.admin import Admin
from bot.cogs.decks import Decks
from bot.cogs.events import Events
from bot.cogs.games import Games
from bot.cogs.hands import Hands
from bot.cogs.help import Help
from bot.cogs.reviews import Reviews
from bot.cogs.standing import Standing
from bot.cogs.timers import Timers
from bot.commands import AdminCommands, CaravanCommands, Cogs
from bot.exporter import Exporter
from bot.guard import Guard
from bot.metrics import Metrics
from bot.names import Names
from bot.pace import Pace
from bot.poster import Poster
from bot.reviewing import ReviewRunner
from bot.seasons import Seasons
from bot.service import GameService
from bot.settings import Settings
from bot.store import Store, open_store
from bot.tournaments import Tournaments
from bot.translator import CommandTranslator
from bot.views import hand_items, items
from bot.views.live import LivePanels

log = logging.getLogger("caravan.bot")
CLOSE_DISCORD_WITHIN = 2.0  # seconds a clean stop waits for the gateway to close


def utc_clock() -> float:
    """Seconds since the epoch, by discord.py's clock (which SimCord replaces with its own)."""
    return discord.utils.utcnow().timestamp()


class CaravanBot(commands.AutoShardedBot):
    """The bot. Sharded as Discord asks: one process runs every shard (as many as Discord
    recommends), or, with `shard_count` and `shards` set, the shards named (several
    processes over one PostgreSQL database)."""

    def __init__(self, settings: Settings, clock: Callable[[], float] = utc_clock) -> None:
        sharding: dict[str, Any] = {"shard_count": settings.shard_count}
        if settings.shards is not None:
            sharding["shard_ids"] = sorted(settings.shard_set().ids)
        super().__init__(
            **sharding,
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            # Nobody is pinged unless a message names them on purpose (`pinging`): member
            # text in a message can then never ping anyone, even if it slipped through.
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.settings = settings
        self.clock = clock
        self.store: Store | None = None
        self._service: GameService | None = None
        self.names = Names(self)
        pace = Pace(settings.max_presses_per_second, settings.max_challenges_per_minute)
        # Prometheus metrics and the health probes, only with a port (`bot.exporter`)
        metrics = self.metrics = Metrics() if settings.metrics_port is not None else None
        self.exporter: Exporter | None = None
        self.guard = Guard(pace, self.names, metrics)
        self.ai: AiTurns | None = None
        self.live: LivePanels | None = None
        # the cogs the persistent components hand their presses to (`bot.views.items`)
        self.games: Games | None = None
        self.hands: Hands | None = None
        self.events: Events | None = None
        self.reviews: Reviews | None = None
        self.reviewing: ReviewRunner | None = None

    @property
    def pace(self) -> Pace:
        """How fast a member may press (the guard's; a test may hand it a held clock)."""
        return self.guard.pace

    @pace.setter
    def pace(self, pace: Pace) -> None:
        self.guard.pace = pace

    @property
    def service(self) -> GameService:
        assert self._service is not None, "the bot is not set up yet"
        return self._service

    async def setup_hook(self) -> None:
        self.store = await open_store(
            self.settings.database, self.settings.database_pool_size, self.metrics
        )
        log.info("database: %s", self.store.url.shown)
        service = self._service = GameService(self.store, self.settings, self.clock)
        await self._wire(service)
        await self._serve_metrics()
        await self.tree.set_translator(CommandTranslator())  # the commands in each language
        # Commands are registered by `caravan-bot sync`; for development, by the one process
        # that serves every shard (never by each of several processes).
        alone = self.settings.shards is None
        if alone and self.settings.dev_guild_id is not None and self.settings.discord_token:
            await self.sync_commands(self.settings.dev_guild_id)
        # Everything alive now (modules, the command tree, caches) lives as long as the
        # bot: keep it out of the garbage collector's full passes, each of which otherwise
        # walks it all while the event loop waits (measured: ~37 ms with discord.py
        # loaded, which stalled every game in play at that moment).
        gc.freeze()

    async def _wire(self, service: GameService) -> None:
        """Give each part what it uses: the cogs, the commands, the components."""
        names, guard = self.names, self.guard
        tournaments = Tournaments(service.store, service, self.settings, self.clock)
        seasons = Seasons(service.store, self.clock)
        live = self.live = LivePanels(self.clock)
        poster = Poster(self, service, names, live, tournaments)
        ai = self.ai = AiTurns(service, poster, self.wait_until_ready)
        aftermath = Aftermath(poster, tournaments)
        self.games = Games(service, aftermath, ai, guard)
        self.hands = Hands(service, aftermath, ai, names, guard)
        self.events = Events(tournaments, aftermath, names, guard)
        runner = self.reviewing = ReviewRunner(service, poster, self.wait_until_ready)
        self.reviews = Reviews(service, poster, runner, names, guard)
        # what the components hand their presses to (checked against their protocols)
        presses: tuple[
            items.GamePresses, hand_items.HandPresses, items.EventPresses, items.ReviewPresses
        ] = (self.games, self.hands, self.events, self.reviews)
        del presses
        cogs = Cogs(
            self.games,
            self.hands,
            Standing(service, names, guard, seasons, tournaments),
            Decks(service, guard),
            Help(service, guard),
            self.events,
            self.reviews,
        )
        admin = Admin(service, aftermath, ai, names, guard, seasons)
        timers = Timers(service, aftermath, names, self.wait_until_ready, tournaments)
        for cog in (*vars(cogs).values(), admin, timers):
            await self.add_cog(cog)
        self.tree.add_command(CaravanCommands(cogs))
        self.tree.add_command(AdminCommands(admin))
        self.add_dynamic_items(*items.ALL_ITEMS)
        ai.start()
        runner.start()

    async def _serve_metrics(self) -> None:
        """Start `/metrics`, `/healthz` and `/readyz` when a port is set. A port this
        process cannot listen on (another process has it: the bot running while
        `caravan-bot sync` starts, say) is logged and the bot goes on without them."""
        port = self.settings.metrics_port
        if self.metrics is None or port is None:
            return
        host = self.settings.metrics_host
        exporter = Exporter(
            self,
            self.metrics,
            lambda: self.store,
            self.clock,
            lambda: self.guard.stopping,
            lambda: self.live.count() if self.live is not None else 0,
            host,
            port,
        )
        try:
            await exporter.start()
        except OSError as error:
            log.error("no metrics or health probes: cannot listen on %s:%d (%s)", host, port, error)
            return
        self.exporter = exporter

    async def sync_commands(self, guild_id: int | None = None) -> list[str]:
        """Register the slash commands with Discord: with one server (at once) or globally
        (Discord may take up to an hour to show changes). Returns the names registered."""
        guild = discord.Object(guild_id) if guild_id is not None else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        synced = await self.tree.sync(guild=guild)
        log.info("synced %d commands %s", len(synced), f"to {guild_id}" if guild else "globally")
        return [command.name for command in synced]

    async def close(self) -> None:
        """Close the connection to Discord (for at most `CLOSE_DISCORD_WITHIN` seconds: a
        half-open websocket may otherwise hold it for discord.py's 30 s, past the
        orchestrator's grace), then the store and the probes."""
        if self.ai is not None:
            self.ai.close()
        if self.reviewing is not None:  # a review goes on where it stopped after the restart
            self.reviewing.close()
        try:
            await asyncio.wait_for(super().close(), CLOSE_DISCORD_WITHIN)
        except TimeoutError:
            log.warning("closing the gateway took over %.0f s; going on", CLOSE_DISCORD_WITHIN)
        if self.store is not None:
            await self.store.close()
            self.store = None
        if self.exporter is not None:  # last: /readyz says why it is not ready until then
            await self.exporter.stop()
            self.exporter = None


def create_bot(settings: Settings, clock: Callable[[], float] = utc_clock) -> CaravanBot:
    """The bot, built from settings; call `run(settings.discord_token)` or hand it to SimCord."""
    return CaravanBot(settings, clock)
