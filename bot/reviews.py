"""The computer's review of a finished game, as the game service sees it (`ReviewDesk`):
who may ask for one and when, the queue, and what a worker needs to judge the next move.
The judging itself runs in worker processes (`bot.reviewing`), the words and the chart in
the layers above; nothing here knows Discord."""

from __future__ import annotations

import os
import socket
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.errors import GameNotOver, NotFound, ServiceError
from bot.held import Held
from bot.i18n import _, n_
from bot.kinds import kind_of
from bot.records import GameInfo, GameRecord
from bot.settings import Settings
from bot.store import Store
from bot.store.errors import TooMany
from bot.store.reviews import QueueFull, StoredReview
from bot.store.rows import Shards

# A review whose process has not moved it on for this long is taken over by another (or by
# this process after a restart): a move is judged in well under it.
STALE_SECONDS = 120.0


class ReviewRefused(ServiceError):
    """A review asked too often, with too many waiting, or of a game that cannot have one."""


@dataclass(frozen=True)
class Job:
    """What a worker needs to judge a game's moves: its kind's reviewer module (its
    `review_move(rules, seed, moves, ply, iterations=...)`), the rules, the seed, the moves
    and the budget."""

    reviewer: str
    rules: Any
    seed: int
    moves: tuple[str, ...]
    iterations: int | None  # the search's budget a move (None: the engine's default)


class ReviewDesk:
    def __init__(
        self,
        store: Store,
        settings: Settings,
        clock: Callable[[], float],
        shards: Shards,
        held: Held,
    ) -> None:
        self.store = store
        self.settings = settings
        self.clock = clock
        self.shards = shards
        self.held = held
        # this process, as the runner of the reviews it works on
        self.runner = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"

    async def ask(
        self, game_id: int, user_id: int, guild_id: int | None = None
    ) -> tuple[GameInfo, StoredReview, bool]:
        """The review of a finished game (of `guild_id`, when given): asked for now by
        `user_id` if nobody had (True), else as it stands (False)."""
        info = await self.held.game(game_id)
        if guild_id is not None and info.guild_id != guild_id:
            raise NotFound(_("There is no such game in this server."))
        if info.active:
            raise GameNotOver(
                _("This game is not over yet: the computer reviews a game once it has ended.")
            )
        if kind_of(info.rules).reviewer is None:
            raise ReviewRefused(_("The computer cannot review this game."))
        _seed, moves = await self.store.games.seed_and_moves(game_id)
        if not moves:
            raise ReviewRefused(_("This game ended before its first move: nothing to review."))
        try:
            review, new = await self.store.reviews.request_review(
                game_id,
                user_id,
                len(moves),
                self.clock(),
                self.settings.reviews_per_hour,
                self.settings.review_queue,
            )
        except TooMany as many:
            raise ReviewRefused(
                n_(
                    "You asked for {count} review in the last hour, the most; try again later.",
                    "You asked for {count} reviews in the last hour, the most; try again later.",
                    many.count,
                )
            ) from None
        except QueueFull as full:
            raise ReviewRefused(
                n_(
                    "{count} review is waiting to be made, the most at once; try again soon.",
                    "{count} reviews are waiting to be made, the most at once; try again soon.",
                    full.waiting,
                )
            ) from None
        return info, review, new

    async def review(self, game_id: int) -> StoredReview | None:
        return await self.store.reviews.review(game_id)

    async def claim(self) -> StoredReview | None:
        """The next review for this process to work on (one waiting, or one whose process
        stopped), if any."""
        now = self.clock()
        return await self.store.reviews.claim_review(
            self.runner, now, now - STALE_SECONDS, self.shards
        )

    def job(self, record: GameRecord) -> Job:
        """What a worker needs to judge the moves of the game `record` holds."""
        rules = record.game.rules
        reviewer = kind_of(rules).reviewer
        assert reviewer is not None, "asked only of kinds that review"
        return Job(reviewer, rules, record.seed, record.moves, self.settings.review_iterations)

    async def save(
        self, review: StoredReview, judged: Sequence[dict[str, Any]]
    ) -> StoredReview | None:
        """Keep the moves judged so far (done once every move is); None if another process
        took the review over (this one stops working on it)."""
        done = len(judged) >= review.total
        return await self.store.reviews.save_judged(
            review.game_id, self.runner, list(judged), self.clock(), done
        )

    async def shown(
        self,
        game_id: int,
        channel_id: int | None = None,
        progress_id: int | None = None,
        message_id: int | None = None,
    ) -> None:
        """Where the review's progress and the review itself are shown."""
        await self.store.reviews.set_review_messages(game_id, channel_id, progress_id, message_id)
