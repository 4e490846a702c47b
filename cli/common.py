"""What every command shares: options defined once, the database handle, error handling.

Only typer is imported here; the library and its heavy dependencies are
imported inside the commands, so ``decklab --help`` stays fast.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON document on stdout instead of a table.")]
GameOption = Annotated[str | None, typer.Option("--game", "-g", help="Game id or alias (see 'decklab games').")]
TypeOption = Annotated[str | None, typer.Option("--type", "-t", help="Card type, e.g. creature.")]
FactionOption = Annotated[str | None, typer.Option("--faction", "-f", help="Faction (Ward: creature type; Mage Warfare: alignment).")]
SetOption = Annotated[str | None, typer.Option("--set", "-s", help="Set code, e.g. WRD1.")]


class DecklabGroup(TyperGroup):
    """The root group and decklab's one error boundary: every failure a user can meet (a
    :class:`~decklab.catalog.errors.DecklabError`, a database, operating-system or parser error, running out of
    memory) becomes one sentence on stderr and exit 2, never a traceback (see
    :func:`~decklab.catalog.errors.explain`). Click's own usage errors and exits, a closed stdout and unknown
    kinds of error (bugs) pass through: click reports the first three, a bug shows its traceback. It also lets a
    negative number be an argument (see :func:`negative_numbers_as_arguments`)."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        return super().parse_args(ctx, negative_numbers_as_arguments(self, ctx, args))

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except Exception as exc:  # noqa: BLE001 - the boundary: known kinds become sentences, others re-raise
            problem = _explain(ctx, exc)
            if problem is None:
                raise
            typer.echo(f"decklab: {problem}", err=True)
            raise typer.Exit(code=problem.exit_code) from None


def _explain(ctx: Any, exc: BaseException):
    """The user's sentence for ``exc`` (naming the open database), or ``None`` for an unknown kind (a bug)."""
    from decklab.catalog.errors import explain

    state = ctx.find_root().obj if isinstance(ctx.find_root().obj, dict) else {}
    opened = state.get("database")
    return explain(exc, database_url=opened.url if opened is not None else state.get("db_url"))


_NEGATIVE_NUMBER = re.compile(r"-(\d[\d_]*\.?\d*|\.\d+)([eE][-+]?\d+)?")


def negative_numbers_as_arguments(command: Any, ctx: Any, args: list[str]) -> list[str]:
    """``args`` where click would read a negative number given as an argument (``remove "Ember Whelp" -3``) as an
    unknown option: the leaf command's arguments are moved after a ``--`` (options first, each with its value, in
    their order), so the number reaches the command and its bounds check says what is allowed. ``args`` is
    returned unchanged when no argument is a negative number, or when the command path is unknown (click reports).
    """
    options: list[str] = []
    arguments: list[str] = []
    takes_value = {name: param.nargs for param in command.params if param.param_type_name == "option"
                   and not param.is_flag and not param.count for name in (*param.opts, *param.secondary_opts)}
    index = 0
    while index < len(args):
        token = args[index]
        if token == "--":
            arguments.extend(args[index + 1:])
            break
        if token in takes_value:
            options.extend(args[index:index + 1 + takes_value[token]])
            index += 1 + takes_value[token]
            continue
        if token.startswith("-") and len(token) > 1 and not _NEGATIVE_NUMBER.fullmatch(token):
            options.append(token)
        elif isinstance(command, TyperGroup):
            sub = command.get_command(ctx, token)
            if sub is None:
                return args
            return [*options, token, *negative_numbers_as_arguments(sub, ctx, args[index + 1:])]
        else:
            arguments.append(token)
        index += 1
    if not any(_NEGATIVE_NUMBER.fullmatch(token) for token in arguments):
        return args
    return [*options, "--", *arguments]


def database(ctx: typer.Context):
    """The open database for this invocation (opened on first use, notices on stderr)."""
    root = ctx.find_root()
    state = root.obj if isinstance(root.obj, dict) else {}
    if "database" not in state:
        from decklab.catalog.db import open_database

        state["database"] = open_database(state.get("db_url"))
        root.obj = state
        for notice in state["database"].notices:
            typer.echo(notice, err=True)
        root.call_on_close(state["database"].dispose)
    return state["database"]


def db_url(ctx: typer.Context) -> str | None:
    root = ctx.find_root()
    return root.obj.get("db_url") if isinstance(root.obj, dict) else None


ForceOption = Annotated[bool, typer.Option("--force", help="Replace an existing file (or the file a link points to).")]


def write_output(ctx: typer.Context, target, text: str, *, force: bool = False) -> bool:
    """Write ``text`` to the file ``target`` safely, or to stdout when ``target`` is ``-``; True when a file was written.

    The text goes to a temporary file beside the target, is flushed to disk and then renamed into place, so the
    target is either the old file or the new one, never a half-written one. Refused with one sentence: the
    database's own file (or its -wal, -shm, -journal siblings, also through links), a folder, a disk device, an
    existing file or a symbolic link unless ``force`` (with ``force`` a link is kept and the file it points to is
    replaced). A pipe or terminal (``/dev/stdout``, ``>(...)``) is written directly.

    :raises InputError: when the target is refused or cannot be written; an existing file is then left as it was.
    """
    import os
    import stat
    from pathlib import Path

    from decklab.catalog.errors import InputError, describe_os_error

    if str(target) == "-":
        typer.echo(text, nl=False)
        return False
    path = Path(target)
    if _is_database_file(ctx, path):
        raise InputError(f"{path} is the database decklab is using (or one of its files); choose another file to write.")
    if not path.parent.is_dir():
        problem = "is not a folder" if path.parent.exists() else "does not exist"
        raise InputError(f"cannot write {path}: {path.parent} {problem}.")
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise InputError(f"cannot write {path}: {describe_os_error(exc)}.") from None
    data = text.encode("utf-8")
    if mode is not None and (stat.S_ISDIR(mode) or stat.S_ISBLK(mode)):
        raise InputError(f"cannot write {path}: it is a {'folder' if stat.S_ISDIR(mode) else 'disk device'}; "
                         "give a file name.")
    if mode is not None and not stat.S_ISREG(mode):
        _write_stream(path, data)
        return True
    if path.is_symlink() and not force:
        raise InputError(f"{path} is a symbolic link to {os.readlink(path)}; give --force to replace the file it "
                         "points to.")
    if os.path.lexists(path) and not force:
        raise InputError(f"{path} already exists; give --force to replace it.")
    destination = path.resolve() if path.is_symlink() else path
    try:
        _write_atomically(destination, data, replace=force)
    except FileExistsError:
        raise InputError(f"{path} already exists; give --force to replace it.") from None
    except OSError as exc:
        kept = "; the file there is unchanged" if mode is not None else ""
        raise InputError(f"cannot write {path}: {describe_os_error(exc)}{kept}.") from None
    return True


def _is_database_file(ctx: typer.Context, path) -> bool:
    """Whether ``path`` is the open SQLite database's file or one of its -wal, -shm, -journal files."""
    import os
    from pathlib import Path

    opened = database(ctx)
    if not opened.is_sqlite or opened.engine.url.database in (None, "", ":memory:"):
        return False
    main = Path(opened.engine.url.database)
    target = path.resolve()
    for candidate in (main, *(main.with_name(main.name + suffix) for suffix in ("-wal", "-shm", "-journal"))):
        if candidate.resolve() == target:
            return True
        if candidate.exists() and path.exists() and os.path.samefile(candidate, path):
            return True
    return False


def _write_stream(path, data: bytes) -> None:
    """Write ``data`` to a pipe or character device (nothing there to keep or replace)."""
    from decklab.catalog.errors import InputError, describe_os_error

    try:
        with open(path, "wb") as stream:
            stream.write(data)
    except OSError as exc:
        raise InputError(f"cannot write {path}: {describe_os_error(exc)}.") from None


def _write_atomically(path, data: bytes, *, replace: bool) -> None:
    """Write ``data`` to a temporary file in ``path``'s folder, fsync it, then move it to ``path``: with ``replace``
    by a rename over any old file, else by a hard link that fails (:class:`FileExistsError`) if ``path`` appeared
    meanwhile. The temporary file is removed on any failure, Ctrl-C included."""
    import contextlib
    import os
    import stat
    import tempfile

    folder = path.parent
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{path.name[:64]}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, mode)
        if replace:
            os.replace(temporary, path)
        else:
            try:
                os.link(temporary, path)
            except FileExistsError:
                raise
            except OSError:  # a file system without hard links: check, then rename
                if os.path.lexists(path):
                    raise FileExistsError(path) from None
                os.replace(temporary, path)
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temporary)
        _fsync_folder(folder)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _fsync_folder(folder) -> None:
    """Make a rename in ``folder`` durable (where the system allows it)."""
    import contextlib
    import os

    with contextlib.suppress(OSError):
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)
