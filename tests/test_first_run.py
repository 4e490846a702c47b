"""Setting a database up is all or nothing; another program's SQLite file is left alone; passwords never shown.

The kill tests run the installed ``decklab`` command and SIGKILL it while it sets a new database up, at a
range of moments from the start of its write transaction (seen from outside: SQLite's write lock, or the
PostgreSQL set-up lock, is held) to past its end. Each time the database must be
either without tables (the next run starts again) or complete, never a schema without cards.
"""

from __future__ import annotations

import json
import shutil
import signal
import sqlite3
import subprocess
import time
from functools import partial

import pytest

from decklab.catalog.db import create_engine, display_url, open_database, upgrade_database, upgrade_schema
from decklab.catalog.migrations import HEAD

DECKLAB = shutil.which("decklab") or "decklab"
STARTER_CARDS = 689
DELAYS = (0.0, 0.2, 0.6, 3.0)


def assert_one_sentence(result, expected: str, code: int = 2):
    assert result.exit_code == code, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert expected in lines[0], lines[0]


def killed_at(args: list[str], ready, delay: float) -> int | None:
    """Start ``decklab ARGS``, wait until ``ready()`` (its write transaction has begun), then ``delay`` seconds,
    and SIGKILL it; returns its exit code (negative when killed, None when it never got ready)."""
    process = subprocess.Popen([DECKLAB, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while not ready() and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.005)
    time.sleep(delay)
    process.send_signal(signal.SIGKILL)
    return process.wait(timeout=30)


def card_count(database) -> int:
    """The cards in an open database, which is then closed."""
    try:
        with database.engine.connect() as conn:
            return conn.exec_driver_sql("SELECT count(*) FROM card").scalar()
    finally:
        database.dispose()


def sqlite_outcome(path) -> str:
    """``empty`` (no tables), ``complete`` (at HEAD with every starter card) or what was found instead."""
    if not path.exists():
        return "empty"
    conn = sqlite3.connect(path)
    try:
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not tables:
            return "empty"
        revision = conn.execute("SELECT version_num FROM alembic_version").fetchone()
        cards = conn.execute("SELECT count(*) FROM card").fetchone()[0] if "card" in tables else 0
    finally:
        conn.close()
    return "complete" if (revision and revision[0] == HEAD and cards == STARTER_CARDS) else f"{revision} {cards} cards"


def sqlite_write_locked(path) -> bool:
    """Whether another connection holds the SQLite file's write lock (decklab's set-up transaction has begun)."""
    if not path.with_name(path.name + "-wal").exists():
        return False
    probe = sqlite3.connect(path, timeout=0)
    try:
        probe.execute("BEGIN IMMEDIATE")
        probe.rollback()
        return False
    except sqlite3.OperationalError:
        return True
    finally:
        probe.close()


def test_a_first_run_killed_at_any_moment_leaves_nothing_or_everything(tmp_path):
    outcomes = []
    for trial, delay in enumerate(DELAYS):
        path = tmp_path / f"kill{trial}.db"
        code = killed_at(["--db", str(path), "db", "info", "--json"], partial(sqlite_write_locked, path), delay)
        outcome = sqlite_outcome(path)
        outcomes.append((delay, code, outcome))
        assert outcome in ("empty", "complete"), outcomes
        assert card_count(open_database(str(path))) == STARTER_CARDS
    assert any(code == -signal.SIGKILL and outcome == "empty" for _, code, outcome in outcomes), outcomes


def test_a_first_postgres_upgrade_killed_at_any_moment_leaves_nothing_or_everything(postgres):
    from sqlalchemy import create_engine as engine_of
    from sqlalchemy import inspect, text

    admin = engine_of(postgres.url_of("postgres"), isolation_level="AUTOCOMMIT")
    outcomes = []
    try:
        for trial, delay in enumerate(DELAYS):
            name = f"{postgres.prefix}_kill{trial}"
            url = postgres.create(name)
            try:
                # decklab holds its set-up lock, taken first in the set-up transaction
                def in_transaction(name: str = name) -> bool:
                    with admin.connect() as conn:
                        return bool(conn.execute(text(
                            "SELECT count(*) FROM pg_locks JOIN pg_database ON pg_database.oid = pg_locks.database "
                            "WHERE locktype = 'advisory' AND granted AND datname = :name"), {"name": name}).scalar())

                code = killed_at(["--db", url, "db", "upgrade"], in_transaction, delay)
                engine = engine_of(url)
                with engine.connect() as conn:
                    tables = inspect(conn).get_table_names()
                    if not tables:
                        outcome = "empty"
                    else:
                        revision = conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
                        cards = conn.execute(text("SELECT count(*) FROM card")).scalar()
                        outcome = "complete" if (revision, cards) == (HEAD, STARTER_CARDS) else f"{revision} {cards}"
                engine.dispose()
                outcomes.append((delay, code, outcome))
                assert outcome in ("empty", "complete"), outcomes
                upgrade_database(url)
                assert card_count(open_database(url)) == STARTER_CARDS
            finally:
                postgres.drop(name)
    finally:
        admin.dispose()
    assert any(code == -signal.SIGKILL and outcome == "empty" for _, code, outcome in outcomes), outcomes


def test_a_schema_without_cards_left_by_an_older_decklab_gets_its_starter_sets(decklab, empty_db, backend):
    engine = create_engine(empty_db)
    upgrade_schema(engine)  # what an older decklab killed between its two transactions left
    engine.dispose()
    if backend == "postgresql":
        assert_one_sentence(
            decklab("db", "info"), "has no cards (its set-up did not finish): run 'decklab db upgrade'."
        )
        result = decklab("db", "upgrade")
        assert result.exit_code == 0, result.stderr
        assert result.stdout.startswith("Set up ") and "already at revision" not in result.stdout
    else:
        result = decklab("db", "info", "--json")
        assert result.exit_code == 0, result.stderr
    assert "which had no cards (an earlier set-up did not finish): 689 cards in 5 sets" in result.stderr
    info = json.loads(decklab("db", "info", "--json").stdout)
    assert info["revision"] == HEAD and sum(game["cards"] for game in info["games"]) == STARTER_CARDS
    assert decklab("db", "upgrade").stdout.endswith(f"is already at revision {HEAD}.\n")


def foreign_file(path):
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT)")
    conn.execute("INSERT INTO moz_places (url) VALUES ('https://example.org')")
    conn.commit()
    conn.close()
    return path


@pytest.mark.parametrize("command", [("catalog", "list"), ("db", "upgrade"), ("collection", "add", "Ember Whelp")])
def test_another_programs_sqlite_file_is_refused_and_left_byte_for_byte(decklab, tmp_path, command):
    path = foreign_file(tmp_path / "places.sqlite")
    before = path.read_bytes()
    assert_one_sentence(decklab("--db", path, *command),
                        f"{path} is not a decklab database: it holds another program's tables (moz_places)")
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["places.sqlite"]


def test_an_empty_file_or_a_sqlite_file_without_tables_becomes_a_decklab_database(decklab, tmp_path):
    empty = tmp_path / "empty.db"
    empty.touch()
    blank = tmp_path / "blank.db"
    conn = sqlite3.connect(blank)
    conn.execute("PRAGMA user_version = 7")
    conn.close()
    for path in (empty, blank):
        result = decklab("--db", path, "db", "info", "--json")
        assert result.exit_code == 0, result.stderr
        assert "Created a new database" in result.stderr
        assert json.loads(result.stdout)["revision"] == HEAD


@pytest.mark.parametrize("url, secret", [
    ("postgresql+psycopg://me:s3cret@127.0.0.1:1/db", "s3cret"),
    ("postgresql+psycopg://me@127.0.0.1:1/db?password=s3cret", "s3cret"),
    ("postgresql+psycopg://me@127.0.0.1:1/db?sslmode=disable&PassWord=s3cret", "s3cret"),
    ("postgresql+psycopg://me@127.0.0.1:1/db?passwd=s3cret;connect_timeout=1", "s3cret"),
    ("postgresql+psycopg://me@127.0.0.1:1/db?pwd=s3cret", "s3cret"),
    ("postgresql+psycopg://me@127.0.0.1:1/db?sslpassword=s3cret", "s3cret"),
    ("postgresql+psycopg://me:p%40ss@127.0.0.1:1/db?SSLPASSWORD=k3y", "k3y"),
])
def test_no_password_form_is_ever_shown(decklab, url, secret):
    shown = display_url(url)
    assert secret not in shown and "***" in shown and "127.0.0.1:1/db" in shown
    result = decklab("--db", url, "db", "info")
    assert result.exit_code == 2 and "Traceback" not in result.stderr
    assert secret not in result.stdout + result.stderr


def test_a_malformed_url_is_one_sentence_without_its_password(decklab):
    result = decklab("--db", "postgresql+psycopg://me:s3cret@[::1/db?password=s3cret", "db", "info")
    assert result.exit_code == 2 and "Traceback" not in result.stderr
    assert "s3cret" not in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_empty_tables_without_a_revision_left_by_an_older_decklab_are_set_up_anew(decklab, tmp_path):
    """An older decklab killed while it created its first SQLite tables (not yet transactional) left some
    empty tables and an empty alembic_version: the next run sets the database up from the start."""
    path = tmp_path / "half.db"
    engine = create_engine(f"sqlite:///{path}")
    upgrade_schema(engine, revision="0001")
    with engine.begin() as conn:
        conn.exec_driver_sql("DELETE FROM alembic_version")
    engine.dispose()
    result = decklab("--db", path, "db", "info", "--json")
    assert result.exit_code == 0, result.stderr
    info = json.loads(result.stdout)
    assert info["revision"] == HEAD and sum(game["cards"] for game in info["games"]) == STARTER_CARDS
