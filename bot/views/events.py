"""What a tournament looks like in Discord: its sign-up message (edited as it goes), the
announcement of each round with the standings, the podium, and the private answers of
`/caravan tournament list` and `show`. Names are plain (`bot.inert.plain`) and escaped here
(`md`); only the players a message is for are pinged."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Mapping, Sequence

import discord

from bot.choices import turn_words
from bot.inert import md
from bot.kinds import named
from bot.records import GameInfo, rules_from_text
from bot.render.events import bracket_png, standings_png
from bot.tournament import TIE_BREAKS, knockout
from bot.tournament.records import OWN, Event
from bot.views import items
from bot.views.panels import Panel

FORMAT_WORDS = {"swiss": "a Swiss", "round-robin": "a round robin", "knockout": "a knockout"}
TIE_BREAK_WORDS = {
    "buchholz-cut-1": "Buchholz cut 1",
    "sonneborn-berger": "Sonneborn-Berger",
    "direct-encounter": "direct encounter",
    "round-reached": "the round reached in the bracket",
}
SHOWN_ENTRANTS = 40  # names listed on the sign-up message; the rest counted


def what(event: Event) -> str:
    """ "a Swiss of 4 rounds of Caravan (new-vegas, 2 jokers, 24 hours a turn), rated" """
    tournament = event.tournament
    rules = rules_from_text(tournament.rules)
    kind = named(tournament.game)
    rounds = tournament.rounds
    if tournament.format == "swiss":
        length = f" of {rounds} rounds" if rounds else " (rounds: enough for a clear winner)"
    elif rounds:
        length = f" of {rounds} rounds"
    else:
        length = ""
    rated = "rated" if tournament.rated else "not rated"
    decks = ", each with their own deck if they bring one" if tournament.decks == OWN else ""
    return (
        f"{FORMAT_WORDS[tournament.format]}{length} of {kind.title} "
        f"({kind.rules_words(rules)}, {turn_words(tournament.turn_seconds)} a turn), "
        f"{rated}{decks}"
    )


def sign_up(event: Event, names: Mapping[int, str]) -> Panel:
    """The event's own message: what it is, who organises, when it starts, who entered,
    and the buttons for its state."""
    tournament = event.tournament
    lines = [
        f"**{md(tournament.name)}**: {what(event)}.",
        f"Organised by <@{tournament.organiser_id}>.",
    ]
    buttons: list[items.EventButton] = []
    if tournament.open:
        if tournament.starts_at:
            at = int(tournament.starts_at)
            lines.append(f"Starts <t:{at}:f> (<t:{at}:R>), or when the organiser presses Start.")
        else:
            lines.append("Starts when the organiser presses Start.")
        if tournament.decks == OWN:
            lines.append(
                "Bring a saved deck with `/caravan tournament deck` (else the standard deck)."
            )
        actions = ("join", "leave", "start", "cancel")
        buttons = [items.EventButton(tournament.id, action) for action in actions]
    elif tournament.running:
        lines.append(f"Round {tournament.round} of {tournament.rounds} is being played.")
        buttons = [items.EventButton(tournament.id, "standings")]
    elif tournament.status == "finished":
        rows = event.standings()
        winner = next((r.player for r in rows if r.rank == 1), None)
        won = f" Winner: {md(names.get(winner, 'a member'))}." if winner else ""
        lines.append(f"Finished.{won}")
        buttons = [items.EventButton(tournament.id, "standings")]
    else:
        lines.append(f"Cancelled. {tournament.reason or ''}".strip())
    entrants = [e.user_id for e in event.entrants]
    listed = ", ".join(md(names.get(u, "a member")) for u in entrants[:SHOWN_ENTRANTS])
    more = len(entrants) - SHOWN_ENTRANTS
    if more > 0:
        listed += f" and {more} more"
    count = f"{len(entrants)} of {tournament.max_entrants}"
    lines.append(f"**Entrants ({count}):** {listed or 'nobody yet'}")
    view = items.controls(*buttons) if buttons else None
    return Panel("\n".join(lines)[:2000], None, view)


def game_call(info: GameInfo, event_name: str, round: int, threaded: bool = True) -> str:
    """The line a round's game is opened on (its thread hangs from it, or, where games get
    no thread, its table follows it in the channel), pinging both."""
    a, b = info.players
    where = "Your game is in the thread." if threaded else "Your game is played below."
    return f"**{md(event_name)}**, round {round}: <@{a}> vs <@{b}>. {where}"


async def standings_panel(
    event: Event, names: Mapping[int, str], heading: str, pings: Sequence[int] = ()
) -> Panel:
    """The standings (or, for a knockout, the bracket) as an image, with `heading`."""
    tournament = event.tournament
    drawn = dict(names)  # made drawable in the image (`bot.render.events`)
    if tournament.format == "knockout":
        bracket = knockout(event.seeded, event.history, event.withdrawn)
        png = await asyncio.to_thread(bracket_png, event, bracket, drawn)
        name, alt = "bracket.png", bracket_alt(event, names)
    else:
        rows = event.standings()
        png = await asyncio.to_thread(standings_png, event, rows, drawn)
        name, alt = "standings.png", standings_alt(event, names)
    file = discord.File(io.BytesIO(png), name, description=alt[:1024])
    tie_breaks = ", ".join(TIE_BREAK_WORDS.get(t, t) for t in TIE_BREAKS[tournament.format])
    note = f"Tie-breaks: {tie_breaks}." if tie_breaks else ""
    text = "\n".join(line for line in (heading, note) if line)
    return Panel(text[:2000], file, None, tuple(pings))


def standings_alt(event: Event, names: Mapping[int, str]) -> str:
    parts = []
    for row in event.standings():
        who = names.get(row.player, "a member")
        gone = ", withdrawn" if row.withdrawn else ""
        parts.append(f"{row.rank}. {who} {points_words(row.points)}{gone}")
    return f"{event.tournament.name} standings: " + "; ".join(parts)


def bracket_alt(event: Event, names: Mapping[int, str]) -> str:
    bracket = knockout(event.seeded, event.history, event.withdrawn)
    if bracket.champion is not None:
        return (
            f"{event.tournament.name}: {names.get(bracket.champion, 'a member')} won the knockout."
        )
    playing = "; ".join(
        f"{names.get(m.first, 'a member')} vs "
        + (names.get(m.second, "a member") if m.second is not None else "a bye")
        for m in bracket.matches
    )
    return f"{event.tournament.name}, round {bracket.round}: {playing}"


def points_words(points: float) -> str:
    whole = int(points)
    half = "\u00bd" if points - whole else ""
    shown = f"{whole}{half}" if whole or not half else half
    return f"{shown} point{'s' * (points != 1)}"


def round_heading(event: Event, byes: Sequence[int], names: Mapping[int, str]) -> str:
    tournament = event.tournament
    games = [b for b in event.boards_of(tournament.round) if b.game_id is not None]
    line = (
        f"**{md(tournament.name)}**: round {tournament.round} of {tournament.rounds} begins, "
        f"{len(games)} game{'s' * (len(games) != 1)}."
    )
    if byes:
        line += " A bye (1 point): " + ", ".join(md(names.get(u, "a member")) for u in byes) + "."
    return line


def podium(event: Event, names: Mapping[int, str]) -> str:
    rows = event.standings()
    places = []
    for place, medal in ((1, "First"), (2, "Second"), (3, "Third")):
        who = [md(names.get(r.player, "a member")) for r in rows if r.rank == place]
        if who:
            places.append(f"{medal}: {', '.join(who)}")
    heading = f"**{md(event.tournament.name)}** is over."
    return heading + ("\n" + "\n".join(places) if places else "")


def event_line(event: Event) -> str:
    """One event in `/caravan tournament list`."""
    tournament = event.tournament
    state = {
        "open": f"open, {len(event.entrants)} of {tournament.max_entrants} entered",
        "running": f"round {tournament.round} of {tournament.rounds}",
        "finished": "finished",
        "cancelled": "cancelled",
    }[tournament.status]
    where = f" in <#{tournament.channel_id}>"
    return f"#{tournament.id} **{md(tournament.name)}**: {what(event)}; {state}{where}."


def show_text(event: Event, names: Mapping[int, str], games: Mapping[int, GameInfo]) -> str:
    """`/caravan tournament show`: what it is, who entered, each round's results with links
    to the games."""
    tournament = event.tournament
    lines = [event_line(event)]
    entrants = ", ".join(
        md(names.get(e.user_id, "a member"))
        + (f" (deck {md(e.deck_name)})" if e.deck_name else "")
        + (" (withdrew)" if e.left_round else "")
        for e in event.entrants
    )
    lines.append(f"Entrants: {entrants or 'nobody yet'}")
    for number in range(1, tournament.round + 1):
        parts = []
        for board in event.boards_of(number):
            first = md(names.get(board.first, "a member"))
            if board.second is None:
                parts.append(f"{first}: a bye")
                continue
            second = md(names.get(board.second, "a member"))
            score = result_words(board.points, board.forfeit)
            info = games.get(board.game_id or 0)
            link = f" <#{info.thread_id}>" if info is not None and info.thread_id else ""
            parts.append(f"{first} vs {second}: {score}{link}")
        lines.append(f"Round {number}: " + "; ".join(parts))
    return "\n".join(lines)[:2000]


def result_words(points: float | None, forfeit: bool) -> str:
    if points is None:
        return "being played"
    score = {1.0: "1-0", 0.0: "0-1", 0.5: "\u00bd-\u00bd"}[float(points)]
    return score + (" (forfeit)" if forfeit else "")
