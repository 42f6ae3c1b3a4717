"""The Discord bot: `/caravan` commands and the handlers behind every component.

`create_bot(settings)` is the one factory: `caravan-bot run`, `caravan-bot local`, the tests
and anyone embedding the bot use it. Game state always comes from the database through
`GameService`; the bot keeps only display names in memory.

Every handler runs inside `guard`, which answers a refusal (`ServiceError`) with its
friendly sentence, privately, and anything unexpected with "something went wrong; the game
is unchanged" (logging the traceback), and logs one line per interaction with its handling
time. Slow work (the database, images) comes after a defer, so Discord's 3 seconds hold.
"""

from __future__ import annotations

import contextlib
import gc
import logging
import time
from collections.abc import Callable, Coroutine
from typing import Any

import discord
from discord.ext import commands, tasks

from bot import decktet_panels as decktet
from bot import decktet_words, items
from bot.ai import LEVELS, AiTurns
from bot.choices import GameChoice, game_options, rules_words
from bot.commands import AdminCommands, CaravanCommands
from bot.errors import BadOption, GameNotOver, NotYourGame, ServiceError, StaleView, WrongPlace
from bot.inert import cut, md
from bot.live import LivePanels
from bot.names import Names
from bot.pace import SLOW_DOWN, Pace
from bot.panels import (
    Panel,
    challenge_answers,
    challenge_text,
    edit_panel,
    hand_panel,
    move_words,
    only_use,
    pinging,
    rules_text,
    thread_title,
    turn_message,
)
from bot.records import AnyRules, GameInfo, Outcome, title_of
from bot.service import GameService
from bot.settings import Settings
from bot.store import Store, open_store
from engine import PlayerView
from engine.decktet import DecktetView

log = logging.getLogger("caravan.bot")
Interaction = discord.Interaction[Any]
OOPS = "Something went wrong on our side; the game is unchanged. Please try again."


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
        self.naming = Names(self)
        self.pace = Pace(settings.max_presses_per_second, settings.max_challenges_per_minute)
        self.ai = AiTurns(self)
        self.live = LivePanels(clock)

    @property
    def service(self) -> GameService:
        assert self._service is not None, "the bot is not set up yet"
        return self._service

    async def setup_hook(self) -> None:
        self.store = await open_store(self.settings.database, self.settings.database_pool_size)
        log.info("database: %s", self.store.url.shown)
        self._service = GameService(self.store, self.settings, self.clock)
        self.tree.add_command(CaravanCommands(self))
        self.tree.add_command(AdminCommands(self))
        self.add_dynamic_items(*items.ALL_ITEMS)
        self.expire_loop.start()
        self.ai.start()
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
        self.expire_loop.cancel()
        self.ai.close()
        await super().close()
        if self.store is not None:
            await self.store.close()
            self.store = None

    # ----- the guard around every interaction --------------------------------------------

    async def guard(
        self, interaction: Interaction, name: str, work: Coroutine[Any, Any, None]
    ) -> None:
        started = time.perf_counter()
        outcome = "ok"
        try:
            if not self.pace.allow(interaction.user.id, name):
                work.close()
                outcome = "too fast"
                await self._private(interaction, SLOW_DOWN)
                return
            self.naming.remember(interaction.user)
            await work
        except ServiceError as refusal:
            outcome = type(refusal).__name__
            await self._private(interaction, str(refusal))
        except Exception:
            outcome = "error"
            log.exception("interaction %s by %s failed", name, interaction.user.id)
            await self._private(interaction, OOPS)
        finally:
            spent = (time.perf_counter() - started) * 1000
            log.info("%s by %s: %s in %.1f ms", name, interaction.user.id, outcome, spent)

    async def _private(self, interaction: Interaction, text: str) -> None:
        text = cut(text, 2000)  # refusals quote member text cut short; this is the backstop
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not answer interaction %s", interaction.id)

    # ----- challenges --------------------------------------------------------------------

    async def challenge(
        self,
        interaction: Interaction,
        opponent: discord.User | discord.Member | None,
        choice: GameChoice,
        difficulty: str = "normal",
    ) -> None:
        async def work() -> None:
            rules, turn_seconds = await game_options(self, interaction, choice)
            if opponent is not None and self.user is not None and opponent.id == self.user.id:
                await self._start_ai_game(interaction, difficulty, rules, turn_seconds)
                return
            if opponent is not None and opponent.bot:
                raise BadOption("Bots cannot play Caravan here; challenge a person or me.")
            assert interaction.guild_id is not None and interaction.channel_id is not None
            challenge = await self.service.create_challenge(
                interaction.guild_id,
                interaction.channel_id,
                interaction.user.id,
                opponent.id if opponent else None,
                rules,
                turn_seconds,
            )
            await interaction.response.send_message(
                challenge_text(challenge, "open"),
                view=challenge_answers(challenge.id),
                allowed_mentions=pinging(challenge.opponent_id),
            )
            message = await interaction.original_response()
            await self.service.set_challenge_message(challenge.id, message.id)

        await self.guard(interaction, "challenge", work())

    async def answer_challenge(
        self, interaction: Interaction, challenge_id: int, action: str
    ) -> None:
        async def work() -> None:
            user = interaction.user.id
            if action == "decline":
                challenge = await self.service.decline(challenge_id, user)
                await interaction.response.edit_message(
                    content=challenge_text(challenge, "declined"), view=None
                )
                return
            if action == "cancel":
                challenge = await self.service.cancel(challenge_id, user)
                await interaction.response.edit_message(
                    content=challenge_text(challenge, "cancelled"), view=None
                )
                return
            await interaction.response.defer()
            info = await self.service.accept(challenge_id, user)
            challenge = await self.service.challenge(challenge_id)
            await interaction.edit_original_response(
                content=challenge_text(challenge, "accepted"), view=None
            )
            await self._start_game(info, interaction.message)

        await self.guard(interaction, f"challenge-{action}", work())

    async def play_ai(self, interaction: Interaction, difficulty: str, choice: GameChoice) -> None:
        async def work() -> None:
            rules, turn_seconds = await game_options(self, interaction, choice)
            await self._start_ai_game(interaction, difficulty, rules, turn_seconds)

        await self.guard(interaction, "play-ai", work())

    async def _start_ai_game(
        self,
        interaction: Interaction,
        level: str,
        rules: AnyRules,
        turn_seconds: int,
        channel_id: int | None = None,
        rematch_of: int | None = None,
    ) -> None:
        """A game against the bot: the player is A, the AI B; the table is posted as usual.
        The opening message answers the interaction, or goes to `channel_id` when given
        (a rematch pressed in a game's thread starts in the thread's channel)."""
        if level not in LEVELS:
            raise BadOption(f"The difficulty is one of {', '.join(LEVELS)}.")
        guild_id = interaction.guild_id
        channel_id = channel_id or interaction.channel_id
        if guild_id is None or channel_id is None or self.user is None:
            raise WrongPlace("Games are played in a server's channel.")
        info = await self.service.start_ai_game(
            guild_id,
            channel_id,
            interaction.user.id,
            self.user.id,
            level,
            rules,
            turn_seconds,
            rematch_of,
        )
        text = (
            f"<@{interaction.user.id}> plays {title_of(rules)} against me, difficulty "
            f"**{level}** ({rules_words(rules)})."
        )
        message: discord.Message
        if channel_id == interaction.channel_id:
            await interaction.response.send_message(text)
            message = await interaction.original_response()
        else:
            await interaction.response.send_message(f"New game in <#{channel_id}>.", ephemeral=True)
            message = await (await self._channel_by_id(channel_id)).send(text)
        await self._start_game(info, message)

    async def _start_game(self, info: GameInfo, message: discord.Message | None) -> None:
        names = await self.naming.game(info)
        thread: discord.Thread | None = None
        threads = (await self.service.guild_settings(info.guild_id)).get(
            "threads", self.settings.game_threads
        )
        channel = self.get_channel(info.channel_id)
        if threads and message and isinstance(channel, discord.TextChannel):
            try:
                thread = await message.create_thread(name=thread_title(info, names))
            except discord.HTTPException as error:  # no permission: play in the channel
                log.info("game %s runs in the channel (no thread: %s)", info.id, error.status)
        if thread is not None:
            await self.service.set_game_messages(info.id, thread_id=thread.id)
        self.ai.schedule(await self.post_table(info.id))

    # ----- the table -----------------------------------------------------------------------

    async def _channel(self, info: GameInfo) -> discord.abc.Messageable:
        return await self._channel_by_id(info.thread_id or info.channel_id)

    async def _channel_by_id(self, channel_id: int) -> discord.abc.Messageable:
        channel = self.get_channel(channel_id) or await self.fetch_channel(channel_id)
        assert isinstance(channel, discord.abc.Messageable)
        return channel

    async def post_table(self, game_id: int) -> GameInfo:
        """Post the table as it stands, when no move led to it (a game's start, or an end
        by an admin or an unclaimed timeout); returns the game's record."""
        info, view = await self.service.view(game_id, None)
        await self.post_turn(info, view, None)
        await self.follow(info, None)
        return info

    async def post_turn(self, info: GameInfo, view: Any, event: Any) -> None:
        """Post the turn's message (table, words, buttons) and take the buttons off the last."""
        names = await self.naming.game(info)
        panel = await turn_message(info, view, event, names)
        channel = await self._channel(info)
        kwargs: dict[str, Any] = {"file": panel.file, "allowed_mentions": pinging(*panel.pings)}
        if panel.view is not None:
            kwargs["view"] = panel.view
        message = await channel.send(panel.content, **kwargs)
        if info.message_id and isinstance(channel, discord.abc.GuildChannel | discord.Thread):
            # deleted, or too old: the buttons there are refused as stale anyway
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(info.message_id).edit(view=None)
        await self.service.set_game_messages(info.id, message_id=message.id)
        over = not info.active or view.phase == "over"
        if over and isinstance(channel, discord.Thread):
            with contextlib.suppress(discord.HTTPException):
                await channel.edit(name=thread_title(info, names, True, view.winner))

    async def after(self, outcome: Outcome, skip: int | None = None) -> None:
        """Post what a change to a game did, redraw its players' open panels (but `skip`'s,
        already answered), and let the AI answer if it is its turn."""
        await self.post_turn(outcome.game, outcome.spectator, outcome.event)
        await self.follow(outcome.game, outcome.event, skip)
        self.ai.schedule(outcome.game)

    async def follow(self, info: GameInfo, event: Any, skip: int | None = None) -> None:
        """Draw the game's open hand panels again as the game is at `info`, the record
        just written or read (`bot.live`)."""
        names = await self.naming.game(info)

        async def draw(user_id: int) -> Panel:
            view = await self.service.view_of(info, user_id)
            return await hand_panel(info, view, names, note=move_words(view, event, names))

        await self.live.follow(info.id, skip, draw)

    async def _show(self, interaction: Interaction, game_id: int, panel: Panel) -> None:
        """Show `panel` as the answer to `interaction` (deferred), and follow it from now:
        it is the player's panel for the game (an older one is told it is old)."""
        message = await edit_panel(interaction, panel)
        old = self.live.keep(game_id, interaction.user.id, interaction, message.id)
        if old is not None:
            await self.live.retire(old)

    # ----- the hand panel ----------------------------------------------------------------

    async def open_hand(self, interaction: Interaction, game_id: int) -> None:
        async def work() -> None:
            info = await self.service.game(game_id)
            if info.seat_of(interaction.user.id) is None:
                raise NotYourGame("You are not playing in this game; you can watch the table.")
            await interaction.response.defer(ephemeral=True, thinking=True)
            info, view = await self.service.view(game_id, interaction.user.id)
            panel = await hand_panel(info, view, await self.naming.game(info))
            await self._show(interaction, game_id, panel)

        await self.guard(interaction, "hand", work())

    async def _current_hand(self, interaction: Interaction, game_id: int, note: str) -> None:
        info, view = await self.service.view(game_id, interaction.user.id)
        panel = await hand_panel(info, view, await self.naming.game(info), note=note)
        await self._show(interaction, game_id, panel)

    async def choose_card(
        self, interaction: Interaction, game_id: int, version: int, chosen: int, page: int = 0
    ) -> None:
        async def work() -> None:
            await interaction.response.defer()
            info, view = await self.service.view(game_id, interaction.user.id)
            if isinstance(view, DecktetView):
                picked = decktet.chosen_cards(view, chosen)
                fresh = picked is not None
            else:
                picked, fresh = None, 0 <= chosen < len(view.hand)
            if info.version != version or not fresh:
                await self._current_hand(
                    interaction, game_id, "The game moved on since this panel was drawn."
                )
                return
            if isinstance(view, PlayerView) and view.my_turn:
                only = only_use(view, view.hand[chosen])
                if only is not None:  # one place for this card: choosing it plays it
                    await self._play(interaction, game_id, version, str(only))
                    return
            if isinstance(view, DecktetView) and picked is not None and view.my_turn:
                readings = decktet.plays_of(view, picked)
                if len(readings) == 1:  # one way to play these cards: play it
                    await self._play(interaction, game_id, version, str(readings[0]))
                    return
                if not readings:
                    why = decktet_words.why_not(view, picked)
                    panel = await hand_panel(info, view, await self.naming.game(info), note=why)
                    await self._show(interaction, game_id, panel)
                    return
            panel = await hand_panel(info, view, await self.naming.game(info), chosen, page)
            await self._show(interaction, game_id, panel)

        await self.guard(interaction, "choose-card", work())

    async def play(self, interaction: Interaction, game_id: int, version: int, move: str) -> None:
        async def work() -> None:
            await interaction.response.defer()
            await self._play(interaction, game_id, version, move)

        await self.guard(interaction, "play", work())

    async def _play(self, interaction: Interaction, game_id: int, version: int, move: str) -> None:
        """Play `move` for the interaction's user (already deferred) and show the result."""
        try:
            outcome = await self.service.play(game_id, interaction.user.id, move, version)
        except StaleView:
            await self._current_hand(
                interaction, game_id, "That panel was out of date (the game moved on)."
            )
            return
        names = await self.naming.game(outcome.game)
        panel = await hand_panel(outcome.game, outcome.view, names, note="Played.")
        await self._show(interaction, game_id, panel)
        await self.after(outcome, skip=interaction.user.id)

    # ----- rules and resigning -----------------------------------------------------------

    async def show_rules(self, interaction: Interaction, game_id: int) -> None:
        async def work() -> None:
            info = await self.service.game(game_id)
            await interaction.response.send_message(rules_text(info), ephemeral=True)

        await self.guard(interaction, "rules", work())

    async def resign(self, interaction: Interaction, game_id: int, step: str) -> None:
        """`step`: "" asks first, "sure" resigns, "keep" takes the question back."""

        async def work() -> None:
            info = await self.service.game(game_id)
            if info.seat_of(interaction.user.id) is None:
                raise NotYourGame("You are not playing in this game.")
            if step == "keep":
                await interaction.response.edit_message(content="You play on.", view=None)
                return
            if step != "sure":
                confirm = items.controls(
                    items.ResignButton(game_id, "sure"), items.ResignButton(game_id, "keep")
                )
                await interaction.response.send_message(
                    "Resign this game? Your opponent wins.", view=confirm, ephemeral=True
                )
                return
            await interaction.response.defer()
            outcome = await self.service.resign(game_id, interaction.user.id)
            await interaction.edit_original_response(content="You resigned.", view=None)
            await self.after(outcome)

        await self.guard(interaction, "resign", work())

    # ----- the end of a game: timeouts and rematches --------------------------------------

    async def claim(self, interaction: Interaction, game_id: int) -> None:
        """The waiting player claims the win after the other's turn ran out."""

        async def work() -> None:
            info = await self.service.game(game_id)
            if info.seat_of(interaction.user.id) is None:
                raise NotYourGame("You are not playing in this game.")
            outcome = await self.service.claim_timeout(game_id, interaction.user.id)
            await interaction.response.edit_message(
                content=f"<@{interaction.user.id}> claimed the win: the turn ran out.", view=None
            )
            await self.after(outcome)

        await self.guard(interaction, "claim", work())

    async def rematch(self, interaction: Interaction, game_id: int) -> None:
        """The same rules, the same two players: a new challenge to the other player in the
        game's channel (against the AI: a new game at once)."""

        async def work() -> None:
            info = await self.service.game(game_id)
            seat = info.seat_of(interaction.user.id)
            if seat is None or info.ai_seat == seat:
                raise NotYourGame("Only the players of this game can ask for a rematch.")
            if info.active:
                raise GameNotOver("This game is still going on.")
            if info.ai_seat is not None:
                level = info.ai_level or "normal"
                await self._start_ai_game(
                    interaction, level, info.rules, info.turn_seconds, info.channel_id, game_id
                )
                return
            other = info.user_at("B" if seat == "A" else "A")
            challenge = await self.service.create_challenge(
                info.guild_id,
                info.channel_id,
                interaction.user.id,
                other,
                info.rules,
                info.turn_seconds,
                rematch_of=game_id,
            )
            channel = await self._channel_by_id(info.channel_id)
            message = await channel.send(
                "Rematch! " + challenge_text(challenge, "open"),
                view=challenge_answers(challenge.id),
                allowed_mentions=pinging(other),
            )
            await self.service.set_challenge_message(challenge.id, message.id)
            await interaction.response.send_message(
                f"Rematch offered to <@{other}> in <#{info.channel_id}>.", ephemeral=True
            )

        await self.guard(interaction, "rematch", work())

    # ----- housekeeping ------------------------------------------------------------------

    @tasks.loop(seconds=60)
    async def expire_loop(self) -> None:
        """Every minute: expire challenges and enforce turn deadlines (both from the
        database, so a restart neither forgets nor repeats one)."""
        for chore in (self.expire_challenges, self.sweep_deadlines):
            try:
                await chore()
            except Exception:
                log.exception("%s failed", chore.__name__)

    async def expire_challenges(self) -> None:
        for challenge in await self.service.expire_challenges():
            channel = self.get_channel(challenge.channel_id)
            if challenge.message_id is None or not isinstance(channel, discord.TextChannel):
                continue
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(challenge.message_id).edit(
                    content=challenge_text(challenge, "expired"), view=None
                )

    async def sweep_deadlines(self) -> None:
        """Remind at half time, offer the claim when a turn runs out, let the AI claim, and
        post the end of games nobody claimed."""
        found = await self.service.sweep()
        for info in found.reminders:
            mover = info.user_at(info.turn or "A")
            left = int(info.deadline or 0)
            await self._notice(
                info, f"<@{mover}>, a reminder: your move in this game is due <t:{left}:R>.", mover
            )
        for info in found.overdue:  # one mention: the player who may act on it
            late = md((await self.naming.game(info))[info.turn or "A"])
            waiting = info.user_at("B" if info.turn == "A" else "A")
            grace = int((info.deadline or 0) + info.turn_seconds)
            await self._notice(
                info,
                f"<@{waiting}>, {late}'s time to move ran out: you may claim the win. "
                f"Unclaimed, the game closes with no result <t:{grace}:R>.",
                waiting,
                items.controls(items.GameAction(info.id, "claim")),
            )
        for outcome in found.claimed:
            await self.after(outcome)
        for info in found.closed:
            await self.post_table(info.id)

    async def _notice(
        self, info: GameInfo, text: str, ping: int, view: discord.ui.View | None = None
    ) -> None:
        """Post `text` in the game's thread, pinging `ping` (the player it is for)."""
        try:
            channel = await self._channel(info)
            if view is None:
                await channel.send(text, allowed_mentions=pinging(ping))
            else:
                await channel.send(text, view=view, allowed_mentions=pinging(ping))
        except discord.HTTPException as error:
            log.warning("could not post to game %s: %s", info.id, error.status)

    @expire_loop.before_loop
    async def _ready_first(self) -> None:
        await self.wait_until_ready()


def create_bot(settings: Settings, clock: Callable[[], float] = utc_clock) -> CaravanBot:
    """The bot, built from settings; call `run(settings.discord_token)` or hand it to SimCord."""
    return CaravanBot(settings, clock)
