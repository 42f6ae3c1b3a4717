"""Decktet Caravan's hand panel says truly what each card can do: a card that plays only with
others says how many, and picking it alone says what to add, naming cards in words."""

from __future__ import annotations

import random
import re

from bot.games.base import Pick
from bot.games.decktet.hand import fewest_with, hand_turn, picked
from bot.games.decktet.words import card_text
from bot.i18n import ENGLISH
from engine.decktet import DecktetGame, DecktetView
from engine.decktet.ai import RandomPlayer

CODE = re.compile(r"\b(?:[1-9]|10)[MSWLYK]{1,2}\b")  # a card's notation (4MS)


def positions(count: int) -> list[DecktetView]:
    """Views of the player to move facing a caravan of two or more cards."""
    found = []
    for seed in range(400):
        game = DecktetGame.new(seed=seed)
        rng = random.Random(seed)
        while not game.is_over and len(found) < count:
            view = game.view(game.mover)
            last = view.last_play
            if last is not None and last.kind == "caravan" and last.length > 1:
                found.append(view)
                break
            game.play(RandomPlayer().choose(view, rng))
        if len(found) >= count:
            break
    return found


def test_a_card_that_plays_only_with_others_says_so_and_picking_it_alone_says_what_to_add() -> None:
    checked = 0
    for view in positions(60):
        fewest = fewest_with(view)
        turn = hand_turn(view, None, 0)
        cards = turn.controls[0]
        assert isinstance(cards, Pick)
        described = [ENGLISH.say(o.description or "") for o in cards.options]
        for i, card in enumerate(view.hand):
            if card.is_wild:
                continue
            need = fewest.get(card)
            line = described[i]
            if need is None:
                assert line == "in no play that beats the last"
                continue
            alone = picked(view, 1 << i)
            if need == 1:
                assert line == "can be played"
                continue
            checked += 1
            others = need - 1
            assert line == f"can be played with {others} other card{'s' if others > 1 else ''}"
            assert alone.play is None and alone.why, "picked alone, it is not played"
            why = ENGLISH.say(alone.why)
            assert ENGLISH.say(card_text(card)) in why and "more card" in why, why
            assert not CODE.search(why), why
            # the cards it names with it make a play
            plays = [p for p in view.legal_moves if card in p.cards and p.length == need]
            assert any(all(ENGLISH.say(card_text(c)) in why for c in p.cards) for p in plays)
    assert checked >= 5
