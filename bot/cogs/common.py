"""What several cogs share: the server a command came from, and the autocomplete of a list
of games."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.errors import WrongPlace
from bot.games.words import LEVEL_TEXT
from bot.i18n import Text, _, words_for
from bot.names import Names
from bot.records import GameInfo

Interaction = discord.Interaction[Any]
Choices = list[app_commands.Choice[int]]


def guild_of(interaction: Interaction) -> int:
    if interaction.guild_id is None:
        raise WrongPlace(_("This command works in a server."))
    return interaction.guild_id


# How long an autocomplete waits for names Discord has not given yet: Discord shows what
# it is answered within 3 seconds, and the games must still be read and the answer sent.
NAMES_WAIT = 1.5
SOMEONE = _("a member")  # a name not known in time (known by the next keystroke)


async def game_choices(
    names: Names, interaction: Interaction, current: str, games: list[GameInfo]
) -> Choices:
    """Autocomplete over `games`: "#12 against Bob (your move)", in the language of the
    member who types. The names come from what is known within `NAMES_WAIT`
    (`Names.soon`), so the games are listed at once, even when nothing is typed yet."""
    words = words_for(interaction.locale)
    someone = words.say(SOMEONE)
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
        said: Text
        if seat is None:
            a, b = (known.get(user, someone) for user in info.players)
            said = _("#{game}: {a} vs {b}", game=info.id, a=a, b=b)
        else:
            other = info.user_at("B" if seat == "A" else "A")
            level = info.ai_level or ""
            opponent = (
                _("the bot ({level})", level=LEVEL_TEXT.get(level, level))
                if info.ai_seat
                else known.get(other, someone)
            )
            state = (
                (_("your move") if info.turn == seat else _("their move"))
                if info.active
                else _verdict(info, seat)
            )
            values = {"game": info.id, "opponent": opponent, "state": state}
            said = (
                _("#{game} against {opponent} ({state}, another server)", **values)
                if info.guild_id != guild_id
                else _("#{game} against {opponent} ({state})", **values)
            )
        label = words.say(said)
        if current.strip().lstrip("#") in label:
            choices.append(app_commands.Choice(name=label[:100], value=info.id))
    return choices[:25]


def _verdict(info: GameInfo, seat: str) -> Text:
    """How a finished game went for `seat`'s player."""
    if info.status == "abandoned":
        return _("no result")
    if info.winner == "draw":
        return _("draw")
    return _("won") if info.winner == seat else _("lost")
