"""How games begin: the options of a new game (decided from the player's choice, the
server's settings and the bot's), challenges and their answers, games against the AI, and
rematches. The game service holds one (`GameService.openings`); like it, nothing here
knows Discord."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from bot.errors import BadOption, ChallengeRefused, GameNotOver, NotFound, NotYourGame, WrongPlace
from bot.games.base import GameChoice
from bot.held import Held
from bot.i18n import _, n_
from bot.kinds import KINDS, kind_of, named
from bot.ledger import Ledger
from bot.records import AnyRules, Challenge, GameInfo, rules_to_text
from bot.settings import Settings
from bot.store import Store
from bot.store.errors import ChallengeClosed, RematchTaken, TooMany
from bot.store.rows import NewChallenge, NewGame, Shards
from engine import Rules
from engine.ai import LEVELS

log = logging.getLogger("bot.service")


@dataclass(frozen=True)
class Accepted:
    """A rematch pressed by the player it was offered to: the challenge, accepted."""

    game: GameInfo
    challenge: Challenge


class Openings:
    def __init__(
        self,
        store: Store,
        settings: Settings,
        clock: Callable[[], float],
        shards: Shards,
        held: Held,
        ledger: Ledger,
    ) -> None:
        self.store = store
        self.settings = settings
        self.clock = clock
        self.shards = shards
        self.held = held  # the games' records this process holds
        self.ledger = ledger  # players' decks, servers' settings

    async def game_options(
        self,
        guild_id: int,
        channel_id: int,
        parent_id: int | None,
        user_id: int,
        choice: GameChoice,
    ) -> tuple[AnyRules, int]:
        """The rules and turn time of a new game started in `channel_id` (a thread of
        `parent_id`, if it is one): what the player chose, else the server's defaults
        (`/caravan-admin`), else the bot's; refused outside the server's game channels."""
        server = await self.ledger.server(guild_id)
        allowed = server.channels
        if allowed and channel_id not in allowed and parent_id not in allowed:
            where = ", ".join(f"<#{c}>" for c in allowed)
            raise WrongPlace(_("Games start in {channels} on this server.", channels=where))
        turn = int(choice.turn_seconds or server.turn_seconds or self.settings.default_turn_seconds)
        if choice.game is not None and choice.game not in KINDS:
            raise BadOption(_("The game is one of {games}.", games=", ".join(KINDS)))
        kind = named(choice.game)
        deck = None
        if choice.deck and kind.takes_decks:
            deck = await self.ledger.deck(user_id, choice.deck)
        return kind.rules_for(choice, server, deck), turn

    async def create_challenge(
        self,
        guild_id: int,
        channel_id: int,
        challenger_id: int,
        opponent_id: int | None,
        rules: AnyRules | None = None,
        turn_seconds: int | None = None,
        rematch_of: int | None = None,
        take_offer: bool = False,
    ) -> Challenge:
        """A challenge to `opponent_id`, or open to anyone when None; with `rematch_of`, the
        rematch of that finished game (refused while one is open or was accepted; with
        `take_offer`, `RematchTaken` itself when the one open is addressed to
        `challenger_id`, for `rematch` to accept)."""
        if opponent_id == challenger_id:
            raise ChallengeRefused(_("You cannot challenge yourself."))
        now = self.clock()
        new = NewChallenge(
            guild_id=guild_id,
            channel_id=channel_id,
            challenger_id=challenger_id,
            opponent_id=opponent_id,
            rules=rules_to_text(rules or Rules()),
            turn_seconds=turn_seconds or self.settings.default_turn_seconds,
            created_at=now,
            expires_at=now + self.settings.challenge_expiry_seconds,
            rematch_of=rematch_of,
        )
        try:
            return await self.store.challenges.create_challenge(
                new, self.settings.max_open_challenges
            )
        except TooMany as limit:
            raise ChallengeRefused(
                n_(
                    "You already have {count} open challenge, the most at once; cancel it or "
                    "wait for an answer.",
                    "You already have {count} open challenges, the most at once; cancel one "
                    "or wait for an answer.",
                    limit.count,
                )
            ) from None
        except RematchTaken as taken:
            if take_offer and taken.challenge_id and taken.opponent_id == challenger_id:
                raise  # the rematch waiting is addressed to them: `rematch` accepts it
            raise await self._rematch_refusal(taken) from None

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        await self.store.challenges.set_challenge_message(challenge_id, message_id)

    async def accept(self, challenge_id: int, user_id: int) -> GameInfo:
        """Start the game: the challenger is A, the one who accepts is B, and who moves
        first comes from the game's secret seed (G1)."""
        now = self.clock()
        challenge = await self._open_challenge(challenge_id, now)
        if user_id == challenge.challenger_id:
            raise ChallengeRefused(_("You cannot accept your own challenge."))
        if challenge.opponent_id is not None and challenge.opponent_id != user_id:
            raise ChallengeRefused(
                _("This challenge is for <@{user}>.", user=challenge.opponent_id)
            )
        game = self._new_game(
            challenge.guild_id,
            challenge.channel_id,
            (challenge.challenger_id, user_id),
            challenge.rules,
            challenge.turn_seconds,
            now,
            rematch_of=challenge.rematch_of,
        )
        try:
            info = await self.store.challenges.accept_challenge(
                challenge_id, game, self.settings.max_active_games
            )
        except ChallengeClosed as closed:
            raise _closed_refusal(closed.challenge, now) from None
        except TooMany as limit:
            raise _games_refusal(limit) from None
        log.info("game %s started in guild %s", info.id, info.guild_id)
        return self.held.note(info)

    async def decline(self, challenge_id: int, user_id: int) -> Challenge:
        now = self.clock()
        challenge = await self._open_challenge(challenge_id, now)
        if challenge.opponent_id != user_id:
            raise ChallengeRefused(
                _("Only the challenged player can decline; you made this challenge.")
                if user_id == challenge.challenger_id
                else _("Only the challenged player can decline this challenge.")
            )
        return await self._close(challenge_id, "declined", now)

    async def cancel(self, challenge_id: int, user_id: int) -> Challenge:
        now = self.clock()
        challenge = await self._open_challenge(challenge_id, now)
        if challenge.challenger_id != user_id:
            raise ChallengeRefused(_("Only the player who made this challenge can cancel it."))
        return await self._close(challenge_id, "cancelled", now)

    async def expire_challenges(self) -> list[Challenge]:
        """Mark every open challenge past its time as expired; return them (once each)."""
        return await self.store.challenges.expire_challenges(self.clock(), self.shards)

    async def _open_challenge(self, challenge_id: int, now: float) -> Challenge:
        """The challenge, refused unless it is still open."""
        challenge = await self.challenge(challenge_id)
        if challenge.status != "open" or challenge.expires_at <= now:
            raise _closed_refusal(challenge, now)
        return challenge

    async def _close(self, challenge_id: int, status: str, now: float) -> Challenge:
        try:
            return await self.store.challenges.close_challenge(challenge_id, status, now)
        except ChallengeClosed as closed:
            raise _closed_refusal(closed.challenge, now) from None

    async def start_ai_game(
        self,
        guild_id: int,
        channel_id: int,
        user_id: int,
        bot_id: int,
        level: str,
        rules: AnyRules | None = None,
        turn_seconds: int | None = None,
        rematch_of: int | None = None,
    ) -> GameInfo:
        """A game against the AI: the player is A, the AI (the bot's user id) is B; with
        `rematch_of`, the rematch of that finished game (refused if it has one)."""
        if level not in LEVELS:
            raise BadOption(_("The difficulty is one of {levels}.", levels=", ".join(LEVELS)))
        game = self._new_game(
            guild_id,
            channel_id,
            (user_id, bot_id),
            rules or Rules(),
            turn_seconds or self.settings.default_turn_seconds,
            self.clock(),
            ai=("B", level),
            rematch_of=rematch_of,
        )
        try:
            info = await self.store.games.start_game(game, self.settings.max_active_games)
        except TooMany as limit:
            raise _games_refusal(limit) from None
        except RematchTaken as taken:
            raise await self._rematch_refusal(taken) from None
        log.info("game %s started in guild %s", info.id, info.guild_id)
        return self.held.note(info)

    def _new_game(
        self,
        guild_id: int,
        channel_id: int,
        players: tuple[int, int],
        rules: AnyRules,
        turn_seconds: int,
        now: float,
        ai: tuple[str, str] | None = None,
        rematch_of: int | None = None,
    ) -> NewGame:
        """A new game's row: a secret seed, and who moves first from it (G1)."""
        seed = secrets.randbits(53)
        kind = kind_of(rules)
        return NewGame(
            guild_id=guild_id,
            channel_id=channel_id,
            players=players,
            rules=rules_to_text(rules),
            game=kind.key,
            seed=seed,
            turn=kind.new(rules, seed).mover,
            turn_seconds=turn_seconds,
            now=now,
            ai=ai,
            rematch_of=rematch_of,
        )

    async def rematch(self, game_id: int, user_id: int) -> GameInfo | Challenge | Accepted:
        """The same rules, the same two players: against the AI, a new game at once; else
        a new challenge to the other player in the game's channel, or, when the other
        player offered one first, that one accepted."""
        info: GameInfo = await self.held.game(game_id)
        seat = info.seat_of(user_id)
        if seat is None or info.ai_seat == seat:
            raise NotYourGame(_("Only the players of this game can ask for a rematch."))
        if info.active:
            raise GameNotOver(_("This game is still going on."))
        where = (info.guild_id, info.channel_id)
        if info.ai_seat is not None:
            ai = info.user_at(info.ai_seat)
            level = info.ai_level or "normal"
            return await self.start_ai_game(
                *where, user_id, ai, level, info.rules, info.turn_seconds, game_id
            )
        other = info.user_at("B" if seat == "A" else "A")
        try:
            return await self.create_challenge(
                *where,
                user_id,
                other,
                info.rules,
                info.turn_seconds,
                rematch_of=game_id,
                take_offer=True,
            )
        except RematchTaken as invited:  # the other player offered it first: accepted
            assert invited.challenge_id is not None
            game = await self.accept(invited.challenge_id, user_id)
            return Accepted(game, await self.challenge(invited.challenge_id))

    async def _rematch_refusal(self, taken: RematchTaken) -> ChallengeRefused:
        """A second rematch of a game: one is waiting for an answer, is being played (or
        was), said with where."""
        if taken.game_id is None:
            return ChallengeRefused(
                _(
                    "A rematch of this game is already waiting for an answer in <#{channel}>.",
                    channel=taken.channel_id,
                )
            )
        rematch = await self.held.game(taken.game_id)
        where = {"game": rematch.id, "channel": rematch.thread_id or rematch.channel_id}
        if rematch.active:
            said = _(
                "This game's rematch is being played now: game #{game}, in <#{channel}>.", **where
            )
        elif rematch.status == "abandoned":
            said = _(
                "This game's rematch ended with no result: game #{game}, in <#{channel}>.", **where
            )
        else:
            said = _(
                "This game's rematch was already played: game #{game}, in <#{channel}>.", **where
            )
        return ChallengeRefused(said)

    async def challenge(self, challenge_id: int) -> Challenge:
        challenge = await self.store.challenges.challenge(challenge_id)
        if challenge is None:
            raise NotFound(_("There is no such challenge."))
        return challenge


CLOSED = {
    "accepted": _("This challenge was accepted already."),
    "declined": _("This challenge was declined already."),
    "cancelled": _("This challenge was cancelled already."),
    "expired": _("This challenge expired already."),
}


def _closed_refusal(challenge: Challenge, now: float) -> ChallengeRefused:
    status = challenge.status
    if status == "open" and challenge.expires_at <= now:
        status = "expired"
    return ChallengeRefused(CLOSED.get(status, _("This challenge is closed.")))


def _games_refusal(limit: TooMany) -> ChallengeRefused:
    return ChallengeRefused(
        n_(
            "<@{user}> already plays {count} game, the most at once; finish it first.",
            "<@{user}> already plays {count} games, the most at once; finish one first.",
            limit.count,
            user=limit.user_id,
        )
    )
