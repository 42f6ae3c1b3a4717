"""What members see and press, as Discord's messages and components: the persistent
buttons and selects (`items`), the challenge, turn and hand panel messages (`panels`), the
hand panels that follow their game (`live`), and the leaderboard's and stats' embeds and a
game's record (`standing`). The cogs build their answers from these."""
