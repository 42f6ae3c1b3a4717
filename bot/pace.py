"""Per-member limits on how fast the bot is asked for things, as a person plays.

A member who presses or types faster than a person plays (by default more than 5 presses or
commands a second, or 10 challenges a minute) gets a short private "slow down" and nothing
else happens, so one member can never drive the bot into Discord's rate limits. The limits
are settings (`CARAVAN_MAX_PRESSES_PER_SECOND`, `CARAVAN_MAX_CHALLENGES_PER_MINUTE`). They
are kept in memory, per process: a restart forgets them, which costs a flood a second.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

from bot.i18n import _

SLOW_DOWN = _("Slow down a little: that was faster than anyone plays. Try again in a moment.")


class Window:
    """At most `count` events per key in any `seconds`-long window (a sliding log of the
    times of the events it allowed)."""

    def __init__(
        self, count: int, seconds: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.count, self.seconds, self.clock = count, seconds, clock
        self._times: dict[int, deque[float]] = {}
        self._swept = clock()

    def allow(self, key: int) -> bool:
        """Whether one more event of `key` fits now; if it does, it is counted."""
        now = self.clock()
        if now - self._swept > 10 * self.seconds:
            self._sweep(now)
        times = self._times.setdefault(key, deque())
        while times and now - times[0] >= self.seconds:
            times.popleft()
        if len(times) >= self.count:
            return False
        times.append(now)
        return True

    def _sweep(self, now: float) -> None:
        """Forget the members with no event in the window (keeps memory to the active)."""
        self._swept = now
        idle = [k for k, t in self._times.items() if not t or now - t[-1] >= self.seconds]
        for key in idle:
            del self._times[key]

    def __len__(self) -> int:
        return len(self._times)


class Pace:
    """The two limits the bot applies to every interaction it answers."""

    CHALLENGES = frozenset({"challenge", "play-ai", "rematch"})

    def __init__(
        self,
        presses_per_second: int,
        challenges_per_minute: int,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.presses = Window(presses_per_second, 1.0, clock)
        self.challenges = Window(challenges_per_minute, 60.0, clock)

    def allow(self, user_id: int, action: str) -> bool:
        """Whether `user_id` may do `action` (a handler's name) now."""
        if not self.presses.allow(user_id):
            return False
        return action not in self.CHALLENGES or self.challenges.allow(user_id)
