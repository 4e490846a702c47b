"""``decklab catalog``: import, list, search and show cards."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .common import (
    STDIN,
    STDIN_LABEL,
    FactionOption,
    GameOption,
    InputFormatOption,
    JsonOption,
    Output,
    SetOption,
    TypeOption,
    check_input_format,
    database,
    listing,
    read_stdin,
)

app = typer.Typer(help="Import, list, search and show cards of every game.", no_args_is_help=True)


@app.command("import", short_help="Import card-set files (or stdin), all or nothing.")
def import_(
    ctx: typer.Context,
    files: Annotated[list[str] | None, typer.Argument(
        metavar="FILES", help="Set files: YAML, JSON or CSV ('-': one set read from stdin).",
        show_default=False)] = None,
    game: GameOption = None,
    set_code: Annotated[str | None, typer.Option("--set", "-s", metavar="SET",
                                                 help="Set code for a CSV file without a 'set' column.")] = None,
    starter: Annotated[bool, typer.Option("--starter",
                                          help="Re-import the bundled starter sets of all five games.")] = False,
    input_format: InputFormatOption = None,
    json_output: JsonOption = False,
) -> None:
    """Import card-set files, all or nothing: one bad card and nothing is written."""
    from decklab.catalog import importer
    from decklab.catalog.errors import InputError

    from . import render

    if not files and not starter:
        raise InputError("give one or more set files to import, or --starter.")
    names = list(files or [])
    check_input_format(names, input_format)
    if names.count(STDIN) > 1:
        raise InputError("stdin ('-') can be read only once; give '-' once.")
    paths = [Path(name) for name in names if name != STDIN]
    if starter:
        from decklab.catalog.sets import starter_set_paths

        paths += starter_set_paths()
    text = read_stdin("a set file") if STDIN in names else None
    report = importer.import_files(database(ctx), paths, game=game, set_code=set_code, text=text,
                                   text_source=STDIN_LABEL, text_kind=input_format)
    render.import_report(report, as_json=json_output)


@app.command("list")
@listing
def list_(
    ctx: typer.Context,
    game: GameOption = None,
    card_type: TypeOption = None,
    faction: FactionOption = None,
    set_code: SetOption = None,
    *,
    output: Output,
) -> None:
    """List cards, filtered by game, type, faction and set."""
    from decklab.catalog.store import list_cards

    from . import render

    cards = list_cards(database(ctx), game=game, card_type=card_type, faction=faction, set_code=set_code)
    render.cards(cards, output=output)


@app.command("search")
@listing
def search(
    ctx: typer.Context,
    text: Annotated[str, typer.Argument(metavar="TEXT", help="Text to find in card names and rules text.")],
    game: GameOption = None,
    *,
    output: Output,
) -> None:
    """Find cards whose name or rules text contains TEXT."""
    from decklab.catalog.store import search_cards

    from . import render

    render.cards(search_cards(database(ctx), text, game=game), output=output)


@app.command("show")
@listing
def show(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(metavar="CARD", help="Card name (any case).")],
    game: GameOption = None,
    *,
    output: Output,
) -> None:
    """Show one card with every stat."""
    from decklab.catalog.store import find_card

    from . import render

    render.card(find_card(database(ctx), name, game=game), output=output)


@app.command("sets")
@listing
def sets(ctx: typer.Context, game: GameOption = None, *, output: Output) -> None:
    """List the card sets in the database with their card counts."""
    from decklab.catalog.store import list_sets

    from . import render

    render.sets(list_sets(database(ctx), game=game), output=output)
