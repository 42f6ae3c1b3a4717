"""The games the bot plays, one package each (`new_vegas`, `decktet`), and what every game
provides (`base.GameKind`). `bot.kinds` registers them."""
