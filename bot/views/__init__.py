"""What members see and press, as Discord's messages and components: the slash commands'
shapes (`commands`), the persistent buttons and selects (`items`), the challenge, turn and
hand panel messages (`panels`), and the hand panels that follow their game (`live`)."""
