"""The guard around every interaction: the pace limit, the name cache, and the answer to a
refusal or a failure.

`guard(interaction, name, work)` runs `work` and answers a refusal (`ServiceError`) with its
friendly sentence, privately, and anything unexpected with "something went wrong; the game
is unchanged" (logging the traceback), and logs one line per interaction with its handling
time; with metrics on, it counts the interaction by its name, outcome and reason and times
it (`bot.metrics`). Slow work (the database, images) comes after a defer, so Discord's 3
seconds hold.

Each interaction's log lines say its id, server, shard and game (`bot.logs`). Once the bot
is stopping (`stopping`: SIGTERM), a new interaction is answered "restarting, try again in
a moment" and nothing else happens; `idle()` waits for those already under way.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Coroutine
from typing import Any

import discord

from bot.errors import ServiceError
from bot.i18n import Said, _, words_for
from bot.inert import cut
from bot.logs import bind, unbind
from bot.metrics import ANSWERED, FAILED, REFUSED, Metrics
from bot.names import Names
from bot.pace import SLOW_DOWN, Pace

log = logging.getLogger("caravan.bot")
Interaction = discord.Interaction[Any]
OOPS = _("Something went wrong on our side; the game is unchanged. Please try again.")
RESTARTING = _("The bot is restarting; please try again in a moment.")


class Guard:
    def __init__(self, pace: Pace, names: Names, metrics: Metrics | None = None) -> None:
        self.pace = pace
        self.names = names
        self.metrics = metrics
        self.stopping = False  # a stop began: new interactions are refused (RESTARTING)
        self._in_flight = 0
        self._idle = asyncio.Event()
        self._idle.set()

    async def __call__(
        self,
        interaction: Interaction,
        name: str,
        work: Coroutine[Any, Any, None],
        game: int | None = None,
    ) -> None:
        """Run `work` for `interaction` (`name` for the log; `game`: the game it acts on)."""
        started = time.perf_counter()
        outcome = "ok"
        counted, reason = ANSWERED, ""  # for the metrics: answered, refused or failed
        where = bind(
            interaction=interaction.id,
            guild=interaction.guild_id,
            shard=interaction.guild.shard_id if interaction.guild else None,
            game=game,
        )
        self._in_flight += 1
        self._idle.clear()
        try:
            if self.stopping:
                work.close()
                outcome = "restarting"
                counted, reason = REFUSED, outcome
                await private(interaction, RESTARTING)
                return
            if not self.pace.allow(interaction.user.id, name):
                work.close()
                outcome = "too-fast"  # the log's word; the member reads SLOW_DOWN
                counted, reason = REFUSED, outcome
                await private(interaction, SLOW_DOWN)
                return
            self.names.remember(interaction.user)
            await work
        except ServiceError as refusal:
            outcome = type(refusal).__name__
            counted, reason = REFUSED, outcome
            await private(interaction, refusal.said)
        except Exception as error:
            outcome = "error"
            counted, reason = FAILED, type(error).__name__
            log.exception("interaction %s by %s failed", name, interaction.user.id)
            await private(interaction, OOPS)
        finally:
            spent = time.perf_counter() - started
            log.info("%s by %s: %s in %.1f ms", name, interaction.user.id, outcome, spent * 1000)
            if self.metrics is not None:
                self.metrics.interaction(name, counted, reason, spent)
            self._in_flight -= 1
            if not self._in_flight:
                self._idle.set()
            unbind(where)

    @property
    def in_flight(self) -> int:
        """The interactions being handled now."""
        return self._in_flight

    async def idle(self) -> None:
        """Returns once no interaction is being handled (at once if none is)."""
        await self._idle.wait()


async def private(interaction: Interaction, said: Said) -> None:
    """Answer `interaction` with `said`, in its member's language, that only they see."""
    # refusals quote member text cut short; this is the backstop
    text = cut(words_for(interaction.locale).say(said), 2000)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not answer interaction %s", interaction.id)
