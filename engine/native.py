"""Compiled engines: which engines a build compiles, and loading them only while current.

A build (``pip install .`` or ``pip install -e .``, see ``setup.py``) compiles each engine
of :data:`COMPILED` with Cython into ``_native/<game>.<platform suffix>`` beside
``_native/<game>.fingerprint``, the :func:`fingerprint` of the sources it came from.
:func:`install` puts a finder first on ``sys.meta_path`` that imports
``decklab.engine.<game>`` from the compiled file only when that fingerprint still matches
the engine's ``.py`` and ``.pxd``. An engine edited since the build, one that was never
compiled, or any engine while ``DECKLAB_PURE_PYTHON`` is set to a non-empty value other
than ``0``, is imported from its ``.py`` as usual: same results, slower.

This module uses the standard library only: ``setup.py`` reads it before decklab is installed.
"""

from __future__ import annotations

import hashlib
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, ModuleSpec
from importlib.util import spec_from_file_location
from pathlib import Path

COMPILED = ("magewarfare", "ward", "warcardz", "wentworth", "wh40k")
"""The engines a build compiles (module names under ``decklab.engine``)."""

PURE_VARIABLE = "DECKLAB_PURE_PYTHON"
HERE = Path(__file__).parent
NATIVE = HERE / "_native"


def fingerprint(folder: Path, game: str) -> str:
    """The SHA-256 of ``game``'s engine sources in ``folder`` (its ``.py``, then its ``.pxd`` if any)."""
    digest = hashlib.sha256()
    for name in (f"{game}.py", f"{game}.pxd"):
        path = folder / name
        if path.exists():
            digest.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def is_pure_forced() -> bool:
    """Whether ``DECKLAB_PURE_PYTHON`` asks for the plain Python engines."""
    return os.environ.get(PURE_VARIABLE, "") not in ("", "0")


def compiled_file(game: str, *, folder: Path = HERE) -> Path | None:
    """The compiled module of ``game`` in ``folder/_native`` if it matches the sources, else ``None``."""
    native = folder / "_native"
    try:
        built = (native / f"{game}.fingerprint").read_text().strip()
    except OSError:
        return None
    if built != fingerprint(folder, game):
        return None
    for suffix in EXTENSION_SUFFIXES:
        path = native / f"{game}{suffix}"
        if path.exists():
            return path
    return None


def status(game: str) -> str:
    """How ``game``'s engine runs here: ``compiled``, or ``pure Python`` with the reason.

    >>> status("no such game")
    'pure Python (not compiled by the build)'
    """
    if game not in COMPILED:
        return "pure Python (not compiled by the build)"
    if is_pure_forced():
        return f"pure Python ({PURE_VARIABLE} is set)"
    if compiled_file(game) is not None:
        return "compiled"
    if (NATIVE / f"{game}.fingerprint").exists():
        return "pure Python (edited since the last build: reinstall to recompile)"
    return "pure Python (no compiled build)"


class NativeFinder:
    """A ``sys.meta_path`` finder: ``decklab.engine.<game>`` from its current compiled file."""

    def __init__(self, package: str) -> None:
        self.names = {f"{package}.{game}": game for game in COMPILED}

    def find_spec(self, fullname: str, path: object = None, target: object = None) -> ModuleSpec | None:
        game = self.names.get(fullname)
        if game is None or is_pure_forced():
            return None
        compiled = compiled_file(game)
        if compiled is None:
            return None
        return spec_from_file_location(fullname, compiled, loader=ExtensionFileLoader(fullname, str(compiled)))


def install(package: str) -> None:
    """Put one :class:`NativeFinder` for ``package`` first on ``sys.meta_path`` (once)."""
    if not any(isinstance(finder, NativeFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, NativeFinder(package))


def report() -> int:
    """Print how each engine runs (``python -m decklab.engine``); 1 unless all are compiled."""
    statuses = [status(game) for game in COMPILED]
    for game, how in zip(COMPILED, statuses):
        print(f"{game}: {how}")
    return 0 if all(how == "compiled" for how in statuses) else 1
