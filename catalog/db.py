"""Opening the database: URL resolution, SQLite pragmas, automatic migrations.

The URL comes from ``--db``, else ``DECKLAB_DATABASE_URL``, else the SQLite
file ``decklab.db`` in the user data folder. SQLite databases are upgraded
automatically (after a copy of the file is kept); PostgreSQL databases are
upgraded by ``decklab db upgrade``.

Setting a database up is all or nothing: the schema and the starter sets are
written in ONE transaction, so a first run that is killed leaves no tables (the
next run starts again), never a schema without cards. A database left with a
schema and no cards by an older decklab gets its starter sets on the next
upgrade (for SQLite: the next open). A SQLite file that holds another program's
tables is refused and left untouched.
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from .errors import DatabaseError
from .migrations import HEAD, LOCATION

ENV_VAR = "DECKLAB_DATABASE_URL"


def default_path() -> Path:
    """The embedded SQLite file: ``<user data dir>/decklab/decklab.db`` (the folder is created)."""
    import platformdirs

    return platformdirs.user_data_path("decklab", ensure_exists=True) / "decklab.db"


def resolve_url(option: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The database URL to use: ``option``, else the environment variable, else the default file.

    A plain path becomes a SQLite URL.

    >>> resolve_url("/tmp/x.db", environ={})
    'sqlite:////tmp/x.db'
    >>> resolve_url(None, environ={"DECKLAB_DATABASE_URL": "postgresql+psycopg://h/db"})
    'postgresql+psycopg://h/db'
    """
    variables: Mapping[str, str] = os.environ if environ is None else environ
    value = option or variables.get(ENV_VAR) or str(default_path())
    if "://" in value:
        return value
    return "sqlite:///" + str(Path(value).expanduser().resolve())


_SECRET_WORDS = ("password", "passwd", "pwd", "secret", "token")
_USER_PASSWORD = re.compile(r"^(?P<head>[\w+.-]+://[^:/@?#]*:).*@")  # to the last '@': a password may hold one


def is_secret_key(key: str) -> bool:
    """Whether a URL query key names a password or the like (``password``, ``PWD``, ``sslpassword``, ``token``...)."""
    from urllib.parse import unquote_plus

    key = unquote_plus(key).casefold()
    return any(word in key for word in _SECRET_WORDS)


def display_url(url: str) -> str:
    """``url`` as it may be shown: every password replaced by ``***``, in ``user:password@`` and as the value of
    any query key that names one (:func:`is_secret_key`, any case). Works on malformed URLs too.

    >>> display_url("postgresql+psycopg://me:s3cret@db.lan/decklab?sslmode=require&PassWord=x&sslpassword=y")
    'postgresql+psycopg://me:***@db.lan/decklab?sslmode=require&PassWord=***&sslpassword=***'
    >>> display_url("postgresql://me:p@ss@db.lan/decklab")
    'postgresql://me:***@db.lan/decklab'
    >>> display_url("sqlite:////home/me/decklab.db")
    'sqlite:////home/me/decklab.db'
    """
    shown = _USER_PASSWORD.sub(r"\g<head>***@", url, count=1)
    base, mark, query = shown.partition("?")
    if not mark:
        return shown
    parts = re.split(r"([&;])", query)
    for index in range(0, len(parts), 2):
        key, equals, _ = parts[index].partition("=")
        if equals and is_secret_key(key):
            parts[index] = f"{key}=***"
    return base + mark + "".join(parts)


class Database:
    """An open database whose schema is at :data:`HEAD`.

    ``notices`` are sentences for the user (a backup made, starter sets loaded). The SQLAlchemy ``engine`` is
    made on first use: a command that only reads a SQLite file reads it through :meth:`reading` with Python's
    sqlite3 driver, and never imports SQLAlchemy.
    """

    def __init__(self, url: str, engine: Any = None, notices: list[str] | None = None) -> None:
        self.url = url
        self._engine = engine
        self.notices: list[str] = notices if notices is not None else []
        self._reader: sqlite3.Connection | None = None

    def __repr__(self) -> str:
        return f"Database({display_url(self.url)!r})"

    @property
    def engine(self) -> Any:
        """The SQLAlchemy engine (made on first use: see :func:`create_engine`)."""
        if self._engine is None:
            self._engine = create_engine(self.url)
        return self._engine

    @property
    def is_sqlite(self) -> bool:
        return (self._engine.dialect.name if self._engine is not None else _backend(self.url)) == "sqlite"

    @property
    def sqlite_path(self) -> Path | None:
        """The SQLite file of a plain ``sqlite:///path`` URL (no query, not in memory), else None."""
        if not self.url.startswith("sqlite:///") or "?" in self.url:
            return None
        path = self.url.removeprefix("sqlite:///")
        return Path(path) if path and path != ":memory:" else None

    @contextmanager
    def reading(self) -> Iterator[Any]:
        """A connection to read with (see :func:`fetch`): for a SQLite file, one sqlite3 connection kept until
        :meth:`dispose` (nothing else imported); for any other database, one of the engine's."""
        path = self.sqlite_path
        if path is None:
            with self.engine.connect() as conn:
                yield conn
            return
        if self._reader is None:
            if not path.exists():
                raise DatabaseError(f"cannot read the database {path}: no such file.")
            self._reader = sqlite3.connect(path, timeout=30, check_same_thread=False)
            self._reader.execute("PRAGMA query_only = ON")
        yield self._reader

    def revision(self) -> str | None:
        with self.reading() as conn:
            return _revision(conn)

    def dispose(self) -> None:
        if self._reader is not None:
            self._reader.close()
            self._reader = None
        if self._engine is not None:
            self._engine.dispose()


def fetch(conn: Any, sql: str, params: dict[str, Any] | None = None) -> list[tuple]:
    """The rows of ``sql`` (plain SQL that SQLite and PostgreSQL both read, with ``:name`` parameters) on
    ``conn``: a sqlite3 connection from :meth:`Database.reading`, or a SQLAlchemy connection.

    >>> fetch(sqlite3.connect(":memory:"), "SELECT :a + 1, :b", {"a": 1, "b": "x"})
    [(2, 'x')]
    """
    if isinstance(conn, sqlite3.Connection):
        return conn.execute(sql, params or {}).fetchall()
    from sqlalchemy import text

    return [tuple(row) for row in conn.execute(text(sql), params or {})]


def in_list(name: str, values: list[Any]) -> tuple[str, dict[str, Any]]:
    """``(":name0, :name1, ...", {"name0": ..., ...})``: the parameters of an ``IN (...)`` for :func:`fetch`.

    >>> in_list("k", ["a", "b"])
    (':k0, :k1', {'k0': 'a', 'k1': 'b'})
    """
    params = {f"{name}{index}": value for index, value in enumerate(values)}
    return ", ".join(f":{key}" for key in params) or "NULL", params


def _backend(url: str) -> str:
    """The kind of database a URL names (``sqlite``, ``postgresql``...), without SQLAlchemy."""
    return url.partition("://")[0].partition("+")[0]


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    # The journal mode (WAL) is a property of the file, set once when decklab creates or upgrades it
    # (:func:`_use_wal`): setting it here would rewrite the header of any SQLite file opened, another program's too.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA busy_timeout = 30000")
    cursor.execute("PRAGMA synchronous = NORMAL")
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.close()


@contextmanager
def write_transaction(engine):
    """A transaction that will write: on SQLite it starts with ``BEGIN IMMEDIATE``, so the write lock is taken
    first (waiting up to the busy timeout) and nothing read inside can change before the writes; elsewhere
    an ordinary transaction. Commits at the end, rolls back on any exception."""
    with engine.begin() as conn:
        if conn.dialect.name == "sqlite":
            conn.exec_driver_sql("BEGIN IMMEDIATE")
        yield conn


def create_engine(url: str):
    """A SQLAlchemy engine; SQLite connections get busy_timeout, synchronous NORMAL and foreign keys."""
    import sqlalchemy
    from sqlalchemy import event
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError

    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError):  # ValueError: a port that is not a number, e.g. postgresql://:@:x/
        raise DatabaseError(f"'{display_url(url)}' is neither a database URL nor a file path.") from None
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database
        if database and database != ":memory:":
            folder = Path(database).parent
            if not folder.is_dir():
                raise DatabaseError(f"cannot create the database {database}: the folder {folder} does not exist.")
    try:
        engine = sqlalchemy.create_engine(parsed)
    except NoSuchModuleError:
        raise DatabaseError(f"decklab does not know the database kind '{parsed.drivername}'.") from None
    except ModuleNotFoundError as exc:
        raise DatabaseError(
            f"the driver for {parsed.drivername} is not installed ({exc.name}); "
            "for PostgreSQL run: pip install 'decklab[postgres]'."
        ) from None
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _revision(conn) -> str | None:
    if "alembic_version" not in _tables(conn):
        return None
    rows = fetch(conn, "SELECT version_num FROM alembic_version")
    return rows[0][0] if rows else None


def _tables(conn) -> list[str]:
    if isinstance(conn, sqlite3.Connection):
        return [row[0] for row in fetch(conn, "SELECT name FROM sqlite_master WHERE type = 'table'")]
    from sqlalchemy import inspect

    return inspect(conn).get_table_names()


def _has_cards(conn) -> bool:
    """Whether the catalog holds any card set (False before the catalog's tables exist)."""
    if "card_set" not in _tables(conn):
        return False
    return bool(fetch(conn, "SELECT 1 FROM card_set LIMIT 1"))


def _connect_error(url: str, exc: Exception) -> DatabaseError:
    from .errors import known_database_problem

    known = known_database_problem(exc, database_url=url)  # damaged, read-only, locked...: with what to do next
    if known is not None:
        return known
    reason = str(getattr(exc, "orig", exc) or exc).strip().splitlines()[0]
    return DatabaseError(f"cannot open the database {display_url(url)}: {reason}.")


def upgrade_schema(engine, *, revision: str = "head") -> None:
    """Run the Alembic migrations up to ``revision`` in one transaction."""
    with write_transaction(engine) as conn:
        _run_migrations(conn, revision)


def _run_migrations(conn, revision: str = "head") -> None:
    """Run the Alembic migrations up to ``revision`` inside the caller's transaction on ``conn``."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(LOCATION))
    config.attributes["connection"] = conn
    command.upgrade(config, revision)


def _use_wal(engine) -> None:
    """Put a (decklab's) SQLite file in WAL mode, once: the mode stays with the file."""
    with engine.connect() as conn:
        if conn.exec_driver_sql("PRAGMA journal_mode").scalar() != "wal":
            conn.exec_driver_sql("PRAGMA journal_mode = WAL")


def backup_sqlite(engine) -> Path:
    """Copy the SQLite file aside before an upgrade; return the copy's path."""
    source = Path(engine.url.database)
    with engine.connect() as conn:
        conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = source.with_name(f"{source.name}.{stamp}.bak")
    shutil.copy2(source, target)
    return target


def open_database(url: str | None = None) -> Database:
    """Open the database at ``url`` (resolved by :func:`resolve_url`), ready to use.

    A new SQLite database gets the schema and the starter sets (in one
    transaction); an older SQLite database is copied aside and upgraded; one
    without any card set (a first run interrupted by an older decklab) gets the
    starter sets. PostgreSQL must be at :data:`HEAD` with its starter sets
    already (``decklab db upgrade``).

    :raises DatabaseError: when the database cannot be opened or upgraded, is
        another program's SQLite file, or (PostgreSQL) needs ``decklab db upgrade``.
    """
    database = _connect(url)
    with _reported(database):
        state = _state(database)
        if state.needs_setup:
            if not database.is_sqlite:
                raise DatabaseError(f"the database {display_url(database.url)} {state.describe()}: "
                                    "run 'decklab db upgrade'.")
            migrate(database, fresh=state.is_fresh)
    return database


def upgrade_database(url: str | None = None) -> tuple[str, str | None, str, list[str]]:
    """Upgrade the database at ``url`` to :data:`HEAD` (any backend), with the starter sets if it has no cards.

    :returns: the URL, the revision before and after, and notices for the user.
    """
    database = _connect(url)
    try:
        with _reported(database):
            state = _state(database)
            if state.needs_setup:
                migrate(database, fresh=state.is_fresh)
    finally:
        database.dispose()
    return database.url, state.revision, HEAD, database.notices


def _connect(url: str | None) -> Database:
    """The database at ``url`` (resolved); a SQLite file is not opened yet, any other URL gets its engine."""
    url = resolve_url(url)
    database = Database(url=url)
    if database.sqlite_path is None:
        database.engine  # noqa: B018 - a bad URL or a missing driver is reported now
    return database


@dataclass(frozen=True)
class _State:
    """What an open database holds: its revision, its tables, whether it has any card set."""

    revision: str | None
    tables: tuple[str, ...]
    has_cards: bool

    @property
    def is_fresh(self) -> bool:
        return self.revision is None and not self.tables

    @property
    def needs_setup(self) -> bool:
        return self.revision != HEAD or not self.has_cards

    def describe(self) -> str:
        if self.is_fresh:
            return "has no decklab tables yet"
        if self.revision != HEAD:
            return f"is at revision {self.revision}, this decklab needs {HEAD}"
        return "has no cards (its set-up did not finish)"


def _state(database: Database) -> _State:
    """What the database holds; refuses a newer schema, and another program's SQLite file."""
    path = database.sqlite_path
    if path is not None and not path.exists():
        state = _State(revision=None, tables=(), has_cards=False)
        tables: tuple[str, ...] = ()
        revision = None
    else:
        with database.reading() as conn:
            tables = tuple(_tables(conn))
            revision = _revision(conn) if "alembic_version" in tables else None
            state = _State(revision=revision, tables=tables, has_cards="card_set" in tables and _has_cards(conn))
    is_ours = "card_set" in tables or (revision is not None and _is_known(revision))
    if database.is_sqlite and tables and not is_ours:
        shown = ", ".join(sorted(tables)[:3]) + (", ..." if len(tables) > 3 else "")
        raise DatabaseError(
            f"{path or database.engine.url.database} is not a decklab database: it holds another program's tables "
            f"({shown}), so decklab leaves it untouched; give --db a new file, an empty one or a decklab database.")
    if revision is not None and revision != HEAD and not _is_known(revision):
        raise DatabaseError(
            f"the database {display_url(database.url)} is at revision {revision}, made by a newer decklab; "
            "upgrade decklab."
        )
    return state


@contextmanager
def _reported(database: Database):
    """Turn driver errors (through SQLAlchemy, or sqlite3's own) into one :class:`DatabaseError` sentence."""
    try:
        yield
    except sqlite3.Error as exc:
        database.dispose()
        raise _connect_error(database.url, exc) from None
    except Exception as exc:
        alchemy = sys.modules.get("sqlalchemy.exc")
        if alchemy is None or not isinstance(exc, alchemy.SQLAlchemyError):
            raise
        database.dispose()
        raise _connect_error(database.url, exc) from None


_SETUP_LOCK = 0x6465636B6C6131
"""PostgreSQL advisory lock key held while a database is set up or upgraded, or card sets are imported: two
``db upgrade`` or two imports at once run one after the other (SQLite needs none: ``BEGIN IMMEDIATE`` already
admits one writer at a time)."""


def lock_catalog(conn) -> None:
    """Inside a :func:`write_transaction`, wait for any other set-up, upgrade or import of card sets to finish
    (PostgreSQL: a transaction-level advisory lock, released at commit or rollback; SQLite: nothing to do)."""
    if conn.dialect.name != "sqlite":
        conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_SETUP_LOCK})")


def migrate(database: Database, *, fresh: bool) -> None:
    """Bring ``database`` to :data:`HEAD` and load the starter sets into one without any card set, all in
    ONE transaction: a kill or an error part-way leaves the database as it was.

    The state is read again inside the transaction (another process may have set the database up meanwhile).
    An older SQLite file is copied aside first.
    """
    from .importer import load_starter_sets

    if database.is_sqlite:
        with database.engine.connect() as conn:
            revision = _revision(conn)
        if not fresh and revision != HEAD:
            backup = backup_sqlite(database.engine)
            database.notices.append(f"Upgraded the database to revision {HEAD}; the old file is kept at {backup}.")
        _use_wal(database.engine)
    with write_transaction(database.engine) as conn:
        lock_catalog(conn)
        revision = _revision(conn)
        if revision is None:
            _drop_empty_leftovers(conn)
        if revision != HEAD:
            _run_migrations(conn)
        if not _has_cards(conn):
            report = load_starter_sets(database, conn=conn)
            if revision is None:
                database.notices.append(
                    f"Created a new database at {display_url(database.url)} with {report.summary()}.")
            else:
                database.notices.append(f"Loaded the starter sets into {display_url(database.url)}, which had no "
                                        f"cards (an earlier set-up did not finish): {report.summary()}.")


def _drop_empty_leftovers(conn) -> None:
    """Drop decklab tables that stand without a schema revision, as an older decklab killed while it created
    its first tables could leave them (its SQLite DDL was not transactional); they must hold no row.

    :raises DatabaseError: when such a table holds rows (decklab cannot tell which revision they follow).
    """
    from sqlalchemy import select

    from .tables import metadata

    present = set(_tables(conn))
    leftovers = [table for table in reversed(metadata.sorted_tables) if table.name in present]
    for table in leftovers:
        if conn.execute(select(1).select_from(table).limit(1)).first() is not None:
            raise DatabaseError(f"the database {display_url(str(conn.engine.url))} has decklab's table {table.name} "
                                "with rows but no schema revision, so decklab cannot tell how to upgrade it; "
                                "restore it from a backup.")
    for table in leftovers:
        table.drop(conn)


def _is_known(revision: str) -> bool:
    return any(path.name.startswith(f"{revision}_") for path in (LOCATION / "versions").glob("*.py"))
