"""What an event does next, from its record: nothing yet (games are being played), more
games in the round being played (a knockout's replays), the next round, or its end.

The service asks this after every game of the event ends, and its minute sweep asks it of
every running event (a process may have stopped between a game's end and the next round):
the answer depends only on the record, so every process that asks gets the same one, and
the store writes it once (guarded by the event's version). Each format says its own
(`Format.next_step`); `next_step` and `planned_rounds` ask the registry.
"""

from bot.tournament.format import Step
from bot.tournament.formats import next_step, planned_rounds

__all__ = ["Step", "next_step", "planned_rounds"]
