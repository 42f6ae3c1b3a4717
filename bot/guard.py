"""The guard around every interaction: the pace limit, the name cache, and the answer to a
refusal or a failure.

`guard(interaction, name, work)` runs `work` and answers a refusal (`ServiceError`) with its
friendly sentence, privately, and anything unexpected with "something went wrong; the game
is unchanged" (logging the traceback), and logs one line per interaction with its handling
time. Slow work (the database, images) comes after a defer, so Discord's 3 seconds hold.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Coroutine
from typing import Any

import discord

from bot.errors import ServiceError
from bot.i18n import Said, _, words_for
from bot.inert import cut
from bot.names import Names
from bot.pace import SLOW_DOWN, Pace

log = logging.getLogger("caravan.bot")
Interaction = discord.Interaction[Any]
OOPS = _("Something went wrong on our side; the game is unchanged. Please try again.")


class Guard:
    def __init__(self, pace: Pace, names: Names) -> None:
        self.pace = pace
        self.names = names

    async def __call__(
        self, interaction: Interaction, name: str, work: Coroutine[Any, Any, None]
    ) -> None:
        started = time.perf_counter()
        outcome = "ok"
        try:
            if not self.pace.allow(interaction.user.id, name):
                work.close()
                outcome = "too-fast"  # the log's word; the member reads SLOW_DOWN
                await private(interaction, SLOW_DOWN)
                return
            self.names.remember(interaction.user)
            await work
        except ServiceError as refusal:
            outcome = type(refusal).__name__
            await private(interaction, refusal.said)
        except Exception:
            outcome = "error"
            log.exception("interaction %s by %s failed", name, interaction.user.id)
            await private(interaction, OOPS)
        finally:
            spent = (time.perf_counter() - started) * 1000
            log.info("%s by %s: %s in %.1f ms", name, interaction.user.id, outcome, spent)


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
