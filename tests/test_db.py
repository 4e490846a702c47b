"""The database: where it is, its schema revision, SQLite settings and upgrades."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import text

from decklab.catalog.db import ENV_VAR, default_path, display_url, open_database, resolve_url, upgrade_database
from decklab.catalog.errors import DatabaseError
from decklab.catalog.migrations import HEAD, LOCATION


def test_url_precedence_option_then_environment_then_default(tmp_path):
    env = {ENV_VAR: str(tmp_path / "env.db")}
    assert resolve_url(str(tmp_path / "opt.db"), environ=env) == f"sqlite:///{tmp_path / 'opt.db'}"
    assert resolve_url(None, environ=env) == f"sqlite:///{tmp_path / 'env.db'}"
    assert resolve_url(None, environ={}) == f"sqlite:///{default_path()}"
    assert resolve_url("postgresql+psycopg://u@h/db", environ=env) == "postgresql+psycopg://u@h/db"
    assert default_path().name == "decklab.db" and "decklab" in default_path().parts


def test_cli_db_option_beats_the_environment(decklab, db_url, tmp_path):
    other = tmp_path / "other.db"
    result = decklab("--db", other, "db", "info", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["url"] == f"sqlite:///{other}"
    from_env = json.loads(decklab("db", "info", "--json").stdout)
    assert from_env["url"] == display_url(db_url)


def test_relative_path_is_made_absolute(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert resolve_url("my.db", environ={}) == f"sqlite:///{tmp_path / 'my.db'}"


def test_new_database_is_migrated_from_empty_to_head_with_starter_sets(empty_db, backend):
    from sqlalchemy import inspect

    if backend == "postgresql":
        with pytest.raises(DatabaseError, match="has no decklab tables yet: run 'decklab db upgrade'"):
            open_database(empty_db)
        upgrade_database(empty_db)
    database = open_database(empty_db)
    try:
        assert database.revision() == HEAD
        with database.engine.connect() as conn:
            tables = set(inspect(conn).get_table_names())
            cards = conn.execute(text("SELECT count(*) FROM card")).scalar()
        assert {"card", "card_set", "deck", "deck_entry", "collection_item", "alembic_version"} <= tables
        assert cards > 600
        if backend == "sqlite":
            assert any(notice.startswith("Created a new database") for notice in database.notices)
    finally:
        database.dispose()


def test_head_constant_matches_the_migration_scripts():
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(LOCATION))
    assert ScriptDirectory.from_config(config).get_current_head() == HEAD


def test_models_match_the_migrations(database):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from decklab.catalog.models import SQLModel

    with database.engine.connect() as conn:
        differences = compare_metadata(MigrationContext.configure(conn), SQLModel.metadata)
    assert differences == []


def test_sqlite_connections_use_wal_foreign_keys_and_busy_timeout(template_db):
    database = open_database(str(template_db))
    with database.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 30000
    database.dispose()


def test_database_from_a_newer_decklab_is_refused(db_url):
    database = open_database(str(db_url))
    with database.engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    database.dispose()
    with pytest.raises(DatabaseError, match="is at revision 9999, made by a newer decklab; upgrade decklab"):
        open_database(str(db_url))


def test_missing_folder_is_one_sentence(tmp_path):
    with pytest.raises(
        DatabaseError, match=r"cannot create the database .*x.db: the folder .*nowhere does not exist\."
    ):
        open_database(str(tmp_path / "nowhere" / "x.db"))


def test_unreachable_postgres_is_one_sentence_without_the_password():
    with pytest.raises(DatabaseError) as caught:
        open_database("postgresql+psycopg://decklab:s3cret@127.0.0.1:1/decklab")
    message = str(caught.value)
    assert "s3cret" not in message and "\n" not in message
    assert message.startswith(("cannot open the database postgresql+psycopg://decklab:***@127.0.0.1:1/decklab",
                               "the driver for postgresql+psycopg is not installed"))


def test_upgrade_creates_then_reports_current(empty_db):
    url, before, after, notices = upgrade_database(str(empty_db))
    assert (before, after) == (None, HEAD)
    assert upgrade_database(str(empty_db))[1:3] == (HEAD, HEAD)


def test_not_a_database_file_is_one_sentence(tmp_path):
    path = tmp_path / "junk.db"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(DatabaseError, match=r"the database .*junk.db is not a SQLite database, or is damaged "
                                            r"\(file is not a database\); check the path given with --db"):
        open_database(str(path))


def test_sqlite_is_upgraded_automatically_after_a_backup_and_keeps_its_cards(tmp_path):
    from decklab.catalog.db import Database, create_engine, upgrade_schema
    from decklab.catalog.importer import load_starter_sets
    from decklab.catalog.store import list_cards

    path = tmp_path / "old.db"
    url = f"sqlite:///{path}"
    old = Database(url=url, engine=create_engine(url))
    upgrade_schema(old.engine, revision="0001")
    load_starter_sets(old)
    before = [card.record() for card in list_cards(old)]
    old.dispose()

    database = open_database(str(path))
    try:
        assert database.revision() == HEAD
        assert [card.record() for card in list_cards(database)] == before
        notice = [n for n in database.notices if n.startswith("Upgraded the database")][0]
        backup = notice.rsplit("kept at ", 1)[1].rstrip(".")
        assert backup.endswith(".bak")
        copy = create_engine(f"sqlite:///{backup}")
        with copy.connect() as conn:
            assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0001"
            assert conn.execute(text("SELECT count(*) FROM card")).scalar() == len(before)
        copy.dispose()
    finally:
        database.dispose()
