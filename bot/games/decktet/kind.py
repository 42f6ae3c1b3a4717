"""Decktet Caravan as a game kind: `KIND`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.errors import BadOption
from bot.games.base import GameChoice, HandTurn, Picked
from bot.games.decktet import hand, words
from bot.games.words import result
from bot.help import topic_text
from bot.i18n import ENGLISH, Catalogue, Said, n_
from bot.render.decktet_table import render_hand, render_table
from engine.decktet import DecktetEvent, DecktetGame, DecktetRules, DecktetView, Play
from engine.decktet.game import DEFAULT_HANDS


class Decktet:
    key = "decktet"
    title = "Decktet Caravan"
    types: tuple[type, ...] = (DecktetRules, DecktetView, DecktetEvent, DecktetGame)
    players = "engine.decktet.ai"  # its computer players: `player_for(level)`
    presets: tuple[str, ...] = ()
    takes_decks = False

    # ----- rules and games ------------------------------------------------------------------

    def parse_rules(self, value: Any) -> DecktetRules:
        return DecktetRules.parse(value)

    def rules_for(self, choice: GameChoice, server: Mapping[str, Any], deck: Any) -> DecktetRules:
        """The hands the player chose, else five; New Vegas's options are refused."""
        if choice.preset or choice.jokers is not None or choice.deck:
            raise BadOption(
                "Rule presets, jokers and decks are New Vegas options; Decktet Caravan "
                "takes `hands:` (how many hands the game lasts)."
            )
        return DecktetRules(choice.hands or DEFAULT_HANDS)

    def seated(self, rules: DecktetRules, decks: tuple[Any, Any]) -> DecktetRules:
        if decks != (None, None):
            raise BadOption("Decktet Caravan is played with the Decktet: no saved decks.")
        return rules

    def new(self, rules: DecktetRules, seed: int) -> DecktetGame:
        return DecktetGame.new(rules, seed)

    def replay(self, rules: DecktetRules, seed: int, moves: Sequence[str]) -> DecktetGame:
        return DecktetGame.replay(rules, seed, moves)

    def play(self, game: DecktetGame, move: Play | str) -> DecktetEvent:
        return game.play(move if isinstance(move, str | Play) else str(move))

    def command(self, rules: DecktetRules, seed: int) -> tuple[str, str]:
        engine = "python -m engine.decktet"
        return engine, f"{engine} new --hands {rules.hands} --seed {seed}"

    # ----- words ----------------------------------------------------------------------------

    def rules_words(self, rules: DecktetRules) -> Said:
        return n_("{count} hand", "{count} hands", rules.hands)

    def rules_label(self, rules: DecktetRules) -> str:
        return self.key

    def preset_text(self, rules: DecktetRules) -> str:
        return f"**This game is Decktet Caravan**, {rules.hands} hands."

    def rules_text(self, rules: DecktetRules) -> str:
        return f"{self.preset_text(rules)}\n{topic_text('decktet')}"

    def describe(
        self,
        view: DecktetView,
        event: DecktetEvent | None,
        names: Mapping[str, str],
        drawn: bool,
    ) -> str:
        if event is not None:
            return words.describe(event, names)
        return "" if view.phase == "over" else f"{names[view.turn]} leads the first season."

    def summary(self, view: DecktetView, names: Mapping[str, str]) -> str:
        return words.summary(view, names)

    def your_move(self, view: DecktetView) -> str:
        return f"your move: {words.prompt(view)}"

    def ending(self, view: DecktetView, names: Mapping[str, str]) -> Said:
        return result(view.winner, view.end_reason, names)

    # ----- pictures -------------------------------------------------------------------------

    def table_png(
        self,
        view: DecktetView,
        names: Mapping[str, str],
        event: DecktetEvent | None,
        note: str,
        final: str | None,
        words: Catalogue = ENGLISH,
    ) -> bytes:
        return render_table(view, names, event, note, final)

    def hand_png(self, view: DecktetView, chosen: int | None) -> bytes:
        return render_hand(view, hand.marked(view, chosen))

    # ----- the hand panel -------------------------------------------

    def hand_turn(
        self, view: DecktetView, chosen: int | None, page: int, names: Mapping[str, str]
    ) -> HandTurn:
        return hand.hand_turn(view, chosen, page)

    def picked(self, view: DecktetView, chosen: int) -> Picked:
        return hand.picked(view, chosen)


KIND = Decktet()
