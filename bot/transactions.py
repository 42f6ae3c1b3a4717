"""The statements each change runs: plain functions on the write connection, called inside
`Database.write` (one transaction, on the connection's thread), and the refusals they raise."""

from __future__ import annotations

import logging
import secrets
import sqlite3
from typing import Any

from bot.errors import ChallengeRefused, GameOver, NotFound, NotYourGame, NotYourTurn, StaleView
from bot.ratings import PROVISIONAL_GAMES, Skill, rate
from bot.records import (
    AnyRules,
    Challenge,
    GameInfo,
    RatingChange,
    Standing,
    game_of,
    new_game,
    rules_to_text,
)

log = logging.getLogger("bot.service")


def check_playable(info: GameInfo, seat: str, expected_version: int) -> None:
    """Refuse a move in a game that is over, has moved on, or waits for the other player."""
    if not info.active:
        raise GameOver("This game is over.")
    if info.version != expected_version:
        raise StaleView("That was an old view: the game has moved on since.")
    if info.turn != seat:
        raise NotYourTurn("It is not your turn.")


def player_seat(info: GameInfo, user_id: int) -> str:
    seat = info.seat_of(user_id)
    if seat is None:
        raise NotYourGame("You are not playing in this game.")
    return seat


def insert_game(
    tx: sqlite3.Connection,
    *,
    guild_id: int,
    channel_id: int,
    players: tuple[int, int],
    rules: AnyRules,
    turn_seconds: int,
    now: float,
    ai: tuple[str, str] | None = None,
    rematch_of: int | None = None,
) -> int:
    seed = secrets.randbits(53)
    game = new_game(rules, seed)
    cursor = tx.execute(
        "INSERT INTO games (guild_id, channel_id, player_a, player_b, ai_seat, ai_level, "
        "rules, game, seed, turn, turn_seconds, deadline, created_at, updated_at, rematch_of) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            guild_id,
            channel_id,
            *players,
            ai[0] if ai else None,
            ai[1] if ai else None,
            rules_to_text(rules),
            game_of(rules),
            seed,
            game.mover,
            turn_seconds,
            now + turn_seconds,
            now,
            now,
            rematch_of,
        ),
    )
    assert cursor.lastrowid is not None
    log.info("game %s started in guild %s", cursor.lastrowid, guild_id)
    return cursor.lastrowid


def finish(
    tx: sqlite3.Connection,
    info: GameInfo,
    winner: str,
    reason: str,
    now: float,
    turn: str | None,
    expected_version: int | None = None,
) -> tuple[RatingChange, ...]:
    """End the game and, if it is rated, update both ratings: in the caller's transaction,
    and only if this call is the one that ends it (exactly once); with `expected_version`,
    only if the game is still at that version."""
    cursor = tx.execute(
        "UPDATE games SET status = 'finished', winner = ?, end_reason = ?, turn = ?, "
        "version = version + 1, deadline = NULL, updated_at = ?, rated = ? "
        "WHERE id = ? AND status = 'active' AND version = coalesce(?, version)",
        (winner, reason, turn, now, 1 if info.rated else 0, info.id, expected_version),
    )
    if cursor.rowcount != 1:
        current = load_game(tx, info.id)
        if current.active:
            raise StaleView("That was an old view: the game has moved on since.")
        raise GameOver("This game is over.")
    log.info("game %s finished: %s (%s)", info.id, winner, reason)
    if not info.rated:
        return ()
    before = [load_skill(tx, info.guild_id, info.game, user) for user in info.players]
    after = rate(before[0][0], before[1][0], winner)
    changes = []
    for i, seat in enumerate("AB"):
        user = info.players[i]
        skill, games, streak = before[i]
        won, drew = winner == seat, winner == "draw"
        streak = 0 if drew else (max(streak, 0) + 1 if won else min(streak, 0) - 1)
        tx.execute(
            "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, games, wins, losses, "
            "draws, streak, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?) "
            "ON CONFLICT (guild_id, game, user_id) DO UPDATE SET mu = excluded.mu, "
            "sigma = excluded.sigma, games = games + 1, wins = wins + excluded.wins, "
            "losses = losses + excluded.losses, draws = draws + excluded.draws, "
            "streak = excluded.streak, updated_at = excluded.updated_at",
            (
                info.guild_id,
                info.game,
                user,
                after[i].mu,
                after[i].sigma,
                int(won),
                int(not won and not drew),
                int(drew),
                streak,
                now,
            ),
        )
        tx.execute(
            "INSERT INTO rating_history (guild_id, game, user_id, game_id, mu, sigma, at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (info.guild_id, info.game, user, info.id, after[i].mu, after[i].sigma, now),
        )
        changes.append(
            RatingChange(user, skill.shown, after[i].shown, games + 1 < PROVISIONAL_GAMES)
        )
    return tuple(changes)


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


def load_game(tx: sqlite3.Connection, game_id: int) -> GameInfo:
    row = tx.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        raise NotFound("There is no such game.")
    return GameInfo.from_row(row)


def load_challenge(tx: sqlite3.Connection, challenge_id: int) -> Challenge:
    row = tx.execute("SELECT * FROM challenges WHERE id = ?", (challenge_id,)).fetchone()
    if row is None:
        raise NotFound("There is no such challenge.")
    return Challenge.from_row(row)


def open_challenge(tx: sqlite3.Connection, challenge_id: int, now: float) -> Challenge:
    challenge = load_challenge(tx, challenge_id)
    if challenge.status == "open" and challenge.expires_at <= now:
        challenge = close_challenge(tx, challenge_id, "expired")
    if challenge.status != "open":
        raise ChallengeRefused(f"This challenge was {challenge.status} already.")
    return challenge


def close_challenge(tx: sqlite3.Connection, challenge_id: int, status: str) -> Challenge:
    tx.execute(
        "UPDATE challenges SET status = ? WHERE id = ? AND status = 'open'", (status, challenge_id)
    )
    return load_challenge(tx, challenge_id)


def standing(rank: int, row: Any) -> Standing:
    return Standing(
        rank=rank,
        user_id=row["user_id"],
        rating=Skill(row["mu"], row["sigma"]).shown,
        provisional=row["games"] < PROVISIONAL_GAMES,
        games=row["games"],
        wins=row["wins"],
        losses=row["losses"],
        draws=row["draws"],
        streak=row["streak"],
    )


def duration(seconds: int) -> str:
    if seconds >= 3600:
        return f"{seconds // 3600} h {seconds % 3600 // 60} min"
    if seconds >= 60:
        return f"{seconds // 60} min"
    return f"{seconds} s"


def scalar(tx: sqlite3.Connection, sql: str, params: tuple[Any, ...]) -> int:
    row = tx.execute(sql, params).fetchone()
    return int(row[0]) if row is not None and row[0] is not None else 0
