"""The games the bot plays, one package each (`new_vegas`, `decktet`), and what every game
provides (`base.GameKind`, its rules; `base.GameFace`, how it looks). `bot.kinds` and
`bot.faces` register them; `gallery` draws every registered game's sample pictures."""
