"""Race to Twenty as a game kind (`bot.games.base.GameKind`): `KIND`, its rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.errors import BadOption
from bot.games.base import GameChoice
from bot.i18n import Said, _
from bot.server import ServerSettings
from tests.bot.games.tiny_kind.engine import KEY, RaceEvent, RaceGame, RaceRules, RaceView, Step


class Race:
    key = KEY
    title = _("Race to Twenty")
    types: tuple[type, ...] = (RaceRules, RaceView, RaceEvent, RaceGame)
    players = "tests.bot.games.tiny_kind.players"
    reviewer = None  # no reviews
    presets: tuple[str, ...] = ()
    takes_decks = False

    def parse_rules(self, value: Any) -> RaceRules:
        return RaceRules.parse(value)

    def rules_for(self, choice: GameChoice, server: ServerSettings, deck: Any) -> RaceRules:
        if choice.preset or choice.jokers is not None or choice.deck or choice.hands:
            raise BadOption(_("Race to Twenty takes no options."))
        return RaceRules()

    def seated(self, rules: RaceRules, decks: tuple[Any, Any]) -> RaceRules:
        if decks != (None, None):
            raise BadOption(_("Race to Twenty is played without cards."))
        return rules

    def new(self, rules: RaceRules, seed: int) -> RaceGame:
        return RaceGame.new(rules, seed)

    def replay(self, rules: RaceRules, seed: int, moves: Sequence[str]) -> RaceGame:
        return RaceGame.replay(rules, seed, list(moves))

    def play(self, game: RaceGame, move: Step | str) -> RaceEvent:
        return game.play(move)

    def command(self, rules: RaceRules, seed: int) -> tuple[str, str]:
        engine = "python -m tests.bot.games.tiny_kind"
        return engine, f"{engine} --target {rules.target} --seed {seed}"

    def rules_words(self, rules: RaceRules) -> Said:
        return _("to {target}", target=rules.target)

    def rules_label(self, rules: RaceRules) -> str:
        return self.key


KIND = Race()
