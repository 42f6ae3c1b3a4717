"""Decktet Caravan in words: its cards, plays, what a play did, the table for screen
readers, what the player to move may do, and why chosen cards make no play. No Discord here
(the table image's footer draws `describe`; `bot.games.decktet.hand` builds the controls)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.games.words import result
from bot.i18n import Joined, Said, Text, _, n_
from engine.decktet import DCard, DecktetEvent, DecktetView, Play
from engine.decktet.cards import SUIT_NAMES
from engine.decktet.game import HandResult
from engine.decktet.plays import MIXED_PAIR, SINGLE_ACE, SINGLE_CROWN, SUITED_PAIR

SUIT_TEXT: dict[str, Text] = {
    "M": _("Moons"),
    "S": _("Suns"),
    "V": _("Waves"),
    "L": _("Leaves"),
    "Y": _("Wyrms"),
    "K": _("Knots"),
}
# the cards' names (the Decktet's own, P.D. Magnus's), each language's
NAME_TEXT: dict[str, Text] = {
    str(name): name
    for name in (
        _("the Author"),
        _("the Desert"),
        _("the Origin"),
        _("the Journey"),
        _("the Painter"),
        _("the Savage"),
        _("the Mountain"),
        _("the Sailor"),
        _("the Battle"),
        _("the Forest"),
        _("the Discovery"),
        _("the Soldier"),
        _("the Lunatic"),
        _("the Penitent"),
        _("the Market"),
        _("the Chance Meeting"),
        _("the Castle"),
        _("the Cave"),
        _("the Diplomat"),
        _("the Mill"),
        _("the Betrayal"),
        _("the Pact"),
        _("the Darkness"),
        _("the Merchant"),
        _("the Huntress"),
        _("the Bard"),
        _("the Sea"),
        _("the End"),
        _("the Calamity"),
        _("the Windfall"),
    )
}
TIER_TEXT: dict[int, Text] = {
    SINGLE_ACE: _("an Ace bandit"),
    SINGLE_CROWN: _("a Crown bandit"),
    MIXED_PAIR: _("an Ace-and-Crown bandit"),
    SUITED_PAIR: _("a same-suit Ace-and-Crown bandit"),
}


def card_words(card: DCard) -> str:
    """ "5 the Forest (Moons, Leaves)", "Ace of Moons", "Crown of Suns (the Bard)"."""
    return str(card_text(card))


def card_text(card: DCard) -> Text:
    """A card in the reader's language (the words of `card_words`)."""
    suits = Joined([SUIT_TEXT.get(s, SUIT_NAMES[s]) for s in card.suits], ", ")
    name = NAME_TEXT.get(card.name, card.name)
    if card.is_ace:
        return _("Ace of {suits}", suits=suits)
    if card.is_crown:
        return _("Crown of {suits} ({name})", suits=suits, name=name)
    return _("{rank} {name} ({suits})", rank=card.rank, name=name, suits=suits)


def play_text(play: Play) -> Text:
    """A play for people: "a caravan of 3, 3 to 5", "a Crown bandit", "pass" (the
    engine's `Play.words`, in the reader's language)."""
    if play.is_pass:
        return _("pass")
    if play.kind == "bandit":
        return TIER_TEXT[play.tier]
    if play.length == 1:
        return _("a caravan of one ({top})", top=play.top)
    return _(
        "a caravan of {length}, {low} to {top}",
        length=play.length,
        low=min(play.ranks),
        top=play.top,
    )


def play_cards(play: Play) -> Text:
    """The cards of a play, each wild with the rank it stands for."""
    parts: list[Said] = []
    for i, card in enumerate(play.cards):
        if card.is_wild and play.ranks:
            parts.append(_("{card} as {rank}", card=card_text(card), rank=play.ranks[i]))
        else:
            parts.append(card_text(card))
    return Joined(parts, ", ")


def why_not(view: DecktetView, cards: tuple[DCard, ...]) -> Text:
    """Why the chosen cards make no legal play now, in a sentence naming them in words:
    more cards are needed (with the smallest play that uses them), or none uses them."""
    words = Joined([card_text(c) for c in cards], "; ")
    bigger = [
        p for p in view.legal_moves if len(p.cards) > len(cards) and set(cards) <= set(p.cards)
    ]
    if bigger:
        smallest = min(bigger, key=lambda p: (p.length, str(p)))
        more = Joined([card_text(c) for c in smallest.cards if c not in cards], "; ")
        return n_(
            "{cards}: add {count} more card to make a play, such as {more}.",
            "{cards}: add {count} more cards to make a play, such as {more}.",
            smallest.length - len(cards),
            cards=words,
            more=more,
        )
    if all(c.is_wild for c in cards) and len(cards) > 2:
        return _("{cards}: a bandit is one Ace, one Crown, or one of each.", cards=words)
    last = view.last_play
    if last is None:
        return _(
            "{cards}: no caravan. A caravan is a run of ranks whose neighbours share a suit.",
            cards=words,
        )
    if last.kind == "caravan":
        return _(
            "{cards}: no play that beats {last}. That takes a caravan of {length} with a "
            "higher top card, or a bandit.",
            cards=words,
            last=play_text(last),
            length=last.length,
        )
    return _(
        "{cards}: no play that beats {last}. Only a higher bandit does.",
        cards=words,
        last=play_text(last),
    )


def signed(points: int) -> str:
    """Points with their sign: "+3", "-2", "+0"."""
    return f"{points:+d}"


def hand_lines(result: HandResult, names: Mapping[str, str]) -> list[Text]:
    """A hand's score in two short lines."""
    parts: list[Said] = []
    for i, seat in enumerate("AB"):
        collected = _(
            "collected {count} ({points})",
            count=result.collected[i],
            points=signed(result.collected_points[i]),
        )
        if result.out == seat:
            bits = _(
                "{player}: {collected}, went out ({out}) = {points}",
                player=names[seat],
                collected=collected,
                out=signed(result.out_points[i]),
                points=signed(result.points[i]),
            )
        else:
            bits = _(
                "{player}: {collected} = {points}",
                player=names[seat],
                collected=collected,
                points=signed(result.points[i]),
            )
        parts.append(bits)
    totals = _(
        "Totals: {first} {first_total}, {second} {second_total}",
        first=names["A"],
        first_total=result.totals[0],
        second=names["B"],
        second_total=result.totals[1],
    )
    return [_("Hand {number}: {scores}", number=result.number, scores=Joined(parts, "; ")), totals]


def describe(event: DecktetEvent, names: Mapping[str, str]) -> Text:
    """What a play did: "Alice leads a caravan of 3, 3 to 5: ...", "Bob passes: Alice
    collects 5 cards (+2).", with a going out and a hand's end."""
    who = names[event.seat]
    play = event.move
    parts: list[Said] = []
    if play.is_pass:
        parts.append(_("{player} passes.", player=who))
    elif event.led:
        parts.append(
            _(
                "{player} leads with {play}: {cards}.",
                player=who,
                play=play_text(play),
                cards=play_cards(play),
            )
        )
    else:
        parts.append(
            _(
                "{player} beats it with {play}: {cards}.",
                player=who,
                play=play_text(play),
                cards=play_cards(play),
            )
        )
    if event.went_out:
        parts.append(_("{player} is out of cards! One last reply may follow.", player=who))
    ended = event.season_end
    if ended is not None:
        parts.append(
            n_(
                "{player} collects the season's card.",
                "{player} collects the season's {count} cards.",
                len(ended.cards),
                player=names[ended.collector],
            )
        )
    if event.hand_end is not None:
        parts.append(_("{lines}.", lines=Joined(hand_lines(event.hand_end, names), ". ")))
    if event.winner is not None:
        parts.append(result(event.winner, "score", names))
    return Joined(parts)


def summary(view: DecktetView, names: Mapping[str, str]) -> Text:
    """The table in a few sentences, for screen readers (the image's description)."""
    a, b = view.running
    parts: list[Said] = [
        _(
            "Decktet Caravan, hand {number} of {hands}.",
            number=view.hand_number,
            hands=view.rules.hands,
        ),
        _("Indicators: {cards}.", cards=Joined([card_text(c) for c in view.indicators], ", ")),
    ]
    for i, score in enumerate((a, b)):
        parts.append(
            _(
                "{player}: {held} in hand, {collected} collected, score {score}.",
                player=names["AB"[i]],
                held=view.hand_sizes[i],
                collected=len(view.collected[i]),
                score=score,
            )
        )
    if view.season:
        seat, last = view.season[-1]
        parts.append(_("Last play: {player}, {play}.", player=names[seat], play=play_text(last)))
    return Joined(parts)


def prompt(view: DecktetView) -> Text:
    """What the player to move may do."""
    last = view.last_play
    if last is None:
        return _("lead a caravan")
    return _("beat {last} or pass", last=play_text(last))


def reading_label(play: Play) -> Said:
    """A reading of the chosen cards for the select: its ranks with the wilds marked."""
    ranks = [f"{r}*" if c.is_wild else str(r) for c, r in zip(play.cards, play.ranks)]
    if not ranks:
        return play_text(play)
    wilds = Joined(
        [
            _("{card} as {rank}", card=str(c), rank=r)
            for c, r in zip(play.cards, play.ranks)
            if c.is_wild
        ],
        ", ",
    )
    return _("{ranks} ({wilds})", ranks="-".join(ranks), wilds=wilds)
