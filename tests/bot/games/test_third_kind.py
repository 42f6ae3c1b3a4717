"""A third game is its package and its registration: Race to Twenty (`tiny_kind`, defined here
in the tests, outside `bot/`), registered with `bot.kinds.register` and `bot.faces.register`
and no other file touched, is offered by every slash command's `game` option, explained by
`/caravan rules`, drawn by the gallery, and keeps every kind's contract (`test_kinds.py`).
Each test registers it for itself and takes it away again, so no other test sees it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands

import tests.bot.games.test_kinds as contract
from bot import faces, kinds
from bot.cogs.help import Help
from bot.commands import CaravanCommands
from bot.errors import NotFound
from bot.games import gallery
from tests.bot.games.tiny_kind.face import FACE
from tests.bot.games.tiny_kind.kind import KIND

CHOOSING_A_GAME = {  # every command with a `game` option of games (not a game's number)
    "caravan challenge",
    "caravan play-ai",
    "caravan leaderboard",
    "caravan stats",
    "caravan tournament create",
}


@contextmanager
def registered() -> Iterator[None]:
    kinds.register(KIND)
    try:
        faces.register(FACE)
        try:
            yield
        finally:
            faces.unregister(KIND.key)
    finally:
        kinds.unregister(KIND.key)


@pytest.fixture
def race() -> Iterator[None]:
    with registered():
        yield


def choices_of(option: str) -> dict[str, list[app_commands.Choice[Any]]]:
    """The choices of every `option` that has some, by its command's name, in the command
    tree as the bot builds it now (`bot.translator.tree_commands` builds it so too)."""
    found = {}
    for command in CaravanCommands(None).walk_commands():  # type: ignore[arg-type]
        if isinstance(command, app_commands.Command):
            for parameter in command.parameters:
                if parameter.name == option and parameter.choices:
                    found[command.qualified_name] = parameter.choices
    return found


def test_every_game_option_offers_it(race: None) -> None:
    offered = choices_of("game")
    assert set(offered) == CHOOSING_A_GAME
    for choices in offered.values():
        assert [c.value for c in choices] == ["new-vegas", "decktet", "race"]
        assert choices[-1].name == "Race to Twenty"


class Asked:
    """`/caravan rules` asked outside a game, in English."""

    locale = discord.Locale("en-US")
    channel_id = None

    def __init__(self) -> None:
        self.response = self
        self.sent: list[tuple[str, discord.File]] = []

    async def send_message(self, text: str, *, file: discord.File, ephemeral: bool) -> None:
        self.sent.append((text, file))


async def just_run(interaction: Any, name: str, work: Any) -> None:
    await work


async def test_the_rules_help_explains_it(race: None) -> None:
    assert [c.value for c in choices_of("topic")["caravan rules"]][-2:] == ["decktet", "race"]
    asked = Asked()
    await Help(None, just_run).rules_help(asked, "race")  # type: ignore[arg-type]
    [(text, file)] = asked.sent
    assert text.startswith("**Race to Twenty**\nTake turns adding 1 or 2 to the count")
    assert file.filename == "rules-race.png" and file.description == "Race to Twenty"
    with pytest.raises(NotFound) as refused:
        await Help(None, just_run).rules_help(Asked(), "nope")  # type: ignore[arg-type]
    assert str(refused.value.said).endswith("winning, decktet, race.")


def test_the_gallery_draws_it(race: None, tmp_path: Path) -> None:
    drawn = {path.stem for path in gallery.write(tmp_path)}
    assert {"race-start", "midgame", "hand-opening", "decktet-hand"} <= drawn


def test_it_keeps_every_kinds_contract(race: None) -> None:
    key = KIND.key
    assert kinds.named(key) is KIND and faces.face(key) is FACE
    contract.test_each_kind_is_found_by_its_key_and_by_every_value_of_its_engine(key)
    contract.test_rules_survive_their_stored_text(key)
    contract.test_random_games_keep_the_contract(key)
    contract.test_the_computer_players_of_each_kind_choose_legal_moves(key)
    contract.test_each_kind_explains_its_rules(key)


def test_a_key_or_a_topic_is_registered_once(race: None) -> None:
    with pytest.raises(ValueError, match="race"):
        kinds.register(KIND)
    with pytest.raises(ValueError, match="race"):
        faces.register(FACE)


def test_once_taken_away_nothing_of_it_is_left() -> None:
    with registered():
        assert KIND.key in kinds.KINDS
    assert KIND.key not in kinds.KINDS and KIND.key not in faces.FACES
    assert KIND.key not in kinds.GAMES
    assert all("race" not in [c.value for c in found] for found in choices_of("game").values())
    assert "race" not in [c.value for c in choices_of("topic")["caravan rules"]]
