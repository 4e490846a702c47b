"""Compiled engines: which engines a build compiles, and loading them only while current.

A build (``pip install .`` or ``pip install -e .``, see ``setup.py``) compiles the engines into
``_native/`` beside a fingerprint of the sources each compiled unit came from:

* the engines of :data:`MYPYC` (packages, ``engine/<game>/``, or still one module, ``engine/<game>.py``) and
  the shared core they build on (``core.py``) are compiled together by mypyc from their type annotations, as one
  group: ``_native/core.<suffix>``, ``_native/<game>/<module>.<suffix>`` (or ``_native/<game>.<suffix>``), the
  group's runtime ``_native/compiled__mypyc.<suffix>`` and ``_native/compiled.fingerprint``;
* the engines of :data:`CYTHON`, one module each with a ``.pxd``, are compiled by Cython:
  ``_native/<game>.<suffix>`` beside ``_native/<game>.fingerprint``.

:func:`install` puts a finder first on ``sys.meta_path`` that imports a module from its compiled file only
when the fingerprint still matches the sources. A unit edited since the build, one that was never compiled,
or everything while ``DECKLAB_PURE_PYTHON`` is set to a non-empty value other than ``0``, is imported from
its ``.py`` as usual: same results, slower.

This module uses the standard library only: ``setup.py`` reads it before decklab is installed.
"""

from __future__ import annotations

import hashlib
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, ModuleSpec
from importlib.util import spec_from_file_location
from pathlib import Path

MYPYC = ("wh40k",)
"""The engines compiled by mypyc with :data:`SHARED`: a package (``engine/<game>/``) or one module."""
SHARED = ("core",)
"""The shared modules the engines' classes build on, compiled with them."""
CYTHON = ("magewarfare", "ward", "warcardz", "wentworth")
"""The engines still written as one module with a ``.pxd``, compiled by Cython."""
COMPILED = tuple(sorted(MYPYC + CYTHON))
"""Every engine a build compiles (names under ``decklab.engine``)."""
GROUP = "compiled"
"""The mypyc group: its runtime module is ``decklab.engine.compiled__mypyc``, its fingerprint ``compiled``."""

PURE_VARIABLE = "DECKLAB_PURE_PYTHON"
HOW_TO_COMPILE = ("install a C compiler (gcc; on macOS xcode-select --install) and reinstall decklab "
                  "for 1.2 to 4 times the speed")
HERE = Path(__file__).parent
NATIVE = HERE / "_native"


def is_package(name: str, folder: Path = HERE) -> bool:
    """Whether engine ``name`` is a package (``engine/<name>/``) rather than one module."""
    return (folder / name / "__init__.py").exists()


def group_sources(folder: Path = HERE) -> list[Path]:
    """The sources of the mypyc group in ``folder``: the shared modules, then each engine's module or its
    package's modules, sorted."""
    sources = [folder / f"{name}.py" for name in SHARED]
    for name in MYPYC:
        sources.extend(sorted((folder / name).glob("*.py")) if is_package(name, folder) else [folder / f"{name}.py"])
    return sources


def group_modules(folder: Path = HERE) -> dict[str, Path]:
    """Each module of the mypyc group, by its name under ``decklab.engine``, with its place under ``_native``
    (without the file suffix): ``{"core": _native/core, "wh40k": _native/wh40k/__init__, ...}``."""
    modules = {}
    for source in group_sources(folder):
        relative = source.relative_to(folder).with_suffix("")
        name = ".".join(relative.parts[:-1]) if relative.name == "__init__" else ".".join(relative.parts)
        modules[name] = folder / "_native" / relative
    modules[f"{GROUP}__mypyc"] = folder / "_native" / f"{GROUP}__mypyc"
    return modules


def fingerprint(folder: Path, unit: str) -> str:
    """The SHA-256 of a compiled unit's sources in ``folder``: the mypyc group (``unit`` is :data:`GROUP`), or
    a Cython engine's ``.py`` then its ``.pxd`` if any."""
    digest = hashlib.sha256()
    paths = group_sources(folder) if unit == GROUP else [folder / f"{unit}.py", folder / f"{unit}.pxd"]
    for path in paths:
        if path.exists():
            name = path.relative_to(folder).as_posix()
            digest.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def is_pure_forced() -> bool:
    """Whether ``DECKLAB_PURE_PYTHON`` asks for the plain Python engines."""
    return os.environ.get(PURE_VARIABLE, "") not in ("", "0")


def unit_of(game: str) -> str:
    """The compiled unit ``game``'s engine belongs to: the mypyc group, or the game itself (Cython)."""
    return GROUP if game in MYPYC else game


def is_current(unit: str, *, folder: Path = HERE) -> bool:
    """Whether the build's fingerprint of ``unit`` in ``folder/_native`` matches the sources."""
    try:
        built = (folder / "_native" / f"{unit}.fingerprint").read_text().strip()
    except OSError:
        return False
    return built == fingerprint(folder, unit)


def _with_suffix(stem: Path) -> Path | None:
    for suffix in EXTENSION_SUFFIXES:
        path = stem.with_name(stem.name + suffix)
        if path.exists():
            return path
    return None


def compiled_file(game: str, *, folder: Path = HERE) -> Path | None:
    """The compiled module of ``game`` in ``folder/_native`` if it matches the sources, else ``None``."""
    if not is_current(unit_of(game), folder=folder):
        return None
    stem = folder / "_native" / (f"{game}/__init__" if is_package(game, folder) else game)
    return _with_suffix(stem)


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
    if is_built(game):
        return "pure Python (edited since the last build: reinstall to recompile)"
    return f"pure Python (no compiled build: {HOW_TO_COMPILE})"


def is_built(game: str) -> bool:
    """Whether a build compiled ``game``'s engine here (current or not: its fingerprint is there)."""
    return (NATIVE / f"{unit_of(game)}.fingerprint").exists()


def advice(game: str) -> str | None:
    """What to do to play ``game`` at the compiled speed, when its engine runs as plain Python because no build
    compiled it (nothing when ``DECKLAB_PURE_PYTHON`` asks for plain Python, or after an edit of its sources)."""
    if game not in COMPILED or is_pure_forced() or is_built(game) or compiled_file(game) is not None:
        return None
    return f"The {game} engine ran as plain Python: {HOW_TO_COMPILE}."


class NativeFinder:
    """A ``sys.meta_path`` finder: the compiled engine modules, from their current compiled files."""

    def __init__(self, package: str) -> None:
        self.package = package
        self.cython = {f"{package}.{game}": game for game in CYTHON}
        self.group = {f"{package}.{name}": stem for name, stem in group_modules().items()}
        self.group_current: bool | None = None

    def find_spec(self, fullname: str, path: object = None, target: object = None) -> ModuleSpec | None:
        if is_pure_forced():
            return None
        game = self.cython.get(fullname)
        if game is not None:
            compiled = compiled_file(game)
            return None if compiled is None else self._spec(fullname, compiled)
        stem = self.group.get(fullname)
        if stem is None:
            return None
        if self.group_current is None:
            self.group_current = is_current(GROUP)
        compiled = _with_suffix(stem) if self.group_current else None
        if compiled is None:
            return None
        # A package's submodules are looked for here first, then beside its sources (its plain Python modules).
        package = [str(HERE / stem.parent.relative_to(NATIVE))] if stem.name == "__init__" else None
        return self._spec(fullname, compiled, package)

    @staticmethod
    def _spec(fullname: str, compiled: Path, package: list[str] | None = None) -> ModuleSpec | None:
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
