"""Decktet Caravan as a game kind: `KIND`, its rules (`face.py` is how it looks)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.errors import BadOption
from bot.games.base import GameChoice
from bot.i18n import Said, _, n_
from bot.server import ServerSettings
from engine.decktet import DecktetEvent, DecktetGame, DecktetRules, DecktetView, Play
from engine.decktet.game import DEFAULT_HANDS


class Decktet:
    key = "decktet"
    title = _("Decktet Caravan")
    types: tuple[type, ...] = (DecktetRules, DecktetView, DecktetEvent, DecktetGame)
    players = "engine.decktet.ai"  # its computer players: `player_for(level)`
    reviewer: str | None = (
        "engine.decktet.review"  # its reviews: `review_move(rules, seed, moves, ply)`
    )
    presets: tuple[str, ...] = ()
    takes_decks = False

    # ----- rules and games ------------------------------------------------------------------

    def parse_rules(self, value: Any) -> DecktetRules:
        return DecktetRules.parse(value)

    def rules_for(self, choice: GameChoice, server: ServerSettings, deck: Any) -> DecktetRules:
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


KIND = Decktet()
