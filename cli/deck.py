"""``decklab deck``: keep decks, import and export decklists, and check their legality."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .collection import Unbuild, report_unbuilt
from .common import (
    STDIN,
    ForceOption,
    GameOption,
    InputFormatOption,
    Output,
    PlayFormatOption,
    check_input_format,
    choice_option,
    database,
    listing,
    load_deck_arg,
    read_stdin_deck,
    write_output,
)

app = typer.Typer(help="Build, import, export and validate decks.", no_args_is_help=True)

DeckArg = Annotated[str, typer.Argument(metavar="DECK", help="A saved deck's name (any case).", show_default=False)]
DeckOrFileArg = Annotated[str, typer.Argument(
    metavar="DECK-OR-FILE", help="A saved deck's name, a decklist file, or '-' to read the decklist from stdin.",
    show_default=False)]
CardArg = Annotated[str, typer.Argument(metavar="CARD", help="A card name (any case).", show_default=False)]
QuantityArg = Annotated[int, typer.Argument(metavar="QUANTITY", help="How many copies.", min=None)]
SectionOption = Annotated[str, typer.Option("--section", metavar="SECTION",
                                            help="Decklist section, e.g. reinforcements or line.")]
NotesOption = Annotated[str, typer.Option("--notes", metavar="TEXT",
                                          help="Free notes kept with the deck (shown by 'deck show').")]


@app.command("import", short_help="Save a decklist file (or stdin) as a deck.")
def import_(
    ctx: typer.Context,
    file: Annotated[str | None, typer.Argument(
        metavar="FILE", help="A decklist file (text, or a JSON/YAML export), or '-' to read it from stdin.",
        show_default=False)] = None,
    name: Annotated[str | None, typer.Option(
        "--name", metavar="NAME",
        help="Save under this name (default: the file's name: header, else its file name).")] = None,
    game: GameOption = None,
    play_format: PlayFormatOption = None,
    input_format: InputFormatOption = None,
    replace: Annotated[bool, typer.Option("--replace", help="Overwrite a saved deck of the same name.")] = False,
    samples: Annotated[bool, typer.Option(
        "--samples", help="Import the 15 bundled sample decks (3 per game), replacing same-named decks.")] = False,
    notes: NotesOption = "",
    unbuild: Unbuild = False,
) -> None:
    """Save a decklist file as a deck (legal or not: 'deck validate' tells).

    A built deck replaced stays built if your collection covers the new list; else the import is refused,
    or with --unbuild the decks left short are unbuilt."""
    from decklab.catalog import decks
    from decklab.catalog.errors import InputError

    if (file is None) == (not samples):
        raise InputError("give one decklist file to import, or --samples.")
    db = database(ctx)
    if file is None:  # --samples (checked above)
        from decklab.catalog.sample_decks import sample_deck_paths

        loaded = [decks.read_deck_file(db, path) for path in sample_deck_paths()]
        for deck in loaded:
            unbuilt = decks.save_deck(db, deck, replace=True, unbuild=unbuild)
            typer.echo(f"Saved {deck.game} deck '{deck.name}' with {deck.size()} cards.")
            report_unbuilt(unbuilt)
        return
    check_input_format([file], input_format)
    if file == STDIN:
        deck = read_stdin_deck(db, game=game, name=name, play_format=play_format, input_format=input_format)
        if not name and deck.name == "stdin":
            raise InputError("a decklist read from stdin has no file name to save it under; give --name or a "
                             "'name:' header.")
    else:
        deck = decks.read_deck_file(db, Path(file), game=game, name=name, format=play_format)
    unbuilt = decks.save_deck(db, deck, replace=replace, notes=notes, unbuild=unbuild)
    typer.echo(f"Saved {deck.game} deck '{deck.name}' with {deck.size()} cards.")
    report_unbuilt(unbuilt)


@app.command("new")
def new(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(metavar="NAME", help="The new deck's name.", show_default=False)],
    game: Annotated[str, choice_option("--game", "-g", metavar="GAME", help="Game id or alias (see 'decklab games').")],
    play_format: PlayFormatOption = None,
    notes: NotesOption = "",
) -> None:
    """Create an empty deck."""
    from decklab.catalog import decks

    deck = decks.new_deck(database(ctx), name, game=game, format=play_format, notes=notes)
    typer.echo(f"Created an empty {deck.game} deck '{deck.name}'.")


@app.command("add")
def add(ctx: typer.Context, deck: DeckArg, card: CardArg, quantity: QuantityArg = 1,
        section: SectionOption = "main") -> None:
    """Add copies of a card to a deck."""
    from decklab.catalog import decks

    total = decks.add_card(database(ctx), deck, card, quantity, section=section)
    typer.echo(f"{deck}: {total} {card} now in {section}.")


@app.command("remove")
def remove(ctx: typer.Context, deck: DeckArg, card: CardArg, quantity: QuantityArg = 1,
           section: SectionOption = "main") -> None:
    """Remove copies of a card from a deck."""
    from decklab.catalog import decks

    total = decks.remove_card(database(ctx), deck, card, quantity, section=section)
    typer.echo(f"{deck}: {total} {card} left in {section}.")


@app.command("list")
@listing
def list_(ctx: typer.Context, game: GameOption = None, *, output: Output) -> None:
    """List the saved decks with their size and legality."""
    from decklab.catalog import decks
    from decklab.validators import validate

    from . import render

    db = database(ctx)
    rows = decks.list_decks(db, game=game)
    for row in rows:
        row["legal"] = validate(decks.get_deck(db, row["name"])).is_legal
    render.deck_list(rows, output=output)


@app.command("show", short_help="Show a deck by card type, with counts and a cost curve.")
@listing
def show(ctx: typer.Context, deck: DeckArg, *, output: Output) -> None:
    """Show a deck grouped by card type (Mage Warfare: by pile), with counts and a cost curve."""
    from decklab.catalog import decks
    from decklab.validators import validate

    from . import render

    db = database(ctx)
    loaded = decks.get_deck(db, deck)
    summary = decks.deck_summary(loaded)
    report = validate(loaded)
    summary.update(legal=report.is_legal, problems=len(report.errors), counts=report.counts,
                   **decks.deck_notes(db, deck))
    render.deck_summary(summary, output=output)


@app.command("export")
def export(
    ctx: typer.Context,
    deck: DeckArg,
    file_format: Annotated[str, choice_option("--format", "-f", metavar="FILE-FORMAT",
                                              help="The file format: decklist text, JSON or YAML.")] = "text",
    output: Annotated[str | None, typer.Option("--output", "-o", metavar="FILE",
                                               help="Write to this file instead of stdout ('-': stdout).")] = None,
    force: ForceOption = False,
) -> None:
    """Write a deck as a decklist (text), or as JSON or YAML.

    A file is written whole or not at all; an existing file is replaced only with --force."""
    from decklab.catalog import decks
    from decklab.catalog.decklists import export_deck

    text = export_deck(decks.get_deck(database(ctx), deck), file_format)
    if write_output(ctx, output or "-", text, force=force):
        typer.echo(f"Wrote {output}.", err=True)


@app.command("copy")
def copy(ctx: typer.Context, deck: DeckArg, new_name: Annotated[str, typer.Argument(
        metavar="NEW-NAME", help="The copy's name.", show_default=False)]) -> None:
    """Save a copy of a deck under a new name."""
    from decklab.catalog import decks

    copied = decks.copy_deck(database(ctx), deck, new_name)
    typer.echo(f"Copied '{deck}' to '{copied.name}'.")


@app.command("delete")
def delete(ctx: typer.Context, deck: DeckArg) -> None:
    """Delete a saved deck (its cards stay in the catalog)."""
    from decklab.catalog import decks

    typer.echo(f"Deleted '{decks.delete_deck(database(ctx), deck)}'.")


@app.command("validate", short_help="Check a deck's legality: exit 0 legal, 1 illegal, 2 input error.")
@listing
def validate_(
    ctx: typer.Context,
    deck_or_file: DeckOrFileArg,
    game: GameOption = None,
    play_format: PlayFormatOption = None,
    input_format: InputFormatOption = None,
    *,
    output: Output,
) -> None:
    """Check a deck against its game's rules: exit 0 legal, 1 illegal, 2 input error.

    DECK-OR-FILE '-' reads the decklist from stdin (cat deck.txt | decklab deck validate -)."""
    from decklab.validators import validate

    from . import render

    deck = load_deck_arg(database(ctx), deck_or_file, game=game, play_format=play_format, input_format=input_format)
    report = validate(deck)
    render.validation(report, output=output)
    raise typer.Exit(code=0 if report.is_legal else 1)


@app.command("missing", short_help="Per card: needed, owned and short; --csv is a shopping list.")
@listing
def missing(
    ctx: typer.Context,
    deck_or_file: DeckOrFileArg,
    game: GameOption = None,
    input_format: InputFormatOption = None,
    *,
    output: Output,
) -> None:
    """Per card: needed, owned (not reserved by other built decks) and short; --csv is a shopping list.

    DECK-OR-FILE is a saved deck, a decklist file, or '-' for a decklist on stdin (nothing is saved)."""
    from decklab.catalog import collection

    from . import render

    db = database(ctx)
    deck = load_deck_arg(db, deck_or_file, game=game, input_format=input_format)
    saved = deck_or_file != STDIN and not Path(deck_or_file).expanduser().is_file()
    report = collection.missing(db, deck.name) if saved else collection.missing_in(db, deck)
    render.missing(report, sets={card.name: card.set_code for card in deck.copies()}, output=output)


@app.command("build")
def build(ctx: typer.Context, deck: DeckArg) -> None:
    """Mark a deck as physically built: its cards are reserved for it."""
    from decklab.catalog import collection

    report = collection.build(database(ctx), deck)
    typer.echo(f"Built '{report['deck']}': {report['needed']} cards reserved.")


@app.command("unbuild")
def unbuild(ctx: typer.Context, deck: DeckArg) -> None:
    """Take a built deck apart: its cards are free again."""
    from decklab.catalog import collection

    typer.echo(f"Unbuilt '{collection.unbuild(database(ctx), deck)}'.")
