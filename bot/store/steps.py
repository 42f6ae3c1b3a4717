"""The steps the game, challenge and deck transactions share (`bot.store.script`): a game
or challenge read back, a player's limit checked, a finished game's rematch looked for, a
game written, a game finished with its ratings. The same statements on every dialect, with
the locks PostgreSQL's many writers need (READ COMMITTED):

- a game's row: every change is `UPDATE ... WHERE version = ? AND status = 'active'`; a
  second writer waits for the first's row lock, then finds the version moved (GameMoved);
- a player: their lock (`lock_players`) before reading a per-player count or rating and
  writing past it (open challenges, games in progress, saved decks, ratings), taken in
  ascending id order and always after the transaction's row locks;
- a finished game's rematch: its row, locked while the rematch is looked for and made.
"""

from __future__ import annotations

from typing import Any

from bot.ratings import Skill
from bot.records import Challenge, GameInfo, RatingChange
from bot.store.errors import GameMoved, RematchTaken, TooMany
from bot.store.rows import Ending, NewGame, new_ratings
from bot.store.script import Script, count, lock_players, lock_row, one


def load_game(game_id: int) -> Script[GameInfo]:
    rows = yield ("SELECT * FROM games WHERE id = ?", (game_id,))
    assert rows, f"game {game_id} is gone"
    return GameInfo.from_row(rows[0])


def load_challenge(challenge_id: int) -> Script[Challenge]:
    rows = yield ("SELECT * FROM challenges WHERE id = ?", (challenge_id,))
    assert rows, f"challenge {challenge_id} is gone"
    return Challenge.from_row(rows[0])


def check_active(user_id: int, limit: int) -> Script[None]:
    """Refuse past `limit` games in progress (the player's lock must be held)."""
    rows = yield (
        "SELECT COUNT(*) AS n FROM games WHERE status = 'active' "
        "AND (player_a = ? OR player_b = ?)",
        (user_id, user_id),
    )
    if count(rows) >= limit:
        raise TooMany(user_id, count(rows))


def check_no_rematch(game_id: int, now: float) -> Script[None]:
    """Lock the finished game, then refuse if it has a rematch, played or waiting."""
    yield from lock_row("games", game_id)
    game = yield ("SELECT id FROM games WHERE rematch_of = ?", (game_id,))
    if game:
        raise RematchTaken(game_id=game[0]["id"])
    waiting = yield (
        "SELECT id, channel_id, opponent_id FROM challenges WHERE rematch_of = ? "
        "AND status = 'open' AND expires_at > ?",
        (game_id, now),
    )
    if waiting:
        raise RematchTaken(
            channel_id=waiting[0]["channel_id"],
            challenge_id=waiting[0]["id"],
            opponent_id=waiting[0]["opponent_id"],
        )


def insert_game(game: NewGame, **more: Any) -> Script[GameInfo]:
    """Write a new game, with `more` columns (a tournament's game: its event and label)."""
    columns: dict[str, Any] = {
        "guild_id": game.guild_id,
        "channel_id": game.channel_id,
        "player_a": game.players[0],
        "player_b": game.players[1],
        "ai_seat": game.ai[0] if game.ai else None,
        "ai_level": game.ai[1] if game.ai else None,
        "rules": game.rules,
        "game": game.game,
        "seed": game.seed,
        "turn": game.turn,
        "turn_seconds": game.turn_seconds,
        "deadline": game.now + game.turn_seconds,
        "created_at": game.now,
        "updated_at": game.now,
        "rematch_of": game.rematch_of,
        **more,
    }
    rows = yield (
        f"INSERT INTO games ({', '.join(columns)}) "
        f"VALUES ({', '.join('?' * len(columns))}) RETURNING *",
        tuple(columns.values()),
    )
    return GameInfo.from_row(one(rows))


def finish(
    game: GameInfo, ending: Ending, now: float, turn: str | None, version: int
) -> Script[tuple[GameInfo, tuple[RatingChange, ...]]]:
    """End the game if it is still active at `version` (`GameMoved` otherwise) and, when
    rated, update both players' ratings under their locks in the same transaction (so
    exactly once, and none lost)."""
    rows = yield (
        "UPDATE games SET status = 'finished', winner = ?, end_reason = ?, turn = ?, "
        "version = version + 1, deadline = NULL, updated_at = ?, rated = ? "
        "WHERE id = ? AND status = 'active' AND version = ? RETURNING *",
        (ending.winner, ending.reason, turn, now, int(ending.rated), game.id, version),
    )
    if not rows:
        raise GameMoved((yield from load_game(game.id)))
    ended = GameInfo.from_row(rows[0])
    if not ending.rated:
        return ended, ()
    yield from lock_players(*game.players)
    before = []
    for user in game.players:
        before.append((yield from load_skill(game.guild_id, game.game, user)))
    news, changes = new_ratings(game.players, ending.winner, before)
    for new in news:
        yield (
            "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, games, wins, losses, "
            "draws, streak, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?) "
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
        yield (
            "INSERT INTO rating_history (guild_id, game, user_id, game_id, mu, sigma, at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game.guild_id, game.game, new.user_id, game.id, new.mu, new.sigma, now),
        )
    return ended, changes


def load_skill(guild_id: int, game: str, user_id: int) -> Script[tuple[Skill, int, int]]:
    rows = yield (
        "SELECT mu, sigma, games, streak FROM ratings WHERE guild_id = ? AND game = ? "
        "AND user_id = ?",
        (guild_id, game, user_id),
    )
    if not rows:
        return Skill(), 0, 0
    row = rows[0]
    return Skill(row["mu"], row["sigma"]), row["games"], row["streak"]
