"""Images: the card art and, next, the table and hand images drawn from a player's view."""
