"""Build of decklab's compiled game engines (everything else is in pyproject.toml).

The engines in ``engine/<game>.py`` are plain Python. A build compiles each with Cython
(pure-Python mode: ``engine/<game>.pxd``, when present, adds C types without changing the
``.py``) into ``decklab/engine/_native/``, beside a fingerprint of the sources it was built
from. ``decklab.engine`` loads a compiled engine only while its fingerprint matches the
sources; otherwise, and when no C compiler is available, the plain Python module runs,
with the same results, slower.
"""

from __future__ import annotations

import shutil
from importlib.util import module_from_spec, spec_from_file_location
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).parent


def load_native():
    """The engine package's ``native`` module, read from its file: decklab is not installed yet."""
    spec = spec_from_file_location("decklab_build_native", ROOT / "engine" / "native.py")
    module = module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


native = load_native()
COMPILED, fingerprint = native.COMPILED, native.fingerprint


class BuildEngines(build_ext):
    """Compile the engines; a failed compilation leaves that engine in plain Python."""

    def run(self) -> None:
        try:
            from Cython.Build import cythonize
        except ImportError:
            self.warn("Cython is not installed: the game engines run as plain Python (slower).")
            return
        include = Path(self.build_temp) / "cython-include"
        shutil.rmtree(include, ignore_errors=True)
        (include / "decklab" / "engine").mkdir(parents=True)
        for pxd in (ROOT / "engine").glob("*.pxd"):
            shutil.copy(pxd, include / "decklab" / "engine" / pxd.name)
        # Cython compiles each engine under its real name, decklab.engine.<game> (its classes'
        # names and its .pxd follow from it); the compiled file goes to decklab.engine._native.
        generated = cythonize(
            [Extension(f"decklab.engine.{game}", [f"engine/{game}.py"]) for game in COMPILED],
            build_dir=str(Path(self.build_temp) / "cython"),
            include_path=[str(include)],
            compiler_directives={"language_level": 3, "annotation_typing": False},
            quiet=True,
        )
        c_files = {game_of(ext): ext.sources for ext in generated}
        for extension in self.extensions:
            extension.sources = c_files[game_of(extension)]
            extension.extra_compile_args = ["-O2", "-g0"]
        if self.parallel is None:
            self.parallel = True
        super().run()

    def build_extension(self, ext: Extension) -> None:
        super().build_extension(ext)
        write_fingerprint(Path(self.get_ext_fullpath(ext.name)), ext)

    def copy_extensions_to_source(self) -> None:
        """For an editable install: the compiled engines and their fingerprints into ``engine/_native``."""
        (ROOT / "engine" / "_native").mkdir(exist_ok=True)
        super().copy_extensions_to_source()
        build_py = self.get_finalized_command("build_py")
        for ext in self.extensions:
            inplace, _regular = self._get_inplace_equivalent(build_py, ext)
            write_fingerprint(Path(inplace), ext)  # (the copy keeps the compiled file's time)


def game_of(ext: Extension) -> str:
    """The engine an extension compiles: the last part of its module name."""
    return ext.name.rsplit(".", 1)[1]


def is_current(built: Path, ext: Extension) -> bool:
    """Whether ``built`` was compiled from the C that Cython generated from the current sources."""
    return built.exists() and built.stat().st_mtime >= Path(ext.sources[0]).stat().st_mtime


def write_fingerprint(built: Path, ext: Extension) -> None:
    """Mark ``built`` as compiled from the engine's current sources (only if it was)."""
    if not is_current(built, ext):
        return
    game = game_of(ext)
    built.with_name(f"{game}.fingerprint").write_text(fingerprint(ROOT / "engine", game) + "\n")


setup(
    # optional: an engine that is not compiled (no Cython, no compiler) stays plain Python
    ext_modules=[
        Extension(f"decklab.engine._native.{game}", [f"engine/{game}.py"], optional=True) for game in COMPILED
    ],
    cmdclass={"build_ext": BuildEngines},
)
