"""The statements `PostgresStore` runs inside its write transactions, and the locks that make
them safe with many writers (READ COMMITTED):

- a game's row: every change is `UPDATE ... WHERE version = %s AND status = 'active'`; a
  second writer waits for the first's row lock, then finds the version moved (GameMoved);
- a player: `pg_advisory_xact_lock(user id)` before reading a per-player count or rating
  and writing past it (open challenges, games in progress, saved decks, ratings), taken in
  ascending id order and always after the transaction's row locks, so no two
  transactions wait on each other in a circle;
- a finished game's rematch: its row, `FOR UPDATE`, while the rematch is looked for and made.
"""

from __future__ import annotations

from typing import Any

from bot.ratings import Skill
from bot.records import Challenge, GameInfo, RatingChange
from bot.store.errors import GameMoved, RematchTaken, TooMany
from bot.store.postgres_db import Connection
from bot.store.rows import Ending, NewGame, new_ratings


async def one(tx: Connection, sql: str, params: tuple[Any, ...] = ()) -> dict[str, Any] | None:
    cursor = await tx.execute(sql, params)
    return await cursor.fetchone()


async def scalar(tx: Connection, sql: str, params: tuple[Any, ...]) -> int:
    row = await one(tx, sql, params)
    value = next(iter(row.values())) if row else None
    return int(value) if value is not None else 0


async def lock_players(tx: Connection, *user_ids: int) -> None:
    """Hold each player's lock until the transaction ends (ascending, once each)."""
    for user_id in sorted(set(user_ids)):
        await tx.execute("SELECT pg_advisory_xact_lock(%s)", (user_id,))


async def load_game(tx: Connection, game_id: int) -> GameInfo:
    row = await one(tx, "SELECT * FROM games WHERE id = %s", (game_id,))
    assert row is not None, f"game {game_id} is gone"
    return GameInfo.from_row(row)


async def load_challenge(tx: Connection, challenge_id: int) -> Challenge:
    row = await one(tx, "SELECT * FROM challenges WHERE id = %s", (challenge_id,))
    assert row is not None, f"challenge {challenge_id} is gone"
    return Challenge.from_row(row)


async def check_active(tx: Connection, user_id: int, limit: int) -> None:
    """Refuse past `limit` games in progress (the player's lock must be held)."""
    count = await scalar(
        tx,
        "SELECT COUNT(*) FROM games WHERE status = 'active' AND (player_a = %s OR player_b = %s)",
        (user_id, user_id),
    )
    if count >= limit:
        raise TooMany(user_id, count)


async def check_no_rematch(tx: Connection, game_id: int, now: float) -> None:
    """Lock the finished game, then refuse if it has a rematch, played or waiting."""
    await tx.execute("SELECT id FROM games WHERE id = %s FOR UPDATE", (game_id,))
    game = await one(tx, "SELECT id FROM games WHERE rematch_of = %s", (game_id,))
    if game is not None:
        raise RematchTaken(game_id=game["id"])
    waiting = await one(
        tx,
        "SELECT id, channel_id, opponent_id FROM challenges WHERE rematch_of = %s "
        "AND status = 'open' AND expires_at > %s",
        (game_id, now),
    )
    if waiting is not None:
        raise RematchTaken(
            channel_id=waiting["channel_id"],
            challenge_id=waiting["id"],
            opponent_id=waiting["opponent_id"],
        )


async def insert_game(tx: Connection, game: NewGame) -> GameInfo:
    row = await one(
        tx,
        "INSERT INTO games (guild_id, channel_id, player_a, player_b, ai_seat, ai_level, "
        "rules, game, seed, turn, turn_seconds, deadline, created_at, updated_at, rematch_of) "
        "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s) RETURNING *",
        (
            game.guild_id,
            game.channel_id,
            *game.players,
            game.ai[0] if game.ai else None,
            game.ai[1] if game.ai else None,
            game.rules,
            game.game,
            game.seed,
            game.turn,
            game.turn_seconds,
            game.now + game.turn_seconds,
            game.now,
            game.now,
            game.rematch_of,
        ),
    )
    assert row is not None
    return GameInfo.from_row(row)


async def finish(
    tx: Connection, game: GameInfo, ending: Ending, now: float, turn: str | None, version: int
) -> tuple[GameInfo, tuple[RatingChange, ...]]:
    """End the game if it is still active at `version` (`GameMoved` otherwise) and, when
    rated, update both players' ratings under their locks (so none is lost)."""
    row = await one(
        tx,
        "UPDATE games SET status = 'finished', winner = %s, end_reason = %s, turn = %s, "
        "version = version + 1, deadline = NULL, updated_at = %s, rated = %s "
        "WHERE id = %s AND status = 'active' AND version = %s RETURNING *",
        (ending.winner, ending.reason, turn, now, int(ending.rated), game.id, version),
    )
    if row is None:
        raise GameMoved(await load_game(tx, game.id))
    ended = GameInfo.from_row(row)
    if not ending.rated:
        return ended, ()
    await lock_players(tx, *game.players)
    before = [await load_skill(tx, game.guild_id, game.game, user) for user in game.players]
    rows, changes = new_ratings(game.players, ending.winner, before)
    for new in rows:
        await tx.execute(
            "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, games, wins, losses, "
            "draws, streak, updated_at) VALUES (%s, %s, %s, %s, %s, 1, %s, %s, %s, %s, %s) "
            "ON CONFLICT (guild_id, game, user_id) DO UPDATE SET mu = excluded.mu, "
            "sigma = excluded.sigma, games = ratings.games + 1, "
            "wins = ratings.wins + excluded.wins, losses = ratings.losses + excluded.losses, "
            "draws = ratings.draws + excluded.draws, streak = excluded.streak, "
            "updated_at = excluded.updated_at",
            (
                game.guild_id,
                game.game,
                new.user_id,
                new.mu,
                new.sigma,
                new.won,
                new.lost,
                new.drew,
                new.streak,
                now,
            ),
        )
        await tx.execute(
            "INSERT INTO rating_history (guild_id, game, user_id, game_id, mu, sigma, at) "
            "VALUES (%s, %s, %s, %s, %s, %s, %s)",
            (game.guild_id, game.game, new.user_id, game.id, new.mu, new.sigma, now),
        )
    return ended, changes


async def load_skill(
    tx: Connection, guild_id: int, game: str, user_id: int
) -> tuple[Skill, int, int]:
    row = await one(
        tx,
        "SELECT mu, sigma, games, streak FROM ratings WHERE guild_id = %s AND game = %s "
        "AND user_id = %s",
        (guild_id, game, user_id),
    )
    if row is None:
        return Skill(), 0, 0
    return Skill(row["mu"], row["sigma"]), row["games"], row["streak"]
