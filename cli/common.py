"""What every command shares: options defined once, the database handle, error handling, help layout.

Only typer is imported here; the library and its heavy dependencies are imported inside the commands, so
``decklab --help`` stays fast. Choices that come from a registry (games, policies, formats) are read from it
only when completing, showing help or checking a value.

Short flags have one meaning across the whole command line (a test walks every command to keep it so):

======  ===============  =====================================================
short   long             meaning
======  ===============  =====================================================
``-g``  ``--game``       game id or alias
``-t``  ``--type``       card type
``-s``  ``--set``        set code
``-f``  ``--format``     a format: the play format (official/casual), or the file format of ``deck export``
``-o``  ``--output``     the file to write (``-``: stdout)
``-n``  ``--games``      how many games to play
``-w``  ``--workers``    worker processes
``-p``  ``--policy``     the policy of every seat
======  ===============  =====================================================
"""

from __future__ import annotations

import enum
import functools
import inspect
import re
import sys
from collections.abc import Callable, Iterable
from typing import Annotated, Any

import typer
from typer.core import TyperCommand, TyperGroup


class Output(enum.StrEnum):
    """How a listing prints: a table for people, or JSON, CSV, TSV or JSON lines for scripts."""

    table = "table"
    json = "json"
    csv = "csv"
    tsv = "tsv"
    nl = "nl"


OUTPUT_FLAGS: dict[Output, tuple[str, str]] = {
    Output.json: ("--json", "Print one JSON document on stdout instead of a table."),
    Output.csv: ("--csv", "Print the table's rows as CSV, with a header line."),
    Output.tsv: ("--tsv", "Print the table's rows as tab-separated values, with a header line."),
    Output.nl: ("--nl", "Print JSON lines: one JSON object a line."),
}
"""The output flags every listing takes (see :func:`listing`), and their help."""

JsonOption = Annotated[bool, typer.Option("--json", help=OUTPUT_FLAGS[Output.json][1])]
"""``--json`` alone, for a command that prints one document but no table (imports, the demo)."""


def listing(function: Callable[..., Any]) -> Callable[..., Any]:
    """Give a listing command the output flags ``--json``, ``--csv``, ``--tsv`` and ``--nl`` (table by default).

    The command declares a keyword parameter ``output: Output`` and receives the format chosen. Two flags at once
    are refused with one sentence (exit 2).
    """
    signature = inspect.signature(function, eval_str=True)
    kept = [parameter for parameter in signature.parameters.values() if parameter.name != "output"]
    flags = [inspect.Parameter(f"{kind.value}_output", inspect.Parameter.KEYWORD_ONLY, default=False,
                               annotation=Annotated[bool, typer.Option(flag, help=text)])
             for kind, (flag, text) in OUTPUT_FLAGS.items()]

    @functools.wraps(function)
    def command(*args: Any, **kwargs: Any) -> Any:
        chosen = [kind for kind in OUTPUT_FLAGS if kwargs.pop(f"{kind.value}_output", False)]
        if len(chosen) > 1:
            from decklab.catalog.errors import InputError

            given = " and ".join(OUTPUT_FLAGS[kind][0] for kind in chosen)
            raise InputError(f"{given} were both given; choose one output format.")
        return function(*args, output=chosen[0] if chosen else Output.table, **kwargs)

    parameters = [*kept, *flags]
    command.__signature__ = signature.replace(parameters=parameters)  # type: ignore[attr-defined]
    command.__annotations__ = {parameter.name: parameter.annotation for parameter in parameters}
    del command.__wrapped__
    return command


class Choices:
    """The names a choice option accepts, read from their registry only when needed (completion, help).

    The library still checks the value (one sentence naming the choices), so a registry is never imported just
    to start the command line.
    """

    def __init__(self, load: Callable[[], Iterable[str]]) -> None:
        self._load = load

    def names(self) -> list[str]:
        """Every accepted name, in the registry's order."""
        return list(dict.fromkeys(self._load()))

    def complete(self, incomplete: str) -> list[str]:
        """The names starting with ``incomplete`` (any case): what shell completion offers."""
        return [name for name in self.names() if name.casefold().startswith(incomplete.casefold())]


def _game_names() -> list[str]:
    from decklab.catalog.games import all_games

    return [name for game in all_games() for name in game.names()]


def _policy_names() -> list[str]:
    from decklab.engine import engines

    return sorted({name for engine in engines().values() for name in engine.policies})


def _play_formats() -> tuple[str, ...]:
    from decklab.catalog.cards import FORMATS

    return FORMATS


def _export_formats() -> tuple[str, ...]:
    from decklab.catalog.decklists import EXPORT_FORMATS

    return EXPORT_FORMATS


INPUT_FORMATS = ("text", "json", "yaml", "csv")
"""What ``--input-format`` names for stdin (``-``): decklist text, JSON, YAML or CSV; without it, the format is told
from the text (a command accepts the formats its files may have)."""

CHOICES: dict[str, Choices] = {
    "GAME": Choices(_game_names),
    "POLICY": Choices(_policy_names),
    "PLAY-FORMAT": Choices(_play_formats),
    "FILE-FORMAT": Choices(_export_formats),
    "INPUT-FORMAT": Choices(lambda: INPUT_FORMATS),
}
"""Choice options by metavar: completion offers the names, help shows them as ``[a|b]`` (games: ``GAME``)."""

SHOWN_AS_LIST = ("POLICY", "PLAY-FORMAT", "FILE-FORMAT", "INPUT-FORMAT")


def _completer(metavar: str) -> Callable[[str], list[str]]:
    def complete(incomplete: str) -> list[str]:
        return CHOICES[metavar].complete(incomplete)

    return complete


def choice_option(*declarations: str, metavar: str, help: str) -> Any:
    """A ``typer.Option`` whose values are the choices named by ``metavar`` (see :data:`CHOICES`)."""
    return typer.Option(*declarations, metavar=metavar, help=help, autocompletion=_completer(metavar))


GameOption = Annotated[str | None, choice_option("--game", "-g", metavar="GAME",
                                                 help="Game id or alias (see 'decklab games').")]
TypeOption = Annotated[str | None, typer.Option("--type", "-t", metavar="TYPE", help="Card type, e.g. creature.")]
FactionOption = Annotated[str | None, typer.Option("--faction", metavar="FACTION",
                                                   help="Faction (Ward: creature type; Mage Warfare: alignment).")]
SetOption = Annotated[str | None, typer.Option("--set", "-s", metavar="SET", help="Set code, e.g. WRD1.")]
PlayFormatOption = Annotated[str | None, choice_option(
    "--format", "-f", metavar="PLAY-FORMAT", help="The play format (Ward's banlist applies in official).")]
InputFormatOption = Annotated[str | None, choice_option(
    "--input-format", metavar="INPUT-FORMAT",
    help="What stdin ('-') holds (else told from the text: JSON, YAML, CSV with a header, or decklist text).")]
PolicyChoice = functools.partial(choice_option, metavar="POLICY")
"""A policy option: ``PolicyChoice("--policy", "-p", help=...)`` (names from the engines' registry)."""


# --- stdin ---------------------------------------------------------------------------------------


STDIN = "-"
"""The file name that means standard input (or standard output, where a file is written)."""

STDIN_LABEL = "stdin"
"""How messages name standard input."""


def read_stdin_deck(db: Any, *, game: str | None = None, name: str | None = None, play_format: str | None = None,
                    input_format: str | None = None) -> Any:
    """The deck in the decklist read from stdin: text, or the JSON/YAML ``deck export`` writes (``input_format``,
    else told from the text); nothing is saved.

    :raises InputError: for empty or unreadable input, or what the decklist reader refuses.
    """
    from decklab.catalog.decklists import read_decklist_text
    from decklab.catalog.decks import resolve

    parsed = read_decklist_text(read_stdin("a decklist"), source=STDIN_LABEL, kind=input_format)
    return resolve(db, parsed, game=game, name=name, format=play_format)


def load_deck_arg(db: Any, deck_or_file: str, *, game: str | None = None, play_format: str | None = None,
                  input_format: str | None = None) -> Any:
    """The deck a DECK-OR-FILE argument names: a saved deck, a decklist file, or ``-`` for a decklist on stdin
    (:func:`read_stdin_deck`); ``input_format`` is for stdin only."""
    from decklab.catalog.decks import load_deck

    check_input_format([deck_or_file], input_format)
    if deck_or_file == STDIN:
        return read_stdin_deck(db, game=game, play_format=play_format, input_format=input_format)
    return load_deck(db, deck_or_file, game=game, format=play_format)


def read_stdin(what: str) -> str:
    """The UTF-8 text of standard input; ``what`` names the kind of input in the error ("a decklist").

    :raises InputError: as :func:`~decklab.catalog.inputs.read_stream` does (nothing piped, empty, too large,
        not UTF-8).
    """
    from decklab.catalog.inputs import read_stream

    return read_stream(sys.stdin, what, name=STDIN_LABEL)


def check_input_format(names: Iterable[str | None], input_format: str | None) -> None:
    """``--input-format`` says what stdin holds: refused with one sentence when none of ``names`` is ``-``.

    :raises InputError: when ``input_format`` is given and no input is stdin.
    """
    if input_format is not None and STDIN not in names:
        from decklab.catalog.errors import InputError

        raise InputError("--input-format says what stdin ('-') holds, and a file's format is told by its name; "
                         "give '-' or leave --input-format out.")


# --- help layout ---------------------------------------------------------------------------------


def first_sentence(text: str | None) -> str:
    """The first sentence of a help text, whole (what a group's listing shows for a command)."""
    paragraph = " ".join((text or "").strip().split("\n\n")[0].split())
    match = re.search(r"(?<=[.!?])\s+(?=[A-Z(])", paragraph)
    return paragraph[:match.start()] if match else paragraph


class HelpCommand(TyperCommand):
    """A command whose help uses decklab's conventions: ``DECK-OR-FILE`` style metavars for arguments (``[FILES]...``
    when optional or repeated), no ``<type>`` tags, and choice options shown as ``[a|b]``."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if param.param_type_name == "argument" and not getattr(param, "hidden", False):
                pieces.append(argument_usage(param))
        return pieces

    def format_options(self, ctx: Any, formatter: Any) -> None:
        arguments, options = [], []
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is None:
                continue
            if param.param_type_name == "argument":
                arguments.append((argument_name(param), record[1]))
            else:
                options.append((_option_name(param, record[0]), record[1]))
        if arguments:
            with formatter.section("Arguments"):
                formatter.write_dl(arguments)
        if options:
            with formatter.section("Options"):
                formatter.write_dl(options)

    def get_short_help_str(self, limit: int = 45) -> str:
        return self.short_help or first_sentence(self.help)


def argument_name(param: Any) -> str:
    """An argument as help shows it: its metavar, ``...`` when it takes several."""
    return (param.metavar or param.name.upper().replace("_", "-")) + ("..." if param.nargs != 1 else "")


def argument_usage(param: Any) -> str:
    """An argument as the usage line shows it: ``DECK``, ``[FILE]`` when optional, ``DECKS...`` when repeated."""
    name = param.metavar or param.name.upper().replace("_", "-")
    shown = name if param.required else f"[{name}]"
    return shown + ("..." if param.nargs != 1 else "")


def _option_name(param: Any, shown: str) -> str:
    metavar = getattr(param, "metavar", None)
    if metavar in SHOWN_AS_LIST and shown.endswith(f" {metavar}"):
        try:
            names = CHOICES[metavar].names()
        except Exception:  # help still shows the metavar if a registry cannot load
            return shown
        return f"{shown[:-len(metavar)]}[{'|'.join(names)}]"
    return shown


class HelpGroup(TyperGroup):
    """A group whose listing shows each command's first sentence whole, wrapped rather than cut."""

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        rows = [(name, first_sentence(command.short_help or command.help)) for name in self.list_commands(ctx)
                if (command := self.get_command(ctx, name)) is not None and not command.hidden]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def get_short_help_str(self, limit: int = 45) -> str:
        return self.short_help or first_sentence(self.help)


def _default_metavar(param: Any) -> str | None:
    """The metavar an option without one shows: ``N`` for a number, else its long name in capitals."""
    annotation = getattr(getattr(param, "type_descriptor", None), "annotation", None)
    if annotation in (int, float):
        return "N"
    longest = max(param.opts, key=len).lstrip("-")
    return longest.upper()


def tidy_commands(command: Any) -> None:
    """Give ``command`` and every command under it decklab's help layout (:class:`HelpGroup`,
    :class:`HelpCommand`) and a metavar to every option and argument that lacks one."""
    if isinstance(command, TyperGroup):
        if type(command) is TyperGroup:
            command.__class__ = HelpGroup
        for sub in command.commands.values():
            tidy_commands(sub)
    elif type(command) is TyperCommand:
        command.__class__ = HelpCommand
    for param in getattr(command, "params", []):
        if param.param_type_name == "argument" and param.metavar is None:
            param.metavar = param.name.upper().replace("_", "-")
        elif (param.param_type_name == "option" and param.metavar is None and not param.is_flag
              and not param.count):
            param.metavar = _default_metavar(param)


class DecklabGroup(HelpGroup):
    """The root group and decklab's one error boundary: every failure a user can meet (a
    :class:`~decklab.catalog.errors.DecklabError`, a database, operating-system or parser error, running out of
    memory) becomes one sentence on stderr and exit 2, never a traceback (see
    :func:`~decklab.catalog.errors.explain`). Click's own usage errors and exits, a closed stdout and unknown
    kinds of error (bugs) pass through: click reports the first three, a bug shows its traceback. It also lets a
    negative number be an argument (see :func:`negative_numbers_as_arguments`), and gives every command decklab's
    help layout (see :func:`tidy_commands`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        tidy_commands(self)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        return super().parse_args(ctx, negative_numbers_as_arguments(self, ctx, args))

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except Exception as exc:
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
    """Write ``text`` to the file ``target`` safely, or to stdout when ``target`` is ``-``; True when a file was
    written.

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
        raise InputError(f"{path} is the database decklab is using (or one of its files); "
                         "choose another file to write.")
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
