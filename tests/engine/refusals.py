"""One way to meet each refusal a player can meet (engine.errors.REFUSALS), by its code:
`CASES[code]` raises it the way a player would (`refusal(CASES[code])` gives the error);
`EXTRA_CASES` those the two games share, as Decktet raises them."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine import Card, Game, Rules, parse_cards, validate_deck
from engine.decktet import DecktetGame, DecktetRules, Play, parse_card, parse_play
from engine.errors import CaravanError
from engine.moves import Move
from engine.rules import PRESETS
from tests.engine.helpers import table

NUMBERS = (
    "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Ad 2d 3d 4d 5d 6d 7d 8d 9d Td"
)
STARTED = ("7h", "8h", "9h"), ("2c", "3c", "4c")


def main(
    a: tuple[str, str, str] = STARTED[0], hand: str = "5h Kh Qh Jh", rules: str = "new-vegas"
) -> Game:
    """A main-phase table, A to move, B's caravans started."""
    return table(a, STARTED[1], hand_a=hand, hand_b="5c", rules=rules)


def deck(cards: str, preset: str = "new-vegas") -> None:
    validate_deck(parse_cards(cards), PRESETS[preset], name="mine")


def decktet_after_lead() -> DecktetGame:
    """A Decktet game where A has led a caravan of one 9 and B holds a lower single."""
    for seed in range(100):
        game = DecktetGame.new(seed=seed)
        nines = [p for p in game.legal_moves() if p.length == 1 and p.top == 9]
        if nines:
            game.play(nines[0])
            return game
    raise AssertionError("no seed leads a 9")


def decktet_over() -> None:
    game = DecktetGame.new(DecktetRules(1), seed=1)
    while not game.is_over:
        game.play(game.legal_moves()[-1])
    game.validate("pass")


def lower_single(game: DecktetGame) -> Play:
    card = next(c for c in game.hand(game.mover) if not c.is_wild and c.rank < 9)
    return Play((card,), (card.rank,))


def not_held_decktet() -> None:
    game = DecktetGame.new(seed=1)
    other = next(c for c in game.hand("B" if game.mover == "A" else "A") if not c.is_wild)
    game.validate(Play((other,), (other.rank,)))


def twice() -> None:
    game = DecktetGame.new(seed=1)
    card = next(c for c in game.hand(game.mover) if not c.is_wild)
    game.validate(Play((card, card), (card.rank, card.rank + 1)))


def led_with_bandit() -> None:
    game = DecktetGame.new(seed=1)
    wild = next(c for c in game.hand(game.mover) if c.is_wild)
    game.validate(Play((wild,)))


CASES: dict[str, Callable[[], object]] = {
    "game_over": lambda: table(*STARTED, hand_a="5h", hand_b="5c", phase="over").play("5h@1"),
    "not_held": lambda: main().play("6h@1"),
    "opening_no_discard": lambda: table(hand_a="5h", hand_b="5c", phase="opening").play(
        "discard:5h"
    ),
    "opening_numbers_only": lambda: table(hand_a="5h Kh", hand_b="5c", phase="opening").play(
        "Kh@1"
    ),
    "opening_caravan_started": lambda: table(
        ("7h", "", ""), hand_a="5h", hand_b="5c", phase="opening"
    ).play("5h@1"),
    "disband_empty": lambda: main(("7h", "8h", "")).play("disband:3"),
    "restart_needs_card": lambda: main(rules="foxon").play("disband:1"),
    "restart_not_allowed": lambda: main().play("disband:1+5h"),
    "numbers_on_own": lambda: main().play("5h@B1"),
    "same_rank": lambda: main(hand="7c").play("7c@1"),
    "no_direction": lambda: main(("5h 7c 7d", "8h", "9h"), hand="9s").play("9s@1"),
    "against_direction": lambda: main(("5h 7c", "8h", "9h"), hand="3s").play("3s@1"),
    "pictures_on_own": lambda: main(rules="foxon").play("Kh@B1"),
    "picture_on_empty": lambda: main(("", "8h", "9h")).play("Kh@A1"),
    "queen_not_last": lambda: main(("5d 7d", "8h", "9h")).play("Qh@A1.1"),
    "no_such_place": lambda: main().play("Kh@A1.5"),
    "card_full": lambda: main(("5d[Kd,Kc,Ks]", "8h", "9h")).play("Kh@A1.1"),
    "card_full_jack": lambda: main(("5d[Kd,Kc,Ks]", "8h", "9h")).play("Jh@A1.1"),
    "not_a_move": lambda: Move.parse("nonsense"),
    "no_caravan_named": lambda: Move.parse("7h@9"),
    "places_from_one": lambda: Move.parse("Kh@A1.0"),
    "number_card_placed": lambda: Move.parse("7h@A1.2"),
    "missing_card": lambda: Move.parse("discard: "),
    "caravan_numbers": lambda: Move.parse("disband:5"),
    "not_a_card": lambda: Card.parse("Zz"),
    "no_such_preset": lambda: Rules("nope"),
    "jokers_option": lambda: Rules(jokers=5),
    "deck_too_small": lambda: deck("Ah 2h 3h"),
    "deck_jokers": lambda: deck(NUMBERS + " X" * 9),
    "deck_copies": lambda: deck(NUMBERS + " Kh" * 5),
    "deck_tens": lambda: deck(NUMBERS, "simple"),
    "deck_numbers": lambda: deck("Jc Jd Jh Js Qc Qd Qh Qs Kc Kd Kh Ks " * 3 + "Ah 2h"),
    "card_played_twice": twice,
    "must_lead": lambda: DecktetGame.new(seed=1).validate("pass"),
    "lead_with_caravan": led_with_bandit,
    "does_not_beat": lambda: (game := decktet_after_lead()).validate(lower_single(game)),
    "wild_rank": lambda: parse_play("2MK+AM=1"),
    "not_wild": lambda: parse_play("2MK=3"),
    "caravan_needs_number": lambda: parse_play("AM=2+AS=3"),
    "caravan_not_run": lambda: parse_play("2MK+4MS"),
    "caravan_suits": lambda: parse_play("2SY+3MV"),
    "not_a_bandit": lambda: parse_play("AM+AS"),
    "empty_play": lambda: parse_play("  "),
    "card_named_twice": lambda: parse_play("2MK+2MK"),
    "wild_rank_not_number": lambda: parse_play("AM=x+2MK"),
    "wild_rank_missing": lambda: parse_play("AM+2MK"),
    "not_a_decktet_card": lambda: parse_card("ZZ"),
    "no_such_decktet_card": lambda: parse_card("2MS"),
    "hands_option": lambda: DecktetRules(20),
}
EXTRA_CASES: list[Callable[[], object]] = [decktet_over, not_held_decktet]


def refusal(case: Callable[[], object]) -> CaravanError:
    with pytest.raises(CaravanError) as refused:
        case()
    return refused.value
