"""Deck legality rules for the five games (pure functions over plain card objects)."""
