"""Caravan for Discord: everything that touches the world (Discord, images, the database)."""
