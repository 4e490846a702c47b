"""Errors that reach the user as one sentence."""

import sys


class DecklabError(Exception):
    """A problem the user can fix: bad input, an unknown name, an unusable database.

    The message is one sentence a player understands; the CLI prints it on
    stderr and exits with :attr:`exit_code`.
    """

    exit_code = 2


class InputError(DecklabError):
    """Bad input: an unreadable or invalid file, an unknown name, a bad option."""


class SimulationError(DecklabError):
    """A simulated game that could not be played to the end (an engine error, or an illegal action in checked
    play): the sentence names the game, its seed and the command that replays it."""


class ClusterError(DecklabError):
    """A Dask cluster that cannot play a batch: ``distributed`` not installed, the scheduler unreachable, no
    workers, or workers that run another decklab."""


class DatabaseError(DecklabError):
    """The database cannot be opened, used or changed: at a revision this decklab cannot use, locked, read-only,
    damaged, full, gone away, or refusing a value or a change."""


class ResourceError(DecklabError):
    """The computer refused: a file or folder that cannot be used (permission, missing, full disk), or no memory
    left."""


def close_matches(word: str, candidates, *, n: int = 3) -> list[str]:
    """Return up to ``n`` candidates that look like ``word`` (case-insensitive).

    >>> close_matches("grizly bear", ["Grizzly Bear", "Backstab"])
    ['Grizzly Bear']
    """
    import difflib

    by_key: dict[str, str] = {}
    for candidate in candidates:
        by_key.setdefault(candidate.casefold(), candidate)
    keys = difflib.get_close_matches(word.casefold(), list(by_key), n=n, cutoff=0.6)
    return [by_key[key] for key in keys]


def did_you_mean(word: str, candidates) -> str:
    """Return ``" (did you mean 'x'?)"`` for a close match, else an empty string."""
    matches = close_matches(word, candidates, n=1)
    return f" (did you mean '{matches[0]}'?)" if matches else ""


def suggestion(word: str, candidates) -> str:
    """The end of a "not found" sentence: ``"; did you mean 'a' or 'b'?"``, or ``"."``.

    >>> suggestion("Grizly Bear", ["Grizzly Bear"])
    "; did you mean 'Grizzly Bear'?"
    """
    matches = close_matches(word, candidates)
    return f"; did you mean {' or '.join(repr(m) for m in matches)}?" if matches else "."


# --- The one translation of low-level errors into sentences (used by the CLI's error boundary) -------------------


def explain(exc: BaseException, *, database_url: str | None = None) -> DecklabError | None:
    """The :class:`DecklabError` that tells the user what went wrong in ``exc`` and what to do next, or ``None``
    when ``exc`` is not a known kind of failure (a bug: its traceback should be seen).

    Known kinds, each recognised by its type and code (SQLite error code, PostgreSQL SQLSTATE, ``errno``), never by
    its message: database errors (locked, read-only, damaged, full, connection lost, a conflicting or out-of-range
    value), operating-system errors (permission, not found, is a folder, no space), parser errors (nesting too
    deep, a bad CSV, text that is not UTF-8) and running out of memory. ``database_url`` names the open database.

    >>> str(explain(FileNotFoundError(2, "No such file or directory", "deck.txt")))
    'cannot use deck.txt: there is no such file or folder.'
    >>> explain(KeyError("bug")) is None
    True
    """
    if isinstance(exc, DecklabError):
        return exc
    database = _database_error(exc, database_url)
    if database is not None:
        return database
    if isinstance(exc, OverflowError):
        return InputError(f"a number is too large ({_first_line(exc)}); use a smaller one.")
    if isinstance(exc, MemoryError):
        return ResourceError("decklab ran out of memory (is an input file far too large?); "
                             "use smaller inputs or close other programs, then try again.")
    if isinstance(exc, RecursionError):
        return InputError("the input is nested too deeply to read; a card-set or deck file has at most a few "
                          "levels of lists and mappings.")
    if isinstance(exc, UnicodeDecodeError):
        return InputError(f"an input file is not UTF-8 text (byte 0x{exc.object[exc.start]:02x} at position "
                          f"{exc.start}); save it as UTF-8 and try again.")
    if isinstance(exc, UnicodeEncodeError):
        return ResourceError(f"the terminal cannot show the character {exc.object[exc.start]!a} ({exc.encoding}); "
                             "set PYTHONIOENCODING=utf-8 or use --json.")
    csv = sys.modules.get("csv")
    if csv is not None and isinstance(exc, csv.Error):
        return InputError(f"cannot read the CSV file: {_first_line(exc)}.")
    if isinstance(exc, OSError) and not isinstance(exc, BrokenPipeError):
        return _os_error(exc)
    return None


def _first_line(exc: BaseException) -> str:
    """The first line of an exception's message, without a final full stop, safe to print (see :func:`_printable`)."""
    lines = str(exc).strip().splitlines()
    return _printable(lines[0] if lines else type(exc).__name__).rstrip(".")


def _printable(text: object) -> str:
    """``text`` with control characters written as escapes, so a message never drives the terminal.

    >>> print(_printable("bad" + chr(27) + "[31mname"))
    bad\\x1b[31mname
    """
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(text))


# errno -> what it means and what to do, for a file or folder.
_OS_PROBLEMS = {
    "ENOENT": "there is no such file or folder",
    "ENOTDIR": "a part of the path is not a folder",
    "EISDIR": "it is a folder, not a file",
    "EACCES": "permission denied; check the permissions of the file and its folder",
    "EPERM": "the operation is not permitted; check the permissions of the file and its folder",
    "EROFS": "it is on a read-only file system",
    "ENOSPC": "the disk is full; free some space and try again",
    "EDQUOT": "the disk quota is used up; free some space and try again",
    "EFBIG": "the file would be larger than this system allows",
    "ENAMETOOLONG": "the name is too long",
    "ELOOP": "it is a loop of symbolic links",
    "EMFILE": "too many files are open; close other programs and try again",
    "ENFILE": "too many files are open; close other programs and try again",
    "EIO": "the disk reported an input/output error; check the disk",
    "EEXIST": "it already exists",
    "ENXIO": "no such device",
}


def describe_os_error(exc: OSError) -> str:
    """What an operating-system error means for a file, as the end of a sentence (by its ``errno``).

    >>> describe_os_error(IsADirectoryError(21, "Is a directory"))
    'it is a folder, not a file'
    """
    import errno

    name = errno.errorcode.get(exc.errno or 0, "")
    return _OS_PROBLEMS.get(name) or (exc.strerror or type(exc).__name__).rstrip(".").lower()


def _os_error(exc: OSError) -> ResourceError:
    if exc.filename is None:
        return ResourceError(f"a file operation failed: {describe_os_error(exc)}.")
    return ResourceError(f"cannot use {_printable(exc.filename)}: {describe_os_error(exc)}.")


# SQLite result codes by name (extended, else primary: ``sqlite3.SQLITE_*``) -> kind; see https://sqlite.org/rescode.html.
_SQLITE_KINDS = {
    "SQLITE_BUSY": "locked", "SQLITE_LOCKED": "locked",
    "SQLITE_READONLY": "read-only", "SQLITE_PERM": "permission", "SQLITE_AUTH": "permission",
    "SQLITE_CORRUPT": "damaged", "SQLITE_NOTADB": "not-a-database", "SQLITE_FORMAT": "damaged",
    "SQLITE_FULL": "full", "SQLITE_IOERR": "io", "SQLITE_CANTOPEN": "cannot-open", "SQLITE_NOLFS": "full",
    "SQLITE_NOMEM": "memory",
    "SQLITE_CONSTRAINT_UNIQUE": "conflict", "SQLITE_CONSTRAINT_PRIMARYKEY": "conflict",
    "SQLITE_CONSTRAINT_FOREIGNKEY": "in-use", "SQLITE_CONSTRAINT": "refused",
    "SQLITE_TOOBIG": "too-big", "SQLITE_MISMATCH": "out-of-range", "SQLITE_RANGE": "out-of-range",
    "SQLITE_INTERRUPT": "interrupted", "SQLITE_PROTOCOL": "locked", "SQLITE_SCHEMA": "retry",
}

# PostgreSQL SQLSTATE codes (exact, then by class: the first two characters) -> kind;
# see https://www.postgresql.org/docs/current/errcodes-appendix.html.
_POSTGRES_KINDS = {
    "57P01": "gone", "57P02": "gone", "57P03": "gone", "57P05": "gone",
    "40001": "retry", "40P01": "retry",
    "55P03": "locked", "57014": "interrupted", "25P03": "interrupted",
    "25006": "read-only",
    "42501": "permission",
    "53100": "full", "53200": "memory", "53300": "too-many", "53400": "too-big",
    "54000": "too-big", "54001": "too-big",
    "22001": "too-long", "22003": "out-of-range",
    "42P01": "schema", "42703": "schema", "42883": "schema",
    "XX001": "damaged", "XX002": "damaged",
    "23505": "conflict", "23P01": "conflict", "23503": "in-use",
    "08": "gone", "23": "refused", "22": "out-of-range", "28": "permission", "3D": "missing", "40": "retry",
}


def _database_sentence(kind: str, where: str, reason: str) -> str:
    """What a kind of database failure means for the user and what to do next."""
    return {
        "locked": f"{where} stayed locked by another program for too long ({reason}); "
                  "try again when the other decklab command has finished",
        "read-only": f"{where} is read-only ({reason}); make the file and its folder writable, "
                     "or choose another database with --db",
        "permission": f"{where} refused access ({reason}); check the permissions (of the file and its folder, or "
                      "of the database user)",
        "damaged": f"{where} is damaged ({reason}); restore a copy (decklab keeps one as a .bak file beside a "
                   "SQLite database before each upgrade) or start a new database with --db",
        "not-a-database": f"{where} is not a SQLite database, or is damaged ({reason}); check the path given with "
                          "--db (or $DECKLAB_DATABASE_URL), or restore a copy of the database",
        "full": f"the disk holding {where} is full ({reason}); free some space and run the command again",
        "io": f"cannot read or write {where} ({reason}); check the disk and that the file was not moved",
        "cannot-open": f"cannot open {where} ({reason}); check that the file and its folder exist and are writable",
        "memory": f"{where} ran out of memory ({reason}); close other programs and try again",
        "conflict": f"{where} refused the change because it conflicts with the data already there ({reason}); "
                    "nothing was saved: if another decklab command was changing the same data, run this one again",
        "in-use": f"{where} refused the change because it would break a link between its records ({reason}); "
                  "nothing was saved: remove what still uses the record first",
        "refused": f"{where} refused a value it does not accept ({reason}); nothing was saved",
        "retry": f"another command changed the same data in {where} at the same time ({reason}); "
                 "nothing was saved: run the command again",
        "too-long": f"a text is longer than {where} can store ({reason}); shorten it",
        "too-big": f"a value is too large for {where} ({reason}); use a smaller one",
        "out-of-range": f"a value is outside what {where} can store ({reason}); use a smaller one",
        "interrupted": f"{where} stopped the command before it finished ({reason}); nothing was saved: try again",
        "gone": f"the connection to {where} was lost ({reason}); check that the server is running and run the "
                "command again",
        "too-many": f"{where} has too many connections open ({reason}); try again in a moment",
        "schema": f"{where} does not have the tables this decklab needs ({reason}); run 'decklab db upgrade'",
        "missing": f"{where} does not exist ({reason}); create it, or check the name given with --db",
    }.get(kind, f"{where} reported an error ({reason})")


def known_database_problem(exc: BaseException, *, database_url: str | None = None) -> DatabaseError | None:
    """The sentence for a database error of a known kind (locked, read-only, damaged...: see :func:`explain`),
    or ``None`` when ``exc`` is not a database error or its kind is not known (the caller says it its own way)."""
    return _database_error(exc, database_url, known_only=True)


def _database_error(exc: BaseException, database_url: str | None, *, known_only: bool = False) -> DatabaseError | None:
    """The sentence for an error the database or its driver reported (through SQLAlchemy, or sqlite3 and psycopg
    directly), or ``None`` for anything else, including SQLAlchemy's own usage errors (bugs, not faults)."""
    alchemy = sys.modules.get("sqlalchemy.exc")
    sqlite3 = sys.modules.get("sqlite3")
    orig = exc
    if alchemy is not None and isinstance(exc, alchemy.SQLAlchemyError):
        if not isinstance(exc, (alchemy.DBAPIError, alchemy.TimeoutError, alchemy.DisconnectionError)):
            return None
        orig = getattr(exc, "orig", None) or exc
    elif not (sqlite3 is not None and isinstance(exc, sqlite3.Error)) and not _is_postgres_error(exc):
        return None
    where = _database_name(database_url)
    reason = _first_line(orig)
    kind = None
    code = getattr(orig, "sqlite_errorcode", None)
    if code is not None and sqlite3 is not None:
        primary = {getattr(sqlite3, name): name for name in _SQLITE_KINDS if hasattr(sqlite3, name)}.get(code & 0xFF)
        kind = _SQLITE_KINDS.get(getattr(orig, "sqlite_errorname", "")) or _SQLITE_KINDS.get(primary or "")
    sqlstate = getattr(orig, "sqlstate", None) or getattr(orig, "pgcode", None)
    if sqlstate:
        kind = _POSTGRES_KINDS.get(sqlstate) or _POSTGRES_KINDS.get(sqlstate[:2])
        reason = f"{reason} [{sqlstate}]"
    if kind is None and (getattr(exc, "connection_invalidated", False)
                         or alchemy is not None and isinstance(exc, alchemy.DisconnectionError)):
        kind = "gone"
    if kind is None and alchemy is not None and isinstance(exc, alchemy.TimeoutError):
        kind = "too-many"
    if kind is None and known_only:
        return None
    return DatabaseError(_database_sentence(kind or "", where, reason) + ".")


def _is_postgres_error(exc: BaseException) -> bool:
    psycopg = sys.modules.get("psycopg")
    return psycopg is not None and isinstance(exc, psycopg.Error)


def _database_name(url: str | None) -> str:
    """``the database <file>`` for SQLite, ``the database <URL without password>`` otherwise."""
    if not url:
        return "the database"
    if url.startswith("sqlite:///"):
        return f"the database {url.removeprefix('sqlite:///').split('?')[0] or ':memory:'}"
    from .db import display_url

    return f"the database {display_url(url)}"
