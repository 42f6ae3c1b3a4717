"""The table's words in every language: each fits its place whole (never cut with "…"),
and the worst-case table draws in every language at its fixed width."""

from __future__ import annotations

import pytest

from bot.games.new_vegas.face import FACE as KIND
from bot.i18n import LANGUAGES, _, catalogue
from bot.render import style
from bot.render.gallery import play_until, worst_case_view
from bot.render.table import CARD_W, COLUMN, PAD, WIDTH, draw_table

LONGEST = {"A": "W" * 32, "B": "M" * 32}


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_tables_words_fit_whole_in_every_language(language: str) -> None:
    words = catalogue(language)
    # a caravan's label, beside the widest header it can have ("26 ▼ ♦")
    used = style.length("26", 30) + 12 + style.length("\u25bc", 20) + 8 + style.length("\u2666", 26)
    room = COLUMN - 2 * PAD - used - 12
    for label in (_("FOR SALE"), _("OVER 26")):
        said = words.say(label)
        assert style.length(said, 15) <= room, (said, room)
    empty = words.say(_("empty"))
    assert style.length(empty, 16, False) <= CARD_W - 8, empty
    # a name bar: the counts, the chip, and still room for a name
    counts = words.say(
        _(
            "Hand {hand}  \u00b7  Deck {deck}  \u00b7  Discard {discard}",
            hand=5,
            deck=30,
            discard=54,
        )
    )
    for chip in (_("TO MOVE"), _("WINNER")):
        taken = style.length(counts, 18, False) + style.length(words.say(chip), 15) + 20
        assert WIDTH - taken - 2 * 16 - 64 >= 200, (counts, words.say(chip))


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_worst_case_table_draws_in_every_language(language: str) -> None:
    words = catalogue(language)
    game, event = play_until(11, lambda g, e: len(e.removed) >= 2)
    assert event is not None
    note = words.say(KIND.describe(game.view(None), event.public(), LONGEST, True))
    image, _drawn = draw_table(worst_case_view(), LONGEST, None, note, None, words)
    assert image.width == WIDTH
    final = words.say(KIND.ending(game.view(None), LONGEST))
    image, _drawn = draw_table(game.view(None), LONGEST, event.public(), note, final, words)
    assert image.width == WIDTH


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_picture_with_words_draws_in_every_language(language: str) -> None:
    """The hand, Decktet Caravan's table and hand, the rules pictures and the rating chart,
    drawn with each language's words: whole PNGs, each differing from the English where
    its words do."""
    from bot.games.decktet.face import FACE as DECKTET
    from bot.help import TOPICS, topic_image
    from bot.render.figures import draw_rating_chart, render
    from engine import Game, Rules
    from engine.decktet import DecktetGame, DecktetRules

    words = catalogue(language)
    png = b"\x89PNG"
    view = Game.new(Rules("new-vegas"), seed=7).view("A")
    hands = [KIND.hand_png(view, None, w) for w in (words, catalogue("en"))]
    decktet = DecktetGame.new(DecktetRules(2), seed=3)
    seat = decktet.view(decktet.mover)
    tables = [
        DECKTET.table_png(decktet.view(None), {"A": "Al", "B": "Bo"}, None, "", None, w)
        for w in (words, catalogue("en"))
    ]
    decktet_hands = [DECKTET.hand_png(seat, None, w) for w in (words, catalogue("en"))]
    for pair in (hands, tables, decktet_hands):
        assert all(p.startswith(png) for p in pair)
        assert (pair[0] == pair[1]) == (language == "en")
    for name in TOPICS:
        assert topic_image(name, words).startswith(png)
    chart = render(draw_rating_chart([1500, 1516, 1530, 1512], "Alice", words))
    assert chart.startswith(png)
