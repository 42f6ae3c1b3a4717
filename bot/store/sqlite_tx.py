"""The statements `SqliteStore` runs inside its write transactions: plain functions on the
write connection (one transaction each call of `Database.write`), and the conflicts they
raise."""

from __future__ import annotations

import sqlite3
from typing import Any

from bot.ratings import Skill
from bot.records import Challenge, GameInfo, RatingChange
from bot.store.errors import GameMoved, RematchTaken, TooMany
from bot.store.rows import Ending, NewGame, new_ratings


def scalar(tx: sqlite3.Connection, sql: str, params: tuple[Any, ...]) -> int:
    row = tx.execute(sql, params).fetchone()
    return int(row[0]) if row and row[0] is not None else 0


def load_game(tx: sqlite3.Connection, game_id: int) -> GameInfo:
    row = tx.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
    assert row is not None, f"game {game_id} is gone"
    return GameInfo.from_row(row)


def load_challenge(tx: sqlite3.Connection, challenge_id: int) -> Challenge:
    row = tx.execute("SELECT * FROM challenges WHERE id = ?", (challenge_id,)).fetchone()
    assert row is not None, f"challenge {challenge_id} is gone"
    return Challenge.from_row(row)


def check_active(tx: sqlite3.Connection, user_id: int, limit: int) -> None:
    count = scalar(
        tx,
        "SELECT COUNT(*) FROM games WHERE status = 'active' AND (player_a = ? OR player_b = ?)",
        (user_id, user_id),
    )
    if count >= limit:
        raise TooMany(user_id, count)


def check_no_rematch(tx: sqlite3.Connection, game_id: int, now: float) -> None:
    game = tx.execute("SELECT id FROM games WHERE rematch_of = ?", (game_id,)).fetchone()
    if game is not None:
        raise RematchTaken(game_id=game["id"])
    waiting = tx.execute(
        "SELECT id, channel_id, opponent_id FROM challenges WHERE rematch_of = ? "
        "AND status = 'open' AND expires_at > ?",
        (game_id, now),
    ).fetchone()
    if waiting is not None:
        raise RematchTaken(
            channel_id=waiting["channel_id"],
            challenge_id=waiting["id"],
            opponent_id=waiting["opponent_id"],
        )


def insert_game(tx: sqlite3.Connection, game: NewGame) -> int:
    cursor = tx.execute(
        "INSERT INTO games (guild_id, channel_id, player_a, player_b, ai_seat, ai_level, "
        "rules, game, seed, turn, turn_seconds, deadline, created_at, updated_at, rematch_of) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
    assert cursor.lastrowid is not None
    return cursor.lastrowid


def finish(
    tx: sqlite3.Connection,
    game: GameInfo,
    ending: Ending,
    now: float,
    turn: str | None,
    version: int,
) -> tuple[RatingChange, ...]:
    """End the game if it is still active at `version` (`GameMoved` otherwise) and, when
    rated, update both players' ratings in the same transaction (so exactly once)."""
    cursor = tx.execute(
        "UPDATE games SET status = 'finished', winner = ?, end_reason = ?, turn = ?, "
        "version = version + 1, deadline = NULL, updated_at = ?, rated = ? "
        "WHERE id = ? AND status = 'active' AND version = ?",
        (ending.winner, ending.reason, turn, now, int(ending.rated), game.id, version),
    )
    if cursor.rowcount != 1:
        raise GameMoved(load_game(tx, game.id))
    if not ending.rated:
        return ()
    before = [load_skill(tx, game.guild_id, game.game, user) for user in game.players]
    rows, changes = new_ratings(game.players, ending.winner, before)
    for row in rows:
        tx.execute(
            "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, games, wins, losses, "
            "draws, streak, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?) "
            "ON CONFLICT (guild_id, game, user_id) DO UPDATE SET mu = excluded.mu, "
            "sigma = excluded.sigma, games = games + 1, wins = wins + excluded.wins, "
            "losses = losses + excluded.losses, draws = draws + excluded.draws, "
            "streak = excluded.streak, updated_at = excluded.updated_at",
            (
                game.guild_id,
                game.game,
                row.user_id,
                row.mu,
                row.sigma,
                row.won,
                row.lost,
                row.drew,
                row.streak,
                now,
            ),
        )
        tx.execute(
            "INSERT INTO rating_history (guild_id, game, user_id, game_id, mu, sigma, at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game.guild_id, game.game, row.user_id, game.id, row.mu, row.sigma, now),
        )
    return changes


def load_skill(
    tx: sqlite3.Connection, guild_id: int, game: str, user_id: int
) -> tuple[Skill, int, int]:
    row = tx.execute(
        "SELECT mu, sigma, games, streak FROM ratings WHERE guild_id = ? AND game = ? "
        "AND user_id = ?",
        (guild_id, game, user_id),
    ).fetchone()
    if row is None:
        return Skill(), 0, 0
    return Skill(row["mu"], row["sigma"]), row["games"], row["streak"]
