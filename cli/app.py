"""The ``decklab`` command: the root app, joining one sub-app per noun."""

from __future__ import annotations

from typing import Annotated

import typer

from . import catalog, collection, db, deck, demo, sim
from .common import DecklabGroup, Output, listing

app = typer.Typer(
    cls=DecklabGroup,
    help="Card catalog, collections, deck legality and seeded simulations for five trading card games.",
    no_args_is_help=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)
app.add_typer(catalog.app, name="catalog")
app.add_typer(deck.app, name="deck")
app.add_typer(collection.app, name="collection")
app.add_typer(sim.app, name="sim", short_help="Simulate games: goldfish a deck, or match decks.")
app.add_typer(db.app, name="db")


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        typer.echo(f"decklab {version('decklab')}")
        raise typer.Exit()


@app.callback()
def root(
    ctx: typer.Context,
    db_option: Annotated[
        str | None,
        typer.Option("--db", help="Database URL or SQLite file path (else $DECKLAB_DATABASE_URL, else the embedded "
                     "default).", metavar="URL-OR-PATH"),
    ] = None,
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Show the version and exit.")] = False,
) -> None:
    """decklab: build, check and play-test decks from the shell."""
    ctx.obj = {"db_url": db_option}


app.command("demo", short_help="Tour every game: deck checks, a goldfish and a match.")(demo.demo)


@app.command("games", short_help="List the five games: ids, aliases, card types, deck rules.")
@listing
def games(*, rules: Annotated[bool, typer.Option(
        "--rules",
        help="List instead the readings of unclear rules that 'sim --rule GAME.RULE=VALUE' switches.")] = False,
        output: Output) -> None:
    """List the five games with their ids, aliases, card types and deck rules."""
    from decklab.catalog.games import all_games

    from . import render

    if rules:
        from decklab.engine import engines

        render.readings([{"rule": f"{engine.game}.{reading.name}", "game": engine.game, "default": reading.default,
                          "values": list(reading.values), "says": reading.says}
                         for engine in engines().values() for reading in engine.readings], output=output)
        return

    rows = [
        {"id": g.id, "name": g.name, "aliases": list(g.aliases), "card_types": list(g.card_types),
         "deck_rules": g.deck_rules}
        for g in all_games()
    ]
    render.games(rows, output=output)


def main() -> None:
    """Console-script entry point."""
    app(prog_name="decklab")
