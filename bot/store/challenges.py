"""Challenges: `Challenges`, one transaction a method, the same statements on every
dialect. A challenge is answered only while `status = 'open'`; of two accepts the second
waits for the first's row lock, then finds it accepted."""

from __future__ import annotations

from bot.records import Challenge, GameInfo
from bot.store.dialect import Part
from bot.store.errors import ChallengeClosed, TooMany
from bot.store.rows import ALL, NewChallenge, NewGame, Shards
from bot.store.script import Script, count, lock_players, lock_row, one
from bot.store.steps import check_active, check_no_rematch, insert_game, load_challenge


class Challenges(Part):
    async def create_challenge(self, new: NewChallenge, open_limit: int) -> Challenge:
        """Open a challenge, unless its challenger already has `open_limit` open ones
        (`TooMany`) or it is the rematch of a game that has one (`RematchTaken`)."""

        def create() -> Script[Challenge]:
            if new.rematch_of is not None:
                yield from check_no_rematch(new.rematch_of, new.created_at)
            yield from lock_players(new.challenger_id)
            rows = yield (
                "SELECT COUNT(*) AS n FROM challenges WHERE challenger_id = ? "
                "AND status = 'open' AND expires_at > ?",
                (new.challenger_id, new.created_at),
            )
            if count(rows) >= open_limit:
                raise TooMany(new.challenger_id, count(rows))
            rows = yield (
                "INSERT INTO challenges (guild_id, channel_id, challenger_id, opponent_id, "
                "rules, turn_seconds, created_at, expires_at, rematch_of) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *",
                (
                    new.guild_id,
                    new.channel_id,
                    new.challenger_id,
                    new.opponent_id,
                    new.rules,
                    new.turn_seconds,
                    new.created_at,
                    new.expires_at,
                    new.rematch_of,
                ),
            )
            return Challenge.from_row(one(rows))

        return await self.dialect.run(create)

    async def challenge(self, challenge_id: int) -> Challenge | None:
        rows = await self.dialect.read("SELECT * FROM challenges WHERE id = ?", (challenge_id,))
        return Challenge.from_row(rows[0]) if rows else None

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        await self.dialect.statement(
            "UPDATE challenges SET message_id = ? WHERE id = ?", (message_id, challenge_id)
        )

    async def accept_challenge(
        self, challenge_id: int, game: NewGame, active_limit: int
    ) -> GameInfo:
        """Start `game` from the challenge while it is open (`ChallengeClosed` otherwise),
        unless a player already has `active_limit` games in progress (`TooMany`). The
        challenge's row is locked first: of two accepts, the second waits, then finds it
        accepted."""

        def accept() -> Script[GameInfo]:
            yield from lock_row("challenges", challenge_id)
            challenge = yield from load_challenge(challenge_id)
            if challenge.status != "open" or challenge.expires_at <= game.now:
                raise ChallengeClosed(challenge)
            if challenge.rematch_of is not None:
                yield from lock_row("games", challenge.rematch_of)
            yield from lock_players(*game.players)
            for player in game.players:
                yield from check_active(player, active_limit)
            info = yield from insert_game(game)
            yield (
                "UPDATE challenges SET status = 'accepted', game_id = ? WHERE id = ?",
                (info.id, challenge_id),
            )
            return info

        return await self.dialect.run(accept)

    async def close_challenge(self, challenge_id: int, status: str, now: float) -> Challenge:
        """Mark an open challenge `status` (declined or cancelled); `ChallengeClosed` if it
        was answered or ran out first."""

        def close() -> Script[Challenge]:
            rows = yield (
                "UPDATE challenges SET status = ? WHERE id = ? AND status = 'open' "
                "AND expires_at > ? RETURNING *",
                (status, challenge_id, now),
            )
            if not rows:
                raise ChallengeClosed((yield from load_challenge(challenge_id)))
            return Challenge.from_row(rows[0])

        return await self.dialect.run(close)

    async def expire_challenges(self, now: float, shards: Shards = ALL) -> list[Challenge]:
        """Mark every open challenge past its time (of a server on `shards`) expired;
        return them (once each)."""

        def expire() -> Script[list[Challenge]]:
            rows = yield (
                "UPDATE challenges SET status = 'expired' WHERE status = 'open' "
                f"AND expires_at <= ? AND {shards.sql()} RETURNING *",
                (now,),
            )
            return [Challenge.from_row(row) for row in rows]

        return await self.dialect.run(expire)
