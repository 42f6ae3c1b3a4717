"""What the bot shows: the turn message and the private hand panel, built only from a
`PlayerView` and its legal moves (so every control offered is a legal move, and a hand
only ever goes into an ephemeral message to its owner)."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import discord

from bot import decktet_panels as decktet
from bot import decktet_words, items
from bot.choices import rules_words, turn_words
from bot.help import preset_text, topic_text
from bot.inert import cut, md, md_names, title
from bot.narrate import CardText, describe, result, summary
from bot.records import AnyEvent, AnyView, Challenge, GameInfo, as_recorded, title_of
from bot.render.decktet_table import render_hand as render_decktet_hand
from bot.render.decktet_table import render_table as render_decktet
from bot.render.hand import playable, render_hand
from bot.render.style import card_label, card_words, pictured
from bot.render.table import render_table
from engine import Card, Move, MoveEvent, PlayerView
from engine.decktet import DecktetEvent, DecktetRules, DecktetView


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
CHALLENGE_ENDS = {
    "accepted": "Accepted: the game is on.",
    "declined": "Declined.",
    "cancelled": "Cancelled by the challenger.",
    "expired": "This challenge expired.",
}


def challenge_text(challenge: Challenge, status: str) -> str:
    """A challenge's message: who, what game, and where it stands (`status`)."""
    who = f"<@{challenge.opponent_id}>" if challenge.opponent_id else "anyone"
    head = (
        f"<@{challenge.challenger_id}> challenges {who} to {title_of(challenge.rules)} "
        f"({rules_words(challenge.rules)}, {turn_words(challenge.turn_seconds)} a turn)."
    )
    # How long it is open, in words, and until when (a clock time, which every client
    # shows the same): not a relative time, which a client counts from its own clock
    open_for = turn_words(round(challenge.expires_at - challenge.created_at))
    until = f"<t:{int(challenge.expires_at)}:t>"
    tail = CHALLENGE_ENDS.get(status) or f"Open for {open_for}, until {until}."
    return f"{head}\n{tail}"


def challenge_answers(challenge_id: int) -> discord.ui.View:
    """Accept, Decline and Cancel."""
    return items.controls(*(items.AnswerButton(challenge_id, a) for a in items.ANSWER_STYLES))


def thread_title(
    info: GameInfo, names: Mapping[str, str], over: bool = False, winner: str | None = None
) -> str:
    """ "Caravan: Alice vs Bob", and once `over`, who won (`winner`, else the record's);
    names cut so that the bot's words always fit."""
    winner = winner or info.winner
    short = {seat: cut(name, TITLE_NAME) for seat, name in names.items()}
    if info.ai_seat is not None:
        short[info.ai_seat] += f" ({info.ai_level})"
    words = f"{info.title}: {short['A']} vs {short['B']}"
    if over:
        if info.status == "abandoned":
            words += ": no result"
        elif winner in ("A", "B"):
            words += f": {short[winner]} won"
        else:
            words += ": a draw"
    return title(words)


def seat_names(info: GameInfo, names: Mapping[int, str]) -> dict[str, str]:
    return {seat: names.get(info.user_at(seat), f"Player {seat}") for seat in "AB"}


async def turn_message(
    info: GameInfo, view: AnyView, event: AnyEvent | None, names: Mapping[str, str]
) -> Panel:
    """The public message of a turn: what happened, whose move it is, the table. `names`
    are plain (`bot.inert.plain`): as they are in the image and its alt text, escaped in
    the message's text."""
    view = as_recorded(view, info)  # a game the record ends is drawn over, with its result
    over = view.phase == "over"
    shown, drawn = md_names(names), pictured(names)
    final = ending(view, drawn) if over else None
    note = _note(view, event, drawn, over, card_label)
    png = await asyncio.to_thread(table_png, view, drawn, event, note, final)
    if isinstance(view, DecktetView):
        alt = decktet_words.summary(view, names)
        your_move = f"your move: {decktet_words.prompt(view)}"
    else:
        alt, your_move = summary(view, names), "your move"
    file = discord.File(io.BytesIO(png), "table.png", description=alt[:1024])
    text_note = _note(view, event, shown, over)
    pings: tuple[int, ...] = ()
    if over:
        lines = [text_note] if event is not None else []
        lines.append(f"**Game over.** {ending(view, shown)}")
        finished = info.status == "finished" or (info.active and view.phase == "over")
        buttons = items.controls(items.GameAction(info.id, "rematch")) if finished else None
    else:
        due = (
            f" Due <t:{int(info.deadline)}:R>."
            if info.deadline and info.ai_seat != view.turn
            else ""
        )
        mover = info.user_at(view.turn)
        if info.ai_seat == view.turn:  # the bot itself: no mention of itself
            lines = [text_note, f"{shown[view.turn]} is thinking."]
        else:
            lines = [text_note, f"<@{mover}>, {your_move}.{due}"]
            pings = (mover,)
        buttons = items.controls(
            items.GameButton(info.id, "hand"),
            items.GameButton(info.id, "rules"),
            items.ResignButton(info.id),
        )
    return Panel("\n".join(line for line in lines if line)[:2000], file, buttons, pings)


def ending(view: AnyView, names: Mapping[str, str]) -> str:
    """A finished game's result in words, from its final view (for New Vegas, how many
    positions the winner sold)."""
    held = view.positions if isinstance(view, PlayerView) else ()
    return result(view.winner, view.end_reason, names, held)


def move_words(view: AnyView, event: AnyEvent | None, names: Mapping[str, str]) -> str:
    """What the last change did, for a player's panel (`names` plain; escaped here)."""
    if event is None:
        return ""
    return _note(view, event, md_names(names), view.phase == "over")


def _note(
    view: AnyView,
    event: AnyEvent | None,
    names: Mapping[str, str],
    over: bool,
    cards: CardText = card_words,
) -> str:
    """What the turn did, in words, with `names` and `cards` in the form where it is shown
    (drawn in the image, escaped and in words in the message)."""
    if isinstance(view, DecktetView):
        assert event is None or isinstance(event, DecktetEvent)
        if event is not None:
            return decktet_words.describe(event, names)
        return "" if over else f"{names[view.turn]} leads the first season."
    assert event is None or isinstance(event, MoveEvent)
    if event is not None:
        return describe(event, names, cards)
    return "" if view.phase == "over" else f"{names[view.turn]} moves first."


def table_png(
    view: AnyView,
    names: Mapping[str, str],
    event: AnyEvent | None = None,
    note: str = "",
    final: str | None = None,
) -> bytes:
    """The table image of either game, as a PNG."""
    if isinstance(view, DecktetView):
        assert event is None or isinstance(event, DecktetEvent)
        return render_decktet(view, names, event, note, final)
    assert event is None or isinstance(event, MoveEvent)
    return render_table(view, names, event, note, final)


def move_label(move: Move, view: PlayerView, names: Mapping[str, str]) -> str:
    """A move in words for a select option."""
    if move.action == "discard":
        assert move.card is not None
        return f"Discard {card_words(move.card)}"
    if move.action == "disband":
        assert move.caravan is not None
        caravan = view.caravan(view.turn, move.caravan)
        words = f"Disband caravan {move.caravan} (value {caravan.value})"
        if move.card is not None:
            words += f" and restart it with {card_words(move.card)}"
        return words
    assert move.card is not None and move.caravan is not None
    if move.card.is_number:
        caravan = view.caravan(view.turn, move.caravan)
        if not caravan.cards:
            return f"Start caravan {move.caravan}"
        return f"On caravan {move.caravan} (now {caravan.value})"
    owner = move.player or view.turn
    caravan = view.caravan(owner, move.caravan)
    index = move.index or len(caravan.cards)
    target = card_words(caravan.cards[index - 1].card)
    whose = "your" if owner == view.seat else f"{names[owner]}'s"
    return f"On {whose} {target} (caravan {move.caravan}, card {index})"[:100]


async def hand_panel(
    info: GameInfo,
    view: AnyView,
    names: Mapping[str, str],
    chosen: int | None = None,
    page: int = 0,
    note: str = "",
) -> Panel:
    """The private hand: the image, and when it is the player's turn a select of cards and,
    once a card is chosen, a select of where it may go (paged past 24). Decktet Caravan's
    panel's controls are `decktet.turn_panel` (`chosen` is then a set of cards, as bits)."""
    if isinstance(view, DecktetView):
        marks = decktet.marked(view, chosen)
        png = await asyncio.to_thread(render_decktet_hand, view, marks)
    else:
        png = await asyncio.to_thread(render_hand, view, chosen)
    file = discord.File(io.BytesIO(png), "hand.png", description="Your hand")
    lines = [note] if note else []
    if view.phase == "over" or not info.active:
        lines.append("The game is over.")
        return Panel("\n".join(lines), file, None)
    if not view.my_turn:
        opponent = md(names[view.turn])
        lines.append(
            f"Your hand. It is {opponent}'s move: this panel shows your turn when it comes "
            "(for 15 minutes; after that, press *Your hand* on the table)."
        )
        return Panel("\n".join(lines), file, None)
    if isinstance(view, DecktetView):
        return decktet.turn_panel(info, view, chosen, page, lines, file)
    live = playable(view)
    discardable = {m.card for m in view.legal_moves if m.action == "discard"}
    onlies: dict[Card | None, Move | None] = {c: only_use(view, c) for c in set(view.hand)}
    options = [
        discord.SelectOption(
            label=f"{i + 1}. {card_words(card)}",
            value=str(i),
            description=_use(card, live, discardable, onlies[card], view, names),
            default=i == chosen,
        )
        for i, card in enumerate(view.hand)
    ]
    parts: list[discord.ui.Item[Any]] = [items.CardSelect(info.id, info.version, options)]
    if chosen is None:
        lines.append("Your move: choose a card.")
        others = _other_moves(view, onlies)
        if others:
            labelled = [(str(m), move_label(m, view, names)) for m in others]
            kinds = {m.action for m in others}
            where = OTHER_MOVES.get(frozenset(kinds), "Or discard a card, or disband a caravan")
            parts.append(items.MoveSelect(info.id, info.version, -1, 0, labelled, where))
    else:
        card = view.hand[chosen]
        moves = [m for m in view.legal_moves if m.card == card and m.action != "disband"]
        moves += [m for m in view.legal_moves if m.card == card and m.action == "disband"]
        labelled = [(str(m), move_label(m, view, names)) for m in _unique(moves)]
        if not labelled:
            lines.append(f"{card_words(card)} cannot be played now: choose another card.")
            return Panel("\n".join(lines), file, items.controls(*parts))
        shown, page = items.paged(labelled, page, "places")
        where = f"Where does {card_words(card)} go?"
        lines.append(f"Your move: {where}")
        parts.append(items.MoveSelect(info.id, info.version, chosen, page, shown, where))
    return Panel("\n".join(lines), file, items.controls(*parts))


OTHER_MOVES = {
    frozenset({"discard"}): "Or discard a card",
    frozenset({"disband"}): "Or disband a caravan",
}


def only_use(view: PlayerView, card: Card) -> Move | None:
    """The one move that uses `card` other than discarding it, if it has exactly one: then
    choosing the card plays it (its discard is offered beside the cards)."""
    uses = _unique([m for m in view.legal_moves if m.card == card and m.action != "discard"])
    return uses[0] if len(uses) == 1 else None


def _other_moves(view: PlayerView, onlies: Mapping[Card | None, Move | None]) -> list[Move]:
    """Offered beside the cards: the discard of each card that one choice plays (so it can
    still be discarded), then the disbands that use no card."""
    discards = [
        m for m in view.legal_moves if m.action == "discard" and onlies.get(m.card) is not None
    ]
    disbands = [m for m in view.legal_moves if m.action == "disband" and m.card is None]
    return _unique(discards) + disbands


def _use(
    card: Card,
    live: set[Card],
    discardable: set[Card | None],
    only: Move | None,
    view: PlayerView,
    names: Mapping[str, str],
) -> str:
    if only is not None:
        return f"one place, plays at once: {move_label(only, view, names)}"[:100]
    if card in live:
        return "can go on the table"
    return "can only be discarded" if card in discardable else "cannot be played now"


def _unique(moves: list[Move]) -> list[Move]:
    seen: set[str] = set()
    kept = []
    for move in moves:
        if str(move) not in seen:
            seen.add(str(move))
            kept.append(move)
    return kept


def rules_text(info: GameInfo) -> str:
    """The Rules button's answer: this game's preset and how it differs from New Vegas
    rules, then the rules in five lines (`/caravan rules` has each topic with pictures)."""
    if isinstance(info.rules, DecktetRules):
        return f"{preset_text(info.rules)}\n{topic_text('decktet')}"
    return (
        f"{preset_text(info.rules)}\n"
        "**Goal:** sell two of the three positions. A caravan is for sale at 21 to 26; the "
        "higher one for sale wins its position against the other player's caravan.\n"
        "**Number cards** (A-10) go on your own caravans, going up or down, never repeating "
        "the last value; a card of the caravan's suit may always follow.\n"
        "**K** doubles the card it is on; **Q** reverses the direction and sets the suit; "
        "**J** removes the card it is on; the **Joker** on an Ace removes that suit, on "
        "2-10 that rank, elsewhere on the table.\n"
        "**Each turn:** play a card, discard one, or disband a caravan. Press *Your hand* "
        "to see your cards; `/caravan rules` explains each card with pictures."
    )


def card_of_hand(view: PlayerView, index: int) -> Card | None:
    return view.hand[index] if 0 <= index < len(view.hand) else None


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
