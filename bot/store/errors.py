"""What the store reports when the data does not allow a change: facts, not sentences.
The game service decides what each means for the player and says it in words."""

from __future__ import annotations

from bot.records import Challenge, GameInfo


class Conflict(Exception):
    """The change was not made: nothing was written."""


class ChallengeClosed(Conflict):
    """The challenge is no longer open (answered, cancelled, or past its time)."""

    def __init__(self, challenge: Challenge) -> None:
        super().__init__(f"challenge {challenge.id} is {challenge.status}")
        self.challenge = challenge


class GameMoved(Conflict):
    """The game is no longer at the version the change was built on, or is over."""

    def __init__(self, game: GameInfo) -> None:
        super().__init__(f"game {game.id} is at version {game.version} ({game.status})")
        self.game = game


class TooMany(Conflict):
    """A per-player limit: `user_id` already has `count` (open challenges, games in
    progress or saved decks)."""

    def __init__(self, user_id: int, count: int) -> None:
        super().__init__(f"user {user_id} has {count}")
        self.user_id, self.count = user_id, count


class RematchTaken(Conflict):
    """The game already has a rematch: a game (`game_id`), or a challenge still waiting
    for an answer in `channel_id` (`challenge_id`, addressed to `opponent_id`)."""

    def __init__(
        self,
        game_id: int | None = None,
        channel_id: int | None = None,
        challenge_id: int | None = None,
        opponent_id: int | None = None,
    ) -> None:
        super().__init__(f"rematch taken: game {game_id}, channel {channel_id}")
        self.game_id, self.channel_id = game_id, channel_id
        self.challenge_id, self.opponent_id = challenge_id, opponent_id
