"""Decktet Caravan in Discord: the private hand panel (a select of the cards to play, then
which reading of the wilds when there is more than one, and Pass). Built only from a
`DecktetView` and its legal plays, so every control offered is a legal play and a hand goes
only into its owner's ephemeral message. Its words are `bot.decktet_words`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot import items
from bot.decktet_words import card_words, prompt, reading_label
from engine.decktet import DCard, DecktetView, Play

if TYPE_CHECKING:
    from bot.panels import Panel
    from bot.records import GameInfo


def chosen_cards(view: DecktetView, mask: int) -> tuple[DCard, ...] | None:
    """The hand's cards in `mask` (bit i: the i-th card), or None if it names none or a
    card the hand does not have (a panel from before the hand changed)."""
    if mask <= 0 or mask >= 1 << len(view.hand):
        return None
    return tuple(card for i, card in enumerate(view.hand) if mask >> i & 1)


def plays_of(view: DecktetView, cards: tuple[DCard, ...]) -> list[Play]:
    """The legal plays that use exactly `cards` (several when wilds can stand for more than
    one rank)."""
    wanted = sorted(cards)
    return [p for p in view.legal_moves if sorted(p.cards) == wanted]


def marked(view: DecktetView, chosen: int | None) -> frozenset[int]:
    """The places of the hand's chosen cards (none when the choice is stale)."""
    if chosen is None or chosen_cards(view, chosen) is None:
        return frozenset()
    return frozenset(i for i in range(len(view.hand)) if chosen >> i & 1)


def turn_panel(
    info: GameInfo,
    view: DecktetView,
    chosen: int | None,
    page: int,
    lines: list[str],
    file: discord.File,
) -> Panel:
    """The hand panel's controls on the player's turn: a select of the cards to play
    together and Pass (when passing is allowed); once cards are chosen whose wilds can
    stand for more than one rank, a select of the readings (paged past 24)."""
    from bot.panels import Panel

    picked = chosen_cards(view, chosen) if chosen is not None else None
    usable = {c for p in view.legal_moves for c in p.cards}
    options = [
        discord.SelectOption(
            label=f"{i + 1}. {card_words(card)}"[:100],
            value=str(i),
            description="wild: any rank 2-9 in a caravan; a bandit"
            if card.is_wild
            else ("can be played" if card in usable else "in no play that beats the last"),
            default=picked is not None and card in picked,
        )
        for i, card in enumerate(view.hand)
    ]
    parts: list[discord.ui.Item[Any]] = [items.CardsSelect(info.id, info.version, options)]
    if any(p.is_pass for p in view.legal_moves):
        parts.append(items.PassButton(info.id, info.version))
    if picked is None:
        if not usable:
            lines.append("Your move: nothing in your hand beats it, so pass.")
        else:
            lines.append(f"Your move: {prompt(view)}. Choose the cards to play together.")
        return Panel("\n".join(lines), file, items.controls(*parts))
    readings = plays_of(view, picked)
    labelled = [(str(p), reading_label(p)) for p in readings]
    shown, page = items.paged(labelled, page, "readings")
    where = "Which ranks do the wilds stand for?"
    lines.append(f"Your move: {len(readings)} ways to play these cards. {where}")
    parts.insert(1, items.MoveSelect(info.id, info.version, chosen or 0, page, shown, where))
    return Panel("\n".join(lines), file, items.controls(*parts))
