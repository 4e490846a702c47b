"""Build of decklab's compiled game engines (everything else is in pyproject.toml).

The engines are plain Python. A build compiles them into ``decklab/engine/_native/``, beside a
fingerprint of the sources each compiled unit was built from (see ``engine/native.py``):

* the engines that are packages (``engine/<game>/``) and the shared ``engine/core.py``, with mypyc,
  from their type annotations alone (mypy, which ships mypyc, is a build requirement);
* the engines still written as one module, with Cython (pure-Python mode: ``engine/<game>.pxd``
  adds C types without changing the ``.py``).

``decklab.engine`` loads compiled code only while its fingerprint matches the sources; otherwise,
and when no C compiler is available, the plain Python modules run, with the same results, slower.
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
fingerprint = native.fingerprint
STAGE = "mypyc-src"
"""Under the build folder: ``decklab/`` linking the repository's folders, so that mypyc names each module as
it is installed (``decklab.engine.core``), not by its folder (``engine.core``)."""


class BuildEngines(build_ext):
    """Compile the engines; a failed compilation leaves that engine in plain Python."""

    def run(self) -> None:
        generated = {ext.name: ext for ext in self.cython_extensions() + self.mypyc_extensions()}
        # Each placeholder compiles what was generated for it; one with nothing generated (no Cython, no mypyc) is
        # left out: its modules stay plain Python.
        self.extensions = [ext for ext in self.extensions if ext.name in generated]
        for ext in self.extensions:
            made = generated[ext.name]
            ext.sources, ext.include_dirs, ext.depends = made.sources, made.include_dirs, made.depends
            ext.extra_compile_args = made.extra_compile_args
        if self.parallel is None:
            self.parallel = True
        super().run()
        if not self.inplace:
            self.run_post()

    def cython_extensions(self) -> list[Extension]:
        """The Cython engines' extensions, their C generated (none without Cython)."""
        try:
            from Cython.Build import cythonize
        except ImportError:
            self.warn("Cython is not installed: the one-module game engines run as plain Python (slower).")
            return []
        include = Path(self.build_temp) / "cython-include"
        shutil.rmtree(include, ignore_errors=True)
        (include / "decklab" / "engine").mkdir(parents=True)
        for pxd in (ROOT / "engine").glob("*.pxd"):
            shutil.copy(pxd, include / "decklab" / "engine" / pxd.name)
        # Cython compiles each engine under its real name, decklab.engine.<game> (its classes'
        # names and its .pxd follow from it); the compiled file goes to decklab.engine._native.
        generated = cythonize(
            [Extension(f"decklab.engine.{game}", [f"engine/{game}.py"]) for game in native.CYTHON],
            build_dir=str(Path(self.build_temp) / "cython"),
            include_path=[str(include)],
            compiler_directives={"language_level": 3, "annotation_typing": False},
            quiet=True,
        )
        extensions = []
        for ext in generated:
            game = ext.name.rsplit(".", 1)[1]
            extensions.append(Extension(f"decklab.engine._native.{game}", ext.sources,
                                        extra_compile_args=["-O2", "-g0"]))
        return extensions

    def mypyc_extensions(self) -> list[Extension]:
        """The mypyc group's extensions (the packaged engines and the core), placed under ``_native``; none
        without mypyc."""
        try:
            from mypyc.build import mypycify
        except ImportError:
            self.warn("mypy (mypyc) is not installed: the packaged game engines run as plain Python (slower).")
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
        generated = mypycify(options + [str(path) for path in sources], group_name=f"decklab.engine.{native.GROUP}",
                             opt_level="3", debug_level="0", target_dir=str(Path(self.build_temp) / "mypyc"))
        for ext in generated:
            ext.name = native_name(ext.name.removeprefix("decklab.engine."))
        return generated

    def build_extension(self, ext: Extension) -> None:
        super().build_extension(ext)
        if not self.inplace:
            write_fingerprints([(ext, Path(self.get_ext_fullpath(ext.name)))], whole=False)

    def run_post(self) -> None:
        """After a regular build: the mypyc group's fingerprint, once every module of the group is built."""
        write_fingerprints([(ext, Path(self.get_ext_fullpath(ext.name))) for ext in self.extensions], whole=True)

    def copy_extensions_to_source(self) -> None:
        """For an editable install: the compiled engines and their fingerprints into ``engine/_native``."""
        build_py = self.get_finalized_command("build_py")
        for ext in self.extensions:
            Path(self._get_inplace_equivalent(build_py, ext)[0]).parent.mkdir(parents=True, exist_ok=True)
        super().copy_extensions_to_source()
        inplace = [(ext, Path(self._get_inplace_equivalent(build_py, ext)[0])) for ext in self.extensions]
        write_fingerprints(inplace, whole=False)  # (a copy keeps the compiled file's time)
        write_fingerprints(inplace, whole=True)


def native_name(module: str) -> str:
    """The extension that compiles ``decklab.engine.<module>``: ``decklab.engine._native.<module>``, and for a
    package ``..._native.<package>.__init__`` (its init function keeps the package's name, which the loader calls)."""
    if (ROOT / "engine" / module.replace(".", "/") / "__init__.py").exists():
        module += ".__init__"
    return f"decklab.engine._native.{module}"


def unit_of(ext: Extension) -> str:
    """The compiled unit an extension belongs to: a Cython engine's name, or the mypyc group."""
    first = ext.name.removeprefix("decklab.engine._native.").split(".")[0]
    return first if first in native.CYTHON else native.GROUP


def is_current(built: Path, ext: Extension) -> bool:
    """Whether ``built`` was compiled from the C generated from the current sources."""
    return built.exists() and all(built.stat().st_mtime >= Path(source).stat().st_mtime for source in ext.sources)


def write_fingerprints(built: list[tuple[Extension, Path]], *, whole: bool) -> None:
    """Mark what was compiled from the current sources: each Cython engine (``whole`` false), or the mypyc group
    when every one of its modules was (``whole``): ``<unit>.fingerprint`` in the ``_native`` folder."""
    group = [(ext, path) for ext, path in built if unit_of(ext) == native.GROUP]
    if whole:
        if group and all(is_current(path, ext) for ext, path in group):
            native_dir = next(path.parent for ext, path in group if ext.name.count(".") == 3)
            (native_dir / f"{native.GROUP}.fingerprint").write_text(fingerprint(ROOT / "engine", native.GROUP) + "\n")
        return
    for ext, path in built:
        if unit_of(ext) != native.GROUP and is_current(path, ext):
            path.with_name(f"{unit_of(ext)}.fingerprint").write_text(fingerprint(ROOT / "engine", unit_of(ext)) + "\n")


setup(
    # What a build may compile; BuildEngines.run fills each in with the C it generates. Optional: an engine that is
    # not compiled (no compiler, no Cython or mypyc) stays plain Python.
    ext_modules=[Extension(native_name(module), [], optional=True)
                 for module in (*native.group_modules(ROOT / "engine"), *native.CYTHON)],
    cmdclass={"build_ext": BuildEngines},
)
