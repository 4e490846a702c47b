"""Compiled engines: loaded only while they match their sources, and playing exactly as the plain Python ones."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES

import pytest

from decklab.catalog.sample_decks import sample_deck_paths
from decklab.engine import engines, native
from decklab.engine.runner import Batch, run


def engine_folder(tmp_path):
    """An engine folder as the build sees it: the core, an engine of one module and an engine package."""
    (tmp_path / "_native").mkdir(parents=True)
    (tmp_path / "core.py").write_text("x = 1\n")
    (tmp_path / "ward.py").write_text("y = 1\n")
    (tmp_path / "wh40k").mkdir()
    (tmp_path / "wh40k" / "__init__.py").write_text("")
    (tmp_path / "wh40k" / "state.py").write_text("z = 1\n")
    return tmp_path


def build(folder):
    """What a build leaves: the compiled files and the fingerprint of the sources they came from."""
    compiled = folder / "_native" / f"ward{EXTENSION_SUFFIXES[0]}"
    compiled.write_bytes(b"compiled")
    (folder / "_native" / "wh40k").mkdir()
    package = folder / "_native" / "wh40k" / f"__init__{EXTENSION_SUFFIXES[0]}"
    package.write_bytes(b"compiled")
    (folder / "_native" / "compiled.fingerprint").write_text(native.fingerprint(folder) + "\n")
    return compiled, package


def test_the_compiled_engines_are_used_while_their_sources_are_unchanged(tmp_path):
    folder = engine_folder(tmp_path)
    compiled, package = build(folder)
    assert native.compiled_file("ward", folder=folder) == compiled
    assert native.compiled_file("wh40k", folder=folder) == package


@pytest.mark.parametrize("edited", ["core.py", "ward.py", "wh40k/state.py", "wh40k/rules.py"])
def test_editing_or_adding_any_compiled_source_after_the_build_falls_back_to_plain_python(tmp_path, edited):
    folder = engine_folder(tmp_path)
    build(folder)
    (folder / edited).write_text("changed = True\n")
    assert native.compiled_file("ward", folder=folder) is None
    assert native.compiled_file("wh40k", folder=folder) is None
    assert native.is_built(folder) and not native.is_current(folder)


def test_no_build_means_plain_python(tmp_path):
    folder = engine_folder(tmp_path)
    assert native.compiled_file("ward", folder=folder) is None and not native.is_built(folder)
    (folder / "_native" / "compiled.fingerprint").write_text(native.fingerprint(folder))
    assert native.compiled_file("ward", folder=folder) is None  # a fingerprint without a compiled file


def test_the_pure_python_variable_turns_the_compiled_engines_off(monkeypatch):
    finder = native.NativeFinder("decklab.engine")
    monkeypatch.setenv(native.PURE_VARIABLE, "1")
    assert native.is_pure_forced()
    assert finder.find_spec("decklab.engine.ward") is None
    assert native.status("ward") == "pure Python (DECKLAB_PURE_PYTHON is set)"
    monkeypatch.setenv(native.PURE_VARIABLE, "0")
    assert not native.is_pure_forced()


def test_the_finder_only_answers_for_the_compiled_modules():
    finder = native.NativeFinder("decklab.engine")
    assert finder.find_spec("decklab.engine.runner") is None
    assert finder.find_spec("decklab.catalog.ward") is None


def test_the_build_compiles_the_core_and_every_module_of_every_engine():
    modules = native.group_modules()
    assert {"core", "ward", "wh40k", "wh40k.state", "wh40k.policies", f"{native.GROUP}__mypyc"} <= set(modules)
    assert set(native.COMPILED) <= set(modules)
    assert modules["wh40k"] == native.NATIVE / "wh40k" / "__init__"


def test_every_engine_module_reports_how_it_runs():
    for game in native.COMPILED:
        module = sys.modules[f"decklab.engine.{game}"]
        compiled = not module.__file__.endswith(".py")
        assert native.status(game).startswith("compiled" if compiled else "pure Python")
        assert game in engines()


BATCH_SCRIPT = """
import json, sys
from decklab.catalog.db import open_database
from decklab.catalog.decks import read_deck_file
from decklab.engine.runner import Batch, run
database = open_database(sys.argv[1])
game, paths = sys.argv[2], sys.argv[3:]
outcome = run(Batch(game=game, decks=[read_deck_file(database, p) for p in paths],
                    policies=["greedy", "random"], games=60, seed=11), keep=True)
print(json.dumps([[r.winner, r.turns] for r in outcome.results]))
"""


@pytest.mark.parametrize("game", native.COMPILED)
def test_compiled_and_plain_python_engines_play_the_same_games(game, template_db, tmp_path):
    """60 seeded games (greedy against random) end with the same winner on the same turn both ways."""
    from decklab.catalog.db import open_database
    from decklab.catalog.decks import read_deck_file

    paths = [str(path) for path in sample_deck_paths() if path.name in (f"{game}-1.deck", f"{game}-2.deck")]
    database = open_database(str(template_db))
    try:
        decks = [read_deck_file(database, path) for path in paths]
    finally:
        database.dispose()
    here = run(Batch(game=game, decks=decks, policies=["greedy", "random"], games=60, seed=11), keep=True)
    script = tmp_path / "batch.py"
    script.write_text(BATCH_SCRIPT)
    env = {**os.environ, native.PURE_VARIABLE: "1"}
    done = subprocess.run([sys.executable, str(script), str(template_db), game, *paths],
                          capture_output=True, text=True, env=env, check=True)
    assert len(paths) == 2
    assert json.loads(done.stdout) == [[r.winner, r.turns] for r in here.results]


def test_python_m_decklab_engine_reports_each_engine_and_fails_unless_all_are_compiled(monkeypatch):
    monkeypatch.setenv(native.PURE_VARIABLE, "1")
    done = subprocess.run([sys.executable, "-m", "decklab.engine"], check=False, capture_output=True, text=True)
    assert done.returncode == 1
    assert done.stdout.splitlines() == [f"{game}: pure Python (DECKLAB_PURE_PYTHON is set)" for game in native.COMPILED]
