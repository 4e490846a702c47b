"""``decklab db``: where the database is, and upgrading it."""

from __future__ import annotations

import typer

from .common import Output, database, db_url, listing

app = typer.Typer(help="Show and upgrade the database.", no_args_is_help=True)


@app.command("info")
@listing
def info(ctx: typer.Context, *, output: Output) -> None:
    """Show the database URL, its schema revision and the cards per game."""
    from decklab.catalog.store import database_info

    from . import render

    render.db_info(database_info(database(ctx)), output=output)


@app.command("upgrade", short_help="Bring the database to this decklab's schema (PostgreSQL).")
def upgrade(ctx: typer.Context) -> None:
    """Bring the database schema to this decklab's revision (needed for PostgreSQL)."""
    from decklab.catalog.db import display_url, upgrade_database

    url, before, after, notices = upgrade_database(db_url(ctx))
    for notice in notices:
        typer.echo(notice, err=True)
    if before == after and notices:
        typer.echo(f"Set up {display_url(url)} at revision {after}.")
    elif before == after:
        typer.echo(f"{display_url(url)} is already at revision {after}.")
    else:
        typer.echo(f"Upgraded {display_url(url)} from revision {before or 'none'} to {after}.")
