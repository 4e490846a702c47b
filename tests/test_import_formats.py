"""Imports from the tools players use (issue 25): Moxfield, Deckbox and Archidekt CSVs, a spreadsheet, and
decklists as Arena, Moxfield and MTGO export them, each from tests/data/imports/ through the real CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import write
from decklab.catalog import collection
from decklab.catalog.decklists import read_decklist_text
from decklab.catalog.errors import InputError

IMPORTS = Path(__file__).resolve().parent / "data" / "imports"
EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"


def owned(decklab) -> list[tuple]:
    """What the collection holds: (game, name, quantity, finish, condition, language, location, notes)."""
    result = decklab("collection", "list", "--json")
    assert result.exit_code == 0, result.output
    return sorted((i["game"], i["name"], i["quantity"], i["finish"], i["condition"], i["language"], i["location"],
                   i["notes"]) for i in json.loads(result.stdout)["items"])


def assert_input_error(result, expected: str) -> None:
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert expected in lines[0], lines[0]


CSV_IMPORTS = {
    "moxfield.csv": (
        "Added 7 copies from 4 rows.",
        ["Tradelist Count", "Tags", "Last Modified", "Collector Number", "Alter", "Proxy", "Purchase Price"],
        [("ward", "Archmage Seline", 1, "foil", "Near Mint", "English", "", ""),
         ("ward", "Ember Whelp", 3, "", "Near Mint", "English", "", ""),
         ("ward", "Kaelthas, Elder Sunwyrm", 1, "etched", "Near Mint", "English", "", ""),
         ("wentworth", "Healing Salve", 2, "", "Lightly Played", "English", "", "")]),
    "deckbox.csv": (
        "Added 7 copies from 3 rows.",
        ["Tradelist Count", "Card Number", "Signed", "Artist Proof", "Altered Art", "Misprint", "Promo", "Textless",
         "Printing Id", "Printing Note", "Tags", "My Price"],
        [("ward", "Firebolt", 4, "", "Near Mint", "English", "", ""),
         ("ward", "Healing Salve", 2, "foil", "Good (Lightly Played)", "English", "", ""),
         ("wentworth", "Emberwing Whelp", 1, "", "Near Mint", "German", "", "")]),
    "archidekt.csv": (
        "Added 6 copies from 3 rows.",
        ["Date Added", "Purchase Price", "Tags", "Multiverse Id", "Scryfall ID", "MTGO ID", "Collector Number"],
        [("ward", "Brass Drake", 2, "foil", "LP", "EN", "", ""),
         ("ward", "Scorchling", 3, "", "NM", "EN", "", ""),
         ("wentworth", "Cinder Hatchling", 1, "etched", "NM", "JA", "", "")]),
    "spreadsheet.csv": (
        "Added 6 copies from 3 rows.",
        [],
        [("ward", "Obsidian Wyrm", 1, "foil", "", "", "Red binder", "from the prerelease"),
         ("ward", "Stormscale Wyvern", 2, "", "", "", "Red binder", ""),
         ("wentworth", "Ashscale Wyrmling", 3, "", "", "", "Box 2", "")]),
}


@pytest.mark.parametrize("name", list(CSV_IMPORTS))
def test_a_collection_csv_of_each_tool_imports(decklab, db_url, name):
    said, ignored, items = CSV_IMPORTS[name]
    result = decklab("collection", "import", IMPORTS / name)
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == said
    warnings = result.stderr.strip().splitlines()
    if ignored:
        # One warning names every column decklab does not keep, as the file writes it.
        assert len(warnings) == 1 and warnings[0].startswith("Ignored the unknown columns "), warnings
        assert warnings[0].removeprefix("Ignored the unknown columns ").rstrip(".").split(", ") == ignored
    else:
        assert warnings == []
    assert owned(decklab) == items


def test_the_library_returns_the_warning_it_means(database):
    result = collection.import_file(database, IMPORTS / "moxfield.csv")
    assert result.warnings == [("Ignored the unknown columns Tradelist Count, Tags, Last Modified, Collector Number, "
                                "Alter, Proxy, Purchase Price.")]
    assert (result.rows, result.copies) == (4, 7)


def test_the_same_card_from_two_tools_adds_up_per_variant(decklab, db_url):
    """Healing Salve is a Ward and a Wentworth card: the set column tells which (Moxfield wen1, Deckbox WRD1)."""
    for name in ("moxfield.csv", "deckbox.csv", "deckbox.csv"):
        assert decklab("collection", "import", IMPORTS / name).exit_code == 0
    salves = [item for item in owned(decklab) if item[1] == "Healing Salve"]
    assert salves == [("ward", "Healing Salve", 4, "foil", "Good (Lightly Played)", "English", "", ""),
                      ("wentworth", "Healing Salve", 2, "", "Lightly Played", "English", "", "")]


DECKLISTS = ["arena.txt", "moxfield.txt", "mtgo.txt"]


@pytest.mark.parametrize("name", DECKLISTS)
def test_a_decklist_of_each_tool_validates_and_imports(decklab, db_url, name):
    result = decklab("deck", "validate", IMPORTS / name, "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert (report["game"], report["legal"], report["counts"]["cards"]) == ("ward", True, 30)
    expected = "Dragonfire Roost" if name == "arena.txt" else Path(name).stem  # Arena's About block names it
    assert report["deck"] == expected
    imported = decklab("deck", "import", IMPORTS / name)
    assert imported.exit_code == 0, imported.output
    assert imported.stdout.strip() == f"Saved ward deck '{expected}' with 30 cards."
    decks = json.loads(decklab("deck", "list", "--json").stdout)
    assert [(d["name"], d["game"], d["cards"]) for d in decks] == [(expected, "ward", 30)]


def test_a_moxfield_decklist_as_a_collection_keeps_its_foils(decklab, db_url):
    result = decklab("collection", "import", IMPORTS / "moxfield.txt")
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == "Added 30 copies from 18 rows."
    items = owned(decklab)
    assert sum(item[2] for item in items) == 30
    assert {(item[1], item[3]) for item in items if item[3]} == {
        ("Brass Drake", "foil"), ("Obsidian Wyrm", "foil"), ("Kaelthas, Elder Sunwyrm", "etched")}


def test_the_installed_command_imports_a_moxfield_csv(db_url):
    """The ``decklab`` entry point itself (a subprocess), not only the app in-process."""
    command = [str(Path(sys.executable).with_name("decklab")), "collection", "import", str(IMPORTS / "moxfield.csv")]
    result = subprocess.run(command, check=False, capture_output=True, text=True,
                            env={**os.environ, "DECKLAB_DATABASE_URL": db_url})
    assert (result.returncode, result.stdout.strip()) == (0, "Added 7 copies from 4 rows."), result.stderr
    assert result.stderr.count("Ignored the unknown columns") == 1 and "Traceback" not in result.stderr


# --- what is refused, with the line ------------------------------------------------------------


def test_a_set_no_catalog_has_is_refused_naming_the_line(decklab, db_url, tmp_path):
    before = owned(decklab)
    csv_file = write(tmp_path / "mox.csv", "Count,Name,Edition\n1,Firebolt,wrd1\n2,Healing Salve,WRD9\n")
    assert_input_error(decklab("collection", "import", csv_file),
                       "mox.csv: line 3: the set 'WRD9' is not in the catalog; the sets are MGW1, W40K1, WCZ1, WEN1, "
                       "WRD1.")
    wrong_game = write(tmp_path / "box.csv", "game,Count,Name,Edition Code\nward,2,Healing Salve,WEN1\n")
    assert_input_error(decklab("collection", "import", wrong_game),
                       "box.csv: line 2: the set 'WEN1' is not a Ward set in the catalog; its sets are WRD1 "
                       "(Ward Starter Set).")
    decklist = write(tmp_path / "arena.txt", "Deck\n3 Firebolt (WRD1) 78\n2 Meteor Shard (XYZ) 79\n")
    assert_input_error(decklab("collection", "import", decklist),
                       "arena.txt: line 3: the set 'XYZ' of Meteor Shard is not a Ward set in the catalog; its sets "
                       "are WRD1 (Ward Starter Set).")
    assert owned(decklab) == before


def test_deck_validate_and_import_refuse_an_unknown_set_naming_the_line(decklab, db_url, tmp_path):
    path = write(tmp_path / "arena.txt", "Deck\n3 Firebolt (WRD1) 78\n2 Meteor Shard (XYZ) 79\n")
    for command in (("deck", "validate", path), ("deck", "import", path)):
        assert_input_error(decklab(*command), "arena.txt: line 3: the set 'XYZ' of Meteor Shard is not a Ward set in "
                           "the catalog; its sets are WRD1 (Ward Starter Set).")
    assert "arena" not in decklab("deck", "list").stdout


def test_a_card_of_two_games_needs_its_game(decklab, db_url, tmp_path):
    path = write(tmp_path / "sheet.csv", "Card,Qty\nFirebolt,1\nHealing Salve,2\n")
    assert_input_error(decklab("collection", "import", path),
                       "sheet.csv: line 3: 'Healing Salve' is a card of Ward and Wentworth: Guardians of the Realm; "
                       "add a game column (or a set column), or pass --game.")
    assert decklab("collection", "import", path, "--game", "wentworth").exit_code == 2  # Firebolt is Ward's
    result = decklab("collection", "import", write(tmp_path / "salve.csv", "Card,Qty\nHealing Salve,2\n"),
                     "--game", "wentworth")
    assert result.exit_code == 0 and owned(decklab) == [("wentworth", "Healing Salve", 2, "", "", "", "", "")]


def test_unknown_cards_and_cells_are_refused_naming_the_line(decklab, db_url, tmp_path):
    unknown = write(tmp_path / "mox.csv", "Count,Name\n1,Firebolt\n1,Firebolr\n")
    assert_input_error(decklab("collection", "import", unknown),
                       "mox.csv: line 3: no card is called 'Firebolr'; did you mean 'Firebolt'")
    foil = write(tmp_path / "box.csv", "Count,Name,Foil\n1,Firebolt,maybe\n")
    assert_input_error(decklab("collection", "import", foil), "box.csv: line 2: the Foil cell 'maybe' is not foil, "
                                                              "etched or empty.")
    no_count = write(tmp_path / "names.csv", "Name,Edition\nFirebolt,WRD1\n")
    assert_input_error(decklab("collection", "import", no_count), "names.csv: the header has no quantity column; a "
                       "collection CSV needs a card name (Name, Card Name or Card) and a quantity (Quantity, Count, "
                       "Qty, Amount or Copies)")
    assert owned(decklab) == []


def test_a_sideboard_is_one_clear_error(decklab, db_url, tmp_path):
    arena = write(tmp_path / "arena.txt", "Deck\n3 Firebolt (WRD1) 78\n\nSideboard\n2 Meteor Shard (WRD1) 79\n")
    side_decks = ("which no decklab game has (the side decks are Warcardz's [attribute] and [variable], "
                  "Warhammer 40K Warfare's [reinforcements])")
    assert_input_error(decklab("deck", "validate", arena),
                       f"arena.txt: line 4: 'Sideboard' opens a sideboard, {side_decks}; leave out its 2 cards, or "
                       "move them into the deck or one of those sections.")
    for header in ("SIDEBOARD:", "// Sideboard", "sideboard"):
        other = write(tmp_path / "other.txt", f"3 Firebolt\n{header}\n1 Meteor Shard\n")
        assert_input_error(decklab("deck", "import", other), f"other.txt: line 2: '{header}' opens a sideboard")
    mtgo = write(tmp_path / "mtgo.txt", "3 Firebolt\n2 Battle Fury\n\n2 Meteor Shard\n")
    assert_input_error(decklab("deck", "validate", mtgo),
                       f"mtgo.txt: line 4: the 2 cards after the blank line 3 read as a sideboard (MTGO's text "
                       f"export), {side_decks}; leave them out, or delete the blank line to keep them in the deck.")
    commander = write(tmp_path / "cmd.txt", "Commander\n1 Archmage Seline (WRD1) 42\n\nDeck\n3 Firebolt\n")
    assert_input_error(decklab("deck", "validate", commander), "cmd.txt: line 1: 'Commander' opens a commander "
                                                               "section, which no decklab game has")
    assert json.loads(decklab("deck", "list", "--json").stdout) == []


def test_an_empty_sideboard_header_and_tool_comments_are_fine(decklab, db_url, tmp_path):
    text = (IMPORTS / "moxfield.txt").read_text(encoding="utf-8")
    path = write(tmp_path / "roost.txt", "// Creatures\n" + text + "\nSIDEBOARD:\n")
    result = decklab("deck", "validate", path)
    assert result.exit_code == 0, result.output


# --- text already read (stdin) -------------------------------------------------------------------


@pytest.mark.parametrize("name", [*CSV_IMPORTS, *DECKLISTS])
def test_import_text_tells_a_csv_from_a_decklist(database, name):
    by_file = collection.import_file(database, IMPORTS / name)
    items = collection.list_items(database)
    collection.import_text(database, (IMPORTS / name).read_text(encoding="utf-8"), label="stdin", replace=True)
    assert collection.list_items(database) == items
    assert by_file.rows > 0


def test_import_text_names_its_label_and_refuses_an_unknown_kind(database):
    with pytest.raises(InputError, match=r"^stdin: line 2: no card is called 'Firebolr'"):
        collection.import_text(database, "Count,Name\n1,Firebolr\n", label="stdin")
    with pytest.raises(
        InputError, match=r"^'xml' is not a collection format; the formats are csv, text, json, yaml\.$"
    ):
        collection.import_text(database, "1 Firebolt\n", label="stdin", kind="xml")


def test_decklist_text_is_told_from_json_and_yaml():
    text = read_decklist_text("Deck\n2x Firebolt (WRD1) 78 *F*\n", source="stdin")
    assert [(e.name, e.quantity, e.set_code, e.number, e.finish) for e in text.entries] == [
        ("Firebolt", 2, "WRD1", "78", "foil")]
    as_json = read_decklist_text('{"game": "ward", "name": "R", "sections": {"main": [{"name": "Firebolt", '
                                 '"quantity": 3}]}}', source="stdin")
    as_yaml = read_decklist_text("game: ward\nname: R\nsections:\n  main:\n    - {name: Firebolt, quantity: 3}\n",
                                 source="stdin")
    assert [(e.name, e.quantity) for e in as_json.entries] == [(e.name, e.quantity) for e in as_yaml.entries] == [
        ("Firebolt", 3)]
    with pytest.raises(InputError, match=r"^'csv' is not a decklist format; the formats are text, json, yaml\.$"):
        read_decklist_text("1 Firebolt\n", source="stdin", kind="csv")


# --- the documentation's copies ------------------------------------------------------------------


def test_docs_examples_are_the_tested_files():
    names = sorted(path.name for path in IMPORTS.iterdir())
    assert names == sorted(path.name for path in EXAMPLES.iterdir() if path.suffix in (".csv", ".txt"))
    for name in names:
        assert (EXAMPLES / name).read_bytes() == (IMPORTS / name).read_bytes(), name
    guide = (Path(__file__).resolve().parents[1] / "docs" / "importing.md").read_text(encoding="utf-8")
    for name in names:
        assert f"examples/{name}" in guide, name


def test_a_spreadsheet_with_semicolons_or_tabs_imports(decklab, db_url, tmp_path):
    """Spreadsheets where the decimal mark is a comma save CSV with semicolons; a copied table has tabs."""
    semicolons = write(tmp_path / "sammlung.csv", "Anzahl;Card;Set;Foil\n2;Firebolt;WRD1;ja\n")
    assert_input_error(decklab("collection", "import", semicolons), "the header has no quantity column")
    semicolons = write(tmp_path / "sammlung.csv", "Qty;Card;Set;Foil;Notes\n2;Firebolt;WRD1;yes;\"top; left\"\n"
                                                  "\n1;Kaelthas, Elder Sunwyrm;WRD1;;\n3;Firebolr;WRD1;;\n")
    assert_input_error(decklab("collection", "import", semicolons),
                       "sammlung.csv: line 5: no card is called 'Firebolr' in Ward; did you mean 'Firebolt'")
    write(semicolons, 'Qty;Card;Set;Foil;Notes\n2;Firebolt;WRD1;yes;"top; left"\n\n1;Kaelthas, Elder Sunwyrm;WRD1;;\n')
    result = decklab("collection", "import", semicolons)
    assert (result.exit_code, result.stdout.strip()) == (0, "Added 3 copies from 2 rows.")
    tabs = write(tmp_path / "copied.txt", "Count\tName\tEdition\n1\tMeteor Shard\twrd1\n")
    assert decklab("collection", "import", tabs).exit_code == 0
    assert owned(decklab) == [("ward", "Firebolt", 2, "foil", "", "", "", "top; left"),
                              ("ward", "Kaelthas, Elder Sunwyrm", 1, "", "", "", "", ""),
                              ("ward", "Meteor Shard", 1, "", "", "", "", "")]


def test_check_printings_reads_the_sets_of_the_deck_game(database):
    from decklab.catalog.decklists import check_printings, parse_decklist
    from decklab.catalog.games import get_game

    good = parse_decklist("3 Ember Whelp (wrd1) 26\n2 Firebolt (WRD1)\n", source="ok.txt")
    bad = parse_decklist("3 Ember Whelp (WRD1) 26\n2 Healing Salve (WEN1) 87\n", source="bad.txt")
    with database.reading() as conn:
        check_printings(conn, good, get_game("ward"))
        with pytest.raises(InputError) as caught:
            check_printings(conn, bad, get_game("ward"))
    assert str(caught.value) == ("bad.txt: line 2: the set 'WEN1' of Healing Salve is not a Ward set in the catalog; "
                                 "its sets are WRD1 (Ward Starter Set).")


def test_a_sideboard_in_a_list_of_cards_owned_is_owned_too(decklab, db_url, tmp_path):
    """`collection import` of a deck with a sideboard: the sideboard's cards are in your hands all the same."""
    arena = write(tmp_path / "arena.txt", "Deck\n3 Firebolt (WRD1) 78\n\nSideboard\n2 Meteor Shard (WRD1) 79 *F*\n"
                                          "1 Firebolt\n")
    mtgo = write(tmp_path / "mtgo.txt", "3 Firebolt\n\n2 Meteor Shard\n")
    for path in (arena, mtgo):
        result = decklab("collection", "import", path)
        assert result.exit_code == 0, result.output
    assert owned(decklab) == [("ward", "Firebolt", 7, "", "", "", "", ""),
                              ("ward", "Meteor Shard", 2, "", "", "", "", ""),
                              ("ward", "Meteor Shard", 2, "foil", "", "", "", "")]
    maybe = write(tmp_path / "maybe.txt", "3 Firebolt\n1 Dispel Wave [Maybeboard{noDeck}]\n")
    assert_input_error(decklab("collection", "import", maybe), "maybe.txt: line 2: '[Maybeboard{noDeck}]' opens a "
                                                               "maybeboard section, which no decklab game has")
