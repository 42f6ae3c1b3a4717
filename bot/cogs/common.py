"""What several cogs share: the server a command came from, and the autocomplete of a list
of games."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.errors import WrongPlace
from bot.names import Names
from bot.records import GameInfo

Interaction = discord.Interaction[Any]
Choices = list[app_commands.Choice[int]]


def guild_of(interaction: Interaction) -> int:
    if interaction.guild_id is None:
        raise WrongPlace("This command works in a server.")
    return interaction.guild_id


async def game_choices(
    names: Names, interaction: Interaction, current: str, games: list[GameInfo]
) -> Choices:
    """Autocomplete over `games`: "#12 against Bob (your move)"."""
    choices = []
    guild_id = interaction.guild_id or 0
    for info in games:
        seat = info.seat_of(interaction.user.id)
        if seat is None:
            both = await names.of_users(guild_id, info.players)
            label = f"#{info.id}: {both[info.players[0]]} vs {both[info.players[1]]}"
        else:
            other = info.user_at("B" if seat == "A" else "A")
            opponent = (
                f"the bot ({info.ai_level})"
                if info.ai_seat
                else await names.of(info.guild_id, other)
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
