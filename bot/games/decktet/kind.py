"""Decktet Caravan as a game kind: `KIND`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.errors import BadOption
from bot.games.base import GameChoice, HandTurn, Picked
from bot.games.decktet import hand, words
from bot.games.words import result
from bot.help import topic_said
from bot.i18n import ENGLISH, Catalogue, Joined, Said, Text, _, n_
from bot.render.decktet_hand import render_hand
from bot.render.decktet_table import render_table
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
                _(
                    "Rule presets, jokers and decks are New Vegas options; Decktet Caravan "
                    "takes `hands:` (how many hands the game lasts)."
                )
            )
        return DecktetRules(choice.hands or DEFAULT_HANDS)

    def seated(self, rules: DecktetRules, decks: tuple[Any, Any]) -> DecktetRules:
        if decks != (None, None):
            raise BadOption(_("Decktet Caravan is played with the Decktet: no saved decks."))
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

    def preset_text(self, rules: DecktetRules) -> Text:
        return n_(
            "**This game is Decktet Caravan**, {count} hand.",
            "**This game is Decktet Caravan**, {count} hands.",
            rules.hands,
        )

    def rules_text(self, rules: DecktetRules) -> Text:
        return Joined([self.preset_text(rules), topic_said("decktet")], "\n")

    def describe(
        self,
        view: DecktetView,
        event: DecktetEvent | None,
        names: Mapping[str, str],
        drawn: bool,
    ) -> Said:
        if event is not None:
            return words.describe(event, names)
        if view.phase == "over":
            return ""
        return _("{player} leads the first season.", player=names[view.turn])

    def summary(self, view: DecktetView, names: Mapping[str, str]) -> Said:
        return words.summary(view, names)

    def your_move(self, view: DecktetView) -> Said:
        return _("your move: {what}", what=words.prompt(view))

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
        return render_table(view, names, event, note, final, words)

    def hand_png(self, view: DecktetView, chosen: int | None, words: Catalogue = ENGLISH) -> bytes:
        return render_hand(view, hand.marked(view, chosen), words)

    # ----- the hand panel -------------------------------------------

    def hand_turn(
        self, view: DecktetView, chosen: int | None, page: int, names: Mapping[str, str]
    ) -> HandTurn:
        return hand.hand_turn(view, chosen, page)

    def picked(self, view: DecktetView, chosen: int) -> Picked:
        return hand.picked(view, chosen)


KIND = Decktet()
