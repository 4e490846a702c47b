"""Every migration keeps every row: for each revision, a database at the revision before it,
with data in every table, is upgraded to head and compared."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import inspect, text

from decklab.catalog.db import Database, create_engine, open_database, upgrade_database, upgrade_schema
from decklab.catalog.migrations import HEAD, LOCATION

NOW = "2026-11-29 12:00:00+00:00"
CARD = {"name": "Old Bear", "type": "creature", "rarity": "common", "creature_type": "beast", "al": 5, "spd": 3,
        "hp": 40, "attack_name": "Maul", "attack_dice": 2, "modifier": 1, "text": "Kept.", "effects": []}

# Rows that every table holds at the revision that created it (SQL valid on SQLite and PostgreSQL).
DATA = {
    "0001": [
        ("INSERT INTO card_set (id, game, code, name, banlist, imported_at) VALUES "
         "(901, 'ward', 'OLD1', 'Old Set', :banlist, :now)", {"banlist": json.dumps({"banned": ["Old Bear"]})}),
        ("INSERT INTO card (id, game, name, name_key, type, set_id, rarity, faction, text, data) VALUES "
         "(9001, 'ward', 'Old Bear', 'old bear', 'creature', 901, 'common', 'beast', 'Kept.', :data)",
         {"data": json.dumps(CARD)}),
        ("INSERT INTO card (id, game, name, name_key, type, set_id, rarity, faction, text, data) VALUES "
         "(9002, 'ward', 'Old Wolf', 'old wolf', 'creature', 901, 'rare', 'beast', '', :data)",
         {"data": json.dumps({**CARD, "name": "Old Wolf", "rarity": "rare", "text": ""})}),
    ],
    "0002": [
        ("INSERT INTO deck (id, name, name_key, game, format, notes, created_at, updated_at) VALUES "
         "(701, 'Old Deck', 'old deck', 'ward', 'casual', 'my first deck', :now, :now)", {}),
        ("INSERT INTO deck_entry (id, deck_id, card_id, section, quantity, position) VALUES "
         "(7001, 701, 9001, 'main', 3, 0), (7002, 701, 9002, 'main', 2, 1)", {}),
    ],
    "0003": [
        ("INSERT INTO collection_item (id, card_id, quantity, condition, finish, language, location, notes, "
         "updated_at) VALUES (601, 9001, 4, 'mint', 'foil', 'en', 'Binder 1', 'birthday', :now)", {}),
    ],
}


def revisions() -> list[str]:
    return sorted(path.name.split("_")[0] for path in (LOCATION / "versions").glob("0*.py"))


def snapshot(conn) -> dict[str, list[dict]]:
    """Every row of every decklab table, by table (JSON parsed, times as text)."""
    tables = {}
    for table in sorted(set(inspect(conn).get_table_names()) - {"alembic_version"}):
        rows = conn.execute(text(f"SELECT * FROM {table} ORDER BY id")).mappings().all()
        tables[table] = [{key: _plain(value) for key, value in row.items()} for row in rows]
    return tables


def _plain(value):
    if isinstance(value, str) and value[:1] in "{[":
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value if isinstance(value, (int, float, type(None), dict, list)) else str(value)[:19]


def test_data_is_written_for_every_revision():
    assert sorted(DATA) == revisions() and revisions()[-1] == HEAD


@pytest.mark.parametrize("revision", revisions()[1:])
def test_upgrading_from_the_previous_revision_keeps_every_row(empty_db, backend, revision):
    previous = revisions()[revisions().index(revision) - 1]
    old = Database(url=empty_db, engine=create_engine(empty_db))
    upgrade_schema(old.engine, revision=previous)
    with old.engine.begin() as conn:
        for level, statements in sorted(DATA.items()):
            if level <= previous:
                for statement, params in statements:
                    conn.execute(text(statement), {"now": NOW, **params})
        before = snapshot(conn)
    old.dispose()
    assert all(before[table] for table in before), "every table at the old revision holds data"

    if backend == "sqlite":
        database = open_database(empty_db)
        assert any("the old file is kept at" in notice for notice in database.notices)
    else:
        url, was, now, _ = upgrade_database(empty_db)
        assert (was, now) == (previous, HEAD)
        database = open_database(empty_db)
    try:
        with database.engine.connect() as conn:
            after = snapshot(conn)
        for table, rows in before.items():
            kept = [{key: row[key] for key in rows[0]} for row in after[table]]
            assert kept == rows, table
        assert set(after) >= set(before)
    finally:
        database.dispose()


def test_the_cli_names_the_sqlite_backup(decklab, tmp_path):
    path = tmp_path / "old.db"
    engine = create_engine(f"sqlite:///{path}")
    upgrade_schema(engine, revision=revisions()[0])
    engine.dispose()
    result = decklab("--db", path, "db", "info", "--json")
    assert result.exit_code == 0, result.stderr
    assert f"Upgraded the database to revision {HEAD}; the old file is kept at {path}." in result.stderr
    assert json.loads(result.stdout)["revision"] == HEAD
