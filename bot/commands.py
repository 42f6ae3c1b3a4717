"""The slash commands: `/caravan ...` for everyone and `/caravan-admin ...` for members who
may manage the server. Each command only reads its options and hands them to the cog of its
feature (`bot.cogs`). (discord.py lets one cog hold a whole command group but not share one,
so the two groups are declared here, in one place, and the cogs do the work.)"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from bot.cogs.admin import Admin
from bot.cogs.common import Choices
from bot.cogs.decks import Decks
from bot.cogs.events import Events
from bot.cogs.games import Games
from bot.cogs.hands import Hands
from bot.cogs.help import Help
from bot.cogs.reviews import Reviews
from bot.cogs.standing import Standing
from bot.games.base import GameChoice
from bot.kinds import NEW_VEGAS
from bot.options import (
    DECK_POLICY_CHOICES,
    DEFAULT_FORMAT,
    FORMAT_CHOICES,
    LANGUAGE_CHOICES,
    LEVEL_CHOICES,
    RULE_CHOICES,
    TURN_CHOICES,
    WINDOW_CHOICES,
    DeckCards,
    DeckName,
    Entrants,
    EventId,
    EventName,
    EventRounds,
    GameId,
    HandCount,
    Jokers,
    Page,
    SeasonName,
    StartIn,
    TopPlayers,
    game_choices,
    topic_choices,
)

Interaction = discord.Interaction[Any]


@dataclass(frozen=True)
class Cogs:
    """The cogs `/caravan`'s commands hand their work to."""

    games: Games
    hands: Hands
    standing: Standing
    decks: Decks
    help: Help
    events: Events
    reviews: Reviews


class CaravanCommands(app_commands.Group):
    def __init__(self, cogs: Cogs) -> None:
        super().__init__(
            name="caravan",
            description="Play Caravan, the card game from Fallout: New Vegas",
            guild_only=True,
        )
        self.cogs = cogs
        # The games and rules topics registered now (`bot.kinds`, `bot.faces`), not when
        # this module was imported. (discord.py shares an option between the groups made
        # from this class: each group made sets these anew.)
        games = game_choices()
        for command in (
            self.challenge,
            self.play_ai,
            self.leaderboard,
            self.stats,
            self.tournament_create,
        ):
            app_commands.choices(game=games)(command)
        app_commands.choices(topic=topic_choices())(self.rules)

    @app_commands.command(description="Challenge someone (or anyone) to a game of Caravan")
    @app_commands.describe(
        opponent="Who you challenge (me, the bot, too); empty: an open challenge anyone may accept",
        game="Caravan (New Vegas, the default) or Decktet Caravan (P.D. Magnus)",
        hands="Decktet Caravan: how many hands the game lasts (default 5)",
        rules="The rule preset (default: the server's, else new-vegas)",
        jokers="Jokers per deck, 0 to 2 (default: the preset's)",
        turn="How long each player has for a move (default: the server's)",
        deck="One of your saved decks (/caravan deck save) to play with",
        difficulty="When you challenge me: easy, normal (default) or hard",
    )
    @app_commands.choices(rules=RULE_CHOICES, difficulty=LEVEL_CHOICES)
    @app_commands.choices(turn=TURN_CHOICES)
    async def challenge(
        self,
        interaction: Interaction,
        opponent: discord.User | discord.Member | None = None,
        game: str | None = None,
        rules: str | None = None,
        jokers: Jokers | None = None,
        turn: int | None = None,
        deck: DeckName | None = None,
        difficulty: str = "normal",
        hands: HandCount | None = None,
    ) -> None:
        choice = GameChoice(rules, jokers, turn, deck, game, hands)
        await self.cogs.games.challenge(interaction, opponent, choice, difficulty)

    @app_commands.command(name="play-ai", description="Play Caravan against the bot")
    @app_commands.describe(
        difficulty="easy (plays the best-looking move), normal or hard (searches ahead)",
        game="Caravan (New Vegas, the default) or Decktet Caravan (P.D. Magnus)",
        hands="Decktet Caravan: how many hands the game lasts (default 5)",
        rules="The rule preset (default: the server's, else new-vegas)",
        jokers="Jokers per deck, 0 to 2 (default: the preset's)",
        turn="How long you have for a move (default: the server's)",
        deck="One of your saved decks (/caravan deck save) to play with",
    )
    @app_commands.choices(difficulty=LEVEL_CHOICES, rules=RULE_CHOICES)
    @app_commands.choices(turn=TURN_CHOICES)
    async def play_ai(
        self,
        interaction: Interaction,
        difficulty: str = "normal",
        game: str | None = None,
        rules: str | None = None,
        jokers: Jokers | None = None,
        turn: int | None = None,
        deck: DeckName | None = None,
        hands: HandCount | None = None,
    ) -> None:
        choice = GameChoice(rules, jokers, turn, deck, game, hands)
        await self.cogs.games.play_ai(interaction, difficulty, choice)

    @app_commands.command(description="The server's Caravan ranking")
    @app_commands.describe(
        page="Which page (10 players each)",
        game="Which game's ranking (default: Caravan, New Vegas)",
        season="A season's ranking (default: the running season, else all-time)",
    )
    async def leaderboard(
        self,
        interaction: Interaction,
        page: Page = 1,
        game: str = NEW_VEGAS,
        season: SeasonName | None = None,
    ) -> None:
        await self.cogs.standing.leaderboard(interaction, page, game, season)

    @app_commands.command(description="A player's Caravan record, rating and recent games")
    @app_commands.describe(
        user="Whose stats (default: yours)",
        game="Which game (default: Caravan, New Vegas)",
        season="A season's stats (default: the running season, else all-time)",
    )
    async def stats(
        self,
        interaction: Interaction,
        user: discord.User | discord.Member | None = None,
        game: str = NEW_VEGAS,
        season: SeasonName | None = None,
    ) -> None:
        await self.cogs.standing.stats(interaction, user, game, season)

    @leaderboard.autocomplete("season")
    @stats.autocomplete("season")
    async def _season(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self.cogs.standing.season_choices(interaction, current)

    @app_commands.command(description="Your Caravan games in progress")
    async def games(self, interaction: Interaction) -> None:
        await self.cogs.standing.my_games(interaction)

    @app_commands.command(description="Open your hand in one of your games, from anywhere")
    @app_commands.describe(game="Which game (type to search your games)")
    async def hand(self, interaction: Interaction, game: GameId) -> None:
        await self.cogs.hands.open_hand(interaction, game)

    @hand.autocomplete("game")
    async def _hand_game(self, interaction: Interaction, current: str) -> Choices:
        return await self.cogs.standing.hand_choices(interaction, current)

    @app_commands.command(description="How to play Caravan, with pictures")
    @app_commands.describe(topic="What to explain (default: the game in one minute)")
    async def rules(self, interaction: Interaction, topic: str | None = None) -> None:
        await self.cogs.help.rules_help(interaction, topic)

    @app_commands.command(description="A finished game's record: rules, seed, moves, final table")
    @app_commands.describe(game="Which game (type to search your finished games)")
    async def replay(self, interaction: Interaction, game: GameId) -> None:
        await self.cogs.standing.replay(interaction, game)

    @replay.autocomplete("game")
    async def _replay_game(self, interaction: Interaction, current: str) -> Choices:
        return await self.cogs.standing.finished_choices(interaction, current)

    @app_commands.command(description="The computer's review of a finished game: where it turned")
    @app_commands.describe(game="Which game (type to search your finished games)")
    async def review(self, interaction: Interaction, game: GameId) -> None:
        await self.cogs.reviews.review(interaction, game)

    @review.autocomplete("game")
    async def _review_game(self, interaction: Interaction, current: str) -> Choices:
        return await self.cogs.standing.finished_choices(interaction, current)

    deck = app_commands.Group(name="deck", description="Your saved custom decks")

    @deck.command(name="save", description="Save a custom deck (replaces one of the same name)")
    @app_commands.describe(
        name="The deck's name", cards="At least 30 cards in notation, e.g. Ah 2h 10s Kd X"
    )
    async def deck_save(
        self,
        interaction: Interaction,
        name: DeckName,
        cards: DeckCards,
    ) -> None:
        await self.cogs.decks.deck_save(interaction, name, cards)

    @deck.command(name="list", description="Your saved decks")
    async def deck_list(self, interaction: Interaction) -> None:
        await self.cogs.decks.deck_list(interaction)

    @deck.command(name="show", description="Show one of your decks, card by card")
    @app_commands.describe(name="Which of your decks")
    async def deck_show(self, interaction: Interaction, name: DeckName) -> None:
        await self.cogs.decks.deck_show(interaction, name)

    @deck.command(name="delete", description="Delete one of your decks")
    @app_commands.describe(name="Which of your decks")
    async def deck_delete(self, interaction: Interaction, name: DeckName) -> None:
        await self.cogs.decks.deck_delete(interaction, name)

    tournament = app_commands.Group(name="tournament", description="The server's tournaments")

    @tournament.command(name="create", description="Open a tournament for entries")
    @app_commands.describe(
        name="The tournament's name",
        format="Swiss (default), round robin, knockout or arena",
        game="Caravan (New Vegas, the default) or Decktet Caravan (P.D. Magnus)",
        rules="The rule preset (default: the server's, else new-vegas)",
        jokers="Jokers per deck, 0 to 2 (default: the preset's)",
        turn="Each player's time per move (default: the server's)",
        hands="Decktet Caravan: how many hands each game lasts (default 5)",
        rounds="A Swiss's rounds (default: enough for a clear winner)",
        start_in="Minutes until it starts by itself (default: when you press Start)",
        entrants="The most entrants (default 64)",
        rated="Whether its games change the server's ratings (default: yes)",
        decks="The standard deck for everyone (default), or each entrant's own saved deck",
        window="An arena's length (default 1 hour; its turns 5 minutes unless you choose)",
    )
    @app_commands.choices(format=FORMAT_CHOICES, rules=RULE_CHOICES)
    @app_commands.choices(decks=DECK_POLICY_CHOICES)
    @app_commands.choices(turn=TURN_CHOICES, window=WINDOW_CHOICES)
    async def tournament_create(
        self,
        interaction: Interaction,
        name: EventName,
        format: str = DEFAULT_FORMAT,
        game: str | None = None,
        rules: str | None = None,
        jokers: Jokers | None = None,
        turn: int | None = None,
        hands: HandCount | None = None,
        rounds: EventRounds | None = None,
        start_in: StartIn | None = None,
        entrants: Entrants = 64,
        rated: bool = True,
        decks: str = "standard",
        window: int | None = None,
    ) -> None:
        choice = GameChoice(rules, jokers, turn, None, game, hands)
        await self.cogs.events.create(
            interaction, name, format, choice, rounds, start_in, entrants, rated, decks, window
        )

    @tournament.command(name="list", description="The tournaments open or running here")
    async def tournament_list(self, interaction: Interaction) -> None:
        await self.cogs.events.listed(interaction)

    @tournament.command(name="show", description="A tournament's entrants, rounds and games")
    @app_commands.describe(tournament="Which tournament (its number, #12)")
    async def tournament_show(self, interaction: Interaction, tournament: EventId) -> None:
        await self.cogs.events.show(interaction, tournament)

    @tournament.command(name="standings", description="A tournament's standings, or its bracket")
    @app_commands.describe(tournament="Which tournament (its number, #12)")
    async def tournament_standings(self, interaction: Interaction, tournament: EventId) -> None:
        await self.cogs.events.standings(interaction, tournament)

    @tournament.command(name="pause", description="Pause an arena, or come back to it")
    @app_commands.describe(tournament="Which tournament (its number, #12)")
    async def tournament_pause(self, interaction: Interaction, tournament: EventId) -> None:
        await self.cogs.events.pause(interaction, tournament)

    @tournament.command(name="withdraw", description="Leave a tournament that has started")
    @app_commands.describe(tournament="Which tournament (its number, #12)")
    async def tournament_withdraw(self, interaction: Interaction, tournament: EventId) -> None:
        await self.cogs.events.withdraw(interaction, tournament)

    @tournament.command(name="remove", description="The organiser removes a player")
    @app_commands.describe(tournament="Which tournament (its number, #12)", player="Who")
    async def tournament_remove(
        self, interaction: Interaction, tournament: EventId, player: discord.Member
    ) -> None:
        await self.cogs.events.withdraw(interaction, tournament, player)

    @tournament.command(name="deck", description="Play one of your saved decks in a tournament")
    @app_commands.describe(
        tournament="Which tournament (its number, #12)",
        deck="One of your saved decks; empty: the standard deck again",
    )
    async def tournament_deck(
        self, interaction: Interaction, tournament: EventId, deck: DeckName | None = None
    ) -> None:
        await self.cogs.events.bring_deck(interaction, tournament, deck)

    @tournament_show.autocomplete("tournament")
    @tournament_deck.autocomplete("tournament")
    @tournament_standings.autocomplete("tournament")
    @tournament_withdraw.autocomplete("tournament")
    @tournament_pause.autocomplete("tournament")
    @tournament_remove.autocomplete("tournament")
    async def _tournament(self, interaction: Interaction, current: str) -> Choices:
        return await self.cogs.events.event_choices(interaction, current)

    @challenge.autocomplete("deck")
    @play_ai.autocomplete("deck")
    @tournament_deck.autocomplete("deck")
    @deck_show.autocomplete("name")
    @deck_delete.autocomplete("name")
    async def _deck_name(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self.cogs.decks.deck_choices(interaction, current)


class AdminCommands(app_commands.Group):
    def __init__(self, admin: Admin) -> None:
        super().__init__(
            name="caravan-admin",
            description="Caravan settings for this server (Manage Server)",
            guild_only=True,
            default_permissions=discord.Permissions(manage_guild=True),
        )
        self.admin = admin

    @app_commands.command(description="Show this server's Caravan settings")
    async def show(self, interaction: Interaction) -> None:
        await self.admin.admin_show(interaction)

    @app_commands.command(name="set", description="Change the server's defaults for new games")
    @app_commands.describe(
        rules="Default rule preset",
        jokers="Default jokers per deck (with rules: for that preset)",
        turn="Default time per move",
        threads="Whether each game gets its own thread",
        organisers="A role whose members may create tournaments (besides Manage Server)",
        clear_organisers="Only members with Manage Server create tournaments again",
        language="The language of the games' public messages (default: the server's own)",
    )
    @app_commands.choices(rules=RULE_CHOICES)
    @app_commands.choices(turn=TURN_CHOICES)
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def set_(
        self,
        interaction: Interaction,
        rules: str | None = None,
        jokers: Jokers | None = None,
        turn: int | None = None,
        threads: bool | None = None,
        organisers: discord.Role | None = None,
        clear_organisers: bool = False,
        language: str | None = None,
    ) -> None:
        await self.admin.admin_set(
            interaction, rules, jokers, turn, threads, organisers, clear_organisers, language
        )

    @app_commands.command(description="Where games may start: add or remove a channel, or clear")
    @app_commands.describe(action="add, remove or clear (any channel)", channel="The channel")
    @app_commands.choices(
        action=[app_commands.Choice(name=a, value=a) for a in ("add", "remove", "clear")]
    )
    async def channels(
        self,
        interaction: Interaction,
        action: str,
        channel: discord.TextChannel | None = None,
    ) -> None:
        await self.admin.admin_channel(interaction, action, channel)

    season = app_commands.Group(name="season", description="The server's seasons")

    @season.command(name="start", description="Start a season: its games get their own ranking")
    @app_commands.describe(
        name="The season's name",
        role="A role its top players get when it ends (needs me to have Manage Roles)",
        top="How many top players get the role (default 10)",
    )
    async def season_start(
        self,
        interaction: Interaction,
        name: EventName,
        role: discord.Role | None = None,
        top: TopPlayers | None = None,
    ) -> None:
        await self.admin.season_start(interaction, name, role, top)

    @season.command(name="end", description="End the running season and post its top ten")
    async def season_end(self, interaction: Interaction) -> None:
        await self.admin.season_end(interaction)

    @app_commands.command(description="End a stuck game with no result (no rating change)")
    @app_commands.describe(game="Which game (type to search the server's games)")
    async def end(self, interaction: Interaction, game: GameId) -> None:
        await self.admin.admin_end(interaction, game)

    @end.autocomplete("game")
    async def _end_game(self, interaction: Interaction, current: str) -> Choices:
        return await self.admin.guild_game_choices(interaction, current)
