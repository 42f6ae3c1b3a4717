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
from bot.event_words import cancel_reason
from bot.i18n import ENGLISH, Catalogue, Joined, Said, Text, _, n_
from bot.inert import md
from bot.kinds import named
from bot.records import GameInfo, rules_from_text
from bot.render.events import COLUMNS, bracket_png, standings_png
from bot.tournament import knockout
from bot.tournament.records import OWN, Event
from bot.views import items
from bot.views.panels import Panel

TIE_BREAK_WORDS = {
    "buchholz-cut-1": _("Buchholz cut 1"),
    "sonneborn-berger": _("Sonneborn-Berger"),
    "direct-encounter": _("direct encounter"),
    "round-reached": _("the round reached in the bracket"),
    "games-won": _("games won"),
}
SHOWN_ENTRANTS = 40  # names listed on the sign-up message; the rest counted
A_MEMBER = _("a member")  # a player whose name is not known


def _who(names: Mapping[int, str], user: int, words: Catalogue = ENGLISH) -> str:
    """`user`'s name as known, else "a member" in `words`' language (not escaped)."""
    return names.get(user, words.say(A_MEMBER))


def what(event: Event) -> Text:
    """ "a Swiss of 4 rounds of Caravan (new-vegas, 2 jokers, 24 hours a turn), rated" """
    tournament = event.tournament
    rules = rules_from_text(tournament.rules)
    kind = named(tournament.game)
    game = kind.title
    rounds = tournament.rounds
    format = event.format
    shape = (
        Text(format.counted.message, {"rounds": rounds, "game": game})
        if rounds
        else Text(format.open_ended.message, {"game": game})
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
        if event.format.chosen_rounds and tournament.rounds is None:
            lines.append(_("Its rounds are counted at the start: enough for a clear winner."))
        if event.format.timed and tournament.window_seconds:
            lines.append(
                _(
                    "Once started, it lasts {window}: whoever is free is paired at once, "
                    "and players may join late or pause.",
                    window=turn_words(tournament.window_seconds),
                )
            )
        if tournament.decks == OWN:
            lines.append(
                _("Bring a saved deck with `/caravan tournament deck` (else the standard deck).")
            )
        actions: tuple[str, ...] = ("join", "leave", "start", "cancel")
        buttons = [items.EventButton(tournament.id, action, words) for action in actions]
    elif tournament.running and event.format.timed:
        ends = int(tournament.ends_at or 0)
        lines.append(
            _(
                "Open until <t:{ends}:f> (<t:{ends}:R>): join now, you are paired as soon as "
                "another player is free.",
                ends=ends,
            )
        )
        actions = ("join", "pause", "standings")
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
            _("Finished. Winner: {player}.", player=md(_who(names, winner, words)))
            if winner
            else _("Finished.")
        )
        buttons = [items.EventButton(tournament.id, "standings", words)]
    else:
        lines.append(
            _("Cancelled. {reason}", reason=cancel_reason(tournament.reason))
            if tournament.reason
            else _("Cancelled.")
        )
    entrants = [e.user_id for e in event.entrants]
    shown = [
        words.say(
            _entrant(md(_who(names, e.user_id, words)), None, e.left_round is not None, e.paused)
        )
        for e in event.entrants[:SHOWN_ENTRANTS]
    ]
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
    """The standings (or, for a knockout, the bracket) as an image, with `heading` (said
    already); the image, its description and the tie-breaks in `words`' language."""
    drawn = dict(names)  # made drawable in the image (`bot.render.events`)
    if event.format.bracket:
        bracket = knockout(event.seeded, event.history, event.withdrawn)
        png = await asyncio.to_thread(bracket_png, event, bracket, drawn, words=words)
        name, alt = "bracket.png", words.say(bracket_alt(event, names))
    else:
        rows = event.standings()
        png = await asyncio.to_thread(standings_png, event, rows, drawn, words=words)
        name, alt = "standings.png", words.say(standings_alt(event, names))
    file = discord.File(io.BytesIO(png), name, description=alt[:1024])
    tie_breaks = ", ".join(  # each with its column's heading in the image: "BH-1 (...)"
        words.say(
            _("{column} ({tie_break})", column=COLUMNS.get(t, t), tie_break=TIE_BREAK_WORDS[t])
        )
        if t in COLUMNS and t in TIE_BREAK_WORDS
        else words.say(TIE_BREAK_WORDS.get(t, t))
        for t in event.format.tie_breaks
    )
    note = words.say(_("Tie-breaks: {breaks}.", breaks=tie_breaks)) if tie_breaks else ""
    text = "\n".join(line for line in (heading, note) if line)
    return Panel(text[:2000], file, None, tuple(pings))


def _known(names: Mapping[int, str], user: int) -> Said:
    """`user`'s name as known, else "a member" (said in the reader's language)."""
    return names.get(user, A_MEMBER)


def standings_alt(event: Event, names: Mapping[int, str]) -> Text:
    """The standings image's description: "Cup standings: 1. Ann 2 points; ..." """
    parts: list[Said] = []
    for row in event.standings():
        line = {"rank": row.rank, "player": _known(names, row.player)}
        points = points_words(row.points)
        parts.append(
            _("{rank}. {player} {points}, withdrawn", **line, points=points)
            if row.withdrawn
            else _("{rank}. {player} {points}", **line, points=points)
        )
    return _("{name} standings: {rows}", name=event.tournament.name, rows=Joined(parts, "; "))


def bracket_alt(event: Event, names: Mapping[int, str]) -> Text:
    """The bracket image's description: its champion, or the round's matches."""
    bracket = knockout(event.seeded, event.history, event.withdrawn)
    name = event.tournament.name
    if bracket.champion is not None:
        return _(
            "{name}: {player} won the knockout.",
            name=name,
            player=_known(names, bracket.champion),
        )
    playing: list[Said] = [
        _("{first} vs {second}", first=_known(names, m.first), second=_known(names, m.second))
        if m.second is not None
        else _("{first} vs a bye", first=_known(names, m.first))
        for m in bracket.matches
    ]
    return _(
        "{name}, round {round}: {matches}",
        name=name,
        round=bracket.round,
        matches=Joined(playing, "; "),
    )


def points_words(points: float) -> Text:
    """ "1 point", "2 points", "1½ points", "½ points" """
    whole = int(points)
    if points == whole:
        return n_("{count} point", "{count} points", whole)
    shown = f"{whole}\u00bd" if whole else "\u00bd"
    return _("{points} points", points=shown)


def round_heading(event: Event, names: Mapping[int, str], words: Catalogue = ENGLISH) -> str:
    """ "**Cup**: round 1 of 3 begins, 2 games. Byes to round 2: Ann, Bob." """
    tournament = event.tournament
    games = [b for b in event.boards_of(tournament.round) if b.game_id is not None]
    if event.format.timed:
        return words.say(
            n_(
                "**{name}** has begun, open until <t:{ends}:f>: {count} game.",
                "**{name}** has begun, open until <t:{ends}:f>: {count} games.",
                len(games),
                name=md(tournament.name),
                ends=int(tournament.ends_at or 0),
            )
        )
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
    byes = event.byes()
    if byes:
        players = ", ".join(md(_who(names, u, words)) for u in byes)
        if not event.format.bye_scores:
            line.append(
                n_(
                    "A bye to round {round}: {players}.",
                    "Byes to round {round}: {players}.",
                    len(byes),
                    round=tournament.round + 1,
                    players=players,
                )
            )
        else:
            line.append(
                n_(
                    "A bye (1 point): {players}.",
                    "Byes (1 point each): {players}.",
                    len(byes),
                    players=players,
                )
            )
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
        who = [md(_who(names, r.player, words)) for r in rows if r.rank == place]
        if who:
            lines.append(Text(said.message, {"players": ", ".join(who)}))
    return words.say(Joined(lines, "\n"))


def event_line(event: Event) -> Text:
    """One event in `/caravan tournament list`: "#3 **Cup**: a Swiss of ...; round 2 of 4
    in <#channel>." """
    tournament = event.tournament
    line = {
        "id": tournament.id,
        "name": md(tournament.name),
        "what": what(event),
        "channel": tournament.channel_id,
    }
    if tournament.status == "open":
        return n_(
            "#{id} **{name}**: {what}; open, {count} of {most} entered in <#{channel}>.",
            "#{id} **{name}**: {what}; open, {count} of {most} entered in <#{channel}>.",
            len(event.entrants),
            most=tournament.max_entrants,
            **line,
        )
    if tournament.status == "running" and event.format.timed:
        return _(
            "#{id} **{name}**: {what}; open until <t:{ends}:f> in <#{channel}>.",
            ends=int(tournament.ends_at or 0),
            **line,
        )
    if tournament.status == "running":
        return _(
            "#{id} **{name}**: {what}; round {round} of {rounds} in <#{channel}>.",
            round=tournament.round,
            rounds=tournament.rounds,
            **line,
        )
    if tournament.status == "finished":
        return _("#{id} **{name}**: {what}; finished in <#{channel}>.", **line)
    return _("#{id} **{name}**: {what}; cancelled in <#{channel}>.", **line)


def _entrant(name: str, deck: str | None, withdrew: bool, paused: bool = False) -> Said:
    """An entrant in `show`: "Ann (deck Red) (withdrew)", "Bo (paused)"."""
    if deck and withdrew:
        return _("{player} (deck {deck}) (withdrew)", player=name, deck=deck)
    if deck:
        shown: Said = _("{player} (deck {deck})", player=name, deck=deck)
    elif withdrew:
        return _("{player} (withdrew)", player=name)
    else:
        shown = name
    return _("{player} (paused)", player=shown) if paused else shown


def show_text(
    event: Event,
    names: Mapping[int, str],
    games: Mapping[int, GameInfo],
    words: Catalogue = ENGLISH,
) -> str:
    """`/caravan tournament show`: what it is, who entered, each round's results with links
    to the games; in `words`' language."""
    tournament = event.tournament
    lines: list[Said] = [event_line(event)]
    entrants = [
        _entrant(
            md(_who(names, e.user_id, words)),
            md(e.deck_name) if e.deck_name else None,
            bool(e.left_round),
            e.paused,
        )
        for e in event.entrants
    ]
    lines.append(
        _("Entrants: {entrants}", entrants=Joined(entrants, ", "))
        if entrants
        else _("Entrants: nobody yet")
    )
    for number in range(1, tournament.round + 1):
        parts: list[Said] = []
        for board in event.boards_of(number):
            first = md(_who(names, board.first, words))
            if board.second is None:
                parts.append(_("{player}: a bye", player=first))
                continue
            second = md(_who(names, board.second, words))
            score = result_words(board.points, board.forfeit)
            info = games.get(board.game_id or 0)
            match = {"first": first, "second": second, "score": score}
            parts.append(
                _("{first} vs {second}: {score} <#{thread}>", **match, thread=info.thread_id)
                if info is not None and info.thread_id
                else _("{first} vs {second}: {score}", **match)
            )
        lines.append(_("Round {round}: {games}", round=number, games=Joined(parts, "; ")))
    return words.say(Joined(lines, "\n"))[:2000]


SCORES = {1.0: "1-0", 0.0: "0-1", 0.5: "\u00bd-\u00bd"}  # a board's result, first's side first


def result_words(points: float | None, forfeit: bool) -> Said:
    """A board's result: "1-0", "½-½", "0-1 (forfeit)", or "being played"."""
    if points is None:
        return _("being played")
    score = SCORES[float(points)]
    return _("{score} (forfeit)", score=score) if forfeit else score
