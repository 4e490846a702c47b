"""``decklab deck``: keep decks, import and export decklists, and check their legality."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .collection import Unbuild, report_unbuilt
from .common import ForceOption, GameOption, JsonOption, database, write_output

app = typer.Typer(help="Build, import, export and validate decks.", no_args_is_help=True)

DeckArg = Annotated[str, typer.Argument(help="A saved deck's name (any case).", show_default=False)]
CardArg = Annotated[str, typer.Argument(help="A card name (any case).", show_default=False)]
QuantityArg = Annotated[int, typer.Argument(help="How many copies.", min=None)]
SectionOption = Annotated[str, typer.Option("--section", "-s", help="Decklist section, e.g. reinforcements or line.")]
NotesOption = Annotated[str, typer.Option("--notes", help="Free notes kept with the deck (shown by 'deck show').")]
PlayFormatOption = Annotated[str | None, typer.Option("--format", "-f", help="official or casual (Ward's banlist applies in official).")]


@app.command("import")
def import_(
    ctx: typer.Context,
    file: Annotated[Path | None, typer.Argument(help="A decklist file (text, or a JSON/YAML export).", show_default=False)] = None,
    name: Annotated[str | None, typer.Option("--name", "-n", help="Save under this name (default: the file's name: header, else its file name).")] = None,
    game: GameOption = None,
    play_format: PlayFormatOption = None,
    replace: Annotated[bool, typer.Option("--replace", help="Overwrite a saved deck of the same name.")] = False,
    samples: Annotated[bool, typer.Option("--samples", help="Import the 15 bundled sample decks (3 per game), replacing same-named decks.")] = False,
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
    if samples:
        from decklab.catalog.sample_decks import sample_deck_paths

        loaded = [decks.read_deck_file(db, path) for path in sample_deck_paths()]
        for deck in loaded:
            unbuilt = decks.save_deck(db, deck, replace=True, unbuild=unbuild)
            typer.echo(f"Saved {deck.game} deck '{deck.name}' with {deck.size()} cards.")
            report_unbuilt(unbuilt)
        return
    deck = decks.read_deck_file(db, file, game=game, name=name, format=play_format)
    unbuilt = decks.save_deck(db, deck, replace=replace, notes=notes, unbuild=unbuild)
    typer.echo(f"Saved {deck.game} deck '{deck.name}' with {deck.size()} cards.")
    report_unbuilt(unbuilt)


@app.command("new")
def new(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="The new deck's name.", show_default=False)],
    game: Annotated[str, typer.Option("--game", "-g", help="Game id or alias (see 'decklab games').")],
    play_format: PlayFormatOption = None,
    notes: NotesOption = "",
) -> None:
    """Create an empty deck."""
    from decklab.catalog import decks

    deck = decks.new_deck(database(ctx), name, game=game, format=play_format, notes=notes)
    typer.echo(f"Created an empty {deck.game} deck '{deck.name}'.")


@app.command("add")
def add(ctx: typer.Context, deck: DeckArg, card: CardArg, quantity: QuantityArg = 1, section: SectionOption = "main") -> None:
    """Add copies of a card to a deck."""
    from decklab.catalog import decks

    total = decks.add_card(database(ctx), deck, card, quantity, section=section)
    typer.echo(f"{deck}: {total} {card} now in {section}.")


@app.command("remove")
def remove(ctx: typer.Context, deck: DeckArg, card: CardArg, quantity: QuantityArg = 1, section: SectionOption = "main") -> None:
    """Remove copies of a card from a deck."""
    from decklab.catalog import decks

    total = decks.remove_card(database(ctx), deck, card, quantity, section=section)
    typer.echo(f"{deck}: {total} {card} left in {section}.")


@app.command("list")
def list_(ctx: typer.Context, game: GameOption = None, json_output: JsonOption = False) -> None:
    """List the saved decks with their size and legality."""
    from decklab.catalog import decks
    from decklab.validators import validate

    from . import render

    db = database(ctx)
    rows = decks.list_decks(db, game=game)
    for row in rows:
        row["legal"] = validate(decks.get_deck(db, row["name"])).is_legal
    render.deck_list(rows, as_json=json_output)


@app.command("show")
def show(ctx: typer.Context, deck: DeckArg, json_output: JsonOption = False) -> None:
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
    render.deck_summary(summary, as_json=json_output)


@app.command("export")
def export(
    ctx: typer.Context,
    deck: DeckArg,
    file_format: Annotated[str, typer.Option("--format", "-f", help="text, json or yaml.")] = "text",
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write to this file instead of stdout ('-': stdout).")] = None,
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
def copy(ctx: typer.Context, deck: DeckArg, new_name: Annotated[str, typer.Argument(help="The copy's name.", show_default=False)]) -> None:
    """Save a copy of a deck under a new name."""
    from decklab.catalog import decks

    copied = decks.copy_deck(database(ctx), deck, new_name)
    typer.echo(f"Copied '{deck}' to '{copied.name}'.")


@app.command("delete")
def delete(ctx: typer.Context, deck: DeckArg) -> None:
    """Delete a saved deck (its cards stay in the catalog)."""
    from decklab.catalog import decks

    typer.echo(f"Deleted '{decks.delete_deck(database(ctx), deck)}'.")


@app.command("validate")
def validate_(
    ctx: typer.Context,
    deck_or_file: Annotated[str, typer.Argument(metavar="DECK-OR-FILE", help="A saved deck's name or a decklist file.", show_default=False)],
    game: GameOption = None,
    play_format: PlayFormatOption = None,
    json_output: JsonOption = False,
) -> None:
    """Check a deck against its game's rules: exit 0 legal, 1 illegal, 2 input error."""
    from decklab.catalog import decks
    from decklab.validators import validate

    from . import render

    deck = decks.load_deck(database(ctx), deck_or_file, game=game, format=play_format)
    report = validate(deck)
    render.validation(report, as_json=json_output)
    raise typer.Exit(code=0 if report.is_legal else 1)


@app.command("missing")
def missing(ctx: typer.Context, deck: DeckArg, json_output: JsonOption = False) -> None:
    """Per card: needed, owned (not reserved by other built decks) and short."""
    from decklab.catalog import collection

    from . import render

    render.missing(collection.missing(database(ctx), deck), as_json=json_output)


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
