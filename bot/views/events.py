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
from bot.games.words import GAME_TITLES
from bot.i18n import ENGLISH, Catalogue, Joined, Said, Text, _, n_
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
    "buchholz-cut-1": _("Buchholz cut 1"),
    "sonneborn-berger": _("Sonneborn-Berger"),
    "direct-encounter": _("direct encounter"),
    "round-reached": _("the round reached in the bracket"),
}
SHOWN_ENTRANTS = 40  # names listed on the sign-up message; the rest counted


FORMAT_PHRASES = {
    "swiss": (
        _("a Swiss of {rounds} rounds of {game}"),
        _("a Swiss of {game} (rounds: enough for a clear winner)"),
    ),
    "round-robin": (_("a round robin of {rounds} rounds of {game}"), _("a round robin of {game}")),
    "knockout": (_("a knockout of {rounds} rounds of {game}"), _("a knockout of {game}")),
}


def what(event: Event) -> Text:
    """ "a Swiss of 4 rounds of Caravan (new-vegas, 2 jokers, 24 hours a turn), rated" """
    tournament = event.tournament
    rules = rules_from_text(tournament.rules)
    kind = named(tournament.game)
    game = GAME_TITLES.get(kind.key, kind.title)
    rounds = tournament.rounds
    counted, open_ended = FORMAT_PHRASES[tournament.format]
    shape = (
        Text(counted.message, {"rounds": rounds, "game": game})
        if rounds
        else Text(open_ended.message, {"game": game})
    )
    details = {
        "event": shape,
        "rules": kind.rules_words(rules),
        "turn": turn_words(tournament.turn_seconds),
    }
    if tournament.decks == OWN:
        return (
            _("{event} ({rules}, {turn} a turn), rated, each with their own deck", **details)
            if tournament.rated
            else _(
                "{event} ({rules}, {turn} a turn), not rated, each with their own deck", **details
            )
        )
    return (
        _("{event} ({rules}, {turn} a turn), rated", **details)
        if tournament.rated
        else _("{event} ({rules}, {turn} a turn), not rated", **details)
    )


def sign_up(event: Event, names: Mapping[int, str], words: Catalogue = ENGLISH) -> Panel:
    """The event's own message, in the server's language (`words`): what it is, who
    organises, when it starts, who entered, and the buttons for its state."""
    tournament = event.tournament
    lines: list[Said] = [
        _("**{name}**: {what}.", name=md(tournament.name), what=what(event)),
        _("Organised by <@{user}>.", user=tournament.organiser_id),
    ]
    buttons: list[items.EventButton] = []
    if tournament.open:
        if tournament.starts_at:
            lines.append(
                _(
                    "Starts <t:{at}:f> (<t:{at}:R>), or when the organiser presses Start.",
                    at=int(tournament.starts_at),
                )
            )
        else:
            lines.append(_("Starts when the organiser presses Start."))
        if tournament.decks == OWN:
            lines.append(
                _("Bring a saved deck with `/caravan tournament deck` (else the standard deck).")
            )
        actions = ("join", "leave", "start", "cancel")
        buttons = [items.EventButton(tournament.id, action, words) for action in actions]
    elif tournament.running:
        lines.append(
            _(
                "Round {round} of {rounds} is being played.",
                round=tournament.round,
                rounds=tournament.rounds,
            )
        )
        buttons = [items.EventButton(tournament.id, "standings", words)]
    elif tournament.status == "finished":
        rows = event.standings()
        winner = next((r.player for r in rows if r.rank == 1), None)
        lines.append(
            _("Finished. Winner: {player}.", player=md(names.get(winner, "a member")))
            if winner
            else _("Finished.")
        )
        buttons = [items.EventButton(tournament.id, "standings", words)]
    else:
        lines.append(
            _("Cancelled. {reason}", reason=tournament.reason)
            if tournament.reason
            else _("Cancelled.")
        )
    entrants = [e.user_id for e in event.entrants]
    shown = [md(names.get(u, "a member")) for u in entrants[:SHOWN_ENTRANTS]]
    more = len(entrants) - SHOWN_ENTRANTS
    if more > 0:
        shown.append(words.say(n_("{count} more", "{count} more", more)))
    lines.append(
        _(
            "**Entrants ({count} of {most}):** {entrants}",
            count=len(entrants),
            most=tournament.max_entrants,
            entrants=", ".join(shown),
        )
        if shown
        else _(
            "**Entrants ({count} of {most}):** nobody yet",
            count=len(entrants),
            most=tournament.max_entrants,
        )
    )
    view = items.controls(*buttons) if buttons else None
    return Panel("\n".join(words.say(line) for line in lines)[:2000], None, view)


def game_call(
    info: GameInfo,
    event_name: str,
    round: int,
    threaded: bool = True,
    words: Catalogue = ENGLISH,
) -> str:
    """The line a round's game is opened on (its thread hangs from it, or, where games get
    no thread, its table follows it in the channel), pinging both, in the server's
    language."""
    a, b = info.players
    call = {"name": md(event_name), "round": round, "a": a, "b": b}
    return words.say(
        _("**{name}**, round {round}: <@{a}> vs <@{b}>. Your game is in the thread.", **call)
        if threaded
        else _("**{name}**, round {round}: <@{a}> vs <@{b}>. Your game is played below.", **call)
    )


async def standings_panel(
    event: Event,
    names: Mapping[int, str],
    heading: str,
    pings: Sequence[int] = (),
    words: Catalogue = ENGLISH,
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
    tie_breaks = ", ".join(
        words.say(TIE_BREAK_WORDS.get(t, t)) for t in TIE_BREAKS[tournament.format]
    )
    note = words.say(_("Tie-breaks: {breaks}.", breaks=tie_breaks)) if tie_breaks else ""
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


def round_heading(
    event: Event, byes: Sequence[int], names: Mapping[int, str], words: Catalogue = ENGLISH
) -> str:
    tournament = event.tournament
    games = [b for b in event.boards_of(tournament.round) if b.game_id is not None]
    line: list[Said] = [
        n_(
            "**{name}**: round {round} of {rounds} begins, {count} game.",
            "**{name}**: round {round} of {rounds} begins, {count} games.",
            len(games),
            name=md(tournament.name),
            round=tournament.round,
            rounds=tournament.rounds,
        )
    ]
    if byes:
        players = ", ".join(md(names.get(u, "a member")) for u in byes)
        line.append(_("A bye (1 point): {players}.", players=players))
    return words.say(Joined(line))


PLACES = (
    (1, _("First: {players}")),
    (2, _("Second: {players}")),
    (3, _("Third: {players}")),
)


def podium(event: Event, names: Mapping[int, str], words: Catalogue = ENGLISH) -> str:
    rows = event.standings()
    lines: list[Said] = [_("**{name}** is over.", name=md(event.tournament.name))]
    for place, said in PLACES:
        who = [md(names.get(r.player, "a member")) for r in rows if r.rank == place]
        if who:
            lines.append(Text(said.message, {"players": ", ".join(who)}))
    return words.say(Joined(lines, "\n"))


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
