"""Card schemas (pydantic), one module per game id, each with ``MODELS``: card type -> model."""
