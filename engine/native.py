"""Compiled engines: which modules a build compiles, and loading them only while current.

A build (``pip install .`` or ``pip install -e .``, see ``setup.py``) compiles the engines of :data:`COMPILED`
(each a package, ``engine/<game>/``, or still one module, ``engine/<game>.py``) and the shared core their classes
build on (``core.py``) with mypyc, from their type annotations, as one group: ``_native/core.<suffix>``,
``_native/<game>/<module>.<suffix>`` or ``_native/<game>.<suffix>``, and the group's runtime
``_native/compiled__mypyc.<suffix>``, beside ``_native/compiled.fingerprint``, the :func:`fingerprint` of the
sources the group was built from.

:func:`install` puts a finder first on ``sys.meta_path`` that imports those modules from their compiled files only
while the fingerprint still matches the sources. When any of them was edited since the build, when none was ever
compiled (no C compiler), or while ``DECKLAB_PURE_PYTHON`` is set to a non-empty value other than ``0``, every one
is imported from its ``.py`` as usual: same results, slower.

This module uses the standard library only: ``setup.py`` reads it before decklab is installed.
"""

from __future__ import annotations

import hashlib
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, ModuleSpec
from importlib.util import spec_from_file_location
from pathlib import Path

COMPILED = ("magewarfare", "warcardz", "ward", "wentworth", "wh40k")
"""The engines a build compiles (names under ``decklab.engine``)."""
SHARED = ("core",)
"""The shared modules the engines' classes build on, compiled with them."""
GROUP = "compiled"
"""The compiled group: its runtime module is ``decklab.engine.compiled__mypyc``, its fingerprint ``compiled``."""

PURE_VARIABLE = "DECKLAB_PURE_PYTHON"
HOW_TO_COMPILE = ("install a C compiler (gcc; on macOS xcode-select --install) and reinstall decklab "
                  "for about 3 times the speed")
HERE = Path(__file__).parent
NATIVE = HERE / "_native"


def is_package(name: str, folder: Path = HERE) -> bool:
    """Whether engine ``name`` is a package (``engine/<name>/``) rather than one module."""
    return (folder / name / "__init__.py").exists()


def group_sources(folder: Path = HERE) -> list[Path]:
    """The sources the build compiles, in ``folder``: the shared modules, then each engine's module or its
    package's modules, sorted."""
    sources = [folder / f"{name}.py" for name in SHARED]
    for name in COMPILED:
        sources.extend(sorted((folder / name).glob("*.py")) if is_package(name, folder) else [folder / f"{name}.py"])
    return sources


def group_modules(folder: Path = HERE) -> dict[str, Path]:
    """Each compiled module, by its name under ``decklab.engine``, with its place under ``_native`` (without the
    file suffix): ``{"core": _native/core, "wh40k": _native/wh40k/__init__, ..., "compiled__mypyc": ...}``."""
    modules = {}
    for source in group_sources(folder):
        relative = source.relative_to(folder).with_suffix("")
        name = ".".join(relative.parts[:-1]) if relative.name == "__init__" else ".".join(relative.parts)
        modules[name] = folder / "_native" / relative
    modules[f"{GROUP}__mypyc"] = folder / "_native" / f"{GROUP}__mypyc"
    return modules


def fingerprint(folder: Path) -> str:
    """The SHA-256 of the compiled modules' sources in ``folder``, each with its path."""
    digest = hashlib.sha256()
    for path in group_sources(folder):
        if path.exists():
            name = path.relative_to(folder).as_posix()
            digest.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def is_pure_forced() -> bool:
    """Whether ``DECKLAB_PURE_PYTHON`` asks for the plain Python engines."""
    return os.environ.get(PURE_VARIABLE, "") not in ("", "0")


def is_built(folder: Path = HERE) -> bool:
    """Whether a build compiled the engines in ``folder``, current or not (a build that could not compile them
    leaves an empty fingerprint)."""
    try:
        return bool((folder / "_native" / f"{GROUP}.fingerprint").read_text().strip())
    except OSError:
        return False


def is_current(folder: Path = HERE) -> bool:
    """Whether the build's fingerprint in ``folder/_native`` matches the sources."""
    try:
        built = (folder / "_native" / f"{GROUP}.fingerprint").read_text().strip()
    except OSError:
        return False
    return built == fingerprint(folder)


def _with_suffix(stem: Path) -> Path | None:
    for suffix in EXTENSION_SUFFIXES:
        path = stem.with_name(stem.name + suffix)
        if path.exists():
            return path
    return None


def compiled_file(game: str, *, folder: Path = HERE) -> Path | None:
    """The compiled module of ``game`` in ``folder/_native`` if the build matches the sources, else ``None``."""
    if game not in COMPILED or not is_current(folder):
        return None
    return _with_suffix(folder / "_native" / (f"{game}/__init__" if is_package(game, folder) else game))


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
    if is_built():
        return "pure Python (edited since the last build: reinstall to recompile)"
    return f"pure Python (no compiled build: {HOW_TO_COMPILE})"


def advice(game: str) -> str | None:
    """What to do to play ``game`` at the compiled speed, when its engine runs as plain Python because no build
    compiled it (nothing when ``DECKLAB_PURE_PYTHON`` asks for plain Python, or after an edit of the sources)."""
    if game not in COMPILED or is_pure_forced() or is_built() or compiled_file(game) is not None:
        return None
    return f"The {game} engine ran as plain Python: {HOW_TO_COMPILE}."


class NativeFinder:
    """A ``sys.meta_path`` finder: the compiled modules, from their compiled files while the build is current."""

    def __init__(self, package: str) -> None:
        self.modules = {f"{package}.{name}": stem for name, stem in group_modules().items()}
        self.current: bool | None = None

    def find_spec(self, fullname: str, path: object = None, target: object = None) -> ModuleSpec | None:
        stem = self.modules.get(fullname)
        if stem is None or is_pure_forced():
            return None
        if self.current is None:
            self.current = is_current()
        compiled = _with_suffix(stem) if self.current else None
        if compiled is None:
            return None
        # A package's submodules are looked for here first, then beside its sources (its plain Python modules).
        package = [str(HERE / stem.parent.relative_to(NATIVE))] if stem.name == "__init__" else None
        loader = ExtensionFileLoader(fullname, str(compiled))
        return spec_from_file_location(fullname, compiled, loader=loader, submodule_search_locations=package)


def install(package: str) -> None:
    """Put one :class:`NativeFinder` for ``package`` first on ``sys.meta_path`` (once)."""
    if not any(isinstance(finder, NativeFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, NativeFinder(package))


def report() -> int:
    """Print how each engine runs (``python -m decklab.engine``); 1 unless all are compiled."""
    statuses = [status(game) for game in COMPILED]
    for game, how in zip(COMPILED, statuses, strict=True):
        print(f"{game}: {how}")
    return 0 if all(how == "compiled" for how in statuses) else 1
