"""Caravan (New Vegas) as a game kind: `KIND`."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from bot.errors import BadDeck, BadOption, engine_reason
from bot.games.base import GameChoice, HandTurn, Picked
from bot.games.new_vegas import hand, words
from bot.games.words import result
from bot.help import PRESET_TEXTS
from bot.i18n import ENGLISH, Catalogue, Joined, Said, Text, _, n_
from bot.inert import quote
from bot.render.hand import render_hand
from bot.render.table import render_table
from engine import PRESETS, Game, Move, MoveEvent, PlayerView, Rules
from engine.errors import RulesError
from engine.rules import DEFAULT_PRESET

RULES_TEXT = _(
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


def make_rules(preset: str, jokers: int | None) -> Rules:
    return Rules(preset) if jokers is None else Rules(preset, jokers=jokers)


class NewVegas:
    key = "new-vegas"
    title = "Caravan"
    types: tuple[type, ...] = (Rules, PlayerView, MoveEvent, Game)
    players = "engine.ai"  # its computer players: `player_for(level)`
    presets: tuple[str, ...] = tuple(PRESETS)
    takes_decks = True

    # ----- rules and games ------------------------------------------------------------------

    def parse_rules(self, value: Any) -> Rules:
        return Rules.parse(value)

    def rules_for(self, choice: GameChoice, server: Mapping[str, Any], deck: Any) -> Rules:
        """The player's preset and jokers, else the server's, else New Vegas rules; with a
        saved deck (`deck`, a `Deck`), that deck for the player (A) and the preset's for
        the other."""
        if choice.hands is not None:
            raise BadOption(_("`hands:` is a Decktet Caravan option: add `game:Decktet Caravan`."))
        preset = choice.preset or server.get("preset") or DEFAULT_PRESET
        jokers = choice.jokers
        if jokers is None and choice.preset is None:
            jokers = server.get("jokers")
        rules = make_rules(preset, jokers)
        if deck is None:
            return rules
        try:
            return Rules(rules.preset, rules.jokers, (deck.cards, tuple(rules.deck(1))))
        except RulesError as error:
            raise BadDeck(
                _(
                    "Your deck {deck} cannot be used with `{preset}` rules: {reason}",
                    deck=quote(deck.name),
                    preset=preset,
                    reason=engine_reason(error),
                )
            ) from None

    def seated(self, rules: Rules, decks: tuple[Any, Any]) -> Rules:
        if decks == (None, None):
            return rules
        cards = tuple(
            tuple(deck.cards) if deck is not None else tuple(rules.deck(seat))
            for seat, deck in enumerate(decks)
        )
        return Rules(rules.preset, rules.jokers, (cards[0], cards[1]))

    def new(self, rules: Rules, seed: int) -> Game:
        return Game.new(rules, seed)

    def replay(self, rules: Rules, seed: int, moves: Sequence[str]) -> Game:
        return Game.replay(rules, seed, moves)

    def play(self, game: Game, move: Move | str) -> MoveEvent:
        return game.play(move if isinstance(move, str | Move) else str(move))

    def command(self, rules: Rules, seed: int) -> tuple[str, str]:
        form = rules.to_json()  # a preset's name, or the JSON object of its options
        text = form if isinstance(form, str) else json.dumps(form, separators=(",", ":"))
        return "python -m engine", f"python -m engine new --rules '{text}' --seed {seed}"

    # ----- words ----------------------------------------------------------------------------

    def rules_words(self, rules: Rules) -> Said:
        preset = f"`{rules.preset}`"
        if rules.decks is not None:
            return n_(
                "{preset}, {count} joker, custom deck",
                "{preset}, {count} jokers, custom deck",
                rules.joker_count,
                preset=preset,
            )
        count = rules.joker_count
        return n_("{preset}, {count} joker", "{preset}, {count} jokers", count, preset=preset)

    def rules_label(self, rules: Rules) -> str:
        return rules.preset

    def preset_text(self, rules: Rules) -> Text:
        count = rules.joker_count
        jokers = (
            _("no jokers")
            if count == 0
            else _("one joker")
            if count == 1
            else _("{count} jokers", count=count)
        )
        difference = PRESET_TEXTS[rules.preset]
        if rules.decks is not None:
            return _(
                "**This game's rules: `{preset}`**, {jokers} per deck, custom decks. {difference}",
                preset=rules.preset,
                jokers=jokers,
                difference=difference,
            )
        return _(
            "**This game's rules: `{preset}`**, {jokers} per deck. {difference}",
            preset=rules.preset,
            jokers=jokers,
            difference=difference,
        )

    def rules_text(self, rules: Rules) -> Text:
        return Joined([self.preset_text(rules), RULES_TEXT], "\n")

    def describe(
        self, view: PlayerView, event: MoveEvent | None, names: Mapping[str, str], drawn: bool
    ) -> Said:
        if event is not None:
            return words.describe(event, names, words.card_sign if drawn else words.card_text)
        return "" if view.phase == "over" else _("{player} moves first.", player=names[view.turn])

    def summary(self, view: PlayerView, names: Mapping[str, str]) -> Said:
        return words.summary(view, names)

    def your_move(self, view: PlayerView) -> Said:
        return _("your move")

    def ending(self, view: PlayerView, names: Mapping[str, str]) -> Said:
        return result(view.winner, view.end_reason, names, view.positions)

    # ----- pictures -------------------------------------------------------------------------

    def table_png(
        self,
        view: PlayerView,
        names: Mapping[str, str],
        event: MoveEvent | None,
        note: str,
        final: str | None,
        words: Catalogue = ENGLISH,
    ) -> bytes:
        return render_table(view, names, event, note, final, words)

    def hand_png(self, view: PlayerView, chosen: int | None, words: Catalogue = ENGLISH) -> bytes:
        return render_hand(view, chosen, words)

    # ----- the hand panel -------------------------------------------

    def hand_turn(
        self, view: PlayerView, chosen: int | None, page: int, names: Mapping[str, str]
    ) -> HandTurn:
        return hand.hand_turn(view, chosen, page, names)

    def picked(self, view: PlayerView, chosen: int) -> Picked:
        return hand.picked(view, chosen)


KIND = NewVegas()
