"""A server's Caravan life beyond the game itself: standing (leaderboard, stats, your
games), the rules help, saved decks, game records, and the server's settings. Each handler
takes the bot and the interaction and runs inside `bot.guard`."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot import standing
from bot.choices import TURN_TIMES, make_rules, rules_words, turn_words
from bot.errors import BadOption, NotAllowed, NotFound, WrongPlace
from bot.help import TOPICS, preset_text, topic_image, topic_text
from bot.inert import md, md_names, plain, quote
from bot.panels import ending, table_png
from bot.records import GameInfo
from bot.render.figures import draw_deck, render
from bot.render.style import pictured
from engine.cards import format_cards
from engine.rules import DEFAULT_PRESET

if TYPE_CHECKING:
    from bot.app import CaravanBot

Interaction = discord.Interaction[Any]
Choices = list[app_commands.Choice[int]]


async def _names(bot: CaravanBot, guild_id: int, users: Iterable[int]) -> dict[int, str]:
    return {user: await bot.naming.of(guild_id, user) for user in set(users)}


def _guild(interaction: Interaction) -> int:
    if interaction.guild_id is None:
        raise WrongPlace("This command works in a server.")
    return interaction.guild_id


# ----- standing ------------------------------------------------------------------------------


async def leaderboard(bot: CaravanBot, interaction: Interaction, page: int, game: str) -> None:
    async def work() -> None:
        guild_id = _guild(interaction)
        board = await bot.service.leaderboard(guild_id, page, game=game)
        mine = await bot.service.standing(guild_id, interaction.user.id, game)
        names = await _names(bot, guild_id, [e.user_id for e in board.entries])
        if mine is not None:
            names[mine.user_id] = plain(interaction.user.display_name)
        title = interaction.guild.name if interaction.guild else "this server"
        embed = standing.leaderboard_embed(board, names, title, mine)
        await interaction.response.send_message(
            embed=embed, allowed_mentions=discord.AllowedMentions.none()
        )

    await bot.guard(interaction, "leaderboard", work())


async def stats(
    bot: CaravanBot,
    interaction: Interaction,
    user: discord.User | discord.Member | None,
    game: str,
) -> None:
    async def work() -> None:
        guild_id = _guild(interaction)
        who = user or interaction.user
        await interaction.response.defer()
        found = await bot.service.stats(guild_id, who.id, game=game)
        players = [p for game in found.recent for p in game.players]
        names = await _names(bot, guild_id, players)
        name = plain(who.display_name)
        embed = standing.stats_embed(found, name, names)
        chart = await asyncio.to_thread(standing.rating_chart, found, name)
        if chart is not None:
            embed.set_image(url="attachment://rating.png")
            await interaction.followup.send(embed=embed, file=chart)
        else:
            await interaction.followup.send(embed=embed)

    await bot.guard(interaction, "stats", work())


async def my_games(bot: CaravanBot, interaction: Interaction) -> None:
    async def work() -> None:
        guild_id = _guild(interaction)
        games = await bot.service.active_games(interaction.user.id, guild_id)
        if not games:
            text = "You have no games in progress here. Start one with `/caravan challenge`."
        else:
            names = await _names(bot, guild_id, [p for g in games for p in g.players])
            lines = [standing.active_line(g, interaction.user.id, names) for g in games]
            text = "**Your games in progress**\n" + "\n".join(lines)
            text += "\nOpen your hand in any of them with `/caravan hand`."
        await interaction.response.send_message(text[:2000], ephemeral=True)

    await bot.guard(interaction, "games", work())


async def game_choices(
    bot: CaravanBot, interaction: Interaction, current: str, games: list[GameInfo]
) -> Choices:
    """Autocomplete over `games`: "#12 against Bob (your move)"."""
    choices = []
    guild_id = interaction.guild_id or 0
    for info in games:
        seat = info.seat_of(interaction.user.id)
        if seat is None:
            names = await _names(bot, guild_id, info.players)
            label = f"#{info.id}: {names[info.players[0]]} vs {names[info.players[1]]}"
        else:
            other = info.user_at("B" if seat == "A" else "A")
            opponent = (
                f"the bot ({info.ai_level})"
                if info.ai_seat
                else await bot.naming.of(info.guild_id, other)
            )
            state = (
                ("your move" if info.turn == seat else "their move")
                if info.active
                else _verdict(info, seat)
            )
            if info.guild_id != guild_id:
                state += ", another server"
            label = f"#{info.id} against {opponent} ({state})"
        if current.strip().lstrip("#") in label:
            choices.append(app_commands.Choice(name=label[:100], value=info.id))
    return choices[:25]


def _verdict(info: GameInfo, seat: str) -> str:
    if info.status == "abandoned":
        return "no result"
    return "draw" if info.winner == "draw" else ("won" if info.winner == seat else "lost")


async def hand_choices(bot: CaravanBot, interaction: Interaction, current: str) -> Choices:
    """The player's games in progress in every server, this server's first (a hand opens
    from anywhere, whichever process holds the game's server)."""
    games = await bot.service.active_games(interaction.user.id)
    games.sort(key=lambda info: info.guild_id != interaction.guild_id)  # stable
    return await game_choices(bot, interaction, current, games)


async def finished_choices(bot: CaravanBot, interaction: Interaction, current: str) -> Choices:
    if interaction.guild_id is None:
        return []
    games = await bot.service.finished_games(interaction.guild_id, interaction.user.id)
    return await game_choices(bot, interaction, current, games)


# ----- the rules help ------------------------------------------------------------------------


async def rules_help(bot: CaravanBot, interaction: Interaction, topic: str | None) -> None:
    async def work() -> None:
        name = topic or "overview"
        if name not in TOPICS:
            raise NotFound(f"There is no rules topic {name!r}; try {', '.join(TOPICS)}.")
        text = topic_text(name)
        game = None
        if interaction.channel_id is not None:
            game = await bot.service.game_in_thread(interaction.channel_id)
        if game is not None:
            text += "\n\n" + preset_text(game.rules)
        png = await asyncio.to_thread(topic_image, name)
        file = discord.File(io.BytesIO(png), f"rules-{name}.png", description=TOPICS[name].title)
        await interaction.response.send_message(text[:2000], file=file, ephemeral=True)

    await bot.guard(interaction, "rules-help", work())


# ----- decks ---------------------------------------------------------------------------------


async def deck_save(bot: CaravanBot, interaction: Interaction, name: str, cards: str) -> None:
    async def work() -> None:
        deck = await bot.service.save_deck(interaction.user.id, name, cards)
        await interaction.response.send_message(
            f"Saved your deck **{md(deck.name)}** ({len(deck.cards)} cards). Play it with "
            "`/caravan challenge` or `/caravan play-ai` and its `deck:` option.",
            ephemeral=True,
        )

    await bot.guard(interaction, "deck-save", work())


async def deck_list(bot: CaravanBot, interaction: Interaction) -> None:
    async def work() -> None:
        decks = await bot.service.decks(interaction.user.id)
        if not decks:
            text = (
                "You have no saved decks. Save one with `/caravan deck save name: cards:` "
                "(at least 30 cards in notation, for example `Ah 2h 3h ... Ks X`)."
            )
        else:
            text = "**Your decks**\n" + "\n".join(
                f"**{md(d.name)}**: {len(d.cards)} cards" for d in decks
            )
        await interaction.response.send_message(text[:2000], ephemeral=True)

    await bot.guard(interaction, "deck-list", work())


async def deck_show(bot: CaravanBot, interaction: Interaction, name: str) -> None:
    async def work() -> None:
        deck = await bot.service.deck(interaction.user.id, name)
        title = f"{deck.name}: {len(deck.cards)} cards"
        png = await asyncio.to_thread(lambda: render(draw_deck(deck.cards, title)))
        file = discord.File(io.BytesIO(png), "deck.png", description=title)
        text = f"**{md(deck.name)}** ({len(deck.cards)} cards)\n`{format_cards(deck.cards)}`"
        await interaction.response.send_message(text[:2000], file=file, ephemeral=True)

    await bot.guard(interaction, "deck-show", work())


async def deck_delete(bot: CaravanBot, interaction: Interaction, name: str) -> None:
    async def work() -> None:
        await bot.service.delete_deck(interaction.user.id, name)
        await interaction.response.send_message(f"Deleted your deck {quote(name)}.", ephemeral=True)

    await bot.guard(interaction, "deck-delete", work())


async def deck_choices(
    bot: CaravanBot, interaction: Interaction, current: str
) -> list[app_commands.Choice[str]]:
    decks = await bot.service.decks(interaction.user.id)
    return [
        app_commands.Choice(name=f"{d.name} ({len(d.cards)} cards)"[:100], value=d.name)
        for d in decks
        if current.lower() in d.name.lower()
    ][:25]


# ----- records -------------------------------------------------------------------------------


async def replay(bot: CaravanBot, interaction: Interaction, game_id: int) -> None:
    async def work() -> None:
        guild_id = _guild(interaction)
        info = await bot.service.game(game_id)
        if info.guild_id != guild_id:
            raise NotFound("There is no such game in this server.")
        record = await bot.service.record(game_id)
        await interaction.response.defer()
        names = await bot.naming.game(info)
        text, script = standing.record_text(record, names)
        _, view = await bot.service.view(game_id, None)
        drawn = pictured(names)
        final = ending(view, drawn)
        png = await asyncio.to_thread(table_png, view, drawn, None, "", final)
        files = [
            discord.File(io.BytesIO(script.encode()), f"caravan-game-{game_id}.sh"),
            discord.File(io.BytesIO(png), "table.png", description=f"The final table: {final}"),
        ]
        await interaction.followup.send(text, files=files)

    await bot.guard(interaction, "replay", work())


# ----- server settings -----------------------------------------------------------------------


def _admin(interaction: Interaction) -> int:
    guild_id = _guild(interaction)
    if not interaction.permissions.manage_guild:
        raise NotAllowed("Only members with the Manage Server permission can change this.")
    return guild_id


def settings_text(bot: CaravanBot, server: dict[str, Any]) -> str:
    rules = make_rules(server.get("preset", DEFAULT_PRESET), server.get("jokers"))
    turn = server.get("turn_seconds", bot.settings.default_turn_seconds)
    channels = server.get("channels") or []
    where = ", ".join(f"<#{c}>" for c in channels) if channels else "any channel"
    threads = server.get("threads", bot.settings.game_threads)
    return (
        "**Caravan on this server**\n"
        f"Default rules: {rules_words(rules)}\n"
        f"Default turn time: {turn_words(int(turn))}\n"
        f"Games may start in: {where}\n"
        f"Each game gets its own thread: {'yes' if threads else 'no'}"
    )


async def admin_show(bot: CaravanBot, interaction: Interaction) -> None:
    async def work() -> None:
        server = await bot.service.guild_settings(_admin(interaction))
        await interaction.response.send_message(settings_text(bot, server), ephemeral=True)

    await bot.guard(interaction, "admin-show", work())


async def admin_set(
    bot: CaravanBot,
    interaction: Interaction,
    rules: str | None,
    jokers: int | None,
    turn: int | None,
    threads: bool | None,
) -> None:
    async def work() -> None:
        guild_id = _admin(interaction)
        changes: dict[str, Any] = {}
        if rules is not None:
            changes["preset"] = rules
            changes["jokers"] = jokers  # None: the preset's own
        elif jokers is not None:
            changes["jokers"] = jokers
        if turn is not None:
            if turn not in TURN_TIMES.values():
                raise BadOption("Choose a turn time from the list.")
            changes["turn_seconds"] = turn
        if threads is not None:
            changes["threads"] = threads
        if not changes:
            raise BadOption("Give at least one setting to change.")
        server = await bot.service.update_guild_settings(guild_id, **changes)
        await interaction.response.send_message(
            "Saved.\n" + settings_text(bot, server), ephemeral=True
        )

    await bot.guard(interaction, "admin-set", work())


async def admin_channel(
    bot: CaravanBot, interaction: Interaction, action: str, channel: Any | None
) -> None:
    async def work() -> None:
        guild_id = _admin(interaction)
        server = await bot.service.guild_settings(guild_id)
        channels: list[int] = list(server.get("channels") or [])
        if action == "clear":
            channels = []
        elif channel is None:
            raise BadOption("Name the channel to add or remove.")
        elif action == "add" and channel.id not in channels:
            channels.append(channel.id)
        elif action == "remove":
            if channel.id not in channels:
                raise BadOption(f"<#{channel.id}> is not one of the game channels.")
            channels.remove(channel.id)
        server = await bot.service.update_guild_settings(guild_id, channels=channels or None)
        await interaction.response.send_message(
            "Saved.\n" + settings_text(bot, server), ephemeral=True
        )

    await bot.guard(interaction, "admin-channel", work())


async def admin_end(bot: CaravanBot, interaction: Interaction, game_id: int) -> None:
    async def work() -> None:
        guild_id = _admin(interaction)
        await interaction.response.defer(ephemeral=True)
        info = await bot.service.abandon(game_id, guild_id)
        bot.ai.cancel(game_id)
        await bot.post_table(game_id)
        names = md_names(await bot.naming.game(info))
        await interaction.followup.send(
            f"Ended game #{game_id} ({names['A']} vs {names['B']}) with no result.",
            ephemeral=True,
        )

    await bot.guard(interaction, "admin-end", work())


async def guild_game_choices(bot: CaravanBot, interaction: Interaction, current: str) -> Choices:
    if interaction.guild_id is None:
        return []
    games = await bot.service.guild_games(interaction.guild_id)
    return await game_choices(bot, interaction, current, games)
