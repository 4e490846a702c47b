"""The one error boundary: every fault a user can meet after the database is open (locked, read-only, damaged,
full, a refused or out-of-range value, a lost server), operating-system and parser errors, running out of memory, a
malformed URL and a negative number where a quantity goes: one sentence on stderr, exit 2, never a traceback.

Database faults are real: a lock held by another connection, a read-only file, overwritten pages, a full file
system (a small tmpfs in a private mount namespace) or SQLite's page limit, constraints and column types the
database enforces, and a PostgreSQL backend terminated by an administrator between opening and the command's work.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.pool import Pool

from conftest import write
from decklab.catalog.db import ENV_VAR

DECKLAB = str(Path(sys.executable).with_name("decklab"))


def assert_one_sentence(result, *expected: str) -> str:
    """Exit 2, nothing on stdout, one line on stderr holding each of ``expected``; returns the line."""
    stderr = result.stderr
    assert "Traceback" not in stderr, stderr
    code = result.returncode if hasattr(result, "returncode") else result.exit_code
    assert code == 2, (code, stderr, result.stdout)
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("decklab: ") and lines[0].endswith("."), stderr
    for part in expected:
        assert part in lines[0], lines[0]
    return lines[0]


def owned(decklab) -> int:
    return json.loads(decklab("collection", "list", "--json").stdout)["total"]


@pytest.fixture
def sqlite_db(template_db, tmp_path, monkeypatch) -> Path:
    """A SQLite database with the starter sets, as ``DECKLAB_DATABASE_URL``, for tests that are not about the
    backend."""
    path = tmp_path / "decklab.db"
    shutil.copy(template_db, path)
    monkeypatch.setenv(ENV_VAR, str(path))
    return path


@pytest.fixture
def on_sqlite_checkout():
    """``on_sqlite_checkout(fn)``: run ``fn(connection)`` on every SQLite connection decklab takes from its pool
    (after decklab's own settings), e.g. to shorten the busy timeout or set a page limit."""
    hooks = []

    def install(fn):
        def hook(dbapi_connection, _record, _proxy):
            if isinstance(dbapi_connection, sqlite3.Connection):
                fn(dbapi_connection)

        event.listen(Pool, "checkout", hook)
        hooks.append(hook)

    yield install
    for hook in hooks:
        event.remove(Pool, "checkout", hook)


def sql(db_url: str, *statements: str) -> None:
    """Run ``statements`` in one transaction on the test database (not through decklab)."""
    engine = create_engine(db_url)
    try:
        with engine.begin() as conn:
            for statement in statements:
                conn.exec_driver_sql(statement)
    finally:
        engine.dispose()


def alter_database(request, db_url: str, setting: str) -> None:
    """``ALTER DATABASE <this test's database> SET <setting>`` from the server's admin connection (PostgreSQL)."""
    with request.getfixturevalue("postgres").admin.connect() as conn:
        conn.exec_driver_sql(f'ALTER DATABASE "{pg_name(db_url)}" SET {setting}')


def sqlite_path(db_url: str) -> Path:
    return Path(make_url(db_url).database)


def pg_name(db_url: str) -> str:
    return make_url(db_url).database


def can_unshare(*flags: str) -> bool:
    """Whether this system lets us start a process in new (user, mount) namespaces."""
    if shutil.which("unshare") is None:
        return False
    return subprocess.run(["unshare", *flags, "true"], capture_output=True).returncode == 0


def as_unprivileged(argv: list[str]) -> list[str]:
    """``argv`` run so that file permissions apply (root would ignore them): as root, in a new user namespace
    where the process keeps its user id but loses every privilege over the files outside."""
    if os.geteuid() != 0:
        return argv
    if not can_unshare("--user"):
        pytest.skip("running as root, and user namespaces (unshare --user) are not available to drop privileges")
    return ["unshare", "--user", *argv]


def run(argv: list[str], **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(argv, capture_output=True, text=True, timeout=120, **kwargs)


# --- Database faults, on SQLite and PostgreSQL -----------------------------------------------------------------


def test_locked_past_the_wait(decklab, backend, db_url, on_sqlite_checkout, request):
    decklab("collection", "add", "Ember Whelp", "2")
    if backend == "sqlite":
        on_sqlite_checkout(lambda conn: conn.execute("PRAGMA busy_timeout = 200"))
        holder = sqlite3.connect(sqlite_path(db_url), isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        release = holder.close
    else:
        alter_database(request, db_url, "lock_timeout = '200ms'")
        engine = create_engine(db_url)
        holder = engine.connect()
        holder.exec_driver_sql("LOCK TABLE collection_item IN EXCLUSIVE MODE")

        def release():
            holder.rollback()
            holder.close()
            engine.dispose()
    try:
        assert_one_sentence(decklab("collection", "add", "Ember Whelp", "1"), "locked", "try again")
    finally:
        release()
    assert owned(decklab) == 2


def test_read_only(decklab, backend, db_url, request):
    decklab("collection", "add", "Ember Whelp", "2")
    if backend == "sqlite":
        path = sqlite_path(db_url)
        path.chmod(0o444)
        result = run(as_unprivileged([DECKLAB, "--db", str(path), "collection", "add", "Ember Whelp"]))
        path.parent.chmod(0o555)  # and a read-only folder: refused while opening, with the same advice
        in_folder = run(as_unprivileged([DECKLAB, "--db", str(path), "collection", "add", "Ember Whelp"]))
        path.parent.chmod(0o755)
        path.chmod(0o644)
        assert_one_sentence(in_folder, "read-only", "writable")
    else:
        alter_database(request, db_url, "default_transaction_read_only = on")
        result = decklab("collection", "add", "Ember Whelp")
    assert_one_sentence(result, "read-only")
    if backend == "postgresql":
        alter_database(request, db_url, "default_transaction_read_only = off")
    assert owned(decklab) == 2


def test_a_refused_value_and_a_conflict(decklab, backend, db_url):
    decklab("collection", "add", "Ember Whelp", "2")
    if backend == "sqlite":
        sql(db_url, "CREATE TRIGGER few BEFORE UPDATE ON collection_item WHEN NEW.quantity > 99 "
                    "BEGIN SELECT RAISE(ABORT, 'at most 99 copies here'); END")
    else:
        sql(db_url, "ALTER TABLE collection_item ADD CONSTRAINT few CHECK (quantity <= 99)")
    assert_one_sentence(decklab("collection", "add", "Ember Whelp", "100"), "refused a value", "nothing was saved")
    assert owned(decklab) == 2
    # A uniqueness the database enforces (as two commands creating the same thing at once would meet it).
    sql(db_url, "CREATE UNIQUE INDEX one_note ON deck (notes)")
    assert decklab("deck", "new", "First", "--game", "ward").exit_code == 0
    assert_one_sentence(decklab("deck", "new", "Second", "--game", "ward"), "conflicts with the data already there",
                        "run this one again")
    assert [d["name"] for d in json.loads(decklab("deck", "list", "--json").stdout)] == ["First"]


def test_values_the_database_cannot_store(decklab, backend, db_url, on_sqlite_checkout):
    decklab("collection", "add", "Ember Whelp", "2")
    if backend == "sqlite":
        on_sqlite_checkout(lambda conn: conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, 1000))
        assert_one_sentence(decklab("deck", "new", "Long", "--game", "ward", "--notes", "n" * 1500), "too large")
        return
    sql(db_url, "ALTER TABLE deck ALTER COLUMN notes TYPE varchar(5)",
        "ALTER TABLE collection_item ALTER COLUMN quantity TYPE smallint",
        "UPDATE collection_item SET quantity = 32767")
    assert_one_sentence(decklab("deck", "new", "Long", "--game", "ward", "--notes", "longer than five"),
                        "longer than", "22001")
    assert_one_sentence(decklab("collection", "add", "Ember Whelp", "1"), "outside what", "22003")
    assert owned(decklab) == 32767


def test_postgresql_connection_lost_after_opening(decklab, db_url, monkeypatch, request):
    if not db_url.startswith("postgresql"):
        pytest.skip("a PostgreSQL server connection")
    from decklab.catalog import db

    server = request.getfixturevalue("postgres")
    opened = db.open_database

    def open_then_terminate(url=None):
        database = opened(url)
        with server.admin.connect() as conn:
            conn.exec_driver_sql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                 f"WHERE datname = '{pg_name(db_url)}' AND pid <> pg_backend_pid()")
        return database

    monkeypatch.setattr(db, "open_database", open_then_terminate)
    assert_one_sentence(decklab("collection", "add", "Ember Whelp", "1"), "connection", "was lost",
                        "check that the server is running")
    monkeypatch.setattr(db, "open_database", opened)
    assert owned(decklab) == 0


# --- SQLite files: damaged, full -------------------------------------------------------------------------------


def test_damaged_sqlite_file(decklab, template_db, tmp_path):
    path = tmp_path / "damaged.db"
    shutil.copy(template_db, path)
    with sqlite3.connect(path) as conn:
        page_size = conn.execute("PRAGMA page_size").fetchone()[0]
        root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'card'").fetchone()[0]
    conn.close()
    with path.open("r+b") as file:
        file.seek((root - 1) * page_size)
        file.write(b"\xa5" * page_size)
    assert_one_sentence(decklab("--db", path, "catalog", "search", "whelp"), "is damaged", "restore a copy")
    assert_one_sentence(decklab("--db", path, "collection", "add", "Ember Whelp"), "is damaged")
    not_a_database = write(tmp_path / "notes.db", "these are my notes, not a database\n" * 200)
    assert_one_sentence(decklab("--db", not_a_database, "catalog", "search", "whelp"), str(not_a_database),
                        "is not a SQLite database")
    assert not_a_database.read_text() == "these are my notes, not a database\n" * 200


def every_card_csv(template_db: Path, path: Path) -> Path:
    with sqlite3.connect(template_db) as conn:
        names = conn.execute("SELECT game, name FROM card").fetchall()
    conn.close()
    rows = "".join(f'{game},"{name}",2,{"a long note " * 20}\n' for game, name in names)
    return write(path, "game,name,quantity,notes\n" + rows)


def collection_rows(path: Path) -> int:
    with sqlite3.connect(path) as conn:
        count = conn.execute("SELECT count(*) FROM collection_item").fetchone()[0]
    conn.close()
    return count


def test_sqlite_database_full_at_its_page_limit(decklab, sqlite_db, template_db, tmp_path, on_sqlite_checkout):
    csv = every_card_csv(template_db, tmp_path / "all.csv")

    def limit(conn):
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {pages}")

    on_sqlite_checkout(limit)
    assert_one_sentence(decklab("collection", "import", csv), "is full", "free some space")
    assert collection_rows(sqlite_db) == 0


needs_private_mounts = pytest.mark.skipif(
    not can_unshare("--user", "--map-root-user", "--mount"),
    reason="needs user and mount namespaces (unshare) to mount a small tmpfs",
)


@needs_private_mounts
def test_sqlite_database_on_a_full_disk(template_db, tmp_path):
    disk = tmp_path / "disk"
    disk.mkdir()
    csv = every_card_csv(template_db, tmp_path / "all.csv")
    size_kb = template_db.stat().st_size // 1024 + 128
    script = (f'mount -t tmpfs -o size={size_kb}k tmpfs "{disk}" && cp "{template_db}" "{disk}/decklab.db" && '
              f'"{DECKLAB}" --db "{disk}/decklab.db" collection import "{csv}"; code=$?; '
              f'python3 -c "import sqlite3; print(sqlite3.connect(\'{disk}/decklab.db\').execute('
              f'\'SELECT count(*) FROM collection_item\').fetchone()[0])"; exit $code')
    result = run(["unshare", "--user", "--map-root-user", "--mount", "sh", "-c", script])
    rows = result.stdout.strip()
    result.stdout = ""
    assert_one_sentence(result, "is full", "free some space")
    assert rows == "0"


# --- Malformed URL, operating-system and parser errors, memory -------------------------------------------------


@pytest.mark.parametrize("url", ["postgresql://:@:x/", "postgresql://[::1/", "postgresql+psycopg://u:secret@h:port/x"])
def test_a_malformed_database_url(decklab, url):
    line = assert_one_sentence(decklab("--db", url, "collection", "list"), "neither a database URL nor a file path")
    assert "secret" not in line


def test_files_that_cannot_be_read(decklab, sqlite_db, tmp_path):
    assert_one_sentence(decklab("deck", "validate", tmp_path / "missing.txt"), "missing.txt")
    assert_one_sentence(decklab("collection", "import", tmp_path), str(tmp_path))
    assert_one_sentence(decklab("catalog", "import", tmp_path / "none.yaml"), "none.yaml")


def test_a_file_without_permission(sqlite_db, tmp_path):
    secret = write(tmp_path / "secret.txt", "3 Ember Whelp\n")
    secret.chmod(0)
    result = run(as_unprivileged([DECKLAB, "--db", str(sqlite_db), "deck", "validate", str(secret)]))
    assert_one_sentence(result, "secret.txt", "ermission")


def test_parser_errors(decklab, sqlite_db, tmp_path):
    deep = write(tmp_path / "deep.json", "[" * 100_000 + "]" * 100_000)
    assert_one_sentence(decklab("catalog", "import", deep))
    assert_one_sentence(decklab("deck", "validate", deep))
    huge_cell = write(tmp_path / "huge.csv", "game,name,quantity,notes\nward,Ember Whelp,1," + "x" * 200_000 + "\n")
    assert_one_sentence(decklab("collection", "import", huge_cell))
    latin1 = tmp_path / "latin1.csv"
    latin1.write_bytes("game,name,quantity,notes\nward,Ember Whelp,1,d\xe9j\xe0 vu\n".encode("latin-1"))
    assert_one_sentence(decklab("collection", "import", latin1))
    assert owned(decklab) == 0


def test_running_out_of_memory(decklab, sqlite_db, monkeypatch):
    from decklab.catalog import collection

    def exhausted(*_args, **_kwargs):
        raise MemoryError

    monkeypatch.setattr(collection, "export_csv", exhausted)
    assert_one_sentence(decklab("collection", "export", "-"), "out of memory")


def test_a_number_too_large_for_the_database(decklab, db_url):
    assert_one_sentence(decklab("collection", "add", "Ember Whelp", str(2**63)))
    assert_one_sentence(decklab("collection", "add", "Ember Whelp", str(2**64)))
    assert owned(decklab) == 0


# --- Command-line parsing --------------------------------------------------------------------------------------


@pytest.mark.parametrize("args", [
    ("collection", "remove", "Ember Whelp", "-3"),
    ("collection", "remove", "Ember Whelp", "-3", "--game", "ward"),
    ("collection", "add", "--game", "ward", "Ember Whelp", "-1"),
    ("collection", "set", "Ember Whelp", "-5"),
    ("deck", "add", "Solo", "Ember Whelp", "-2", "--section", "main"),
    ("deck", "remove", "Solo", "Ember Whelp", "-2"),
])
def test_a_negative_quantity_is_one_sentence(decklab, sqlite_db, args):
    decklab("collection", "add", "Ember Whelp", "3")
    decklab("deck", "new", "Solo", "--game", "ward")
    line = assert_one_sentence(decklab(*args), "quantit")
    assert "-" in line and "Usage" not in line
    assert owned(decklab) == 3


def test_a_negative_number_as_an_option_value_is_still_a_value(decklab, sqlite_db):
    result = decklab("collection", "add", "Ember Whelp", "2", "--notes", "-7")
    assert result.exit_code == 0, result.stderr
    assert json.loads(decklab("collection", "list", "--json").stdout)["items"][0]["notes"] == "-7"


@pytest.mark.parametrize("args, expected", [
    (("collection", "add", "Ember Whelp", "--gmae", "ward"), "No such option: --gmae"),
    (("collection", "add"), "Missing argument"),
    (("-3",), "No such option: -3"),
    (("collection", "frobnicate"), "No such command"),
])
def test_usage_errors_are_clicks_own_without_a_traceback(decklab, args, expected):
    result = decklab(*args)
    assert result.exit_code == 2 and "Traceback" not in result.stderr
    assert expected in result.stderr
