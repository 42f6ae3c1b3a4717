"""What a player may choose for a new game (rules, jokers, turn time, deck), how those
choices combine with the server's defaults, and how they are written back to players."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.errors import BadDeck, BadOption, WrongPlace
from bot.inert import quote
from bot.records import DECKTET, AnyRules
from engine import Rules
from engine.decktet.game import DEFAULT_HANDS, DecktetRules
from engine.errors import RulesError
from engine.rules import DEFAULT_PRESET

if TYPE_CHECKING:
    from bot.app import CaravanBot

TURN_TIMES = {  # the turn deadlines offered at a challenge, in seconds
    "5 minutes": 5 * 60,
    "1 hour": 60 * 60,
    "24 hours": 24 * 60 * 60,
    "3 days": 3 * 24 * 60 * 60,
}


@dataclass(frozen=True)
class GameChoice:
    """A player's options for a new game; None: the server's default, else the bot's."""

    preset: str | None = None
    jokers: int | None = None
    turn_seconds: int | None = None
    deck: str | None = None
    game: str | None = None  # "new-vegas" (the default) or "decktet"
    hands: int | None = None  # Decktet Caravan: hands in the game


def turn_words(seconds: int) -> str:
    """300 -> "5 minutes", 86400 -> "24 hours", 259200 -> "3 days"."""
    for words, value in TURN_TIMES.items():
        if value == seconds:
            return words
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60), ("second", 1)):
        if seconds % size == 0:
            count = seconds // size
            return f"{count} {unit}{'s' * (count != 1)}"
    raise AssertionError("unreachable")


def rules_words(rules: AnyRules) -> str:
    if isinstance(rules, DecktetRules):
        return f"{rules.hands} hand{'s' * (rules.hands != 1)}"
    words = f"`{rules.preset}`, {rules.jokers} joker{'s' * (rules.jokers != 1)}"
    return words + (", custom deck" if rules.decks is not None else "")


def rules_label(rules: AnyRules) -> str:
    """A game's rules in one word for lists: the preset's name, or `decktet`."""
    return DECKTET if isinstance(rules, DecktetRules) else rules.preset


def make_rules(preset: str, jokers: int | None) -> Rules:
    return Rules(preset) if jokers is None else Rules(preset, jokers=jokers)


async def game_options(
    bot: CaravanBot, interaction: discord.Interaction[Any], choice: GameChoice
) -> tuple[AnyRules, int]:
    """The rules and turn time of a new game: what the player chose, else the server's
    defaults (`/caravan-admin`), else the bot's; refused outside the server's game
    channels."""
    guild_id, channel_id = interaction.guild_id, interaction.channel_id
    if guild_id is None or channel_id is None:
        raise WrongPlace("Games are played in a server's channel.")
    server = await bot.service.guild_settings(guild_id)
    allowed = server.get("channels") or []
    if allowed and channel_id not in allowed:
        channel = bot.get_channel(channel_id)
        parent = getattr(channel, "parent_id", None)
        if parent not in allowed:
            where = ", ".join(f"<#{c}>" for c in allowed)
            raise WrongPlace(f"Games start in {where} on this server.")
    turn = int(
        choice.turn_seconds or server.get("turn_seconds") or bot.settings.default_turn_seconds
    )
    if choice.game == DECKTET:
        if choice.preset or choice.jokers is not None or choice.deck:
            raise BadOption(
                "Rule presets, jokers and decks are New Vegas options; Decktet Caravan "
                "takes `hands:` (how many hands the game lasts)."
            )
        return DecktetRules(choice.hands or DEFAULT_HANDS), turn
    if choice.hands is not None:
        raise BadOption("`hands:` is a Decktet Caravan option: add `game:Decktet Caravan`.")
    preset = choice.preset or server.get("preset") or DEFAULT_PRESET
    jokers = choice.jokers
    if jokers is None and choice.preset is None:
        jokers = server.get("jokers")
    rules = make_rules(preset, jokers)
    if choice.deck:
        deck = await bot.service.deck(interaction.user.id, choice.deck)
        try:
            rules = Rules(rules.preset, rules.jokers, (deck.cards, tuple(rules.deck(1))))
        except RulesError as error:
            raise BadDeck(
                f"Your deck {quote(deck.name)} cannot be used with `{preset}` rules: {error}"
            ) from None
    return rules, turn
