"""``decklab collection``: what you own, what you can build."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .common import (
    STDIN,
    FactionOption,
    ForceOption,
    GameOption,
    InputFormatOption,
    Output,
    SetOption,
    TypeOption,
    check_input_format,
    database,
    listing,
    write_output,
)

app = typer.Typer(help="Record the cards you own; see what you can build.", no_args_is_help=True)

CardArg = Annotated[str, typer.Argument(metavar="CARD", help="A card name (any case).", show_default=False)]
QuantityArg = Annotated[int, typer.Argument(metavar="QUANTITY", help="How many copies.")]
Condition = Annotated[str | None, typer.Option("--condition", metavar="CONDITION",
                                               help="The copies' condition, e.g. mint, played.")]
Finish = Annotated[str | None, typer.Option("--finish", metavar="FINISH", help="The copies' finish, e.g. foil.")]
Language = Annotated[str | None, typer.Option("--language", metavar="LANGUAGE",
                                              help="The copies' language, e.g. en, de.")]
Location = Annotated[str | None, typer.Option("--location", metavar="PLACE",
                                              help="Where the copies are: a binder, a box.")]
Unbuild = Annotated[bool, typer.Option("--unbuild",
                                       help="Unbuild the built decks this would leave short (else it is refused).")]
"""The ``--unbuild`` flag of every command that can leave a built deck short of cards."""


def _variant(condition, finish, language, location):
    from decklab.catalog.collection import Variant

    return Variant.of(condition=condition, finish=finish, language=language, location=location)


@app.command("add")
def add(
    ctx: typer.Context, card: CardArg,
    quantity: QuantityArg = 1,
    game: GameOption = None, condition: Condition = None, finish: Finish = None, language: Language = None,
    location: Location = None,
    notes: Annotated[str, typer.Option("--notes", metavar="TEXT", help="Free notes for these copies.")] = "",
) -> None:
    """Add copies of a card to your collection."""
    from decklab.catalog import collection

    change = collection.add(database(ctx), card, quantity, game=game,
                            variant=_variant(condition, finish, language, location), notes=notes)
    _report(change)


def _report(change) -> None:
    """What a collection change left, and the decks it unbuilt."""
    typer.echo(f"You own {change.total} {change.card.name} ({change.card.game}).")
    report_unbuilt(change.unbuilt)


def report_unbuilt(decks) -> None:
    """Say which built decks a change unbuilt (with --unbuild), if any."""
    if decks:
        names = ", ".join(f"'{name}'" for name in decks)
        typer.echo(f"Unbuilt {names}: your collection no longer covers {'it' if len(decks) == 1 else 'them'}.")


@app.command("remove", short_help="Remove copies of a card you own (never below zero).")
def remove(
    ctx: typer.Context, card: CardArg,
    quantity: QuantityArg = 1,
    game: GameOption = None, condition: Condition = None, finish: Finish = None, language: Language = None,
    location: Location = None, unbuild: Unbuild = False,
) -> None:
    """Remove copies of a card (never below zero, never from under a built deck unless --unbuild)."""
    from decklab.catalog import collection

    _report(collection.remove(database(ctx), card, quantity, game=game,
                              variant=_variant(condition, finish, language, location), unbuild=unbuild))


@app.command("set", short_help="Set how many copies of a card you own.")
def set_(
    ctx: typer.Context, card: CardArg,
    quantity: Annotated[int, typer.Argument(metavar="QUANTITY", help="How many copies you own (0 removes the card).",
                                            show_default=False)],
    game: GameOption = None, condition: Condition = None, finish: Finish = None, language: Language = None,
    location: Location = None, unbuild: Unbuild = False,
) -> None:
    """Set how many copies of a card you own (never below what built decks reserve, unless --unbuild)."""
    from decklab.catalog import collection

    _report(collection.set_quantity(database(ctx), card, quantity, game=game,
                                    variant=_variant(condition, finish, language, location), unbuild=unbuild))


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
    """List the cards you own, with totals."""
    from decklab.catalog import collection

    from . import render

    items = collection.list_items(database(ctx), game=game, card_type=card_type, faction=faction, set_code=set_code)
    render.collection(items, output=output)


@app.command("stats")
@listing
def stats(ctx: typer.Context, *, output: Output) -> None:
    """Cards and distinct cards per game, and completion per set."""
    from decklab.catalog import collection

    from . import render

    render.collection_stats(collection.stats(database(ctx)), output=output)


@app.command("import", short_help="Add the cards of a CSV or a decklist to your collection.")
def import_(
    ctx: typer.Context,
    file: Annotated[str, typer.Argument(
        metavar="FILE", help="A collection CSV (game,name,quantity,...) or a decklist of cards you own; '-' reads "
        "it from stdin.", show_default=False)],
    game: GameOption = None,
    input_format: InputFormatOption = None,
    replace: Annotated[bool, typer.Option("--replace",
                                          help="Empty the collection first (in the same transaction).")] = False,
    unbuild: Unbuild = False,
) -> None:
    """Add the cards of a CSV or a decklist to your collection, all or nothing."""
    from decklab.catalog import collection

    check_input_format([file], input_format)
    if file == STDIN:
        from .common import STDIN_LABEL, read_stdin

        result = collection.import_text(database(ctx), read_stdin("a collection"), label=STDIN_LABEL,
                                        kind=input_format, game=game, replace=replace, unbuild=unbuild)
    else:
        result = collection.import_file(database(ctx), Path(file), game=game, replace=replace, unbuild=unbuild)
    warnings = list(getattr(result, "warnings", None) or [])
    if result.ignored_columns and not warnings:
        warnings.append(f"Ignored the unknown column{'s' if len(result.ignored_columns) > 1 else ''} "
                        f"{', '.join(result.ignored_columns)}.")
    for warning in warnings:
        typer.echo(warning, err=True)
    typer.echo(f"Added {result.copies} copies from {result.rows} rows.")
    report_unbuilt(result.unbuilt)


@app.command("export", short_help="Write your collection as CSV ('-': to stdout).")
def export(
    ctx: typer.Context,
    file: Annotated[str, typer.Argument(metavar="FILE", help="The CSV file to write ('-' for stdout).",
                                        show_default=False)],
    game: GameOption = None,
    force: ForceOption = False,
) -> None:
    """Write your collection as CSV (game,name,quantity,condition,finish,language,location,notes).

    The file is written whole or not at all; an existing file is replaced only with --force."""
    from decklab.catalog import collection

    text = collection.export_csv(database(ctx), game=game)
    if write_output(ctx, file, text, force=force):
        typer.echo(f"Wrote {text.count(chr(10)) - 1} rows to {file}.", err=True)


@app.command("buildable", short_help="Which saved decks you can build now from free cards.")
@listing
def buildable(ctx: typer.Context, game: GameOption = None, *, output: Output) -> None:
    """Which saved decks you can build now from cards not reserved by built decks."""
    from decklab.catalog import collection

    from . import render

    render.buildable(collection.buildable(database(ctx), game=game), output=output)
