"""The admin's, the decks' and the game lists' words go through the catalogue: each answer
is a `Text`, said in its reader's language (the member who asked; a season's public post
in the server's), and its English reads as before. A stand-in catalogue marks every
sentence it says («...»), so a sentence built outside the catalogue shows unmarked."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.cogs import admin, common, decks
from bot.errors import BadDeck, BadOption, NotAllowed, NotFound, ServiceError, WrongPlace
from bot.i18n import ENGLISH, Catalogue, Text
from bot.ledger import Ledger
from bot.records import Deck, GameInfo
from bot.server import ServerSettings
from bot.store.errors import TooMany
from bot.store.rows import ALL
from engine import Rules, parse_cards
from tests.bot.standins import MARKING, Recorder, guarded

CARDS = (
    "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ad 2d 3d 4d X"
)
DEFAULTS = SimpleNamespace(default_turn_seconds=24 * 60 * 60, game_threads=True)


def standin(messages: dict[str, str]) -> Catalogue:
    return Catalogue("xx", {(None, k): v for k, v in messages.items()}, lambda n: int(n != 1))


def refusal(work: Coroutine[Any, Any, Any]) -> ServiceError:
    with pytest.raises(ServiceError) as refused:
        asyncio.run(work)
    return refused.value


# ----- the settings ---------------------------------------------------------------------------


def test_the_settings_read_in_english_as_before() -> None:
    said = admin.settings_text(DEFAULTS, ServerSettings())
    assert isinstance(said, Text)
    assert ENGLISH.say(said) == (
        "**Caravan on this server**\n"
        "Default rules: `new-vegas`, 2 jokers\n"
        "Default turn time: 24 hours\n"
        "Games may start in: any channel\n"
        "Each game gets its own thread: yes\n"
        "Tournaments are organised by: members with Manage Server\n"
        "Language of the games: English (the server's own)"
    )
    server = ServerSettings(
        preset="foxon",
        jokers=0,
        turn_seconds=300,
        channels=(1, 2),
        threads=False,
        organiser_role=9,
        language="de",
    )
    assert str(admin.saved(admin.settings_text(DEFAULTS, server))) == (
        "Saved.\n"
        "**Caravan on this server**\n"
        "Default rules: `foxon`, 0 jokers\n"
        "Default turn time: 5 minutes\n"
        "Games may start in: <#1>, <#2>\n"
        "Each game gets its own thread: no\n"
        "Tournaments are organised by: members with Manage Server and the role <@&9>\n"
        "Language of the games: Deutsch"
    )


def test_the_settings_are_said_in_the_readers_language() -> None:
    guild = SimpleNamespace(preferred_locale="fr")
    said = MARKING.say(admin.settings_text(DEFAULTS, ServerSettings(), guild))
    assert said.startswith("«**Caravan on this server**\nDefault rules: «`new-vegas`, 2 jokers»")
    for part in ("«24 hours»", "«any channel»", "«yes»", "«members with Manage Server»"):
        assert part in said, said
    assert said.endswith("Language of the games: «Français (the server's own)»»")
    german = standin(
        {
            "yes": "ja",
            "any channel": "jedem Kanal",
            "{language} (the server's own)": "{language} (die des Servers)",
        }
    )
    shown = german.say(admin.settings_text(DEFAULTS, ServerSettings(), guild))
    assert "jedem Kanal" in shown and ": ja\n" in shown and "Français (die des Servers)" in shown
    saved = MARKING.say(admin.saved(admin.settings_text(DEFAULTS, ServerSettings())))
    assert saved.startswith("«Saved.»\n«**Caravan on this server**")


def asked(*, admin_rights: bool = True) -> Any:
    answers = Recorder()
    return SimpleNamespace(
        guild_id=10,
        guild=None,
        channel_id=20,
        user=SimpleNamespace(id=1),
        locale="xx",
        permissions=discord.Permissions(manage_guild=admin_rights),
        response=answers,
        followup=answers,
    )


def admin_cog(service: Any = None, seasons: Any = None) -> admin.Admin:
    poster = SimpleNamespace()

    async def server_words(guild_id: int) -> Catalogue:
        return MARKING

    async def table(game_id: int) -> None:
        return None

    poster.words = server_words
    aftermath = SimpleNamespace(poster=poster, table=table)
    ai = SimpleNamespace(cancel=lambda game_id: None)

    async def game_names(info: Any, words: Any = None) -> dict[str, str]:
        return {"A": "Al*", "B": "Bo"}

    names = SimpleNamespace(game=game_names)
    return admin.Admin(service, aftermath, ai, names, guarded, seasons)  # type: ignore[arg-type]


def test_the_admins_answers_are_in_their_own_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(admin, "words_for", lambda locale: MARKING)

    async def settings(guild_id: int) -> ServerSettings:
        return ServerSettings()

    async def abandon(game_id: int, guild_id: int) -> Any:
        return SimpleNamespace(id=game_id)

    ledger = SimpleNamespace(server=settings)
    service = SimpleNamespace(settings=DEFAULTS, ledger=ledger, abandon=abandon)
    cog = admin_cog(service)
    shown = asked()
    asyncio.run(cog.admin_show(shown))
    text, options = shown.response.sent[-1]
    assert text.startswith("«**Caravan on this server**") and options["ephemeral"]
    ended = asked()
    asyncio.run(cog.admin_end(ended, 7))
    assert ended.response.sent[-1][0] == "«Ended game #7 (Al\\* vs Bo) with no result.»"
    refused = refusal(cog.admin_show(asked(admin_rights=False)))
    assert isinstance(refused, NotAllowed) and isinstance(refused.said, Text)
    assert str(refused) == "Only members with the Manage Server permission can change this."


def test_a_seasons_posts_are_in_the_servers_language() -> None:
    async def start(*args: Any) -> Any:
        return SimpleNamespace(name="Spring*", role_top=3)

    cog = admin_cog(seasons=SimpleNamespace(start=start))
    started = asked()
    role = SimpleNamespace(id=55)
    asyncio.run(cog.season_start(started, "Spring*", role, 3))
    lines = started.response.sent[-1][0].split("\n")
    assert lines[0].startswith("«**Season Spring\\*** starts now:") and lines[0].endswith("»")
    assert lines[1] == "«When it ends, its top 3 get the role <@&55>.»"


def test_a_roles_problem_is_said_in_the_servers_language() -> None:
    me = SimpleNamespace(guild_permissions=discord.Permissions(manage_roles=False), top_role=0)
    gone = SimpleNamespace(me=me, get_role=lambda role_id: None)
    assert admin.role_problem(gone, 5) == "That role is gone: nobody will get it."  # type: ignore[arg-type]
    assert admin.role_problem(gone, 5, MARKING) == "«That role is gone: nobody will get it.»"  # type: ignore[arg-type]
    kept = SimpleNamespace(me=me, get_role=lambda role_id: SimpleNamespace(id=role_id))
    said = admin.role_problem(kept, 5, MARKING)  # type: ignore[arg-type]
    assert said is not None and said.startswith("«I lack the Manage Roles permission")
    given = asyncio.run(admin.give_role(None, 5, {1}, MARKING))
    assert given == "«The role could not be given here.»"


# ----- the decks ------------------------------------------------------------------------------


class Full:
    async def save_deck(self, *args: Any) -> None:
        raise TooMany(1, 25)

    async def deck(self, *args: Any) -> None:
        return None

    async def delete_deck(self, *args: Any) -> bool:
        return False

    async def server_settings(self, guild_id: int) -> ServerSettings:
        return ServerSettings(channels=(3,))


def test_a_deck_refusal_is_a_sentence_in_the_members_language() -> None:
    parts = Full()
    store = SimpleNamespace(decks=parts, servers=parts)
    ledger = Ledger(store, lambda: 0.0, ALL)  # type: ignore[arg-type]
    refused = refusal(ledger.save_deck(1, "mine", "Ah 2h 10hh"))
    assert isinstance(refused, BadDeck) and isinstance(refused.said, Text)
    assert str(refused.said) == (
        "“10hh” is not a card: write a rank (A 2-9 T J Q K) and a suit (c d h s), such as "
        "7h, Td or X."
    )
    german = standin(
        {
            "{card} is not a card: write a rank (A 2-9 T J Q K) and a suit (c d h s), such as "
            "7h, Td or X.": "{card} ist keine Karte.",
        }
    )
    assert german.say(refused.said) == "“10hh” ist keine Karte."

    full = refusal(ledger.save_deck(1, "mine", CARDS))
    assert isinstance(full, BadDeck)
    assert MARKING.say(full.said) == "«You have 25 decks, the most kept; delete one first.»"
    missing = refusal(ledger.deck(1, "gone"))
    assert isinstance(missing, NotFound) and isinstance(missing.said, Text)
    channel = refusal(ledger.set_game_channels(10, "remove", 4))
    assert isinstance(channel, BadOption)
    assert MARKING.say(channel.said) == "«<#4> is not one of the game channels.»"


class DeckLedger:
    def __init__(self, kept: list[Deck]) -> None:
        self.kept = kept

    async def save_deck(self, user_id: int, name: str, cards: str) -> Deck:
        return self.kept[0]

    async def decks(self, user_id: int) -> list[Deck]:
        return self.kept

    async def deck(self, user_id: int, name: str) -> Deck:
        return self.kept[0]

    async def delete_deck(self, user_id: int, name: str) -> None:
        return None


def test_the_deck_answers_are_in_the_members_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(decks, "words_for", lambda locale: MARKING)
    deck = Deck(1, "red*", tuple(parse_cards(CARDS)))
    service = SimpleNamespace(ledger=DeckLedger([deck]))
    cog = decks.Decks(service, guarded)  # type: ignore[arg-type]
    interaction = asked()
    asyncio.run(cog.deck_save(interaction, "red*", CARDS))
    asyncio.run(cog.deck_list(interaction))
    asyncio.run(cog.deck_delete(interaction, "red*"))
    saved, listed, deleted = (text for text, _options in interaction.response.sent)
    assert saved.startswith("«Saved your deck **red\\*** (31 cards). Play it with")
    assert listed == "«**Your decks**»\n«**red\\***: 31 cards»"
    assert deleted == "«Deleted your deck “red\\*”.»"
    asyncio.run(cog.deck_show(interaction, "red*"))
    shown, options = interaction.response.sent[-1]
    assert shown.startswith("«**red\\*** (31 cards)\n`Ah 2h")
    assert options["file"].description == "«red*: 31 cards»"
    choices = asyncio.run(cog.deck_choices(interaction, "RED"))
    assert [(c.name, c.value) for c in choices] == [("«red* (31 cards)»", "red*")]
    empty = decks.Decks(SimpleNamespace(ledger=DeckLedger([])), guarded)  # type: ignore[arg-type]
    asyncio.run(empty.deck_list(interaction))
    assert interaction.response.sent[-1][0].startswith("«You have no saved decks.")


# ----- the game lists and small refusals ------------------------------------------------------


def a_game(number: int, players: tuple[int, int], **changes: Any) -> GameInfo:
    fields: dict[str, Any] = {
        "id": number,
        "guild_id": 10,
        "channel_id": 20,
        "thread_id": None,
        "message_id": None,
        "players": players,
        "ai_seat": None,
        "ai_level": None,
        "rules": Rules(),
        "status": "active",
        "turn": "A",
        "winner": None,
        "end_reason": None,
        "turn_seconds": 60,
        "deadline": None,
        "version": 1,
        "created_at": 0.0,
        "updated_at": 0.0,
    }
    return GameInfo(**(fields | changes))


class SoonNames:
    async def soon(self, wanted: Any, wait: float) -> dict[int, str]:
        return {2: "Bob"}


def test_the_games_listed_are_in_the_members_language(monkeypatch: pytest.MonkeyPatch) -> None:
    games = [
        a_game(1, (1, 2)),
        a_game(2, (1, 3), ai_seat="B", ai_level="hard"),
        a_game(3, (2, 1), status="finished", winner="A", turn=None),
        a_game(4, (1, 2), guild_id=11, turn="B"),
        a_game(5, (2, 3)),
    ]
    interaction = asked()
    english = asyncio.run(common.game_choices(SoonNames(), interaction, "", games))  # type: ignore[arg-type]
    assert [c.name for c in english] == [
        "#1 against Bob (your move)",
        "#2 against the bot (hard) (your move)",
        "#3 against Bob (lost)",
        "#4 against Bob (their move, another server)",
        "#5: Bob vs a member",
    ]
    monkeypatch.setattr(common, "words_for", lambda locale: MARKING)
    marked = asyncio.run(common.game_choices(SoonNames(), interaction, "", games))  # type: ignore[arg-type]
    assert [c.name for c in marked] == [
        "«#1 against Bob («your move»)»",
        "«#2 against «the bot («hard»)» («your move»)»",
        "«#3 against Bob («lost»)»",
        "«#4 against Bob («their move», another server)»",
        "«#5: Bob vs «a member»»",
    ]
    typed = asyncio.run(common.game_choices(SoonNames(), interaction, "#4", games))  # type: ignore[arg-type]
    assert [c.value for c in typed] == [4]


def test_the_small_refusals_are_sentences() -> None:
    from bot.cogs.games import _where

    nowhere: Any = SimpleNamespace(guild_id=None, channel_id=None)
    with pytest.raises(WrongPlace) as refused:
        common.guild_of(nowhere)
    assert isinstance(refused.value.said, Text)
    assert str(refused.value) == "This command works in a server."
    with pytest.raises(WrongPlace) as elsewhere:
        _where(nowhere)
    assert isinstance(elsewhere.value.said, Text)
    assert str(elsewhere.value) == "Games are played in a server's channel."
