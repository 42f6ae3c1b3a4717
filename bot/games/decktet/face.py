"""How Decktet Caravan looks and reads: `FACE`, its words, pictures, hand panel, rules help
and gallery (`bot.games.base.GameFace`); `kind.py` is its rules."""

from __future__ import annotations

from collections.abc import Mapping

from bot.games.base import HandTurn, Picked
from bot.games.decktet import hand, words
from bot.games.decktet.kind import KIND
from bot.games.words import result
from bot.help import DECKTET_TOPICS, Topic
from bot.i18n import ENGLISH, Catalogue, Joined, Said, Text, _, n_
from bot.render.decktet_hand import render_hand
from bot.render.decktet_table import render_table
from bot.render.gallery import decktet_images
from bot.render.style import encode
from engine.decktet import DecktetEvent, DecktetRules, DecktetView


class DecktetFace:
    key = KIND.key
    topics: Mapping[str, Topic] = DECKTET_TOPICS

    # ----- words ----------------------------------------------------------------------------

    def preset_text(self, rules: DecktetRules) -> Text:
        return n_(
            "**This game is Decktet Caravan**, {count} hand.",
            "**This game is Decktet Caravan**, {count} hands.",
            rules.hands,
        )

    def rules_text(self, rules: DecktetRules) -> Text:
        return Joined([self.preset_text(rules), self.topics["decktet"].said()], "\n")

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

    # ----- the gallery ----------------------------------------------------------------------

    def samples(self, words: Catalogue = ENGLISH) -> list[tuple[str, bytes]]:
        return [(name, encode(image)) for name, image in decktet_images(words)]


FACE = DecktetFace()
