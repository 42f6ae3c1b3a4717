"""A tournament's pictures: the standings (a table: rank, player, points, tie-breaks) and a
knockout's bracket (a column a round, each match a box, the winner marked). Laid out for
Discord's inline width: 720 px wide, shown at 550, so the 20 px names read at ~15 px.
Names come in drawable (`bot.render.style.drawable`); no Discord here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from bot.i18n import ENGLISH, Catalogue, Text, _, n_
from bot.render import style
from bot.render.style import AMBER, BAND, BAR, FELT, GREEN, INK, MUTED, Colour, text
from bot.tournament import Bracket, MatchState, Pairing, Row
from bot.tournament.records import Event
from bot.tournament.standings import counted_rounds

WIDTH = 720
HEAD = 56  # the title bar
ROW = 36
MOST_ROWS = 40  # rows drawn; the rest are counted on a last line
COLUMNS = {  # the tie-breaks' column headings, short
    "buchholz-cut-1": _("BH-1"),
    "sonneborn-berger": _("SB"),
    "direct-encounter": _("DE"),
    "round-reached": _("Round"),
    "games-won": _("W"),
}
A_BYE = _("a bye")
A_MEMBER = _("a member")


def _name(names: Mapping[int, str], player: int | None, words: Catalogue = ENGLISH) -> str:
    if player is None:
        return words.say(A_BYE)
    return style.drawable(names.get(player, "")) or words.say(A_MEMBER)


def standings_subtitle(event: Event) -> Text:
    """The standings' subtitle, after the rounds the standings count (`counted_rounds`: a
    new round's byes and forfeits, written as it begins, do not make it played)."""
    finished = event.tournament.status == "finished"
    if finished:
        return event.format.final
    return Text(event.format.after_round.message, {"round": counted_rounds(event.history)})


def _number(value: float) -> str:
    whole = int(value)
    if value == whole:
        return str(whole)
    return f"{whole}\u00bd" if whole else "\u00bd"


def _title(image: Image.Image, event: Event, subtitle: str) -> None:
    ImageDraw.Draw(image).rectangle((0, 0, image.width, HEAD), fill=BAR)
    name = style.fit(event.tournament.name, 22, image.width - 40)
    text(image, (20, 20), name, 22, AMBER)
    text(image, (20, 44), style.fit(subtitle, 15, image.width - 40), 15, MUTED, bold=False)


def standings_png(
    event: Event, rows: Sequence[Row], names: Mapping[int, str], *, words: Catalogue = ENGLISH
) -> bytes:
    """The standings as a table, its words in `words`' language; the leaders marked,
    withdrawn players greyed."""
    shown = list(rows[:MOST_ROWS])
    more = len(rows) - len(shown)
    breaks = [words.say(COLUMNS.get(t, t)) for t in event.format.tie_breaks]
    height = HEAD + ROW * (len(shown) + 1) + (ROW if more > 0 else 0) + 12
    image = Image.new("RGB", (WIDTH, height), FELT)
    draw = ImageDraw.Draw(image)
    _title(image, event, words.say(standings_subtitle(event)))
    right = WIDTH - 20
    columns = [right - 80 * i for i in range(len(breaks), -1, -1)]  # points, then breaks
    y = HEAD + ROW / 2
    text(image, (20, y), "#", 15, MUTED, bold=False)
    text(image, (64, y), words.say(_("Player")), 15, MUTED, bold=False)
    for x, heading in zip(columns, [words.say(_("Points")), *breaks], strict=True):
        text(image, (x, y), heading, 15, MUTED, "rm", bold=False)
    name_width = columns[0] - 80 - 64
    for index, row in enumerate(shown):
        top = HEAD + ROW * (index + 1)
        if index % 2 == 0:
            draw.rectangle((0, top, WIDTH, top + ROW), fill=BAND)
        y = top + ROW / 2
        colour: Colour = MUTED if row.withdrawn else (AMBER if row.rank == 1 else INK)
        text(image, (20, y), str(row.rank), 20, colour)
        who = _name(names, row.player, words)
        if row.withdrawn:
            who = words.say(_("{player} (withdrew)", player=who))
        text(image, (64, y), style.fit(who, 20, name_width), 20, colour)
        values = [_number(row.points), *(_break(v) for v in row.tie_breaks)]
        for x, figure in zip(columns, values, strict=False):
            text(image, (x, y), figure, 20, colour, "rm")
    if more > 0:
        y = HEAD + ROW * (len(shown) + 1) + ROW / 2
        said = words.say(n_("and {count} more", "and {count} more", more))
        text(image, (64, y), said, 17, MUTED, bold=False)
    return style.encode(image)


def _break(value: float) -> str:
    return _number(value) if value * 2 == int(value * 2) else f"{value:.2f}"


BOX_W, BOX_H, GAP = 200, 64, 14  # a match: two names, one under the other


FROM_THE_END = {1: _("Final"), 2: _("Semi-finals"), 3: _("Quarter-finals")}


def round_name(column: int, first: int, words: Catalogue = ENGLISH) -> str:
    """The heading of a bracket's round `column` (0: the first) when its first round has
    `first` matches: the last three by name, the others by number; in `words`' language."""
    total = max(first, 1).bit_length()  # first is a power of two: 4 matches, 3 rounds
    named = FROM_THE_END.get(total - column)
    return words.say(named if named is not None else _("Round {number}", number=column + 1))


def bracket_png(
    event: Event, bracket: Bracket, names: Mapping[int, str], *, words: Catalogue = ENGLISH
) -> bytes:
    """The whole knockout: a column a round (round 1 on the left, the last three named),
    each match a box of its two players joined to the match its winner goes on to; the
    winner in green, a match being played outlined in amber, the rounds still to come as
    empty boxes; the champion named under the title. Its words in `words`' language."""
    rounds = list(bracket.rounds)
    first = len(rounds[0]) if rounds else 1
    total = max(first, 1).bit_length()  # first is a power of two: 4 matches, 3 rounds
    width = max(WIDTH, total * (BOX_W + 40))
    height = HEAD + 40 + first * (BOX_H + GAP) + 20
    image = Image.new("RGB", (width, height), FELT)
    draw = ImageDraw.Draw(image)
    champion = bracket.champion
    status = (
        _("Knockout · won by {player}", player=_name(names, champion, words))
        if champion is not None
        else _("Knockout · round {round} being played", round=bracket.round)
    )
    _title(image, event, words.say(status))
    top = HEAD + 30
    slot = BOX_H + GAP
    for column in range(total):
        x = 20 + column * (BOX_W + 40)
        text(image, (x, HEAD + 16), round_name(column, first, words), 15, MUTED, bold=False)
        spacing = slot * (2**column)
        matches = rounds[column] if column < len(rounds) else ()
        for index in range(first >> column):
            y = top + index * spacing + (spacing - BOX_H) / 2
            if index < len(matches):
                _match(image, (x, y), *matches[index], names, words)
            else:  # to come
                draw.rounded_rectangle((x, y, x + BOX_W, y + BOX_H), 8, outline=BAND, width=2)
            if column + 1 < total and index % 2 == 1:  # join this pair to the next match
                upper, lower = y - spacing + BOX_H / 2, y + BOX_H / 2
                elbow = x + BOX_W + 20
                for middle in (upper, lower):
                    draw.line((x + BOX_W, middle, elbow, middle), fill=BAND, width=2)
                draw.line((elbow, upper, elbow, lower), fill=BAND, width=2)
                centre = (upper + lower) / 2
                draw.line((elbow, centre, elbow + 20, centre), fill=BAND, width=2)
    return style.encode(image)


def _match(
    image: Image.Image,
    at: tuple[float, float],
    match: Pairing,
    state: MatchState,
    names: Mapping[int, str],
    words: Catalogue = ENGLISH,
) -> None:
    x, y = at
    outline = BAND if state.decided else AMBER
    ImageDraw.Draw(image).rounded_rectangle(
        (x, y, x + BOX_W, y + BOX_H), 8, fill=BAR, outline=outline, width=2
    )
    for line, player in enumerate((match.first, match.second)):
        won = state.decided and state.winner == player and player is not None
        lost = state.decided and player is not None and not won
        colour: Colour = GREEN if won else (MUTED if lost or player is None else INK)
        shown = style.fit(_name(names, player, words), 17, BOX_W - 20)
        text(image, (x + 10, y + 18 + line * 28), shown, 17, colour, bold=won)


def ranking_png(
    title: str,
    subtitle: str,
    rows: Sequence[tuple[int, str, str, str]],
    *,
    words: Catalogue = ENGLISH,
) -> bytes:
    """A ranking as a table: (rank, name, rating, wins-losses-draws) each, the first marked;
    a season's final top ten. `title` and `subtitle` come said; the headings are said in
    `words`' language."""
    shown = list(rows[:MOST_ROWS])
    height = HEAD + ROW * (len(shown) + 1) + 12
    image = Image.new("RGB", (WIDTH, height), FELT)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, HEAD), fill=BAR)
    heading = style.drawable(title) or words.say(_("Season"))
    text(image, (20, 20), style.fit(heading, 22, WIDTH - 40), 22, AMBER)
    text(image, (20, 44), style.fit(subtitle, 15, WIDTH - 40), 15, MUTED, bold=False)
    y = HEAD + ROW / 2
    text(image, (20, y), "#", 15, MUTED, bold=False)
    text(image, (64, y), words.say(_("Player")), 15, MUTED, bold=False)
    text(image, (WIDTH - 180, y), words.say(_("Rating")), 15, MUTED, "rm", bold=False)
    text(image, (WIDTH - 20, y), words.say(_("W-L-D")), 15, MUTED, "rm", bold=False)
    for index, (rank, name, rating, record) in enumerate(shown):
        top = HEAD + ROW * (index + 1)
        if index % 2 == 0:
            draw.rectangle((0, top, WIDTH, top + ROW), fill=BAND)
        y = top + ROW / 2
        colour: Colour = AMBER if rank == 1 else INK
        text(image, (20, y), str(rank), 20, colour)
        who = style.fit(style.drawable(name) or words.say(A_MEMBER), 20, WIDTH - 64 - 260)
        text(image, (64, y), who, 20, colour)
        text(image, (WIDTH - 180, y), rating, 20, colour, "rm")
        text(image, (WIDTH - 20, y), record, 20, colour, "rm")
    return style.encode(image)
