"""The transaction scripts the event store's methods share (`bot.store.events`): reading an
event whole, moving its version on if it is still where it was read, and writing a step
of its rounds (the settled boards and the games it makes). Each is a generator of SQL
statements (`bot.store.script`), the same on every backend."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.store.rows import NewGame
from bot.store.script import Script
from bot.store.steps import insert_game
from bot.tournament.records import Board, Entrant, Event, Tournament
from bot.tournament.rounds import Step


def read_event(tournament_id: int) -> Script[Event | None]:
    rows = yield ("SELECT * FROM tournaments WHERE id = ?", (tournament_id,))
    if not rows:
        return None
    entrants = yield (
        "SELECT * FROM entrants WHERE tournament_id = ? "
        "ORDER BY COALESCE(seed, 1000000000), joined_at, user_id",
        (tournament_id,),
    )
    boards = yield (
        "SELECT * FROM tournament_games WHERE tournament_id = ? ORDER BY round, board",
        (tournament_id,),
    )
    return Event(
        Tournament.from_row(rows[0]),
        tuple(Entrant.from_row(row) for row in entrants),
        tuple(Board.from_row(row) for row in boards),
    )


def event_now(tournament_id: int) -> Script[Event]:
    event = yield from read_event(tournament_id)
    assert event is not None
    return event


def bump(event: Event, expected_status: str, **changes: Any) -> Script[bool]:
    """Move the tournament on a version (with `changes`) if it is still at the version and
    status it was read at; whether it was."""
    sets = "".join(f", {column} = ?" for column in changes)
    rows = yield (
        f"UPDATE tournaments SET version = version + 1{sets} "
        "WHERE id = ? AND version = ? AND status = ? RETURNING id",
        (*changes.values(), event.id, event.tournament.version, expected_status),
    )
    return bool(rows)


def write_step(event: Event, step: Step, games: Sequence[NewGame], label: str) -> Script[None]:
    """The step's settled records and its games (made now, as `games` says, in order)."""
    board = event.next_board(step.round)
    for played in step.settled:
        yield (
            "INSERT INTO tournament_games (tournament_id, round, board, first, second, "
            "points, forfeit) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                event.id,
                played.round,
                board,
                played.first,
                played.second,
                played.points,
                int(played.forfeit),
            ),
        )
        board += 1
    assert len(games) == len(step.games)
    for pairing, game in zip(step.games, games, strict=True):
        # the seed says which seat moves first (G1): `first` sits there
        assert game.players[0 if game.turn == "A" else 1] == pairing.first
        assert set(game.players) == {pairing.first, pairing.second}
        made = yield from insert_game(
            game, tournament_id=event.id, event=label, unrated=0 if event.tournament.rated else 1
        )
        game_id = made.id
        yield (
            "INSERT INTO tournament_games (tournament_id, round, board, first, second, "
            "game_id) VALUES (?, ?, ?, ?, ?, ?)",
            (event.id, step.round, board, pairing.first, pairing.second, game_id),
        )
        board += 1
