"""Sample tables and hands of Caravan (New Vegas) and Decktet Caravan: their faces hand them
to the gallery of every registered game (`python -m bot.games.gallery OUTDIR`, which also
writes the snapshot tests' pictures: `tests/bot/snapshots`), their words in English or in a
language's (`--language de`).

Each scene is made by playing seeded random legal moves (so the positions are real), except
the worst case, which puts 13 number cards carrying 3 picture cards each in every caravan.
The snapshot tests and the render benchmark use these same scenes.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from PIL import Image

import bot.games.decktet.words as decktet
from bot.games.new_vegas.words import describe
from bot.games.words import result
from bot.i18n import ENGLISH, Catalogue
from bot.render.decktet_hand import draw_hand as draw_decktet_hand
from bot.render.decktet_table import draw_table as draw_decktet
from bot.render.hand import draw_hand
from bot.render.style import card_label
from bot.render.table import draw_table
from engine import Game, MoveEvent, PlayerView, Rules
from engine.caravan import parse_caravan
from engine.decktet import DecktetGame
from engine.decktet.ai import GreedyPlayer

NAMES = {"A": "Alice", "B": "Bob"}
LONG_NAMES = {
    "A": "Sir Reginald Montgomery-Fitzwilliam III of the Mojave Wasteland \U0001f3b2",
    "B": "\u0414\u043c\u0438\u0442\u0440\u0438\u0439 \U0001f920 \u6771\u4eac "
    "\u0391\u03b8\u03b7\u03bd\u03ac",
}


@dataclass(frozen=True)
class Scene:
    name: str
    view: PlayerView
    names: dict[str, str]
    last: MoveEvent | None

    def table(self, words: Catalogue = ENGLISH) -> Image.Image:
        """The scene's table, its words in `words`'s language."""
        note = words.say(describe(self.last, self.names, card_label)) if self.last else None
        over = self.view.phase == "over"
        view = self.view
        line = (
            words.say(result(view.winner, view.end_reason, self.names, view.positions))
            if over
            else None
        )
        return draw_table(self.view, self.names, self.last, note, line, words)[0]


def play_until(
    seed: int, stop: Callable[[Game, MoveEvent], bool], rules: Rules | None = None
) -> tuple[Game, MoveEvent | None]:
    """Random legal moves from a seeded deal until `stop(game, event)` or the game ends."""
    game = Game.new(rules or Rules("new-vegas", jokers=2), seed=seed)
    chooser = random.Random(seed)
    event = None
    while not game.is_over:
        event = game.play(chooser.choice(game.legal_moves()))
        if stop(game, event):
            break
    return game, event


def _public(event: MoveEvent | None) -> MoveEvent | None:
    return event.public() if event else None


def scenes() -> list[Scene]:
    found = []
    game, event = play_until(3, lambda g, e: g.ply == 2)
    found.append(Scene("opening", game.view(None), NAMES, _public(event)))
    game, event = play_until(7, lambda g, e: g.ply >= 26 and e.placed is not None)
    found.append(Scene("midgame", game.view(None), NAMES, _public(event)))
    found.append(Scene("midgame-as-bob", game.view("B"), NAMES, _public(event)))
    game, event = play_until(11, lambda g, e: len(e.removed) >= 2)
    found.append(Scene("joker", game.view(None), NAMES, _public(event)))
    game, event = play_until(5, lambda g, e: g.ply >= 30 and e.move.action == "play")
    found.append(Scene("long-names", game.view(None), LONG_NAMES, _public(event)))
    game, event = play_until(2, lambda g, e: False)
    found.append(Scene("game-over", game.view(None), NAMES, _public(event)))
    found.append(Scene("worst-case", worst_case_view(), LONG_NAMES, None))
    return found


def worst_case_view() -> PlayerView:
    """Every caravan 13 number cards long, each carrying 3 picture cards."""
    ranks = "A23456789T"
    pictures = ["Kh", "Qs", "Jd"]
    text = " ".join(f"{ranks[i % 10]}{'cdhs'[i % 4]}[{','.join(pictures)}]" for i in range(13))
    caravan = parse_caravan(text)
    view = Game.new(Rules("simple"), seed=1).view(None)
    caravans = tuple(caravan.public(seat, n) for seat in "AB" for n in (1, 2, 3))
    return replace(view, caravans=caravans, phase="main", positions=(None, None, None))


def hands(words: Catalogue = ENGLISH) -> list[tuple[str, Image.Image]]:
    game, _event = play_until(3, lambda g, e: g.ply >= 1)
    opening = ("hand-opening", draw_hand(game.view("B"), words=words))
    game, _event = play_until(7, lambda g, e: g.ply >= 26 and g.mover == "A")
    return [opening, ("hand-midgame", draw_hand(game.view("A"), selected=1, words=words))]


def new_vegas_images(words: Catalogue = ENGLISH) -> list[tuple[str, Image.Image]]:
    """Caravan (New Vegas): every scene's table, then the hands (their words in `words`'s
    language)."""
    return [(scene.name, scene.table(words)) for scene in scenes()] + hands(words)


def decktet_images(words: Catalogue = ENGLISH) -> list[tuple[str, Image.Image]]:
    """Decktet Caravan: a table mid-season (the first with two plays), the player to
    move's hand with two cards chosen, and the table just after the first hand ended;
    greedy plays from seed 12 (their words in `words`'s language)."""
    game = DecktetGame.new(seed=12)
    rng = random.Random(1)
    player = GreedyPlayer()
    event = None
    images: list[tuple[str, Image.Image]] = []
    while game.hand_number == 1:
        event = game.play(player.choose(game.view(game.mover), rng))
        if not images and len(game.season) >= 2:
            note = words.say(decktet.describe(event, NAMES))
            table = draw_decktet(game.view(None), NAMES, event, note, words=words)
            images.append(("decktet-midseason", table))
            hand = draw_decktet_hand(game.view(game.mover), frozenset({1, 2}), words)
            images.append(("decktet-hand", hand))
    images.append(("decktet-hand-over", draw_decktet(game.view(None), NAMES, event, words=words)))
    return images
