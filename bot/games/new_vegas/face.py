"""How Caravan (New Vegas) looks and reads: `FACE`, its words, pictures, hand panel, rules
help and gallery (`bot.games.base.GameFace`); `kind.py` is its rules."""

from __future__ import annotations

from collections.abc import Mapping

from bot.games.base import HandTurn, Picked
from bot.games.new_vegas import hand, words
from bot.games.new_vegas.kind import KIND
from bot.games.words import result
from bot.help import CARAVAN_TOPICS, PRESET_TEXTS, Topic
from bot.i18n import ENGLISH, Catalogue, Joined, Said, Text, _
from bot.render.gallery import new_vegas_images
from bot.render.hand import render_hand
from bot.render.style import encode
from bot.render.table import render_table
from engine import MoveEvent, PlayerView, Rules

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


class NewVegasFace:
    key = KIND.key
    topics: Mapping[str, Topic] = CARAVAN_TOPICS

    # ----- words ----------------------------------------------------------------------------

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

    # ----- the gallery ----------------------------------------------------------------------

    def samples(self, words: Catalogue = ENGLISH) -> list[tuple[str, bytes]]:
        return [(name, encode(image)) for name, image in new_vegas_images(words)]


FACE = NewVegasFace()
