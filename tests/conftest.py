"""Shared fixtures.

Database tests take the ``db_url`` fixture (or ``database``, ``empty_db``): it runs each of
them against SQLite and, when ``DECKLAB_TEST_POSTGRES_URL`` names a server (``.ci/run``
starts one), against PostgreSQL too. A requested server that cannot be reached fails
the run; it is never skipped.
"""

from __future__ import annotations

import itertools
import os

# The suite always plays checked: every action is verified against legal_actions() (also in the CLI's
# subprocesses and forked workers, which inherit the variable).
os.environ["DECKLAB_CHECK"] = "1"
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from decklab.catalog.db import ENV_VAR, open_database, upgrade_database
from decklab.cli.app import app

POSTGRES = os.environ.get("DECKLAB_TEST_POSTGRES_URL")
BACKENDS = ["sqlite", "postgresql"] if POSTGRES else ["sqlite"]
_names = itertools.count()


@pytest.fixture(autouse=True)
def _no_user_database(tmp_path_factory, monkeypatch):
    """No test touches the player's own database: the default and the variable point to a scratch folder."""
    scratch = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("XDG_DATA_HOME", str(scratch))
    monkeypatch.setenv(ENV_VAR, str(scratch / "decklab.db"))


@pytest.fixture(scope="session")
def template_db(tmp_path_factory) -> Path:
    """A SQLite database with the schema and the starter sets, built once."""
    path = tmp_path_factory.mktemp("template") / "decklab.db"
    database = open_database(str(path))
    database.dispose()
    return path


class Postgres:
    """Creates and drops test databases on the server of ``DECKLAB_TEST_POSTGRES_URL``."""

    def __init__(self, url: str) -> None:
        from sqlalchemy import create_engine
        from sqlalchemy.engine import make_url

        self.url = make_url(url)
        self.admin = create_engine(self.url, isolation_level="AUTOCOMMIT")
        self.prefix = f"decklab_test_{os.getpid()}"
        self.template = f"{self.prefix}_template"
        self.create(self.template)
        upgrade_database(self.url_of(self.template))

    def url_of(self, name: str) -> str:
        return self.url.set(database=name).render_as_string(hide_password=False)

    def create(self, name: str, template: str = "template0") -> str:
        with self.admin.connect() as conn:
            conn.exec_driver_sql(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
        return self.url_of(name)

    def drop(self, name: str) -> None:
        with self.admin.connect() as conn:
            conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def close(self) -> None:
        self.drop(self.template)
        self.admin.dispose()


@pytest.fixture(scope="session")
def postgres():
    if not POSTGRES:
        pytest.fail("PostgreSQL was not requested: set DECKLAB_TEST_POSTGRES_URL")
    server = Postgres(POSTGRES)
    yield server
    server.close()


@pytest.fixture(params=BACKENDS)
def backend(request) -> str:
    return request.param


@pytest.fixture
def db_url(backend, request, template_db, tmp_path, monkeypatch) -> str:
    """This test's own database with the starter sets (a copy of a template), also set as
    ``DECKLAB_DATABASE_URL``: a SQLite file, or a PostgreSQL database."""
    if backend == "sqlite":
        path = tmp_path / "decklab.db"
        shutil.copy(template_db, path)
        url = f"sqlite:///{path}"
    else:
        server = request.getfixturevalue("postgres")
        name = f"{server.prefix}_{next(_names)}"
        url = server.create(name, template=server.template)
        request.addfinalizer(lambda: server.drop(name))
    monkeypatch.setenv(ENV_VAR, url)
    return url


@pytest.fixture
def database(db_url):
    database = open_database(db_url)
    yield database
    database.dispose()


@pytest.fixture
def empty_db(backend, request, tmp_path, monkeypatch) -> str:
    """A database URL where no decklab schema exists yet, set as ``DECKLAB_DATABASE_URL``."""
    if backend == "sqlite":
        path = tmp_path / "new" / "decklab.db"
        path.parent.mkdir()
        url = f"sqlite:///{path}"
    else:
        server = request.getfixturevalue("postgres")
        name = f"{server.prefix}_{next(_names)}"
        url = server.create(name)
        request.addfinalizer(lambda: server.drop(name))
    monkeypatch.setenv(ENV_VAR, url)
    return url


class Decklab:
    """Runs ``decklab ARGS`` in-process and returns the result (stdout and stderr apart)."""

    def __init__(self) -> None:
        self.runner = CliRunner()

    def __call__(self, *args: str):
        return self.runner.invoke(app, [str(arg) for arg in args], catch_exceptions=False)


@pytest.fixture
def decklab() -> Decklab:
    return Decklab()


def sample_decks(template_db: Path, game: str) -> list:
    """The two legal sample decks of ``game`` (``<game>-1.deck``, ``<game>-2.deck``), read from the template database
    as the golden transcripts read them."""
    from decklab.catalog.decks import read_deck_file
    from decklab.catalog.sample_decks import sample_deck_paths

    paths = {path.name: path for path in sample_deck_paths()}
    database = open_database(str(template_db))
    try:
        return [read_deck_file(database, paths[f"{game}-{number}.deck"]) for number in (1, 2)]
    finally:
        database.dispose()


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def pytest_report_header(config) -> str:
    shown = POSTGRES.split("@")[-1] if POSTGRES else "not requested (set DECKLAB_TEST_POSTGRES_URL)"
    return f"decklab databases: {', '.join(BACKENDS)}; PostgreSQL: {shown}"


def pytest_terminal_summary(terminalreporter) -> None:
    """How many tests ran against each database, so a log shows that PostgreSQL was exercised."""
    counts: dict[str, dict[str, int]] = {}
    for outcome in ("passed", "failed", "error"):
        for report in terminalreporter.stats.get(outcome, []):
            if report.when != "call" and outcome != "error":
                continue
            for backend in BACKENDS:
                if f"[{backend}" in report.nodeid or f"-{backend}]" in report.nodeid or f"-{backend}-" in report.nodeid:
                    counts.setdefault(backend, {}).setdefault(outcome, 0)
                    counts[backend][outcome] += 1
    for backend in BACKENDS:
        tally = ", ".join(f"{n} {outcome}" for outcome, n in counts.get(backend, {}).items()) or "none"
        terminalreporter.write_line(f"database tests on {backend}: {tally}")
