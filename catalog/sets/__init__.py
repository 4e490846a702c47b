"""The bundled starter sets, one YAML file per game, loaded into every new database."""

from importlib import resources
from pathlib import Path


def starter_set_paths() -> list[Path]:
    """Return the bundled starter-set files, sorted by name."""
    folder = resources.files(__name__)
    return sorted(Path(str(entry)) for entry in folder.iterdir() if entry.name.endswith(".yaml"))
