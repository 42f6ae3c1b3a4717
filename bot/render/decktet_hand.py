"""Decktet Caravan's hand image, which only its owner sees, drawn from the seat's
`DecktetView`: the cards in rows of 8, numbered as the hand panel's select numbers them,
the chosen ones raised and framed, those in no legal play dimmed."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.games.decktet.words import play_text
from bot.i18n import ENGLISH, Catalogue, _, n_
from bot.render import style
from bot.render.decktet_cards import paste
from bot.render.style import AMBER, BAR, FELT, INK, MUTED
from engine.decktet import DecktetView

MARGIN = 16
HAND_W = 84
HAND_GAP = 10
PER_ROW = 8
BADGE = 26


def draw_hand(
    view: DecktetView, chosen: frozenset[int] = frozenset(), words: Catalogue = ENGLISH
) -> Image.Image:
    """The seat's own hand in rows of 8, numbered as the select numbers them; chosen cards
    raised and framed; cards that are in no legal play now dimmed; its words in `words`'
    language."""
    hand = view.hand
    rows = max(1, -(-len(hand) // PER_ROW))
    width = 2 * MARGIN + PER_ROW * HAND_W + (PER_ROW - 1) * HAND_GAP
    card_h = round(HAND_W * 1.4)
    top = 44
    row_h = card_h + BADGE + 24
    height = top + rows * row_h + 6
    image = Image.new("RGB", (width, height), FELT)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, width, top - 8), fill=BAR)
    usable = {c for play in view.legal_moves for c in play.cards}
    last = view.last_play
    if view.phase == "over":
        title = _("Your hand: the game is over")
    elif not view.my_turn:
        title = _("Your hand: waiting for your opponent")
    elif last is None:
        title = _("Your hand: lead a caravan")
    else:
        title = _("Your hand: beat {last}, or pass", last=play_text(last))
    count = words.say(n_("{count} card", "{count} cards", len(hand)))
    count_w = max(120, style.length(count, 16, False) + 24)
    said = style.fit(words.say(title), 17, int(width - 2 * MARGIN - count_w))
    style.text(image, (MARGIN, (top - 8) / 2), said, 17, INK)
    style.text(image, (width - MARGIN, (top - 8) / 2), count, 16, MUTED, "rm", bold=False)
    if not hand:
        empty = style.fit(words.say(_("No cards in hand")), 20, width - 2 * MARGIN)
        style.text(image, (width / 2, top + card_h / 2), empty, 20, MUTED, "mm")
    for i, card in enumerate(hand):
        row, col = divmod(i, PER_ROW)
        x = MARGIN + col * (HAND_W + HAND_GAP)
        y = top + row * row_h + (0 if i in chosen else 6)
        dim = view.my_turn and card not in usable
        paste(image, card, x, y, HAND_W, "dim" if dim else "plain")
        if i in chosen:
            draw.rounded_rectangle(
                (x - 3, y - 3, x + HAND_W + 2, y + card_h + 2), 10, outline=AMBER, width=3
            )
        centre = (x + HAND_W / 2, top + row * row_h + card_h + 8 + BADGE / 2)
        box = (
            centre[0] - BADGE / 2,
            centre[1] - BADGE / 2,
            centre[0] + BADGE / 2,
            centre[1] + BADGE / 2,
        )
        if i in chosen:
            draw.ellipse(box, fill=AMBER)
            style.text(image, centre, str(i + 1), 15, BAR, "mm")
        else:
            colour = MUTED if dim else AMBER
            draw.ellipse(box, outline=colour, width=2)
            style.text(image, centre, str(i + 1), 15, colour, "mm")
    return image


def render_hand(
    view: DecktetView, chosen: frozenset[int] = frozenset(), words: Catalogue = ENGLISH
) -> bytes:
    """The hand as a PNG, its words in `words`' language (see `draw_hand`)."""
    return style.encode(draw_hand(view, chosen, words))
