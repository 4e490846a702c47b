"""What every command shares: options defined once, the database handle, error handling.

Only typer is imported here; the library and its heavy dependencies are
imported inside the commands, so ``decklab --help`` stays fast.
"""

from __future__ import annotations

import sys
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON document on stdout instead of a table.")]
GameOption = Annotated[str | None, typer.Option("--game", "-g", help="Game id or alias (see 'decklab games').")]
TypeOption = Annotated[str | None, typer.Option("--type", "-t", help="Card type, e.g. creature.")]
FactionOption = Annotated[str | None, typer.Option("--faction", "-f", help="Faction (Ward: creature type; Mage Warfare: alignment).")]
SetOption = Annotated[str | None, typer.Option("--set", "-s", help="Set code, e.g. WRD1.")]


class DecklabGroup(TyperGroup):
    """The root group: turns a :class:`~decklab.catalog.errors.DecklabError` into one
    sentence on stderr and its exit code, never a traceback."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except Exception as exc:  # noqa: BLE001 - only decklab's own errors are turned into messages
            errors = sys.modules.get("decklab.catalog.errors")
            if errors is None or not isinstance(exc, errors.DecklabError):
                raise
            typer.echo(f"decklab: {exc}", err=True)
            raise typer.Exit(code=exc.exit_code) from None


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


def write_output(path, text: str) -> None:
    """Write ``text`` to ``path``; an unwritable path is an input error."""
    from decklab.catalog.errors import InputError

    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot write {path}: {exc.strerror or exc}.") from None
