"""The slash commands' options: the choices each offers and the bounds each declares, so
Discord refuses what is out of them before it arrives (what arrives anyway is still
answered: `bot.inert.quote` cuts member text in answers). Their words are translated for
each member by `bot.translator`. The games and their rules topics are offered as registered
when the command tree is built (`game_choices`, `topic_choices`), not when this is imported,
so a game registered before then is offered too."""

from __future__ import annotations

from discord import app_commands

from bot.ai import LEVELS
from bot.choices import TURN_TIMES
from bot.faces import topics
from bot.i18n import AUTO, LANGUAGES
from bot.kinds import KINDS
from bot.ledger import MAX_DECK_NAME
from bot.tournament import FORMATS
from engine import PRESETS
from engine.decktet.game import MAX_HANDS

RULE_CHOICES = [app_commands.Choice(name=name, value=name) for name in PRESETS]
LEVEL_CHOICES = [app_commands.Choice(name=level, value=level) for level in LEVELS]
TURN_CHOICES = [app_commands.Choice(name=words, value=value) for words, value in TURN_TIMES.items()]
Jokers = app_commands.Range[int, 0, 2]
HandCount = app_commands.Range[int, 1, MAX_HANDS]
DeckName = app_commands.Range[str, 1, MAX_DECK_NAME]
DeckCards = app_commands.Range[str, 1, 4000]  # 4 x 54 cards of 3 characters, with spaces
GameId = app_commands.Range[int, 1, 2**53]  # Discord's integers stop at 2**53
Page = app_commands.Range[int, 1, 1000]
EventName = app_commands.Range[str, 1, 60]
SeasonName = app_commands.Range[str, 1, 100]
TopPlayers = app_commands.Range[int, 1, 100]
EventRounds = app_commands.Range[int, 1, 20]
Entrants = app_commands.Range[int, 2, 256]
StartIn = app_commands.Range[int, 1, 7 * 24 * 60]
EventId = app_commands.Range[int, 1, 2**53]
WINDOW_CHOICES = [  # an arena's length, in minutes
    app_commands.Choice(name=name, value=minutes)
    for name, minutes in (
        ("1 hour", 60),
        ("3 hours", 180),
        ("6 hours", 360),
        ("12 hours", 720),
        ("1 day", 1440),
        ("3 days", 4320),
    )
]
DEFAULT_FORMAT = next(iter(FORMATS))  # the first registered: the Swiss
FORMAT_CHOICES = [  # every registered format, by its title
    app_commands.Choice(name=format.title.message, value=key) for key, format in FORMATS.items()
]

LANGUAGE_CHOICES = [
    app_commands.Choice(name="The server's own language (its Community setting)", value=AUTO),
    *(app_commands.Choice(name=native, value=code) for code, native in LANGUAGES.items()),
]
DECK_POLICY_CHOICES = [
    app_commands.Choice(name="The standard deck for everyone", value="standard"),
    app_commands.Choice(name="Each entrant's own saved deck", value="own"),
]


def game_choices() -> list[app_commands.Choice[str]]:
    """Every registered game (`bot.kinds`), by its title in English."""
    return [app_commands.Choice(name=str(kind.title), value=key) for key, kind in KINDS.items()]


def topic_choices() -> list[app_commands.Choice[str]]:
    """Every registered game's rules topics (`bot.faces.topics`), by title in English."""
    return [app_commands.Choice(name=topic.title, value=key) for key, topic in topics().items()]
