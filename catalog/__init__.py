"""The card catalog: games registry, card schemas, set files and the database.

``decklab.catalog`` imports nothing from the CLI, the validators or the engine.
Heavy dependencies (SQLAlchemy, pydantic, PyYAML) are imported by the modules
that need them, so importing this package is cheap.
"""
