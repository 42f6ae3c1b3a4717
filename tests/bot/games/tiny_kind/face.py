"""How Race to Twenty looks and reads (`bot.games.base.GameFace`): `FACE`, with its rules help
topic and its gallery's one picture."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image, ImageDraw

from bot.games.base import HandTurn, Option, Pick, Picked
from bot.games.words import result
from bot.help import Topic
from bot.i18n import ENGLISH, Catalogue, Joined, Said, _
from bot.render.style import encode
from tests.bot.games.tiny_kind.engine import RaceEvent, RaceGame, RaceRules, RaceView
from tests.bot.games.tiny_kind.kind import KIND

TOPICS: Mapping[str, Topic] = {
    "race": Topic(
        KIND.title,
        _("Take turns adding 1 or 2 to the count; whoever makes it twenty wins."),
        ((_("Three, as an Ace and a two would make it"), "Ah 2h"),),
    )
}


def picture(view: RaceView) -> bytes:
    """The count as a row of squares, the ones counted filled."""
    image = Image.new("RGB", (20 * view.target + 10, 30), "white")
    draw = ImageDraw.Draw(image)
    for n in range(view.target):
        box = (10 + 20 * n, 10, 20 + 20 * n, 20)
        draw.rectangle(box, fill="black" if n < view.count else None, outline="black")
    return encode(image)


class RaceFace:
    key = KIND.key
    topics: Mapping[str, Topic] = TOPICS

    def preset_text(self, rules: RaceRules) -> Said:
        return _("**This game is a race to {target}.**", target=rules.target)

    def rules_text(self, rules: RaceRules) -> Said:
        return Joined([self.preset_text(rules), TOPICS["race"].said()], "\n")

    def describe(
        self, view: RaceView, event: RaceEvent | None, names: Mapping[str, str], drawn: bool
    ) -> Said:
        if event is None:
            return _("{player} counts first.", player=names[view.turn])
        return _(
            "{player} adds {step}: {count}.",
            player=names[event.seat],
            step=event.move.size,
            count=event.count,
        )

    def summary(self, view: RaceView, names: Mapping[str, str]) -> Said:
        return _("The count is {count} of {target}.", count=view.count, target=view.target)

    def your_move(self, view: RaceView) -> Said:
        return _("your move")

    def ending(self, view: RaceView, names: Mapping[str, str]) -> Said:
        return result(view.winner, view.end_reason, names)

    def table_png(
        self,
        view: RaceView,
        names: Mapping[str, str],
        event: RaceEvent | None,
        note: str,
        final: str | None,
        words: Catalogue = ENGLISH,
    ) -> bytes:
        return picture(view)

    def hand_png(self, view: RaceView, chosen: int | None, words: Catalogue = ENGLISH) -> bytes:
        return picture(view)

    def hand_turn(
        self, view: RaceView, chosen: int | None, page: int, names: Mapping[str, str]
    ) -> HandTurn:
        steps = tuple(Option(str(m), _("Add {step}", step=m.size)) for m in view.legal_moves)
        return HandTurn((self.summary(view, names),), (Pick("move", steps),))

    def picked(self, view: RaceView, chosen: int) -> Picked:
        return Picked(fresh=False)  # no cards to choose

    def samples(self, words: Catalogue = ENGLISH) -> list[tuple[str, bytes]]:
        game = RaceGame.new(RaceRules(), seed=1)
        game.play("2")
        return [("race-start", picture(game.view(None)))]


FACE = RaceFace()
