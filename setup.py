"""Build of decklab's compiled game engines (everything else is in pyproject.toml).

The engines are plain, typed Python. A build compiles them and the shared ``engine/core.py`` with mypyc, from
their type annotations alone (mypy, which ships mypyc, is a build requirement), into
``decklab/engine/_native/``, beside a fingerprint of the sources they were built from (see
``engine/native.py``). ``decklab.engine`` loads compiled code only while its fingerprint matches the sources;
otherwise, and when no C compiler is available, the plain Python modules run, with the same results, slower.
"""

from __future__ import annotations

import shutil
import sys
import time
from collections.abc import Iterator
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
STAGE = "mypyc-src"
"""Under the build folder: ``decklab/`` linking the repository's folders, so that mypyc names each module as
it is installed (``decklab.engine.core``), not by its folder (``engine.core``)."""


class BuildEngines(build_ext):
    """Compile the engines; a failed compilation leaves them in plain Python."""

    def run(self) -> None:
        self.started = time.time()
        generated = {ext.name: ext for ext in self.mypyc_extensions()}
        # Each placeholder compiles what mypyc generated for it; without mypyc none is left: plain Python.
        self.extensions = [ext for ext in self.extensions if ext.name in generated]
        for ext in self.extensions:
            made = generated[ext.name]
            ext.sources, ext.include_dirs, ext.depends = made.sources, made.include_dirs, made.depends
            ext.extra_compile_args = made.extra_compile_args
        if self.parallel is None:
            self.parallel = True
        super().run()

    def build_extensions(self) -> None:
        """Compile, then write the build's fingerprint beside the compiled modules (``inplace`` is off here)."""
        super().build_extensions()
        for ext in self.extensions:
            path = Path(self.get_ext_fullpath(ext.name))
            if not is_current(path, ext, since=self.started):
                print(f"decklab build: {ext.name} is not compiled ({path})", file=sys.stderr)
        write_fingerprint([(ext, Path(self.get_ext_fullpath(ext.name))) for ext in self.extensions],
                          self.fingerprint_file(), since=self.started)

    def fingerprint_file(self) -> Path:
        """Where the build writes the fingerprint: ``decklab/engine/_native/`` in the build folder."""
        return Path(self.build_lib) / "decklab" / "engine" / "_native" / f"{native.GROUP}.fingerprint"

    def get_outputs(self) -> list[str]:
        """A wheel's files: the compiled modules and the fingerprint."""
        outputs = list(super().get_outputs())
        if not self.inplace:
            outputs.append(str(self.fingerprint_file()))
        return outputs

    def _get_output_mapping(self) -> Iterator[tuple[str, str]]:
        """An editable install's files (setuptools copies them into the source tree): the fingerprint too (asked
        for before the build as well as after: the build always writes it)."""
        yield from super()._get_output_mapping()
        if self.inplace:
            yield str(self.fingerprint_file()), str(ROOT / "engine" / "_native" / f"{native.GROUP}.fingerprint")

    def mypyc_extensions(self) -> list[Extension]:
        """The compiled modules' extensions, named for their places under ``_native``; none without mypyc."""
        try:
            from mypyc.build import mypycify
        except ImportError:
            self.warn("mypy (mypyc) is not installed: the game engines run as plain Python (slower).")
            return []
        stage = Path(self.build_temp) / STAGE / "decklab"
        shutil.rmtree(stage.parent, ignore_errors=True)
        stage.mkdir(parents=True)
        (stage / "__init__.py").write_text("")
        for folder in ("catalog", "cli", "engine", "validators"):
            (stage / folder).symlink_to(ROOT / folder, target_is_directory=True)
        sources = [stage / "engine" / source.relative_to(ROOT / "engine")
                   for source in native.group_sources(ROOT / "engine")]
        # Imports outside the group are read for their types only; the build environment may lack
        # decklab's own dependencies (sqlmodel...), which then count as untyped.
        options = ["--ignore-missing-imports", "--follow-imports=silent", "--python-version=3.11"]
        # One C file a module (multi_file): about half the compiler's time of one file for the whole group, and no
        # slower in the bench (docs/engines.md). mypyc writes the group's headers under the group's dotted name.
        target = Path(self.build_temp) / "mypyc"
        generated = mypycify(options + [str(path) for path in sources], group_name=f"decklab.engine.{native.GROUP}",
                             opt_level="3", debug_level="0", multi_file=True, target_dir=str(target))
        for ext in generated:
            ext.name = native_name(ext.name.removeprefix("decklab.engine."))
            ext.include_dirs.append(str(target / "decklab" / "engine"))
        return generated

    def copy_extensions_to_source(self) -> None:
        """For an editable install: the compiled modules and their fingerprint into ``engine/_native``."""
        build_py = self.get_finalized_command("build_py")
        inplace = [(ext, Path(self._get_inplace_equivalent(build_py, ext)[0])) for ext in self.extensions]
        for _ext, path in inplace:
            path.parent.mkdir(parents=True, exist_ok=True)
        super().copy_extensions_to_source()
        target = ROOT / "engine" / "_native" / f"{native.GROUP}.fingerprint"
        target.unlink(missing_ok=True)
        if self.fingerprint_file().exists():
            self.copy_file(str(self.fingerprint_file()), str(target))


def native_name(module: str) -> str:
    """The extension that compiles ``decklab.engine.<module>``: ``decklab.engine._native.<module>``, and for a
    package ``..._native.<package>.__init__`` (its init function keeps the package's name, which the loader calls)."""
    if (ROOT / "engine" / module.replace(".", "/") / "__init__.py").exists():
        module += ".__init__"
    return f"decklab.engine._native.{module}"


def is_current(built: Path, ext: Extension, *, since: float) -> bool:
    """Whether ``built`` holds the current sources: compiled by this build (started at ``since``), or left from an
    earlier one because no C of it is newer. (Whole seconds, as distutils compares them when it decides to leave a
    module as it is: a C file written in the same second as the module does not make it stale.)"""
    if not built.exists():
        return False
    made = built.stat().st_mtime
    return made >= since or all(int(made) >= int(Path(source).stat().st_mtime) for source in ext.sources)


def write_fingerprint(built: list[tuple[Extension, Path]], target: Path, *, since: float) -> None:
    """Mark the build as compiled from the current sources (``target``, ``_native/compiled.fingerprint``) when every
    compiled module was; else leave the file empty (one module that failed leaves all of them in plain Python)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    complete = bool(built) and all(is_current(path, ext, since=since) for ext, path in built)
    target.write_text(native.fingerprint(ROOT / "engine") + "\n" if complete else "")


setup(
    # What a build may compile; BuildEngines.run fills each in with the C mypyc generates. Optional: without a
    # compiler (or mypyc) the install succeeds and the engines stay plain Python.
    ext_modules=[Extension(native_name(module), [], optional=True) for module in native.group_modules(ROOT / "engine")],
    cmdclass={"build_ext": BuildEngines},
)
