"""The hand image: a player's own cards, numbered as the buttons number them, with the cards
that have a legal play now standing out (the rest are dimmed). Private: it is only ever sent
in an ephemeral message to its owner."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.i18n import ENGLISH, Catalogue, _, n_
from bot.render import style
from bot.render.style import AMBER, BAR, CARD_H, CARD_W, FELT, INK, MUTED, paste_card
from engine import Card, PlayerView

GAP = 12
MARGIN = 16
TOP = 40
BADGE = 30


def playable(view: PlayerView) -> set[Card]:
    """The cards of the hand that some legal move puts on the table (any card may be
    discarded, so discards do not count)."""
    return {m.card for m in view.legal_moves if m.card is not None and m.action != "discard"}


def draw_hand(
    view: PlayerView, selected: int | None = None, words: Catalogue = ENGLISH
) -> Image.Image:
    """The hand of `view.seat`; `selected` (0-based) is the card being placed, raised;
    `words`, the language of the words drawn."""
    hand = view.hand
    count = max(len(hand), 1)
    width = max(2 * MARGIN + count * CARD_W + (count - 1) * GAP, 360)
    height = TOP + CARD_H + 14 + BADGE + 14
    image = Image.new("RGB", (width, height), FELT)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, width, TOP - 8), fill=BAR)
    live = playable(view)
    index = 0 if view.seat == "A" else 1
    if view.my_turn:
        title = words.say(
            n_(
                "Your hand: {live} of {count} can go on the table",
                "Your hand: {live} of {count} can go on the table",
                len(hand),
                live=len(live),
            )
        )
    elif view.phase == "over":
        title = words.say(_("Your hand: the game is over"))
    else:
        title = words.say(_("Your hand: waiting for your opponent"))
    style.text(
        image, (MARGIN, (TOP - 8) / 2), style.fit(title, 17, width - 2 * MARGIN - 90), 17, INK
    )
    deck = words.say(_("Deck {count}", count=view.deck_sizes[index]))
    style.text(image, (width - MARGIN, (TOP - 8) / 2), deck, 16, MUTED, "rm", bold=False)
    if not hand:
        style.text(
            image, (width / 2, TOP + CARD_H / 2), words.say(_("No cards in hand")), 20, MUTED, "mm"
        )
    for i, card in enumerate(hand):
        x = MARGIN + i * (CARD_W + GAP)
        y = TOP - (6 if i == selected else 0)
        usable = card in live
        paste_card(image, card, x, y, tone="dim" if view.my_turn and not usable else "plain")
        centre = (x + CARD_W / 2, TOP + CARD_H + 14 + BADGE / 2)
        colour = AMBER if usable else MUTED
        box = (
            centre[0] - BADGE / 2,
            centre[1] - BADGE / 2,
            centre[0] + BADGE / 2,
            centre[1] + BADGE / 2,
        )
        if i == selected:
            draw.ellipse(box, fill=AMBER)
            style.text(image, centre, str(i + 1), 17, BAR, "mm")
        else:
            draw.ellipse(box, outline=colour, width=2)
            style.text(image, centre, str(i + 1), 17, colour, "mm")
    return image


def render_hand(view: PlayerView, selected: int | None = None, words: Catalogue = ENGLISH) -> bytes:
    """The hand as a PNG (see `draw_hand`)."""
    return style.encode(draw_hand(view, selected, words))
