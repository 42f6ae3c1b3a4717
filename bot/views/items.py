"""The bot's persistent components. Each is a discord.py `DynamicItem` whose custom_id
carries what it acts on (a challenge, or a game and the version its panel was drawn at), so
every button already posted keeps working after a restart. The acting user always comes
from the interaction, never from the custom_id. A press is handed to the cog that does the
work (`bot.cogs.games`, `bot.cogs.hands`, `bot.cogs.events`), which the bot names as
`games`, `hands` and `events`: what each must do is the protocol `GamePresses` or
`EventPresses` below, or `bot.views.hand_items.HandPresses` (the hand panel's controls)."""

from __future__ import annotations

import re
from typing import Any, Protocol, cast

import discord

from bot.i18n import ENGLISH, Catalogue, _
from bot.views import hand_items

Interaction = discord.Interaction[Any]


class GamePresses(Protocol):
    async def answer_challenge(
        self, interaction: Interaction, challenge_id: int, action: str
    ) -> None: ...
    async def show_rules(self, interaction: Interaction, game_id: int) -> None: ...
    async def resign(self, interaction: Interaction, game_id: int, step: str) -> None: ...
    async def claim(self, interaction: Interaction, game_id: int) -> None: ...
    async def rematch(self, interaction: Interaction, game_id: int) -> None: ...
    async def watch(self, interaction: Interaction, game_id: int, ply: int, open: bool) -> None: ...


class ReviewPresses(Protocol):
    async def review(self, interaction: Interaction, game_id: int) -> None: ...
    async def turning_point(self, interaction: Interaction, game_id: int, number: int) -> None: ...


class EventPresses(Protocol):
    async def event_press(
        self, interaction: Interaction, tournament_id: int, action: str
    ) -> None: ...


def _games(interaction: Interaction) -> GamePresses:
    return cast(GamePresses, interaction.client.games)


def _reviews(interaction: Interaction) -> ReviewPresses:
    return cast(ReviewPresses, interaction.client.reviews)


def controls(*components: discord.ui.Item[Any]) -> discord.ui.View:
    """A message's components as a View that discord.py does not keep.

    The components are DynamicItems, dispatched by the templates the bot registers, so the
    View itself has nothing to listen for. Left running, discord.py would keep every View
    sent (forever, or with a 15-minute timeout task for each ephemeral one): hundreds per
    long game. Stopped before it is sent, it is only serialised.
    """
    view = discord.ui.View(timeout=None)
    for component in components:
        view.add_item(component)
    view.stop()
    return view


ANSWER_STYLES = {
    "accept": (_("Accept"), discord.ButtonStyle.success),
    "decline": (_("Decline"), discord.ButtonStyle.secondary),
    "cancel": (_("Cancel"), discord.ButtonStyle.danger),
}


class AnswerButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"caravan:challenge:(?P<id>\d+):(?P<action>accept|decline|cancel)",
):
    def __init__(self, challenge_id: int, action: str, words: Catalogue = ENGLISH) -> None:
        label, style = ANSWER_STYLES[action]
        super().__init__(
            discord.ui.Button(
                label=words.say(label),
                style=style,
                custom_id=f"caravan:challenge:{challenge_id}:{action}",
            )
        )
        self.challenge_id, self.action = challenge_id, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> AnswerButton:
        return cls(int(match["id"]), match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _games(interaction).answer_challenge(interaction, self.challenge_id, self.action)


GAME_BUTTONS = {
    "hand": (_("Your hand"), discord.ButtonStyle.primary),
    "rules": (_("Rules"), discord.ButtonStyle.secondary),
}


class GameButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"caravan:(?P<kind>hand|rules):(?P<game>\d+)",
):
    """A turn message's "Your hand" or "Rules" button."""

    def __init__(self, game_id: int, kind: str, words: Catalogue = ENGLISH) -> None:
        label, style = GAME_BUTTONS[kind]
        super().__init__(
            discord.ui.Button(
                label=words.say(label), style=style, custom_id=f"caravan:{kind}:{game_id}"
            )
        )
        self.game_id, self.kind = game_id, kind

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GameButton:
        return cls(int(match["game"]), match["kind"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.kind == "hand":
            await hand_items.hands_of(interaction).open_hand(interaction, self.game_id)
        else:
            await _games(interaction).show_rules(interaction, self.game_id)


RESIGN_STEPS = {  # "": the turn message's button; then the private question's two answers
    "": (_("Resign"), discord.ButtonStyle.danger),
    "sure": (_("Yes, resign"), discord.ButtonStyle.danger),
    "keep": (_("Cancel"), discord.ButtonStyle.secondary),
}


class ResignButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"caravan:resign:(?P<game>\d+)(?::(?P<step>sure|keep))?",
):
    """Resign (asks first), then "Yes, resign" or "Cancel" on the private question."""

    def __init__(self, game_id: int, step: str = "", words: Catalogue = ENGLISH) -> None:
        label, style = RESIGN_STEPS[step]
        super().__init__(
            discord.ui.Button(
                label=words.say(label),
                style=style,
                custom_id=f"caravan:resign:{game_id}" + (f":{step}" if step else ""),
            )
        )
        self.game_id, self.step = game_id, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ResignButton:
        return cls(int(match["game"]), match["step"] or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _games(interaction).resign(interaction, self.game_id, self.step)


GAME_ACTIONS = {
    "claim": (_("Claim the win"), discord.ButtonStyle.success),
    "rematch": (_("Rematch"), discord.ButtonStyle.primary),
    "review": (_("Review"), discord.ButtonStyle.secondary),
}


class GameAction(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"caravan:(?P<action>claim|rematch|review):(?P<game>\d+)",
):
    """ "Claim the win" (on the notice that a turn ran out), "Rematch" and "Review" (on the
    final table: the computer's review of the game)."""

    def __init__(self, game_id: int, action: str, words: Catalogue = ENGLISH) -> None:
        label, style = GAME_ACTIONS[action]
        super().__init__(
            discord.ui.Button(
                label=words.say(label), style=style, custom_id=f"caravan:{action}:{game_id}"
            )
        )
        self.game_id, self.action = game_id, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GameAction:
        return cls(int(match["game"]), match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        games = _games(interaction)
        if self.action == "claim":
            await games.claim(interaction, self.game_id)
        elif self.action == "review":
            await _reviews(interaction).review(interaction, self.game_id)
        else:
            await games.rematch(interaction, self.game_id)


REPLAY_SLOTS = {  # a replay viewer's buttons: symbols, read alike in every language
    "first": "\u23ee",
    "back": "\u25c0",
    "next": "\u25b6",
    "last": "\u23ed",
}


class ReplayButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"caravan:replay:(?P<game>\d+):(?P<ply>\d+):(?P<slot>watch|first|back|next|last)",
):
    """A finished game's replay, move by move: "Watch move by move" on the record (opens a
    private viewer at the deal), and the viewer's first, back, next and last (each names
    the move it shows, so a press works after a restart and in any order)."""

    def __init__(
        self,
        game_id: int,
        ply: int,
        slot: str,
        disabled: bool = False,
        words: Catalogue = ENGLISH,
    ) -> None:
        label = words.say(_("Watch move by move")) if slot == "watch" else REPLAY_SLOTS[slot]
        style = discord.ButtonStyle.primary if slot == "watch" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=label,
                style=style,
                disabled=disabled,
                custom_id=f"caravan:replay:{game_id}:{max(ply, 0)}:{slot}",
            )
        )
        self.game_id, self.ply, self.slot = game_id, max(ply, 0), slot

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReplayButton:
        return cls(int(match["game"]), int(match["ply"]), match["slot"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _games(interaction).watch(interaction, self.game_id, self.ply, self.slot == "watch")


EVENT_BUTTONS = {
    "join": (_("Join"), discord.ButtonStyle.success),
    "leave": (_("Leave"), discord.ButtonStyle.secondary),
    "start": (_("Start"), discord.ButtonStyle.primary),
    "cancel": (_("Cancel"), discord.ButtonStyle.danger),
    "standings": (_("Standings"), discord.ButtonStyle.secondary),
    "pause": (_("Pause or come back"), discord.ButtonStyle.secondary),
}


class EventButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"caravan:event:(?P<id>\d+):(?P<action>join|leave|start|cancel|standings|pause)",
):
    """A tournament's sign-up buttons (Join, Leave; the organiser's Start and Cancel), and
    Standings on its messages once it runs."""

    def __init__(self, tournament_id: int, action: str, words: Catalogue = ENGLISH) -> None:
        label, style = EVENT_BUTTONS[action]
        super().__init__(
            discord.ui.Button(
                label=words.say(label),
                style=style,
                custom_id=f"caravan:event:{tournament_id}:{action}",
            )
        )
        self.tournament_id, self.action = tournament_id, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> EventButton:
        return cls(int(match["id"]), match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        events = cast(EventPresses, interaction.client.events)
        await events.event_press(interaction, self.tournament_id, self.action)


class TurningPointSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"caravan:turning:(?P<game>\d+)",
):
    """A review's turning points (values: 1, 2, 3): the one chosen is shown privately, its
    table with the computer's move instead of the one played."""

    def __init__(
        self,
        game_id: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"caravan:turning:{game_id}",
                placeholder=placeholder[:150] or None,
                options=options or [discord.SelectOption(label="-", value="1")],
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TurningPointSelect:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data = cast("dict[str, Any]", interaction.data or {})
        values = [str(v) for v in data.get("values", [])]
        number = int(values[0]) if values and values[0].isdigit() else 0
        await _reviews(interaction).turning_point(interaction, self.game_id, number)


ALL_ITEMS = (
    EventButton,
    AnswerButton,
    GameButton,
    ResignButton,
    hand_items.CardSelect,
    hand_items.MoveSelect,
    GameAction,
    hand_items.CardsSelect,
    hand_items.PassButton,
    ReplayButton,
    TurningPointSelect,
)
