"""Opening the database: URL resolution, SQLite pragmas, automatic migrations.

The URL comes from ``--db``, else ``DECKLAB_DATABASE_URL``, else the SQLite
file ``decklab.db`` in the user data folder. SQLite databases are upgraded
automatically (after a copy of the file is kept); PostgreSQL databases are
upgraded by ``decklab db upgrade``.
"""

from __future__ import annotations

import os
import shutil
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from .errors import DatabaseError
from .migrations import HEAD, LOCATION

ENV_VAR = "DECKLAB_DATABASE_URL"


def default_path() -> Path:
    """The embedded SQLite file: ``<user data dir>/decklab/decklab.db`` (the folder is created)."""
    import platformdirs

    return platformdirs.user_data_path("decklab", ensure_exists=True) / "decklab.db"


def resolve_url(option: str | None = None, environ: dict[str, str] | None = None) -> str:
    """The database URL to use: ``option``, else the environment variable, else the default file.

    A plain path becomes a SQLite URL.

    >>> resolve_url("/tmp/x.db", environ={})
    'sqlite:////tmp/x.db'
    >>> resolve_url(None, environ={"DECKLAB_DATABASE_URL": "postgresql+psycopg://h/db"})
    'postgresql+psycopg://h/db'
    """
    environ = os.environ if environ is None else environ
    value = option or environ.get(ENV_VAR) or str(default_path())
    if "://" in value:
        return value
    return "sqlite:///" + str(Path(value).expanduser().resolve())


def display_url(url: str) -> str:
    """The URL with any password hidden."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


@dataclass
class Database:
    """An open database whose schema is at :data:`HEAD`.

    ``notices`` are sentences for the user (a backup made, starter sets loaded).
    """

    url: str
    engine: object
    notices: list[str] = field(default_factory=list)

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    def revision(self) -> str | None:
        with self.engine.connect() as conn:
            return _revision(conn)

    def dispose(self) -> None:
        self.engine.dispose()


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA busy_timeout = 30000")
    cursor.execute("PRAGMA journal_mode = WAL")
    cursor.execute("PRAGMA synchronous = NORMAL")
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.close()


def create_engine(url: str):
    """A SQLAlchemy engine; SQLite connections get busy_timeout, WAL (synchronous NORMAL) and foreign keys."""
    import sqlalchemy
    from sqlalchemy import event
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError

    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError):  # ValueError: a port that is not a number, e.g. postgresql://:@:x/
        raise DatabaseError(f"'{url}' is neither a database URL nor a file path.") from None
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
    from sqlalchemy import inspect, text

    if not inspect(conn).has_table("alembic_version"):
        return None
    return conn.execute(text("SELECT version_num FROM alembic_version")).scalar()


def _has_tables(conn) -> bool:
    from sqlalchemy import inspect

    return bool(inspect(conn).get_table_names())


def _connect_error(url: str, exc: Exception) -> DatabaseError:
    reason = str(getattr(exc, "orig", exc) or exc).strip().splitlines()[0]
    return DatabaseError(f"cannot open the database {display_url(url)}: {reason}.")


def upgrade_schema(engine, *, revision: str = "head") -> None:
    """Run the Alembic migrations up to ``revision`` in one transaction."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(LOCATION))
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, revision)


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

    A new SQLite database gets the schema and the starter sets; an older
    SQLite database is copied aside and upgraded. PostgreSQL must be at
    :data:`HEAD` already (``decklab db upgrade``).

    :raises DatabaseError: when the database cannot be opened or upgraded.
    """
    database = _connect(url)
    with _reported(database):
        revision, fresh = _state(database)
        if revision != HEAD:
            if not database.is_sqlite:
                state = "has no decklab tables yet" if fresh else f"is at revision {revision}, this decklab needs {HEAD}"
                raise DatabaseError(f"the database {display_url(database.url)} {state}: run 'decklab db upgrade'.")
            migrate(database, fresh=fresh)
    return database


def upgrade_database(url: str | None = None) -> tuple[str, str | None, str, list[str]]:
    """Upgrade the database at ``url`` to :data:`HEAD` (any backend).

    :returns: the URL, the revision before and after, and notices for the user.
    """
    database = _connect(url)
    try:
        with _reported(database):
            revision, fresh = _state(database)
            if revision != HEAD:
                migrate(database, fresh=fresh)
    finally:
        database.dispose()
    return database.url, revision, HEAD, database.notices


def _connect(url: str | None) -> Database:
    url = resolve_url(url)
    return Database(url=url, engine=create_engine(url))


def _state(database: Database) -> tuple[str | None, bool]:
    """The current revision, and whether the database is empty; refuses a newer schema."""
    with database.engine.connect() as conn:
        revision = _revision(conn)
        fresh = revision is None and not _has_tables(conn)
    if revision is not None and revision != HEAD and not _is_known(revision):
        raise DatabaseError(
            f"the database {display_url(database.url)} is at revision {revision}, made by a newer decklab; upgrade decklab."
        )
    return revision, fresh


@contextmanager
def _reported(database: Database):
    """Turn driver errors into one :class:`DatabaseError` sentence."""
    from sqlalchemy.exc import SQLAlchemyError

    try:
        yield
    except SQLAlchemyError as exc:
        database.dispose()
        raise _connect_error(database.url, exc) from None


def migrate(database: Database, *, fresh: bool) -> None:
    """Bring ``database`` to :data:`HEAD`; load the starter sets into a fresh one."""
    if not fresh and database.is_sqlite:
        backup = backup_sqlite(database.engine)
        database.notices.append(f"Upgraded the database to revision {HEAD}; the old file is kept at {backup}.")
    upgrade_schema(database.engine)
    if fresh:
        from .importer import load_starter_sets

        report = load_starter_sets(database)
        database.notices.append(f"Created a new database at {display_url(database.url)} with {report.summary()}.")


def _is_known(revision: str) -> bool:
    return any(path.name.startswith(f"{revision}_") for path in (LOCATION / "versions").glob("*.py"))
