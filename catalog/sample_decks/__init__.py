"""Sample decklists shipped with decklab: per game two legal decks and one illegal one.

Each file's first line says what validation must find: ``# expect: legal`` or
``# expect: illegal <rule id> ...``.
"""

from importlib import resources
from pathlib import Path


def sample_deck_paths() -> list[Path]:
    """The bundled sample decklists, sorted by file name."""
    folder = resources.files(__name__)
    return sorted(Path(str(entry)) for entry in folder.iterdir() if entry.name.endswith(".deck"))
