"""What the game service keeps beside the games themselves: lists of games, players'
saved decks, each server's settings, and the standings (leaderboard, standing, stats).
The game service holds one (`GameService.ledger`); these only read, or write rows no
game's move depends on."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from bot.errors import BadDeck, BadOption, NotFound, engine_reason
from bot.i18n import AUTO, LANGUAGES, _, n_
from bot.inert import plain, quote
from bot.kinds import NEW_VEGAS, named
from bot.ratings import Skill
from bot.records import Deck, GameInfo, Leaderboard, Standing, Stats, Tally
from bot.server import TURN_SECONDS, ServerSettings
from bot.store.base import Store
from bot.store.errors import TooMany
from bot.store.rows import Shards
from engine import CaravanError, Rules, parse_cards, validate_deck
from engine.cards import format_cards

SERVER_TTL = 60.0  # seconds a server's settings are kept before they are read again
MAX_DECKS = 25  # a player's saved decks (what one autocomplete list shows)
MAX_DECK_NAME = 32
MAX_CARD_TEXT = 3  # the longest card in notation: "10h"


def deck_name(name: str) -> str:
    """A deck's name as it is kept and looked up: plain (`bot.inert`), uncut."""
    return plain(name, limit=None, fallback="")


class Ledger:
    def __init__(self, store: Store, clock: Callable[[], float], shards: Shards) -> None:
        self.store = store
        self.clock = clock
        self.shards = shards  # the servers whose games this process keeps
        self._servers: dict[int, tuple[float, ServerSettings]] = {}  # each one's, when read

    # ----- lists of games -------------------------------------------------------------------

    async def active_games(self, user_id: int, guild_id: int | None = None) -> list[GameInfo]:
        return await self.store.lists.active_games(user_id, guild_id)

    async def finished_games(
        self, guild_id: int, user_id: int | None = None, limit: int = 25
    ) -> list[GameInfo]:
        """The latest games over in `guild_id` (of `user_id` when given), newest first."""
        return await self.store.lists.finished_games(guild_id, user_id, limit)

    async def guild_games(self, guild_id: int, limit: int = 25) -> list[GameInfo]:
        """A server's active games, the longest waiting first (for its admins)."""
        return await self.store.lists.guild_games(guild_id, limit)

    async def game_in_thread(self, thread_id: int) -> GameInfo | None:
        """The game played in thread (or channel) `thread_id`, if any."""
        return await self.store.lists.game_in_thread(thread_id)

    async def ai_turns(self) -> list[GameInfo]:
        """Active games against the AI in which the AI is to move (to resume after a start)."""
        return await self.store.lists.ai_turns(self.shards)

    async def due_games(self) -> list[GameInfo]:
        """Active games whose turn deadline has passed."""
        return await self.store.lists.due_games(self.clock())

    # ----- custom decks ---------------------------------------------------------------------

    async def save_deck(self, user_id: int, name: str, text: str) -> Deck:
        """Save (or replace) `user_id`'s deck `name`: cards in notation, checked by R1 for
        New Vegas rules (each game checks it again for its own preset)."""
        name = deck_name(name)
        if not 1 <= len(name) <= MAX_DECK_NAME:
            raise BadDeck(
                _("A deck's name has 1 to {most} printable characters.", most=MAX_DECK_NAME)
            )
        for token in text.split():
            if len(token) > MAX_CARD_TEXT:  # the engine would quote it whole
                raise BadDeck(
                    _(
                        "{card} is not a card: write a rank (A 2-9 T J Q K) and a suit "
                        "(c d h s), such as 7h, Td or X.",
                        card=quote(token, 12),
                    )
                )
        try:
            cards = parse_cards(text)
            validate_deck(cards, Rules().variant, name=name)
        except CaravanError as error:
            raise BadDeck(engine_reason(error)) from None
        try:
            await self.store.decks.save_deck(
                user_id, name, format_cards(cards), self.clock(), MAX_DECKS
            )
        except TooMany as limit:
            raise BadDeck(
                n_(
                    "You have {count} deck, the most kept; delete one first.",
                    "You have {count} decks, the most kept; delete one first.",
                    limit.count,
                )
            ) from None
        return Deck(user_id, name, tuple(cards))

    async def decks(self, user_id: int) -> list[Deck]:
        return [
            Deck(user_id, name, tuple(parse_cards(cards)))
            for name, cards in await self.store.decks.decks(user_id)
        ]

    async def deck(self, user_id: int, name: str) -> Deck:
        found = await self.store.decks.deck(user_id, deck_name(name))
        if found is None:
            raise NotFound(_("You have no deck called {name}.", name=quote(name)))
        return Deck(user_id, found[0], tuple(parse_cards(found[1])))

    async def delete_deck(self, user_id: int, name: str) -> None:
        if not await self.store.decks.delete_deck(user_id, deck_name(name)):
            raise NotFound(_("You have no deck called {name}.", name=quote(name)))

    # ----- server settings ------------------------------------------------------------------

    async def server(self, guild_id: int) -> ServerSettings:
        """A server's own settings (default rules, turn time, channels, language...), read at
        most once a minute (`SERVER_TTL`: a turn must not wait on the database for them;
        another process's change shows within it, this process's at once)."""
        now = self.clock()
        known = self._servers.get(guild_id)
        if known is None or now - known[0] > SERVER_TTL:
            known = (now, await self.store.servers.server_settings(guild_id))
            self._servers[guild_id] = known
            if len(self._servers) > 4096:  # many servers: keep the newest half
                for old in sorted(self._servers, key=lambda g: self._servers[g][0])[:2048]:
                    del self._servers[old]
        return known[1]

    async def change_server(self, guild_id: int, **changes: Any) -> ServerSettings:
        """The server's settings with `changes` (a value of None: back to the default)."""
        now = await self.store.servers.change_server_settings(guild_id, changes)
        self._servers[guild_id] = (self.clock(), now)
        return now

    async def set_defaults(
        self,
        guild_id: int,
        preset: str | None = None,
        jokers: int | None = None,
        turn_seconds: int | None = None,
        threads: bool | None = None,
        organiser_role: int | None = None,
        clear_organisers: bool = False,
        language: str | None = None,
    ) -> ServerSettings:
        """Change the server's defaults for new games (None: unchanged; a new preset
        without jokers takes the preset's own), and the role whose members may organise
        tournaments besides those with Manage Server, and the language of the games' public
        messages (`auto`: the server's own); returns the settings now."""
        changes: dict[str, Any] = {}
        if organiser_role is not None and clear_organisers:
            raise BadOption(_("Name an organiser role, or clear it: not both."))
        if organiser_role is not None:
            changes["organiser_role"] = organiser_role
        if clear_organisers:
            changes["organiser_role"] = None
        if preset is not None:
            changes["preset"] = preset
            changes["jokers"] = jokers  # None: the preset's own
        elif jokers is not None:
            changes["jokers"] = jokers
        if turn_seconds is not None:
            if turn_seconds not in TURN_SECONDS:
                raise BadOption(_("Choose a turn time from the list."))
            changes["turn_seconds"] = turn_seconds
        if threads is not None:
            changes["threads"] = threads
        if language is not None:
            if language != AUTO and language not in LANGUAGES:
                raise BadOption(_("Choose a language from the list."))
            changes["language"] = None if language == AUTO else language
        if not changes:
            raise BadOption(_("Give at least one setting to change."))
        return await self.change_server(guild_id, **changes)

    async def set_game_channels(
        self, guild_id: int, action: str, channel_id: int | None
    ) -> ServerSettings:
        """Where games may start: `add` or `remove` a channel, or `clear` the list (any
        channel); returns the settings now."""
        server = await self.server(guild_id)
        channels: list[int] = list(server.channels)
        if action == "clear":
            channels = []
        elif channel_id is None:
            raise BadOption(_("Name the channel to add or remove."))
        elif action == "add" and channel_id not in channels:
            channels.append(channel_id)
        elif action == "remove":
            if channel_id not in channels:
                raise BadOption(
                    _("<#{channel}> is not one of the game channels.", channel=channel_id)
                )
            channels.remove(channel_id)
        return await self.change_server(guild_id, channels=channels)

    # ----- standing -------------------------------------------------------------------------

    async def leaderboard(
        self, guild_id: int, page: int = 1, per_page: int = 10, game: str = NEW_VEGAS
    ) -> Leaderboard:
        """The guild's ranking in `game`: established players (PROVISIONAL_GAMES rated
        games or more) first, then provisional ones, each group by the rating shown (so the
        numbers read in order, and a lucky newcomer does not top the board after one game)."""
        total = await self.store.standings.rated_players(guild_id, game)
        pages = max(1, math.ceil(total / per_page))
        page = min(max(1, page), pages)
        entries = await self.store.standings.ranking(
            guild_id, game, per_page, (page - 1) * per_page
        )
        return Leaderboard(guild_id, page, pages, tuple(entries), total, game)

    async def standing(self, guild_id: int, user_id: int, game: str = NEW_VEGAS) -> Standing | None:
        return await self.store.standings.standing(guild_id, game, user_id)

    async def stats(
        self, guild_id: int, user_id: int, recent: int = 5, game: str = NEW_VEGAS
    ) -> Stats:
        """The player's finished games of `game`: the rated ones as the ranking counts
        them (tally and streak from the player's standing), the ones against the AI
        tallied apart; recent games and favourite rules from both."""
        games = await self.store.lists.finished_games_of(guild_id, game, user_id)
        history = await self.store.standings.rating_history(guild_id, game, user_id)
        kind = named(game)
        presets = [kind.rules_label(g.rules) for g in games] if kind.presets else []
        return Stats(
            user_id=user_id,
            games=len(games),
            against_ai=tally([g for g in games if g.against_ai], user_id),
            standing=await self.standing(guild_id, user_id, game),
            history=tuple((at, Skill(mu).shown) for at, mu in history),
            recent=tuple(games[:recent]),
            favourite_rules=max(set(presets), key=presets.count) if presets else None,
            game=game,
        )


def tally(games: list[GameInfo], user_id: int) -> Tally:
    """`user_id`'s wins, losses and draws in `games` (finished games)."""
    seats = [(g.winner, g.seat_of(user_id)) for g in games]
    wins = sum(1 for winner, seat in seats if winner == seat)
    draws = sum(1 for winner, _seat in seats if winner == "draw")
    return Tally(wins, len(games) - wins - draws, draws)
