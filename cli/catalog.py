"""``decklab catalog``: import, list, search and show cards."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .common import FactionOption, GameOption, JsonOption, SetOption, TypeOption, database

app = typer.Typer(help="Import, list, search and show cards of every game.", no_args_is_help=True)


@app.command("import")
def import_(
    ctx: typer.Context,
    files: Annotated[list[Path] | None, typer.Argument(help="Set files: YAML, JSON or CSV.", show_default=False)] = None,
    game: GameOption = None,
    set_code: Annotated[str | None, typer.Option("--set", help="Set code for a CSV file without a 'set' column.")] = None,
    starter: Annotated[bool, typer.Option("--starter", help="Re-import the bundled starter sets of all five games.")] = False,
    json_output: JsonOption = False,
) -> None:
    """Import card-set files, all or nothing: one bad card and nothing is written."""
    from decklab.catalog import importer
    from decklab.catalog.errors import InputError

    from . import render

    if not files and not starter:
        raise InputError("give one or more set files to import, or --starter.")
    paths = list(files or [])
    if starter:
        from decklab.catalog.sets import starter_set_paths

        paths += starter_set_paths()
    report = importer.import_files(database(ctx), paths, game=game, set_code=set_code)
    render.import_report(report, as_json=json_output)


@app.command("list")
def list_(
    ctx: typer.Context,
    game: GameOption = None,
    card_type: TypeOption = None,
    faction: FactionOption = None,
    set_code: SetOption = None,
    json_output: JsonOption = False,
) -> None:
    """List cards, filtered by game, type, faction and set."""
    from decklab.catalog.store import list_cards

    from . import render

    cards = list_cards(database(ctx), game=game, card_type=card_type, faction=faction, set_code=set_code)
    render.cards(cards, as_json=json_output)


@app.command("search")
def search(
    ctx: typer.Context,
    text: Annotated[str, typer.Argument(help="Text to find in card names and rules text.")],
    game: GameOption = None,
    json_output: JsonOption = False,
) -> None:
    """Find cards whose name or rules text contains TEXT."""
    from decklab.catalog.store import search_cards

    from . import render

    render.cards(search_cards(database(ctx), text, game=game), as_json=json_output)


@app.command("show")
def show(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="Card name (any case).")],
    game: GameOption = None,
    json_output: JsonOption = False,
) -> None:
    """Show one card with every stat."""
    from decklab.catalog.store import find_card

    from . import render

    render.card(find_card(database(ctx), name, game=game), as_json=json_output)


@app.command("sets")
def sets(ctx: typer.Context, game: GameOption = None, json_output: JsonOption = False) -> None:
    """List the card sets in the database with their card counts."""
    from decklab.catalog.store import list_sets

    from . import render

    render.sets(list_sets(database(ctx), game=game), as_json=json_output)
