"""Decktet Caravan in words: its cards, plays, what a play did, the table for screen
readers, what the player to move may do, and why chosen cards make no play. No Discord here
(the table image's footer draws `describe`; `bot.games.decktet.hand` builds the controls)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.games.words import result
from bot.render.decktet_table import hand_lines
from engine.decktet import DCard, DecktetEvent, DecktetView, Play
from engine.decktet.cards import SUIT_NAMES


def card_words(card: DCard) -> str:
    """ "5 the Forest (Moons, Leaves)", "Ace of Moons", "Crown of Suns (the Bard)"."""
    suits = ", ".join(SUIT_NAMES[s] for s in card.suits)
    if card.is_ace:
        return f"Ace of {suits}"
    if card.is_crown:
        return f"Crown of {suits} ({card.name})"
    return f"{card.rank} {card.name} ({suits})"


def play_cards(play: Play) -> str:
    """The cards of a play, each wild with the rank it stands for."""
    parts = []
    for i, card in enumerate(play.cards):
        words = card_words(card)
        if card.is_wild and play.ranks:
            words += f" as {play.ranks[i]}"
        parts.append(words)
    return ", ".join(parts)


def why_not(view: DecktetView, cards: tuple[DCard, ...]) -> str:
    """Why the chosen cards make no legal play now, in a sentence."""
    words = ", ".join(str(c) for c in cards)
    if all(c.is_wild for c in cards) and len(cards) > 2:
        return f"{words}: a bandit is one Ace, one Crown, or one of each."
    last = view.last_play
    if last is None:
        return f"{words} make no caravan: a run of ranks whose neighbours share a suit."
    return (
        f"{words} make no play that beats {last.words()}: a caravan of {last.length} "
        "with a higher top card, or a bandit."
        if last.kind == "caravan"
        else f"{words} do not beat {last.words()}: only a higher bandit does."
    )


def describe(event: DecktetEvent, names: Mapping[str, str]) -> str:
    """What a play did: "Alice leads a caravan of 3, 3 to 5: ...", "Bob passes: Alice
    collects 5 cards (+2).", with a going out and a hand's end."""
    who = names[event.seat]
    play = event.move
    if play.is_pass:
        line = f"{who} passes."
    else:
        verb = "leads with" if event.led else "beats it with"
        line = f"{who} {verb} {play.words()}: {play_cards(play)}."
    if event.went_out:
        line += f" {who} is out of cards! One last reply may follow."
    ended = event.season_end
    if ended is not None:
        count = len(ended.cards)
        what = f"{count} cards" if count != 1 else "card"
        line += f" {names[ended.collector]} collects the season's {what}."
    if event.hand_end is not None:
        line += " " + ". ".join(hand_lines(event.hand_end, names)) + "."
    if event.winner is not None:
        line += " " + str(result(event.winner, "score", names))  # English until translated
    return line


def summary(view: DecktetView, names: Mapping[str, str]) -> str:
    """The table in a few sentences, for screen readers (the image's description)."""
    a, b = view.running
    parts = [
        f"Decktet Caravan, hand {view.hand_number} of {view.rules.hands}.",
        f"Indicators: {', '.join(card_words(c) for c in view.indicators)}.",
        f"{names['A']}: {view.hand_sizes[0]} in hand, {len(view.collected[0])} collected, "
        f"score {a}.",
        f"{names['B']}: {view.hand_sizes[1]} in hand, {len(view.collected[1])} collected, "
        f"score {b}.",
    ]
    if view.season:
        seat, last = view.season[-1]
        parts.append(f"Last play: {names[seat]}, {last.words()}.")
    return " ".join(parts)


def prompt(view: DecktetView) -> str:
    """What the player to move may do."""
    last = view.last_play
    if last is None:
        return "lead a caravan"
    return f"beat {last.words()} or pass"


def reading_label(play: Play) -> str:
    """A reading of the chosen cards for the select: its ranks with the wilds marked."""
    ranks = [f"{r}*" if c.is_wild else str(r) for c, r in zip(play.cards, play.ranks)]
    if not ranks:
        return play.words().capitalize()
    wilds = [f"{c} as {r}" for c, r in zip(play.cards, play.ranks) if c.is_wild]
    return f"{'-'.join(ranks)} ({', '.join(wilds)})"[:100]
