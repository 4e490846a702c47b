"""Game engines, policies and the batch runner (plain card objects only, no database)."""
