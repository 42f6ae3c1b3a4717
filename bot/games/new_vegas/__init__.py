"""Caravan as Fallout: New Vegas plays it (with the rule presets of RULES.md): its kind
(`kind.KIND`), its words and its hand panel's controls. Its pictures are `bot.render`'s
`table` and `hand`."""
