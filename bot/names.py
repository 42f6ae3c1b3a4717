"""Members' display names, in their plain, inert form (`bot.inert.plain`), kept per user:
from the server's member cache, else asked of Discord (the member, or the user, for a
server this process does not hold: another shard's)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterable

import discord

from bot.games.words import LEVEL_TEXT
from bot.i18n import ENGLISH, Catalogue, _
from bot.inert import plain
from bot.records import GameInfo

log = logging.getLogger(__name__)


class Names:
    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self._names: dict[int, str] = {}
        self._asking: dict[int, asyncio.Task[str]] = {}  # lookups under way, by user id

    async def game(self, info: GameInfo, words: Catalogue = ENGLISH) -> dict[str, str]:
        """Each seat's name ("A", "B"): the computer's seat is the bot's own name with its
        level, in the reader's language (`words`): "Caravan (hard)"."""
        for user_id in info.players:
            await self.of(info.guild_id, user_id)
        names = {seat: self._names.get(info.user_at(seat), f"Player {seat}") for seat in "AB"}
        if info.ai_seat is not None:
            level = LEVEL_TEXT.get(info.ai_level or "", info.ai_level or "")
            names[info.ai_seat] = words.say(
                _("{player} ({level})", player=names[info.ai_seat], level=level)
            )
        return names

    async def of_users(self, guild_id: int, users: Iterable[int]) -> dict[int, str]:
        """Each of `users`' names, by user id."""
        return {user: await self.of(guild_id, user) for user in set(users)}

    async def of(self, guild_id: int, user_id: int) -> str:
        if user_id not in self._names:
            self._names[user_id] = await self._display_name(guild_id, user_id)
        return self._names[user_id]

    async def soon(self, members: Iterable[tuple[int, int]], seconds: float) -> dict[int, str]:
        """The names of `members` ((server id, user id) pairs) known within `seconds`, by
        user id: the unknown ones are asked of Discord all at once, not one after another;
        one that takes longer is missing from the answer and is still asked, for the next
        call. (An autocomplete has 3 seconds to answer: asking for a page of names one by
        one can take longer, and then it shows nothing.)"""
        wanted = {user: guild for guild, user in members}
        asking = [
            self._ask(guild, user) for user, guild in wanted.items() if user not in self._names
        ]
        if asking:
            await asyncio.wait(asking, timeout=seconds)
        return {user: self._names[user] for user in wanted if user in self._names}

    def _ask(self, guild_id: int, user_id: int) -> asyncio.Task[str]:
        """The lookup of `user_id`'s name: the one under way, else a new one."""
        task = self._asking.get(user_id)
        if task is None:
            task = asyncio.create_task(self.of(guild_id, user_id))
            self._asking[user_id] = task
            task.add_done_callback(lambda done: self._asked(user_id, done))
        return task

    def _asked(self, user_id: int, task: asyncio.Task[str]) -> None:
        self._asking.pop(user_id, None)
        if not task.cancelled() and task.exception() is not None:
            log.warning("the name of user %s could not be read", user_id, exc_info=task.exception())

    def remember(self, user: discord.abc.User) -> None:
        self._names[user.id] = plain(user.display_name)

    async def _display_name(self, guild_id: int, user_id: int) -> str:
        guild = self.client.get_guild(guild_id)
        member = guild.get_member(user_id) if guild else None
        try:
            if member is None and guild is not None:
                member = await guild.fetch_member(user_id)
        except discord.HTTPException:
            member = None
        if member is not None:
            return plain(member.display_name)
        user = self.client.get_user(user_id)
        if user is None:  # a server on another shard or process: ask Discord
            with contextlib.suppress(discord.HTTPException):
                user = await self.client.fetch_user(user_id)
        return plain(user.display_name) if user else f"Player {user_id}"
