"""Where reviews are made (`ReviewRunner`): the reviews this process claims from the queue
(`bot.reviews.ReviewDesk`) are judged a move at a time in worker processes of their own (at
most `review_workers` reviews at once, apart from the computer player's workers, so a review
never holds up a move), each judged move kept before the next is asked for; the progress
message is edited in place at most every few seconds, and the review is posted in the
game's thread when its last move is judged. A review this process stops working on (a
restart, a crash) is taken up where it stopped, by this process or another, once its
heartbeat is stale.

Nothing awaits a move being judged: it is sent to the worker, and a loop's tick looks
whether it is done (every `TICK` while reviews are under way; otherwise the loop looks at
the queue every `LOOK_EVERY` seconds, or at once when a review is asked for). So no task of
the bot waits on a review (a clean stop does not, nor SimCord settling an interaction)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

import discord
from discord.ext import tasks

from bot.i18n import Catalogue, _
from bot.poster import Poster
from bot.records import GameRecord
from bot.reviews import Job
from bot.service import GameService
from bot.store.reviews import StoredReview
from bot.thinking import AiWorker
from bot.views.panels import pinging
from bot.views.review import progress_text, review_panel, turning_points
from engine.review import GameReview, MoveReview

log = logging.getLogger(__name__)
# Seconds between looks at the queue while idle (a review asked of this process is looked
# for at once; one whose process stopped is taken within twice this).
LOOK_EVERY = 120.0
TICK = 0.02  # seconds between looks at the moves being judged, while reviews are under way
EDIT_EVERY = 5.0  # seconds between edits of a progress message


@dataclass
class Working:
    """A review under way in this process."""

    review: StoredReview
    job: Job
    record: GameRecord
    words: Catalogue  # the server's, for the public messages
    judged: list[dict[str, Any]]
    progress: discord.PartialMessage | None
    edited: float = field(default_factory=time.monotonic)
    started: float = field(default_factory=time.perf_counter)
    pending: Future[dict[str, Any]] | None = None  # the move being judged


class ReviewRunner:
    def __init__(
        self, service: GameService, poster: Poster, ready: Callable[[], Awaitable[None]]
    ) -> None:
        self.service = service
        self.desk = service.reviews
        self.poster = poster
        self.ready = ready
        workers = service.settings.review_workers
        self.worker = AiWorker(workers)
        self.limit = max(1, workers)
        self._working: dict[int, Working] = {}  # by game id
        self._look_now = True
        self._looked = 0.0
        self._loop = tasks.loop(seconds=LOOK_EVERY)(self._tick)

    def start(self) -> None:
        self._loop.start()

    def kick(self) -> None:
        """Look at the queue now (a review was just asked for)."""
        self._look_now = True
        if self._loop.is_running() and not self._working:  # idle: asleep for LOOK_EVERY
            self._loop.restart()

    @property
    def busy(self) -> bool:
        """Whether reviews are under way in this process (or one was just asked for)."""
        return bool(self._working) or self._look_now

    def close(self) -> None:
        self._loop.cancel()
        self.worker.close()

    async def _tick(self) -> None:
        await self.ready()
        due = self.desk.clock() - self._looked >= LOOK_EVERY
        if (self._look_now or due) and len(self._working) < self.limit:
            self._look_now = False
            self._looked = self.desk.clock()
            await self._look()
        if self._working:
            await asyncio.gather(*(self._advance(w) for w in list(self._working.values())))
        self._loop.change_interval(seconds=TICK if self._working else LOOK_EVERY)

    async def _look(self) -> None:
        """Take reviews from the queue while this process has room for them."""
        while len(self._working) < self.limit:
            try:
                review = await self.desk.claim()
                if review is None:
                    return
                self._working[review.game_id] = await self._begin(review)
            except Exception:
                log.exception("taking a review from the queue failed")
                return

    async def _begin(self, review: StoredReview) -> Working:
        record = await self.service.record(review.game_id)
        words = await self.poster.words(record.game.guild_id)
        progress = None
        if review.channel_id is not None and review.progress_id is not None:
            channel = await self.poster.channel(review.channel_id)
            if isinstance(channel, discord.TextChannel | discord.Thread):
                progress = channel.get_partial_message(review.progress_id)
        job = self.desk.job(record)
        return Working(review, job, record, words, list(review.judged), progress)

    async def _advance(self, working: Working) -> None:
        """Look at `working`'s move in the worker: once it is judged, keep it and send the
        next (or post the review after the last). A failure leaves the review to its
        heartbeat: taken up again once it is stale."""
        game_id, job = working.review.game_id, working.job
        try:
            if working.pending is not None:
                if not working.pending.done():
                    return
                judged, working.pending = working.pending.result(), None
                working.judged.append(judged)
                if await self.desk.save(working.review, working.judged) is None:
                    log.info("the review of game %s was taken over by another process", game_id)
                    self._working.pop(game_id, None)
                    return
            if len(working.judged) >= working.review.total:
                self._working.pop(game_id, None)
                await self._post(working)
                return
            working.pending = self.worker.judging(
                job.reviewer, job.rules, job.seed, job.moves, len(working.judged), job.iterations
            )
            if time.monotonic() - working.edited >= EDIT_EVERY:
                await self._edit(working)
        except Exception:
            self._working.pop(game_id, None)
            log.exception("the review of game %s failed; it is taken up again later", game_id)

    async def _edit(self, working: Working) -> None:
        working.edited = time.monotonic()
        if working.progress is None:
            return
        review = working.review
        text = progress_text(review.game_id, len(working.judged), review.total, working.words)
        with contextlib.suppress(discord.HTTPException):
            await working.progress.edit(content=text)

    async def _post(self, working: Working) -> None:
        """The finished review, posted in the game's thread; its progress message says
        where."""
        record, words, game_id = working.record, working.words, working.review.game_id
        log.info(
            "reviewed game %s: %d moves in %.1f s",
            game_id,
            working.review.total,
            time.perf_counter() - working.started,
        )
        result = GameReview(tuple(MoveReview.from_json(move) for move in working.judged))
        names = await self.poster.names.game(record.game, words)
        panel = await review_panel(record, result, turning_points(record, result), names, words)
        channel = await self.poster.game_channel(record.game)
        sent = await channel.send(
            panel.content,
            files=[panel.file] if panel.file else [],
            view=panel.view or discord.utils.MISSING,
            allowed_mentions=pinging(),
        )
        await self.desk.shown(game_id, message_id=sent.id)
        if working.progress is not None:
            ready = _(
                "The computer's review of game #{game} is ready: {link}",
                game=game_id,
                link=sent.jump_url,
            )
            with contextlib.suppress(discord.HTTPException):
                await working.progress.edit(content=words.say(ready))
