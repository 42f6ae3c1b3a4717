"""The computer's review of a finished game, in messages (`bot.reviews` asks and queues it,
`bot.reviewing` makes it): the progress message, edited in place while the moves are judged;
the review itself (the chart, each player's accuracy, the turning points in words, a select
to see each), and a turning point's table with the computer's move instead of the one
played. The game is over: nothing in it is secret any more."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.faces import face
from bot.i18n import ENGLISH, Catalogue, Said, _
from bot.inert import md_names
from bot.kinds import kind_of
from bot.records import GameRecord
from bot.render.review import chart_png
from bot.render.style import pictured
from bot.views import items
from bot.views.panels import Panel
from engine.review import GameReview, MoveReview

BAR_CELLS = 12


@dataclass(frozen=True)
class TurningPoint:
    """A turning point said: the move played and the computer's, each as it happened on the
    table (the events of both, played from the same position), and the chances."""

    number: int  # 1, 2, 3: its place among the turning points
    judged: MoveReview
    played: Any  # the played move's event
    best: Any  # the computer's move's event
    after_played: Any  # the game after the move played
    after_best: Any  # the game after the computer's move instead


def turning_points(record: GameRecord, review: GameReview) -> list[TurningPoint]:
    """The review's turning points, each with the events of the move played and of the
    computer's move, replayed from the record."""
    return [
        turning_point(record, judged, number)
        for number, judged in enumerate(review.turning_points(), start=1)
    ]


def turning_point(record: GameRecord, judged: MoveReview, number: int) -> TurningPoint:
    """Turning point `number` (the move `judged`), the move played and the computer's
    played from the position the game's record replays to."""
    kind = kind_of(record.game.rules)
    before = kind.replay(record.game.rules, record.seed, record.moves[: judged.ply])
    played, best = before.copy(), before.copy()
    played_event, best_event = kind.play(played, judged.played), kind.play(best, judged.best)
    return TurningPoint(number, judged, played_event, best_event, played, best)


def progress_text(game_id: int, done: int, total: int, words: Catalogue = ENGLISH) -> str:
    """ "Reviewing game #12: move 48 of 116." and a bar of how far it is."""
    filled = round(BAR_CELLS * done / max(total, 1))
    bar = "\u25b0" * filled + "\u25b1" * (BAR_CELLS - filled)
    said = _(
        "The computer is reviewing game #{game}: move {done} of {total}.",
        game=game_id,
        done=done,
        total=total,
    )
    return f"{words.say(said)}\n`{bar}`"


def _percent(chance: float) -> int:
    return round(100 * chance)


async def review_panel(
    record: GameRecord,
    review: GameReview,
    points: Sequence[TurningPoint],
    names: Mapping[str, str],
    words: Catalogue = ENGLISH,
) -> Panel:
    """The review: who was winning after each move (the chart), each player's accuracy, the
    turning points, and a select that shows each one's table."""
    info = record.game
    kind = face(info.game)
    shown, drawn = md_names(names), pictured(names, words)
    lines = [
        words.say(
            _(
                "**The computer's review of game #{game}**: {a} vs {b}.",
                game=info.id,
                a=shown["A"],
                b=shown["B"],
            )
        ),
        words.say(
            _(
                "Accuracy: {a} {a_accuracy}%, {b} {b_accuracy}%.",
                a=shown["A"],
                b=shown["B"],
                a_accuracy=round(review.accuracy("A")),
                b_accuracy=round(review.accuracy("B")),
            )
        ),
    ]
    if not points:
        lines.append(
            words.say(_("No move changed the game much: both played close to the computer."))
        )
    else:
        most = points[0].judged
        lines.append(
            words.say(
                _(
                    "It turned most at move {move}, where {player}'s chance of winning fell "
                    "from {best_chance}% to {played_chance}%.",
                    move=most.ply + 1,
                    player=shown[most.seat],
                    best_chance=_percent(most.best_chance),
                    played_chance=_percent(most.played_chance),
                )
            )
        )
    for point in points:
        judged = point.judged
        played = kind.describe(point.after_played.view(None), point.played, shown, False)
        best = kind.describe(point.after_best.view(None), point.best, shown, False)
        lines.append(
            words.say(
                _(
                    "**{number}. Move {move}**: {played} The computer's move: {best} "
                    "{player}'s chance of winning: {best_chance}% with it, {played_chance}% "
                    "with the move played.",
                    number=point.number,
                    move=judged.ply + 1,
                    played=played,
                    best=best,
                    player=shown[judged.seat],
                    best_chance=_percent(judged.best_chance),
                    played_chance=_percent(judged.played_chance),
                )
            )
        )
    turning = [point.judged.ply for point in points]
    png = await asyncio.to_thread(chart_png, review.chance_of_a(), turning, drawn, words)
    alt = words.say(
        _(
            "Each player's chance of winning after every move; the turning points are "
            "numbered. Accuracy: {a} {a_accuracy}%, {b} {b_accuracy}%.",
            a=names["A"],
            b=names["B"],
            a_accuracy=round(review.accuracy("A")),
            b_accuracy=round(review.accuracy("B")),
        )
    )
    file = discord.File(io.BytesIO(png), "review.png", description=alt[:1024])
    view = None
    if points:
        options = [
            discord.SelectOption(
                label=words.say(
                    _("{number}. Move {move}", number=point.number, move=point.judged.ply + 1)
                )[:100],
                value=str(point.number),
            )
            for point in points
        ]
        placeholder = words.say(_("See a turning point's table"))
        view = items.controls(items.TurningPointSelect(info.id, options, placeholder))
    return Panel("\n".join(lines)[:2000], file, view)


async def turning_point_panel(
    record: GameRecord,
    point: TurningPoint,
    names: Mapping[str, str],
    words: Catalogue = ENGLISH,
) -> Panel:
    """A turning point's table: the game as it stood, with the computer's move played and
    marked (and the move played said beside it)."""
    info, judged = record.game, point.judged
    kind = face(info.game)
    shown, drawn = md_names(names), pictured(names, words)
    after = point.after_best.view(None)
    note: Said = _(
        "The computer's move instead: {best}",
        best=kind.describe(after, point.best, drawn, True),
    )
    png = await asyncio.to_thread(
        kind.table_png, after, drawn, point.best, words.say(note), None, words
    )
    played = kind.describe(point.after_played.view(None), point.played, shown, False)
    best = kind.describe(after, point.best, shown, False)
    lines = [
        words.say(
            _(
                "Game #{game}, move {move} (turning point {number}).",
                game=info.id,
                move=judged.ply + 1,
                number=point.number,
            )
        ),
        words.say(_("Played: {played}", played=played)),
        words.say(_("The computer's move, shown: {best}", best=best)),
    ]
    alt = words.say(note)
    file = discord.File(io.BytesIO(png), "turning-point.png", description=alt[:1024])
    return Panel("\n".join(lines)[:2000], file, None)
