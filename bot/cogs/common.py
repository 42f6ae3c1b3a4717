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


# How long an autocomplete waits for names Discord has not given yet: Discord shows what
# it is answered within 3 seconds, and the games must still be read and the answer sent.
NAMES_WAIT = 1.5
SOMEONE = "a member"  # a name not known in time (known by the next keystroke)


async def game_choices(
    names: Names, interaction: Interaction, current: str, games: list[GameInfo]
) -> Choices:
    """Autocomplete over `games`: "#12 against Bob (your move)". The names come from what
    is known within `NAMES_WAIT` (`Names.soon`), so the games are listed at once, even
    when nothing is typed yet."""
    choices = []
    guild_id = interaction.guild_id or 0
    me = interaction.user.id
    wanted = [
        (info.guild_id, user)
        for info in games
        for user in info.players
        if user != me and (info.seat_of(me) is None or info.ai_seat is None)
    ]
    known = await names.soon(wanted, NAMES_WAIT)
    for info in games:
        seat = info.seat_of(me)
        if seat is None:
            a, b = (known.get(user, SOMEONE) for user in info.players)
            label = f"#{info.id}: {a} vs {b}"
        else:
            other = info.user_at("B" if seat == "A" else "A")
            opponent = f"the bot ({info.ai_level})" if info.ai_seat else known.get(other, SOMEONE)
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
