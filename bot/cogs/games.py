"""Games from challenge to rematch: challenges and their answers, games against the bot,
the Rules button, resigning, claiming a turn that ran out, and rematches."""

from __future__ import annotations

import contextlib
from typing import Any

import discord
from discord.ext import commands

from bot.aftermath import Aftermath
from bot.ai import AiTurns
from bot.cogs.common import guild_of
from bot.errors import BadOption, WrongPlace
from bot.games.base import GameChoice
from bot.games.words import LEVEL_TEXT
from bot.guard import Guard, private
from bot.i18n import _, words_for
from bot.openings import Accepted
from bot.records import AnyRules, Challenge, GameInfo
from bot.service import GameService
from bot.views import items
from bot.views.panels import (
    challenge_answers,
    challenge_text,
    pinging,
    replay_panel,
    rules_text,
)

Interaction = discord.Interaction[Any]


class Games(commands.Cog):
    def __init__(
        self, service: GameService, aftermath: Aftermath, ai: AiTurns, guard: Guard
    ) -> None:
        self.service = service
        self.aftermath = aftermath
        self.poster = aftermath.poster
        self.ai = ai
        self.guard = guard

    # ----- challenges ------------------------------------------------------------------------

    async def challenge(
        self,
        interaction: Interaction,
        opponent: discord.User | discord.Member | None,
        choice: GameChoice,
        difficulty: str = "normal",
    ) -> None:
        async def work() -> None:
            rules, turn_seconds = await self._options(interaction, choice)
            me = interaction.client.user
            if opponent is not None and me is not None and opponent.id == me.id:
                await self._against_me(interaction, difficulty, rules, turn_seconds)
                return
            if opponent is not None and opponent.bot:
                raise BadOption(_("Bots cannot play Caravan here; challenge a person or me."))
            guild_id, channel_id = _where(interaction)
            challenge = await self.service.openings.create_challenge(
                guild_id,
                channel_id,
                interaction.user.id,
                opponent.id if opponent else None,
                rules,
                turn_seconds,
            )
            words = await self.poster.words(guild_id)
            await interaction.response.send_message(
                words.say(challenge_text(challenge, "open")),
                view=challenge_answers(challenge.id, words),
                allowed_mentions=pinging(challenge.opponent_id),
            )
            message = await interaction.original_response()
            await self.service.openings.set_challenge_message(challenge.id, message.id)

        await self.guard(interaction, "challenge", work())

    async def answer_challenge(
        self, interaction: Interaction, challenge_id: int, action: str
    ) -> None:
        async def work() -> None:
            user = interaction.user.id
            words = await self.poster.words(guild_of(interaction))
            if action == "decline":
                challenge = await self.service.openings.decline(challenge_id, user)
                await interaction.response.edit_message(
                    content=words.say(challenge_text(challenge, "declined")), view=None
                )
                return
            if action == "cancel":
                challenge = await self.service.openings.cancel(challenge_id, user)
                await interaction.response.edit_message(
                    content=words.say(challenge_text(challenge, "cancelled")), view=None
                )
                return
            await interaction.response.defer()
            info = await self.service.openings.accept(challenge_id, user)
            challenge = await self.service.openings.challenge(challenge_id)
            await interaction.edit_original_response(
                content=words.say(challenge_text(challenge, "accepted")), view=None
            )
            await self._begin(info, interaction.message)

        await self.guard(interaction, f"challenge-{action}", work())

    async def play_ai(self, interaction: Interaction, difficulty: str, choice: GameChoice) -> None:
        async def work() -> None:
            rules, turn_seconds = await self._options(interaction, choice)
            await self._against_me(interaction, difficulty, rules, turn_seconds)

        await self.guard(interaction, "play-ai", work())

    async def _options(self, interaction: Interaction, choice: GameChoice) -> tuple[AnyRules, int]:
        """The new game's rules and turn time, as the service decides them for this place."""
        guild_id, channel_id = _where(interaction)
        channel = interaction.client.get_channel(channel_id)
        parent = getattr(channel, "parent_id", None)  # a thread's channel
        user = interaction.user.id
        return await self.service.openings.game_options(guild_id, channel_id, parent, user, choice)

    async def _against_me(
        self, interaction: Interaction, level: str, rules: AnyRules, turn_seconds: int
    ) -> None:
        """A game against the bot: the player is A, the AI B; the table is posted as usual."""
        guild_id, channel_id = _where(interaction)
        me = interaction.client.user
        assert me is not None, "the bot is connected"
        user = interaction.user.id
        info = await self.service.openings.start_ai_game(
            guild_id, channel_id, user, me.id, level, rules, turn_seconds
        )
        await self._opened_against_me(interaction, info)

    async def _opened_against_me(self, interaction: Interaction, info: GameInfo) -> None:
        """Say that a game against the bot began: as the answer to `interaction` when it
        came from the game's channel, else in the game's channel (a rematch pressed in a
        game's thread starts in the thread's channel); then begin it."""
        words = await self.poster.words(info.guild_id)
        text = words.say(
            _(
                "<@{user}> plays {game} against me, difficulty **{level}** ({rules}).",
                user=interaction.user.id,
                game=info.kind.title,
                level=LEVEL_TEXT.get(info.ai_level or "", info.ai_level),
                rules=info.kind.rules_words(info.rules),
            )
        )
        message: discord.Message
        if info.channel_id == interaction.channel_id:
            await interaction.response.send_message(text)
            message = await interaction.original_response()
        else:
            elsewhere = _("New game in <#{channel}>.", channel=info.channel_id)
            await private(interaction, elsewhere)
            message = await (await self.poster.channel(info.channel_id)).send(text)
        await self._begin(info, message)

    async def _begin(self, info: GameInfo, message: discord.Message | None) -> None:
        self.ai.schedule(await self.poster.begin(info, message))

    # ----- during a game ---------------------------------------------------------------------

    async def show_rules(self, interaction: Interaction, game_id: int) -> None:
        async def work() -> None:
            info = await self.service.game(game_id)
            mine = words_for(interaction.locale)  # the member's own answer: their language
            await interaction.response.send_message(mine.say(rules_text(info)), ephemeral=True)

        await self.guard(interaction, "rules", work(), game=game_id)

    async def resign(self, interaction: Interaction, game_id: int, step: str) -> None:
        """`step`: "" asks first, "sure" resigns, "keep" takes the question back."""

        async def work() -> None:
            await self.service.player(game_id, interaction.user.id)
            mine = words_for(interaction.locale)
            user = interaction.user.id
            if step == "keep":
                self.poster.live.answered(game_id, user)
                await interaction.response.edit_message(
                    content=mine.say(_("You play on.")), view=None
                )
                return
            if step != "sure":
                confirm = items.controls(
                    items.ResignButton(game_id, "sure", mine),
                    items.ResignButton(game_id, "keep", mine),
                )
                await interaction.response.send_message(
                    mine.say(_("Resign this game? Your opponent wins.")),
                    view=confirm,
                    ephemeral=True,
                )
                self.poster.live.ask(game_id, user, interaction)
                return
            self.poster.live.answered(game_id, user)
            await interaction.response.defer()
            outcome = await self.service.resign(game_id, interaction.user.id)
            await interaction.edit_original_response(
                content=mine.say(_("You resigned.")), view=None
            )
            await self.aftermath.after(outcome)

        await self.guard(interaction, "resign", work(), game=game_id)

    # ----- the end of a game: timeouts and rematches ------------------------------------------

    async def claim(self, interaction: Interaction, game_id: int) -> None:
        """The waiting player claims the win after the other's turn ran out."""

        async def work() -> None:
            outcome = await self.service.claim_timeout(game_id, interaction.user.id)
            words = await self.poster.words(outcome.game.guild_id)
            claimed = _("<@{user}> claimed the win: the turn ran out.", user=interaction.user.id)
            await interaction.response.edit_message(content=words.say(claimed), view=None)
            await self.aftermath.after(outcome)

        await self.guard(interaction, "claim", work(), game=game_id)

    async def rematch(self, interaction: Interaction, game_id: int) -> None:
        """The same rules, the same two players: a new challenge to the other player in the
        game's channel (against the AI: a new game at once)."""

        async def work() -> None:
            new = await self.service.openings.rematch(game_id, interaction.user.id)
            if isinstance(new, GameInfo):
                await self._opened_against_me(interaction, new)
            elif isinstance(new, Accepted):
                await self._accepted(interaction, new)
            else:
                await self._offer(interaction, new)

        await self.guard(interaction, "rematch", work(), game=game_id)

    # ----- watching a finished game -------------------------------------------------------------

    async def watch(self, interaction: Interaction, game_id: int, ply: int, open: bool) -> None:
        """A finished game's table after `ply` moves, privately: `open`, a new viewer (from
        the replay's record); else the viewer pressed, drawn again in place."""

        async def work() -> None:
            if open:
                await interaction.response.defer(ephemeral=True, thinking=True)
            else:
                await interaction.response.defer()
            step = await self.service.replayed(game_id, ply, guild_of(interaction))
            words = words_for(interaction.locale)
            names = await self.poster.names.game(step.game, words)
            panel = await replay_panel(step, names, words)
            files = [panel.file] if panel.file else []
            assert panel.view is not None
            await interaction.edit_original_response(
                content=panel.content, attachments=files, view=panel.view
            )

        await self.guard(interaction, "replay-watch", work(), game=game_id)

    async def _accepted(self, interaction: Interaction, accepted: Accepted) -> None:
        """The rematch offered to the player who pressed Rematch: its challenge message says
        it was accepted (buttons off), and the game begins there as on Accept."""
        challenge, info = accepted.challenge, accepted.game
        words = await self.poster.words(challenge.guild_id)
        message: discord.Message | None = None
        if challenge.message_id is not None:
            channel = await self.poster.channel(challenge.channel_id)
            if isinstance(channel, discord.TextChannel | discord.Thread):
                with contextlib.suppress(discord.HTTPException):
                    message = await channel.get_partial_message(challenge.message_id).edit(
                        content=words.say(challenge_text(challenge, "accepted")), view=None
                    )
        await private(
            interaction,
            _("You accepted the rematch <@{user}> offered.", user=challenge.challenger_id),
        )
        await self._begin(info, message)

    async def _offer(self, interaction: Interaction, challenge: Challenge) -> None:
        """Post a rematch's challenge in the game's channel."""
        other = challenge.opponent_id
        channel = await self.poster.channel(challenge.channel_id)
        words = await self.poster.words(challenge.guild_id)
        said = _("Rematch! {challenge}", challenge=challenge_text(challenge, "open"))
        message = await channel.send(
            words.say(said),
            view=challenge_answers(challenge.id, words),
            allowed_mentions=pinging(other),
        )
        await self.service.openings.set_challenge_message(challenge.id, message.id)
        offered = _(
            "Rematch offered to <@{user}> in <#{channel}>.",
            user=other,
            channel=challenge.channel_id,
        )
        await private(interaction, offered)


def _where(interaction: Interaction) -> tuple[int, int]:
    """The server and channel of a command that starts a game."""
    if interaction.guild_id is None or interaction.channel_id is None:
        raise WrongPlace(_("Games are played in a server's channel."))
    return interaction.guild_id, interaction.channel_id
