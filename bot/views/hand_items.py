"""The hand panel's persistent components: which card to play (`CardSelect`; Decktet's
several at once, `CardsSelect`), where it goes (`MoveSelect`) and Decktet's pass
(`PassButton`). Like every item in `bot.views.items` (which registers them all), each
custom_id carries the game and the version its panel was drawn at, and the acting user
comes from the interaction; a press is handed to the `hands` cog (`bot.cogs.hands`), whose
protocol is `HandPresses`."""

from __future__ import annotations

import re
from typing import Any, Protocol, cast

import discord

from bot.i18n import ENGLISH, Catalogue, _

Interaction = discord.Interaction[Any]


class HandPresses(Protocol):
    async def open_hand(self, interaction: Interaction, game_id: int) -> None: ...
    async def choose_card(
        self, interaction: Interaction, game_id: int, version: int, chosen: int, page: int = 0
    ) -> None: ...
    async def play(
        self, interaction: Interaction, game_id: int, version: int, move: str
    ) -> None: ...


def hands_of(interaction: Interaction) -> HandPresses:
    return cast(HandPresses, interaction.client.hands)


def _values(interaction: discord.Interaction[Any]) -> list[str]:
    data = cast("dict[str, Any]", interaction.data or {})
    return [str(v) for v in data.get("values", [])]


class CardSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"caravan:card:(?P<game>\d+):(?P<version>\d+)",
):
    """Which card of the hand to play (values: the card's 0-based place in the hand)."""

    def __init__(
        self,
        game_id: int,
        version: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"caravan:card:{game_id}:{version}",
                placeholder=placeholder[:150] or None,
                options=options or [discord.SelectOption(label="-", value="0")],
            )
        )
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> CardSelect:
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = _values(interaction)
        chosen = int(values[0]) if values and values[0].isdigit() else -1
        await hands_of(interaction).choose_card(interaction, self.game_id, self.version, chosen)


class MoveSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"caravan:move:(?P<game>\d+):(?P<version>\d+):(?P<card>-?\d+):(?P<page>\d+)",
):
    """Where the chosen card goes, or a disband (values: moves in notation, or "page:N")."""

    def __init__(
        self,
        game_id: int,
        version: int,
        card: int,
        page: int,
        options: list[tuple[str, str, str | None]] | None = None,
        placeholder: str = "",
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"caravan:move:{game_id}:{version}:{card}:{page}",
                placeholder=placeholder[:150] or None,
                options=[
                    discord.SelectOption(label=label, value=value, description=about or None)
                    for value, label, about in options
                ]
                if options
                else [discord.SelectOption(label="-", value="-")],
            )
        )
        self.game_id, self.version, self.card, self.page = game_id, version, card, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveSelect:
        return cls(
            int(match["game"]), int(match["version"]), int(match["card"]), int(match["page"])
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = _values(interaction)
        value = values[0] if values else ""
        hands = hands_of(interaction)
        if value.startswith("page:") and value[5:].isdigit():
            await hands.choose_card(
                interaction, self.game_id, self.version, self.card, int(value[5:])
            )
        else:
            await hands.play(interaction, self.game_id, self.version, value)


class CardsSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"caravan:cards:(?P<game>\d+):(?P<version>\d+)",
):
    """Decktet Caravan: the cards to play together (values: their 0-based places in the
    hand; several may be chosen)."""

    def __init__(
        self,
        game_id: int,
        version: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
    ) -> None:
        options = options or [discord.SelectOption(label="-", value="0")]
        super().__init__(
            discord.ui.Select(
                custom_id=f"caravan:cards:{game_id}:{version}",
                placeholder=placeholder[:150] or None,
                min_values=1,
                max_values=min(len(options), 8),  # a caravan has at most 8 cards (D5)
                options=options,
            )
        )
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> CardsSelect:
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = _values(interaction)
        places = [int(v) for v in values if v.isdigit() and int(v) < 64]
        mask = sum(1 << i for i in set(places)) if len(places) == len(values) else -1
        await hands_of(interaction).choose_card(interaction, self.game_id, self.version, mask)


class PassButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"caravan:pass:(?P<game>\d+):(?P<version>\d+)",
):
    """Decktet Caravan: pass (ends the season)."""

    def __init__(self, game_id: int, version: int, words: Catalogue = ENGLISH) -> None:
        super().__init__(
            discord.ui.Button(
                label=words.say(_("Pass")),
                style=discord.ButtonStyle.secondary,
                custom_id=f"caravan:pass:{game_id}:{version}",
            )
        )
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PassButton:
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await hands_of(interaction).play(interaction, self.game_id, self.version, "pass")
