"""What the bot shows: challenges, the turn message and the private hand panel, as Discord
messages. The words, pictures and hand controls are the game's kind's (`GameInfo.kind`),
built only from a view and its legal moves, so every control offered is a legal move, and a
hand only ever goes into an ephemeral message to its owner."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.choices import turn_words
from bot.event_words import label_said
from bot.faces import face
from bot.games.base import PASS, Pick
from bot.i18n import ENGLISH, Catalogue, Joined, Said, Text, _, n_
from bot.inert import cut, md, md_names, title
from bot.metrics import WORK
from bot.records import AnyEvent, AnyView, Challenge, GameInfo, Replayed, as_recorded
from bot.render.style import pictured
from bot.views import hand_items, items


@dataclass
class Panel:
    """A message to send or edit: its text, its image, its controls, and the users it
    means to ping (nobody else is)."""

    content: str
    file: discord.File | None
    view: discord.ui.View | None
    pings: tuple[int, ...] = field(default=())


def pinging(*user_ids: int | None) -> discord.AllowedMentions:
    """Mentions that ping exactly `user_ids` (None: nobody) and never a role or @everyone."""
    return discord.AllowedMentions(
        everyone=False,
        roles=False,
        users=[discord.Object(u) for u in user_ids if u is not None],
        replied_user=False,
    )


# A name in a thread's title: three fit in Discord's 100 characters with the bot's words
# ("Decktet Caravan: A vs B: A won").
TITLE_NAME = 24
EVENT_TITLE = 36  # an event's name and round in a game's title, with two names
CHALLENGE_ENDS = {
    "accepted": _("Accepted: the game is on."),
    "declined": _("Declined."),
    "cancelled": _("Cancelled by the challenger."),
    "expired": _("This challenge expired."),
}


def challenge_text(challenge: Challenge, status: str) -> Text:
    """A challenge's message: who, what game, and where it stands (`status`)."""
    kind = challenge.kind
    what = {
        "game": kind.title,
        "rules": kind.rules_words(challenge.rules),
        "turn": turn_words(challenge.turn_seconds),
        "challenger": challenge.challenger_id,
    }
    head = (
        _(
            "<@{challenger}> challenges <@{opponent}> to {game} ({rules}, {turn} a turn).",
            opponent=challenge.opponent_id,
            **what,
        )
        if challenge.opponent_id
        else _("<@{challenger}> challenges anyone to {game} ({rules}, {turn} a turn).", **what)
    )
    # How long it is open, in words, and until when (a clock time, which every client
    # shows the same): not a relative time, which a client counts from its own clock
    open_for = turn_words(round(challenge.expires_at - challenge.created_at))
    until = int(challenge.expires_at)
    tail = CHALLENGE_ENDS.get(status) or _(
        "Open for {time}, until <t:{until}:t>.", time=open_for, until=until
    )
    return Joined([head, tail], "\n")


def challenge_answers(challenge_id: int, words: Catalogue = ENGLISH) -> discord.ui.View:
    """Accept, Decline and Cancel, in the server's language (`words`)."""
    answers = (items.AnswerButton(challenge_id, a, words) for a in items.ANSWER_STYLES)
    return items.controls(*answers)


def thread_title(
    info: GameInfo,
    names: Mapping[str, str],
    over: bool = False,
    winner: str | None = None,
    words: Catalogue = ENGLISH,
) -> str:
    """ "Caravan: Alice vs Bob", and once `over`, who won (`winner`, else the record's), in
    the server's language (`words`); names cut so that the bot's words always fit."""
    winner = winner or info.winner
    short = {seat: cut(name, TITLE_NAME) for seat, name in names.items()}
    # an event's game says its event and round ("Friday Swiss, round 2: A vs B")
    where = cut(words.say(label_said(info.event)), EVENT_TITLE) if info.event else info.kind.title
    said = _("{game}: {a} vs {b}", game=where, a=short["A"], b=short["B"])
    if over:
        if info.status == "abandoned":
            said = _("{game}: no result", game=said)
        elif winner in ("A", "B"):
            said = _("{game}: {player} won", game=said, player=short[winner])
        else:
            said = _("{game}: a draw", game=said)
    return title(words.say(said))


async def turn_message(
    info: GameInfo,
    view: AnyView,
    event: AnyEvent | None,
    names: Mapping[str, str],
    words: Catalogue = ENGLISH,
) -> Panel:
    """The public message of a turn: what happened, whose move it is, the table, in the
    server's language (`words`). `names` are plain (`bot.inert.plain`): as they are in the
    image and its alt text, escaped in the message's text."""
    view = as_recorded(view, info)  # a game the record ends is drawn over, with its result
    kind = face(info.game)
    over = view.phase == "over"
    shown, drawn = md_names(names), pictured(names, words)
    final = words.say(kind.ending(view, drawn)) if over else None
    note = words.say(kind.describe(view, event, drawn, True))
    draw = WORK.drawing("table", kind.key, kind.table_png)  # timed when metrics are on
    png = await asyncio.to_thread(draw, view, drawn, event, note, final, words)
    alt = words.say(kind.summary(view, names))
    file = discord.File(io.BytesIO(png), "table.png", description=alt[:1024])
    text_note = words.say(kind.describe(view, event, shown, False))
    pings: tuple[int, ...] = ()
    if over:
        lines = [text_note] if event is not None else []
        lines.append(words.say(_("**Game over.** {result}", result=kind.ending(view, shown))))
        finished = info.status == "finished" or (info.active and view.phase == "over")
        rematch = items.GameAction(info.id, "rematch", words)
        review = items.GameAction(info.id, "review", words)
        buttons = items.controls(rematch, review) if finished else None
    else:
        due = int(info.deadline) if info.deadline and info.ai_seat != view.turn else None
        mover = info.user_at(view.turn)
        if info.ai_seat == view.turn:  # the bot itself: no mention of itself
            lines = [text_note, words.say(_("{player} is thinking.", player=shown[view.turn]))]
        else:
            move = kind.your_move(view)
            call = (
                _("<@{user}>, {move}. Due <t:{due}:R>.", user=mover, move=move, due=due)
                if due is not None
                else _("<@{user}>, {move}.", user=mover, move=move)
            )
            lines = [text_note, words.say(call)]
            pings = (mover,)
        buttons = items.controls(
            items.GameButton(info.id, "hand", words),
            items.GameButton(info.id, "rules", words),
            items.ResignButton(info.id, "", words),
        )
    return Panel("\n".join(line for line in lines if line)[:2000], file, buttons, pings)


async def replay_panel(
    step: Replayed, names: Mapping[str, str], words: Catalogue = ENGLISH
) -> Panel:
    """A finished game's table after `step.ply` of its moves, for watching it move by move
    (privately): which move, what it did, the table, and buttons to the first, the move
    before, the move after and the last."""
    info, view, event = step.game, step.view, step.event
    kind = face(info.game)
    shown, drawn = md_names(names), pictured(names, words)
    over = view.phase == "over"
    final = words.say(kind.ending(view, drawn)) if over else None
    note = words.say(kind.describe(view, event, drawn, True))
    png = await asyncio.to_thread(kind.table_png, view, drawn, event, note, final, words)
    alt = words.say(kind.summary(view, names))
    file = discord.File(io.BytesIO(png), "table.png", description=alt[:1024])
    where = (
        _("Game #{game}, move {ply} of {total}.", game=info.id, ply=step.ply, total=step.total)
        if step.ply
        else n_(
            "Game #{game}, as dealt ({count} move to come).",
            "Game #{game}, as dealt ({count} moves to come).",
            step.total,
            game=info.id,
        )
    )
    lines = [words.say(where)]
    if event is not None:
        lines.append(words.say(kind.describe(view, event, shown, False)))
    if over:
        lines.append(words.say(_("**Game over.** {result}", result=kind.ending(view, shown))))
    last = step.total
    buttons = items.controls(
        *(
            items.ReplayButton(info.id, target, slot, disabled)
            for slot, target, disabled in (
                ("first", 0, step.ply == 0),
                ("back", step.ply - 1, step.ply == 0),
                ("next", step.ply + 1, step.ply >= last),
                ("last", last, step.ply >= last),
            )
        )
    )
    return Panel("\n".join(line for line in lines if line)[:2000], file, buttons, ())


def move_words(
    info: GameInfo, view: AnyView, event: AnyEvent | None, names: Mapping[str, str]
) -> Said:
    """What the last change did, for a player's panel (`names` plain; escaped here)."""
    if event is None:
        return ""
    return face(info.game).describe(view, event, md_names(names), False)


async def hand_panel(
    info: GameInfo,
    view: AnyView,
    names: Mapping[str, str],
    chosen: int | None = None,
    page: int = 0,
    note: Said = "",
    words: Catalogue = ENGLISH,
) -> Panel:
    """The private hand in its player's language (`words`): the image, and when it is the
    player's turn the kind's controls (`GameKind.hand_turn`: for Caravan a select of cards
    and, once a card is chosen, a select of where it may go; for Decktet Caravan `chosen`
    is a set of cards, as bits)."""
    kind = face(info.game)
    png = await asyncio.to_thread(
        WORK.drawing("hand", kind.key, kind.hand_png), view, chosen, words
    )
    file = discord.File(io.BytesIO(png), "hand.png", description=words.say(_("Your hand")))
    lines = [words.say(note)] if note else []
    if view.phase == "over" or not info.active:
        lines.append(words.say(_("The game is over.")))
        return Panel("\n".join(lines), file, None)
    if not view.my_turn:
        opponent = md(names[view.turn])
        lines.append(
            words.say(
                _(
                    "Your hand. It is {player}'s move: your turn comes here, under the newest "
                    "table (for 15 minutes; after that, press *Your hand* on the table).",
                    player=opponent,
                )
            )
        )
        return Panel("\n".join(lines), file, None)
    turn = kind.hand_turn(view, chosen, page, names)
    lines += [words.say(line) for line in turn.lines]
    controls = [_control(info, control, words) for control in turn.controls]
    return Panel("\n".join(lines), file, items.controls(*controls))


def _control(info: GameInfo, control: Pick | str, words: Catalogue) -> discord.ui.Item[Any]:
    """A hand control as Discord's select or button, for the game at its version, its
    words in the player's language (each option's cut to Discord's 100 characters)."""
    game, version = info.id, info.version
    if control == PASS:
        return hand_items.PassButton(game, version, words)
    assert isinstance(control, Pick)

    def said(text: Said | None) -> str | None:
        return cut(words.say(text), 100) if text else None

    placeholder = words.say(control.placeholder)
    if control.what == "move":
        labelled = [(o.value, said(o.label) or "-", said(o.description)) for o in control.options]
        return hand_items.MoveSelect(
            game, version, control.card, control.page, labelled, placeholder
        )
    options = [
        discord.SelectOption(
            label=said(o.label) or "-",
            value=o.value,
            description=said(o.description),
            default=o.default,
        )
        for o in control.options
    ]
    if control.what == "cards":
        return hand_items.CardsSelect(game, version, options, placeholder)
    return hand_items.CardSelect(game, version, options, placeholder)


def rules_text(info: GameInfo) -> Said:
    """The Rules button's answer: this game's rules in short (`/caravan rules` has each
    topic with pictures)."""
    return face(info.game).rules_text(info.rules)


async def edit_panel(
    interaction: discord.Interaction[Any], panel: Panel
) -> discord.InteractionMessage:
    """Show `panel` as `interaction`'s private answer: in place of the message it came
    from (a press on a panel), or of its deferred answer (a command, a table's button)."""
    return await interaction.edit_original_response(
        content=panel.content,
        attachments=[panel.file] if panel.file else [],
        view=panel.view,
    )
