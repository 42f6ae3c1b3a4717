"""Reviews of finished games as the store keeps them: `ReviewQueue`, asked once a game,
claimed by one process at a time, judged a move at a time (the moves judged so far kept,
so a restart goes on where it stopped), then done. The same statements on every dialect."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from bot.store.dialect import Part
from bot.store.errors import Conflict, TooMany
from bot.store.rows import ALL, Shards
from bot.store.script import Row, Script, count, lock_players

HOUR = 3600.0
QUEUED, RUNNING, DONE = "queued", "running", "done"


class QueueFull(Conflict):
    """As many reviews wait as the host allows."""

    def __init__(self, waiting: int) -> None:
        super().__init__(f"{waiting} reviews waiting")
        self.waiting = waiting


@dataclass(frozen=True)
class StoredReview:
    """A game's review as kept: `judged` holds each move judged so far, in order (the
    fields of `engine.review.MoveReview`)."""

    game_id: int
    requested_by: int
    requested_at: float
    status: str
    total: int
    judged: tuple[dict[str, Any], ...]
    channel_id: int | None
    progress_id: int | None
    message_id: int | None
    runner: str | None
    heartbeat: float | None
    finished_at: float | None

    @property
    def done(self) -> bool:
        return self.status == DONE

    @staticmethod
    def from_row(row: Row) -> StoredReview:
        return StoredReview(
            game_id=row["game_id"],
            requested_by=row["requested_by"],
            requested_at=row["requested_at"],
            status=row["status"],
            total=row["total"],
            judged=tuple(json.loads(row["judged"])),
            channel_id=row["channel_id"],
            progress_id=row["progress_id"],
            message_id=row["message_id"],
            runner=row["runner"],
            heartbeat=row["heartbeat"],
            finished_at=row["finished_at"],
        )


def _review(game_id: int) -> Script[StoredReview | None]:
    rows = yield ("SELECT * FROM reviews WHERE game_id = ?", (game_id,))
    return StoredReview.from_row(rows[0]) if rows else None


class ReviewQueue(Part):
    async def request_review(
        self, game_id: int, user_id: int, total: int, now: float, per_hour: int, waiting: int
    ) -> tuple[StoredReview, bool]:
        """The game's review, asked for now if it was not (True) or as it is (False). A new
        one is refused when the member asked for `per_hour` in the last hour (`TooMany`) or
        `waiting` wait already (`QueueFull`)."""

        def request() -> Script[tuple[StoredReview, bool]]:
            yield from lock_players(user_id)
            kept = yield from _review(game_id)
            if kept is not None:
                return kept, False
            rows = yield (
                "SELECT COUNT(*) AS n FROM reviews WHERE requested_by = ? AND requested_at > ?",
                (user_id, now - HOUR),
            )
            if count(rows) >= per_hour:
                raise TooMany(user_id, count(rows))
            rows = yield ("SELECT COUNT(*) AS n FROM reviews WHERE status != 'done'", ())
            if count(rows) >= waiting:
                raise QueueFull(count(rows))
            rows = yield (
                "INSERT INTO reviews (game_id, requested_by, requested_at, total) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (game_id) DO NOTHING RETURNING *",
                (game_id, user_id, now, total),
            )
            if not rows:  # asked by someone else meanwhile
                again = yield from _review(game_id)
                assert again is not None
                return again, False
            return StoredReview.from_row(rows[0]), True

        return await self.dialect.run(request)

    async def review(self, game_id: int) -> StoredReview | None:
        rows = await self.dialect.read("SELECT * FROM reviews WHERE game_id = ?", (game_id,))
        return StoredReview.from_row(rows[0]) if rows else None

    async def claim_review(
        self, runner: str, now: float, stale_before: float, shards: Shards = ALL
    ) -> StoredReview | None:
        """The review longest waiting (of a game of a server on `shards`), now `runner`'s:
        a queued one, or one whose process stopped moving it on before `stale_before` (it
        stopped or died). None when none waits, or another process took it first."""
        on = shards.sql("g.guild_id")
        # looked for with a read: a process with nothing to take never takes the write lock
        rows = await self.dialect.read(
            "SELECT r.game_id FROM reviews r JOIN games g ON g.id = r.game_id "
            "WHERE (r.status = 'queued' OR (r.status = 'running' AND r.heartbeat < ?)) "
            f"AND {on} ORDER BY r.requested_at, r.game_id LIMIT 1",
            (stale_before,),
        )
        if not rows:
            return None

        def claim() -> Script[StoredReview | None]:
            taken = yield (
                "UPDATE reviews SET status = 'running', runner = ?, heartbeat = ? "
                "WHERE game_id = ? AND (status = 'queued' OR (status = 'running' "
                "AND heartbeat < ?)) RETURNING *",
                (runner, now, rows[0]["game_id"], stale_before),
            )
            return StoredReview.from_row(taken[0]) if taken else None

        return await self.dialect.run(claim)

    async def save_judged(
        self, game_id: int, runner: str, judged: list[dict[str, Any]], now: float, done: bool
    ) -> StoredReview | None:
        """Keep the moves judged so far (and, with `done`, the review is finished) while
        `runner` still holds the review; None if another process took it over."""

        def save() -> Script[StoredReview | None]:
            rows = yield (
                "UPDATE reviews SET judged = ?, heartbeat = ?, status = ?, finished_at = ? "
                "WHERE game_id = ? AND runner = ? AND status = 'running' RETURNING *",
                (
                    json.dumps(judged, separators=(",", ":")),
                    now,
                    DONE if done else RUNNING,
                    now if done else None,
                    game_id,
                    runner,
                ),
            )
            return StoredReview.from_row(rows[0]) if rows else None

        return await self.dialect.run(save)

    async def set_review_messages(
        self,
        game_id: int,
        channel_id: int | None = None,
        progress_id: int | None = None,
        message_id: int | None = None,
    ) -> None:
        await self.dialect.statement(
            "UPDATE reviews SET channel_id = COALESCE(?, channel_id), "
            "progress_id = COALESCE(?, progress_id), message_id = COALESCE(?, message_id) "
            "WHERE game_id = ?",
            (channel_id, progress_id, message_id, game_id),
        )
