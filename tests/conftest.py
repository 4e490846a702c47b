"""Shared fixtures: a database per test (copied from one built per session) and a CLI runner."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from decklab.catalog.db import ENV_VAR, open_database
from decklab.cli.app import app
from typer.testing import CliRunner


@pytest.fixture(autouse=True)
def _no_user_database(tmp_path_factory, monkeypatch):
    """No test touches the player's own database: the default and the variable point to a scratch folder."""
    scratch = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("XDG_DATA_HOME", str(scratch))
    monkeypatch.setenv(ENV_VAR, str(scratch / "decklab.db"))


@pytest.fixture(scope="session")
def template_db(tmp_path_factory) -> Path:
    """A database with the schema and the starter sets, built once."""
    path = tmp_path_factory.mktemp("template") / "decklab.db"
    database = open_database(str(path))
    database.dispose()
    return path


@pytest.fixture
def db_path(template_db, tmp_path, monkeypatch) -> Path:
    """This test's own copy of the template database, also set as DECKLAB_DATABASE_URL."""
    path = tmp_path / "decklab.db"
    shutil.copy(template_db, path)
    monkeypatch.setenv(ENV_VAR, str(path))
    return path


@pytest.fixture
def database(db_path):
    database = open_database(str(db_path))
    yield database
    database.dispose()


@pytest.fixture
def empty_db(tmp_path, monkeypatch) -> Path:
    """A path where no database exists yet, set as DECKLAB_DATABASE_URL."""
    path = tmp_path / "new" / "decklab.db"
    path.parent.mkdir()
    monkeypatch.setenv(ENV_VAR, str(path))
    return path


class Decklab:
    """Runs ``decklab ARGS`` in-process and returns the result (stdout and stderr apart)."""

    def __init__(self) -> None:
        self.runner = CliRunner()

    def __call__(self, *args: str):
        return self.runner.invoke(app, [str(arg) for arg in args], catch_exceptions=False)


@pytest.fixture
def decklab() -> Decklab:
    return Decklab()


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path
