"""Decktet Caravan (P.D. Magnus; DECKTET.md): its kind (`kind.KIND`), its words and its hand
panel's controls. Its pictures are `bot.render.decktet_table`."""
