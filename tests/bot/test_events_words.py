"""A tournament's words go through the catalogue: `/caravan tournament list`, `show`,
`standings`, `withdraw`, `deck` and the events' autocomplete answer in the language of the
member who asked; the sign-up's cancellation reason, the standings' and bracket's
descriptions and the refusals are sentences (`Text`), and their English reads as before. A
stand-in catalogue marks every sentence it says («...»), so a sentence built outside the
catalogue shows unmarked."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import pytest

from bot.cogs import events as cog
from bot.errors import NotFound
from bot.event_words import (
    CANCELLED_BY_ORGANISER,
    cancel_reason,
    label,
    label_said,
    split_label,
    too_few,
)
from bot.i18n import ENGLISH, Catalogue, Text
from bot.signups import entrants_bounds, too_few_to_start
from bot.tournament.records import Board, Entrant, Event, Tournament
from bot.views.events import (
    bracket_alt,
    event_line,
    points_words,
    result_words,
    round_heading,
    show_text,
    sign_up,
    standings_alt,
    standings_panel,
)
from tests.bot.standins import MARKING, Recorder, guarded


def event(
    format: str = "swiss",
    status: str = "running",
    boards: tuple[Board, ...] = (),
    reason: str | None = None,
) -> Event:
    tournament = Tournament(
        id=3,
        guild_id=10,
        channel_id=20,
        message_id=None,
        organiser_id=1,
        name="Cup",
        format=format,
        game="new-vegas",
        rules="{}",
        turn_seconds=3600,
        rounds=3,
        max_entrants=64,
        rated=True,
        starts_at=None,
        status=status,
        round=max((b.round for b in boards), default=0),
        reason=reason,
        version=1,
        created_at=0.0,
        started_at=0.0,
        finished_at=None,
    )
    entrants = (
        Entrant(1, 0.0, 1, None, None),
        Entrant(2, 0.0, 2, None, None, "Red"),
        Entrant(3, 0.0, 3, 1, "withdrew"),
        Entrant(4, 0.0, 4, None, None),
    )
    return Event(tournament, entrants, boards)


BOARDS = (
    Board(1, 1, 1, 2, 11, 1.0, False),
    Board(1, 2, 4, None, None, 1.0, False),
    Board(2, 1, 1, 4, 12, None, False),
    Board(2, 2, 2, 3, 13, 1.0, True),
)
NAMES = {1: "Ann", 2: "Bo", 3: "Cy"}  # 4's name is not known
GAMES = {11: SimpleNamespace(thread_id=111)}


# ----- the views -----------------------------------------------------------------------------


def test_an_events_line_reads_as_before_and_is_a_sentence() -> None:
    running = event(boards=BOARDS)
    line = event_line(running)
    assert isinstance(line, Text)
    assert str(line).startswith("#3 **Cup**: a Swiss of 3 rounds of ")
    assert str(line).endswith("; round 2 of 3 in <#20>.")
    opened = event(status="open")
    assert str(event_line(opened)).endswith("; open, 4 of 64 entered in <#20>.")
    for status in ("open", "running", "finished", "cancelled"):
        said = MARKING.say(event_line(event(status=status, boards=BOARDS)))
        assert said.startswith("«#3") and said.endswith("»"), said


def test_show_reads_as_before_and_in_the_language_given() -> None:
    shown = event(boards=BOARDS)
    english = show_text(shown, NAMES, GAMES)  # type: ignore[arg-type]
    assert english.split("\n")[1:] == [
        "Entrants: Ann, Bo (deck Red), Cy (withdrew), a member",
        "Round 1: Ann vs Bo: 1-0 <#111>; a member: a bye",
        "Round 2: Ann vs a member: being played; Bo vs Cy: 1-0 (forfeit)",
    ]
    marked = show_text(shown, NAMES, GAMES, MARKING)  # type: ignore[arg-type]
    lines = marked.split("\n")
    assert all(line.startswith("«") for line in lines), lines
    assert lines[1] == ("«Entrants: Ann, «Bo (deck Red)», «Cy (withdrew)», «a member»»"), (
        "each entrant's words, and the unknown name, said"
    )
    assert "«being played»" in lines[3] and "«1-0 (forfeit)»" in lines[3]
    nobody = replace(event(status="open"), entrants=())
    assert show_text(nobody, {}, {}).split("\n")[1] == "Entrants: nobody yet"


def test_points_and_results_are_sentences() -> None:
    assert [str(points_words(p)) for p in (0, 0.5, 1, 1.5, 2)] == [
        "0 points",
        "½ points",
        "1 point",
        "1½ points",
        "2 points",
    ]
    assert MARKING.say(points_words(1)) == "«1 point»"
    assert result_words(1.0, False) == "1-0", "a score alone is notation"
    assert isinstance(result_words(None, False), Text)


def test_the_images_descriptions_read_as_before_and_are_sentences() -> None:
    swiss = event(boards=BOARDS[:2])
    alt = standings_alt(swiss, NAMES)
    assert str(alt) == (
        "Cup standings: 1. Ann 1 point; 1. a member 1 point; 3. Bo 0 points; "
        "3. Cy 0 points, withdrawn"
    )
    said = MARKING.say(alt)
    assert said.startswith("«Cup standings: «1. Ann «1 point»»") and "«a member»" in said
    knocked = event("knockout", boards=(Board(1, 1, 1, 4, 11, 1.0, False),))
    assert str(bracket_alt(knocked, NAMES)).startswith("Cup, round ")
    assert MARKING.say(bracket_alt(knocked, NAMES)).startswith("«Cup, round ")


def test_the_standings_panel_is_in_the_language_given() -> None:
    shown = event(boards=BOARDS[:2])
    panel = asyncio.run(standings_panel(shown, NAMES, "heading", (), MARKING))
    assert panel.file is not None
    assert panel.file.description is not None
    assert panel.file.description.startswith("«Cup standings: ")
    assert "«Tie-breaks: " in panel.content
    english = asyncio.run(standings_panel(shown, NAMES, "heading")).content
    assert "Tie-breaks: BH-1 (Buchholz cut 1), SB (Sonneborn-Berger), DE (direct encounter)." in (
        english
    ), "the image's column headings, said in full"


def test_a_cancellation_reason_is_kept_in_english_and_said_in_the_readers() -> None:
    assert str(CANCELLED_BY_ORGANISER) == "Cancelled by the organiser."
    kept = str(too_few(1, 3))
    assert kept == "Too few entrants at the start: 1 of the 3 needed."
    assert MARKING.say(cancel_reason(kept)) == "«" + kept + "»"
    assert MARKING.say(cancel_reason(str(CANCELLED_BY_ORGANISER))) == (
        "«Cancelled by the organiser.»"
    )
    assert cancel_reason("Something said before.") == "Something said before."
    cancelled = event(status="cancelled", reason=kept)
    content = sign_up(cancelled, NAMES, MARKING).content
    assert "«Cancelled. «Too few entrants at the start: 1 of the 3 needed.»»" in content


def test_a_games_label_is_kept_in_english_and_read_back() -> None:
    cup = event()
    kept = label(cup, 2)
    assert kept == "Cup, round 2"
    assert split_label(kept) == ("Cup", 2)
    assert split_label("A, round 1 Cup, round 12") == ("A, round 1 Cup", 12)
    assert split_label(None) == ("", 0)
    assert MARKING.say(label_said(kept)) == "«Cup, round 2»"
    assert label_said("no round") == "no round"


def test_the_formats_refusals_are_whole_sentences() -> None:
    assert str(too_few_to_start("swiss", 3, 2)) == "A Swiss needs 3 entrants; it has 2."
    assert str(too_few_to_start("round-robin", 3, 1)) == "A round robin needs 3 entrants; it has 1."
    assert str(too_few_to_start("knockout", 2, 1)) == "A knockout needs 2 entrants; it has 1."
    assert str(entrants_bounds("knockout", 2, 256)) == "A knockout takes 2 to 256 entrants at most."
    assert MARKING.say(entrants_bounds("swiss", 3, 256)).startswith("«A Swiss takes")


# ----- the cog: each answer in the asking member's language ------------------------------------


def asked(user: int = 1, guild_id: int = 10) -> Any:
    answers = Recorder()
    return SimpleNamespace(
        guild_id=guild_id,
        channel_id=20,
        user=SimpleNamespace(id=user),
        locale="xx",
        response=answers,
        followup=answers,
    )


def events_cog(shown: Event) -> cog.Events:
    async def one(tournament_id: int) -> Event:
        return shown

    async def listed(guild_id: int) -> list[Event]:
        return [shown]

    async def withdraw(*args: Any) -> tuple[Event, list[Any]]:
        return shown, []

    async def bring_deck(tournament_id: int, user: int, deck: str | None) -> Event:
        return shown

    async def recent(guild_id: int) -> list[Tournament]:
        return [shown.tournament]

    signups = SimpleNamespace(bring_deck=bring_deck)
    tournaments = SimpleNamespace(
        event=one, listed=listed, withdraw=withdraw, signups=signups, recent=recent
    )

    async def event_names(event: Event) -> dict[int, str]:
        return dict(NAMES)

    async def event_games(event: Event) -> dict[int, Any]:
        return dict(GAMES)

    async def withdrawn(event: Any, ended: list[Any]) -> None:
        return None

    async def server_words(guild_id: int) -> Catalogue:
        return ENGLISH  # the server's: not the asking member's

    poster = SimpleNamespace(event_names=event_names, event_games=event_games, words=server_words)
    aftermath = SimpleNamespace(poster=poster, withdrawn=withdrawn)
    return cog.Events(tournaments, aftermath, None, guarded)  # type: ignore[arg-type]


def test_the_tournament_answers_are_in_the_members_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(cog, "words_for", lambda locale: MARKING)
    shown = event(boards=BOARDS)
    events = events_cog(shown)

    listing = asked()
    asyncio.run(events.listed(listing))
    assert listing.response.sent[-1][0].startswith("«#3 **Cup**")

    showing = asked()
    asyncio.run(events.show(showing, 3))
    assert all(line.startswith("«") for line in showing.response.sent[-1][0].split("\n"))

    standing = asked()
    asyncio.run(events.standings(standing, 3))
    text, options = standing.response.sent[-1]
    assert text.startswith("«#3 **Cup**") and "«Tie-breaks:" in text and options["ephemeral"]
    assert options["file"].description.startswith("«Cup standings:")

    leaving = asked(user=2)
    asyncio.run(events.withdraw(leaving, 3))
    assert leaving.followup.sent[-1][0] == (
        "«You withdrew from Cup: never paired again; a game in progress was resigned.»"
    )
    removing = asked(user=1)
    asyncio.run(events.withdraw(removing, 3, SimpleNamespace(id=3)))
    assert removing.followup.sent[-1][0].startswith("«Cy is out from Cup:")
    asyncio.run(events.withdraw(removing, 3, SimpleNamespace(id=9)))
    assert removing.followup.sent[-1][0].startswith("«The player is out from Cup:")

    bringing = asked(user=2)
    asyncio.run(events.bring_deck(bringing, 3, "Red"))
    assert bringing.response.sent[-1][0].startswith("«You will play your deck ")
    asyncio.run(events.bring_deck(bringing, 3, None))
    assert bringing.response.sent[-1][0] == (
        "«You will play the standard deck in Cup, from your next game on.»"
    )

    choices = asyncio.run(events.event_choices(asked(), ""))  # type: ignore[arg-type]
    assert [c.name for c in choices] == ["«#3 Cup (running)»"]


def test_the_answers_read_as_before_in_english() -> None:
    shown = event(boards=BOARDS)
    events = events_cog(shown)
    leaving = asked(user=2)
    leaving.locale = "en-US"
    asyncio.run(events.withdraw(leaving, 3))
    assert leaving.followup.sent[-1][0] == (
        "You withdrew from Cup: never paired again; a game in progress was resigned."
    )
    choosing = asked()
    choosing.locale = "en-US"
    choices = asyncio.run(events.event_choices(choosing, "cup"))
    assert [c.name for c in choices] == ["#3 Cup (running)"]


def test_no_tournaments_and_elsewhere_are_sentences(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cog, "words_for", lambda locale: MARKING)
    events = events_cog(event())

    async def none(guild_id: int) -> list[Event]:
        return []

    events.tournaments.listed = none  # type: ignore[method-assign]
    listing = asked()
    asyncio.run(events.listed(listing))
    assert listing.response.sent[-1][0].startswith("«No tournaments are open or running here.")
    with pytest.raises(NotFound) as refused:
        asyncio.run(events.show(asked(guild_id=99), 3))
    assert isinstance(refused.value.said, Text)
    assert str(refused.value) == "There is no such tournament in this server."


def test_a_rounds_heading_names_its_byes_in_every_format_that_gives_them() -> None:
    def six(format: str) -> Event:
        entrants = tuple(Entrant(u, 0.0, u, None, None) for u in range(1, 7))
        boards = (Board(1, 1, 3, 6, 21, None, False), Board(1, 2, 4, 5, 22, None, False))
        return replace(event(format, boards=boards), entrants=entrants)

    names = {1: "Ann", 2: "Bo", 3: "Cy", 4: "Di", 5: "Ed", 6: "Flo"}
    cup = round_heading(six("knockout"), names)
    assert cup == "**Cup**: round 1 of 3 begins, 2 games. Byes to round 2: Ann, Bo."
    swiss = event(boards=BOARDS[:2])
    assert round_heading(swiss, NAMES) == (
        "**Cup**: round 1 of 3 begins, 1 game. A bye (1 point): a member."
    )
    two = replace(swiss, boards=(*BOARDS[:2], Board(1, 3, 2, None, None, 1.0, False)))
    assert round_heading(two, NAMES).endswith("Byes (1 point each): a member, Bo.")
    assert round_heading(six("swiss"), names).endswith("2 games."), "no bye, no words"
    marked = round_heading(six("knockout"), names, MARKING)
    assert marked.count("«") == 2 and "«Byes to round 2: Ann, Bo.»" in marked, marked


def test_the_sign_up_message_marks_who_withdrew() -> None:
    running = event(boards=BOARDS)
    content = sign_up(running, NAMES).content
    assert "**Entrants (4 of 64):** Ann, Bo, Cy (withdrew), a member" in content, content


def test_an_open_swiss_says_its_rounds_in_a_sentence_not_a_second_bracket() -> None:
    opened = event(status="open")
    unset = replace(opened, tournament=replace(opened.tournament, rounds=None))
    content = sign_up(unset, NAMES).content
    first = content.split("\n")[0]
    assert first.startswith("**Cup**: a Swiss of Caravan (") and ") (" not in first, first
    assert "Its rounds are counted at the start: enough for a clear winner." in content
    assert "counted at the start" not in sign_up(opened, NAMES).content, "rounds given"
