"""Caravan (New Vegas) as a game kind: `KIND`, its rules (`face.py` is how it looks)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.errors import BadDeck, BadOption, engine_reason
from bot.games.base import GameChoice
from bot.i18n import Said, _, n_
from bot.inert import quote
from bot.server import ServerSettings
from engine import PRESETS, Game, Move, MoveEvent, PlayerView, Rules
from engine.errors import RulesError
from engine.rules import DEFAULT_PRESET


def make_rules(preset: str, jokers: int | None) -> Rules:
    return Rules(preset) if jokers is None else Rules(preset, jokers=jokers)


class NewVegas:
    key = "new-vegas"
    title = _("Caravan")
    types: tuple[type, ...] = (Rules, PlayerView, MoveEvent, Game)
    players = "engine.ai"  # its computer players: `player_for(level)`
    reviewer: str | None = "engine.review"  # its reviews: `review_move(rules, seed, moves, ply)`
    presets: tuple[str, ...] = tuple(PRESETS)
    takes_decks = True

    # ----- rules and games ------------------------------------------------------------------

    def parse_rules(self, value: Any) -> Rules:
        return Rules.parse(value)

    def rules_for(self, choice: GameChoice, server: ServerSettings, deck: Any) -> Rules:
        """The player's preset and jokers, else the server's, else New Vegas rules; with a
        saved deck (`deck`, a `Deck`), that deck for the player (A) and the preset's for
        the other."""
        if choice.hands is not None:
            raise BadOption(_("`hands:` is a Decktet Caravan option: add `game:Decktet Caravan`."))
        preset = choice.preset or server.preset or DEFAULT_PRESET
        jokers = choice.jokers
        if jokers is None and choice.preset is None:
            jokers = server.jokers
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


KIND = NewVegas()
