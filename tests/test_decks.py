"""Decks as a player keeps them: decklists in and out, saved decks, and `deck validate`."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import write
from decklab.catalog.decklists import export_deck, parse_decklist
from decklab.catalog.decks import get_deck, read_deck_file, resolve, save_deck
from decklab.catalog.errors import InputError
from decklab.catalog.sample_decks import sample_deck_paths
from decklab.catalog.store import list_cards

BEARS = "game: ward\nname: Bears\n# a comment\n3 Ember Whelp\n2x Firebolt   # burn\nMeteor Shard\n"


def expectation(path):
    first = path.read_text(encoding="utf-8").splitlines()[0]
    words = first.removeprefix("# expect:").split()
    return words[0], sorted(words[1:])


@pytest.mark.parametrize("path", sample_deck_paths(), ids=lambda p: p.name)
def test_sample_decks_validate_as_their_comments_say(decklab, db_url, path):
    verdict, expected_rules = expectation(path)
    result = decklab("deck", "validate", path, "--json")
    document = json.loads(result.stdout)
    assert document["legal"] is (verdict == "legal")
    assert result.exit_code == (0 if verdict == "legal" else 1)
    assert sorted({error["rule"] for error in document["errors"]}) == expected_rules


def test_every_game_has_two_legal_samples_and_one_illegal():
    verdicts = {}
    for path in sample_deck_paths():
        verdicts.setdefault(path.name.split("-")[0], []).append(expectation(path)[0])
    assert {game: sorted(v) for game, v in verdicts.items()} == {
        game: ["illegal", "legal", "legal"] for game in ("magewarfare", "ward", "warcardz", "wentworth", "wh40k")}


def test_validate_json_document_follows_the_contract(decklab, db_url, tmp_path):
    path = write(tmp_path / "short.deck", "game: ward\nname: Short\n4 Ember Whelp\n")
    result = decklab("deck", "validate", path, "--json")
    assert result.exit_code == 1
    document = json.loads(result.stdout)
    assert set(document) >= {"game", "deck", "legal", "errors", "warnings", "counts"}
    assert document["deck"] == "Short" and document["game"] == "ward"
    assert {"rule": "ward.copies", "message": "4 copies of Ember Whelp; a deck holds at most 3.",
            "cards": ["Ember Whelp"], "count": 4, "limit": 3} in document["errors"]
    assert document["counts"]["cards"] == 4


def test_parse_quantities_comments_and_headers():
    parsed = parse_decklist(BEARS, source="bears.deck")
    assert (parsed.game, parsed.name) == ("ward", "Bears")
    assert [(e.quantity, e.name, e.line) for e in parsed.entries] == [
        (3, "Ember Whelp", 4), (2, "Firebolt", 5), (1, "Meteor Shard", 6)]


@pytest.mark.parametrize(("text", "expected"), [
    ("0 Ember Whelp\n", "b.deck: line 1 asks for 0 of Ember Whelp; a quantity is at least 1."),
    ("-2 Ember Whelp\n", "b.deck: line 1 asks for -2 of Ember Whelp; a quantity is at least 1."),
    ("# only a comment\n", "b.deck names no cards."),
    ("[ ]\n1 Ember Whelp\n", "b.deck: line 1 opens a section with no name."),
])
def test_parse_errors(text, expected):
    with pytest.raises(InputError) as caught:
        parse_decklist(text, source="b.deck")
    assert str(caught.value) == expected


TOOL_LINES = [
    # (line as a tool exports it, (quantity, name, set, number, finish))
    ("2 Archmage Seline (WRD1) 1", (2, "Archmage Seline", "WRD1", "1", "")),
    ("2x Archmage Seline", (2, "Archmage Seline", "", "", "")),
    ("2 x Archmage Seline", (2, "Archmage Seline", "", "", "")),
    ("1 Brass Drake *F*", (1, "Brass Drake", "", "", "foil")),
    ("1 Brass Drake (WRD1) 27 *F*", (1, "Brass Drake", "WRD1", "27", "foil")),
    ("1 Kaelthas, Elder Sunwyrm (wrd1) 30 *E*", (1, "Kaelthas, Elder Sunwyrm", "wrd1", "30", "etched")),
    ("3 Ember Whelp (WRD1)", (3, "Ember Whelp", "WRD1", "", "")),
    ("1x Firebolt (wrd1) 78 *F* [Burn,Removal] ^Have,#37d67a^", (1, "Firebolt", "wrd1", "78", "foil")),
    ("Dragon's Roost", (1, "Dragon's Roost", "", "", "")),
    ("2 Grizzly Bear (Token)", (2, "Grizzly Bear (Token)", "", "", "")),  # a name, not a set
    ("2 Grizzly Bear (Token) 7", (2, "Grizzly Bear", "Token", "7", "")),  # a collector number: a printing
    ("1 Ember Whelp (cmr)", (1, "Ember Whelp", "cmr", "", "")),
]


@pytest.mark.parametrize(("line", "expected"), TOOL_LINES, ids=[line for line, _ in TOOL_LINES])
def test_lines_as_collection_tools_export_them(line, expected):
    (entry,) = parse_decklist(line + "\n", source="t.txt").entries
    assert (entry.quantity, entry.name, entry.set_code, entry.number, entry.finish) == expected
    assert (entry.section, entry.line) == ("main", 1)


def test_arena_and_mtgo_headers_open_the_main_deck_and_name_it():
    text = "About\nName Seline Control\n\nDeck\n2 Archmage Seline (WRD1) 42\n\nSideboard\n"
    parsed = parse_decklist(text, source="arena.txt")
    assert parsed.name == "Seline Control"
    assert [(e.name, e.section, e.line) for e in parsed.entries] == [("Archmage Seline", "main", 5)]
    for header in ("Deck", "deck:", "MAIN", "Mainboard", "// Deck", "//Main Deck", "Deck (30)", "// Creatures (12)"):
        parsed = parse_decklist(f"{header}\n3 Ember Whelp\n", source="t.txt")
        assert [(e.name, e.section) for e in parsed.entries] == [("Ember Whelp", "main")], header


@pytest.mark.parametrize(("text", "expected"), [
    ("Deck\n3 Firebolt\n\nSideboard\n2 Meteor Shard\n", ("t.txt: line 4: 'Sideboard' opens a sideboard, which no "
     "decklab game has (the side decks are Warcardz's [attribute] and [variable], Warhammer 40K Warfare's "
     "[reinforcements]); leave out its 2 cards, or move them into the deck or one of those sections.")),
    ("3 Firebolt\nSIDEBOARD:\n1 Meteor Shard\n", ("t.txt: line 2: 'SIDEBOARD:' opens a sideboard, which no decklab "
     "game has (the side decks are Warcardz's [attribute] and [variable], Warhammer 40K Warfare's [reinforcements]); "
     "leave out its 1 card, or move it into the deck or one of those sections.")),
    ("3 Firebolt\n// Sideboard\n1 Meteor Shard\n", "t.txt: line 2: '// Sideboard' opens a sideboard"),
    ("Commander\n1 Archmage Seline\nDeck\n3 Firebolt\n", "t.txt: line 1: 'Commander' opens a commander section"),
    ("Companion\n1 Archmage Seline\n", "t.txt: line 1: 'Companion' opens a companion section"),
    ("3 Firebolt\n1 Meteor Shard [Sideboard{noDeck}]\n", "t.txt: line 2: '[Sideboard{noDeck}]' opens a sideboard"),
    ("3 Firebolt\n2 Battle Fury\n\n\n2 Meteor Shard\n", ("t.txt: line 5: the 2 cards after the blank line 3 read as "
     "a sideboard (MTGO's text export), which no decklab game has")),
    ("1 Firebolt *A*\n", "t.txt: line 1: *A* is not a marker decklab reads (*F* foil, *E* etched)."),
    ("3 Firebolt\nSB: 2 Meteor Shard\n", "t.txt: line 2: 'SB:' marks a sideboard, which no decklab game has"),
    ("3 Firebolt\nSideboard (1):\n1 Meteor Shard\n", "t.txt: line 2: 'Sideboard (1):' opens a sideboard"),
])
def test_sections_no_game_has_are_one_error_naming_the_line(text, expected):
    with pytest.raises(InputError) as caught:
        parse_decklist(text, source="t.txt")
    assert str(caught.value).startswith(expected), str(caught.value)


@pytest.mark.parametrize("text", [
    "game: ward\n3 Firebolt\n\n2 Meteor Shard\n",       # a decklab header: blank lines are spacing
    "# burn\n3 Firebolt\n\n# more burn\n2 Meteor Shard\n",  # comments
    "3 Firebolt\n\n2 Meteor Shard\n\n1 Dispel Wave\n",     # three blocks: not MTGO's shape
    "Deck\n3 Firebolt\n\n2 Meteor Shard\nSideboard\n",    # a header, and an empty sideboard
    "// Burn\n3 Firebolt\n",                              # a // comment
])
def test_blank_lines_elsewhere_are_spacing(text):
    parsed = parse_decklist(text, source="t.txt")
    assert {entry.section for entry in parsed.entries} == {"main"}


def test_a_deck_export_round_trips_and_tool_lines_resolve(database):
    deck = resolve(database, parse_decklist("Deck\n3 Ember Whelp (WRD1) 26 *F*\n2x Firebolt\n", source="t.txt"))
    assert deck.game == "ward" and [(card.name, n) for card, n in deck.entries()] == [("Ember Whelp", 3),
                                                                                      ("Firebolt", 2)]
    assert resolve(database, parse_decklist(export_deck(deck), source="again.deck")) == deck


def test_unknown_names_are_all_listed_with_close_matches(database):
    parsed = parse_decklist("game: ward\n3 Embr Whelp\n2 Firebolt\n1 Zzzyzx\n", source="t.deck")
    with pytest.raises(InputError) as caught:
        resolve(database, parsed)
    assert str(caught.value) == (
        "t.deck: 2 cards are not in the Ward catalog: 'Embr Whelp' (line 2; did you mean 'Ember Whelp'?), "
        "'Zzzyzx' (line 4).")


def test_a_deck_of_another_games_cards_says_which_game(database):
    parsed = parse_decklist("game: ward\n3 Beastmen\n1 Exterminatus\n", source="t.deck")
    with pytest.raises(InputError) as caught:
        resolve(database, parsed)
    assert "'Beastmen' (line 2; it is a Warhammer 40K Warfare card)" in str(caught.value)


def test_a_section_the_game_does_not_have(database):
    parsed = parse_decklist("game: ward\n3 Ember Whelp\n[reinforcements]\n1 Firebolt\n", source="t.deck")
    with pytest.raises(InputError) as caught:
        resolve(database, parsed)
    assert str(caught.value) == ("t.deck: line 4: [reinforcements] is not a section of a Ward deck; Ward decks have no "
                                 "sections.")
    parsed = parse_decklist("game: 40k\n3 Beastmen\n[sideboard]\n1 Beastmen\n", source="u.deck")
    with pytest.raises(InputError, match=r"\[sideboard\] is not a section of a Warhammer 40K Warfare deck; "
                                         r"Warhammer 40K Warfare decks have \[reinforcements\]\."):
        resolve(database, parsed)


def test_game_is_inferred_from_the_cards(database):
    deck = resolve(database, parse_decklist("3 Beastmen\nExterminatus\n", source="army.deck"))
    assert deck.game == "wh40k" and deck.name == "army" and deck.size() == 4


def test_names_match_case_insensitively_and_repeats_merge(database):
    deck = resolve(database, parse_decklist("game: ward\n2 ember whelp\n1 EMBER WHELP\n", source="t.deck"))
    assert [(card.name, quantity) for card, quantity in deck.entries()] == [("Ember Whelp", 3)]


@pytest.fixture(scope="module")
def ward_cards(template_db):
    from decklab.catalog.db import open_database

    database = open_database(str(template_db))
    try:
        return list_cards(database, game="ward")
    finally:
        database.dispose()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), file_format=st.sampled_from(["text", "json", "yaml"]))
def test_export_then_import_gives_the_same_deck(database, ward_cards, tmp_path, data, file_format):
    chosen = data.draw(st.lists(st.sampled_from(ward_cards), min_size=1, max_size=25, unique_by=lambda c: c.key))
    quantities = data.draw(st.lists(st.integers(1, 9), min_size=len(chosen), max_size=len(chosen)))
    fmt = data.draw(st.sampled_from(["official", "casual"]))
    name = data.draw(st.text(alphabet="abcdefghij ABC-'", min_size=1, max_size=20).map(str.strip).filter(bool))
    from decklab.catalog.cards import Deck

    original = Deck(name=name, game="ward", sections={"main": list(zip(chosen, quantities, strict=True))}, format=fmt)
    path = write(tmp_path / f"round.{ {'text': 'deck', 'json': 'json', 'yaml': 'yaml'}[file_format] }",
                 export_deck(original, file_format))
    assert read_deck_file(database, path) == original


def test_round_trip_through_the_database_keeps_sections(database):
    text = "game: 40k\nname: Orky\n3 Beastmen\n1 Exterminatus\n[reinforcements]\n2 Beastmen\n"
    deck = resolve(database, parse_decklist(text, source="o.deck"))
    save_deck(database, deck)
    assert get_deck(database, "ORKY") == deck
    assert export_deck(get_deck(database, "orky")) == text.replace("game: 40k", "game: wh40k")


# --- the commands -----------------------------------------------------------------------------

def test_deck_commands_happy_path(decklab, db_url, tmp_path):
    path = write(tmp_path / "bears.deck", BEARS)
    assert decklab("deck", "import", path).stdout == "Saved ward deck 'Bears' with 6 cards.\n"
    assert decklab("deck", "new", "Empty Ward", "--game", "ward", "--notes", "for testing").exit_code == 0
    assert json.loads(decklab("deck", "show", "Empty Ward", "--json").stdout)["notes"] == "for testing"
    assert decklab("deck", "add", "empty ward", "Ember Whelp", "2").exit_code == 0
    assert decklab("deck", "add", "Empty Ward", "ember whelp").stdout == "Empty Ward: 3 ember whelp now in main.\n"
    assert decklab("deck", "remove", "Empty Ward", "Ember Whelp", "2").exit_code == 0
    listed = json.loads(decklab("deck", "list", "--json").stdout)
    assert [(d["name"], d["cards"], d["legal"]) for d in listed] == [("Bears", 6, False), ("Empty Ward", 1, False)]
    shown = json.loads(decklab("deck", "show", "bears", "--json").stdout)
    assert shown["cards"] == 6 and shown["legal"] is False
    assert shown["sections"]["main"]["groups"]["creature"]["cards"] == 3
    assert shown["curve"] == {"field": "al", "counts": {"4": 3}}
    text = decklab("deck", "show", "Bears").stdout
    assert "creature (3)" in text and "Curve of AL" in text
    assert decklab("deck", "copy", "Bears", "Bears II").exit_code == 0
    exported = decklab("deck", "export", "Bears II").stdout
    assert exported == "game: ward\nname: Bears II\n3 Ember Whelp\n2 Firebolt\n1 Meteor Shard\n"
    out = tmp_path / "bears.json"
    assert decklab("deck", "export", "Bears", "--format", "json", "-o", out).exit_code == 0
    assert json.loads(out.read_text())["sections"]["main"][0] == {"name": "Ember Whelp", "quantity": 3}
    assert decklab("deck", "delete", "bears ii").stdout == "Deleted 'Bears II'.\n"
    assert [d["name"] for d in json.loads(decklab("deck", "list", "--json").stdout)] == ["Bears", "Empty Ward"]


def test_validate_a_saved_deck_and_a_file(decklab, db_url):
    decklab("deck", "import", "--samples")
    legal = decklab("deck", "validate", "Dragonfire Roost")
    assert legal.exit_code == 0 and "is a legal ward deck" in legal.stdout
    illegal = decklab("deck", "validate", "barrow host")
    assert illegal.exit_code == 1
    assert "ward.size" in illegal.stdout and "ward.copies" in illegal.stdout and "ward.banned" in illegal.stdout
    casual = json.loads(decklab("deck", "validate", "Barrow Host", "--format", "casual", "--json").stdout)
    assert sorted(e["rule"] for e in casual["errors"]) == ["ward.copies", "ward.size"]
    assert len(json.loads(decklab("deck", "list", "--json").stdout)) == 15


def assert_input_error(result, expected: str):
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert expected in lines[0], lines[0]


@pytest.mark.parametrize(("text", "expected"), [
    ("game: ward\n3 Embr Whelp\n", "'Embr Whelp' (line 2; did you mean 'Ember Whelp'?)"),
    ("game: ward\n0 Ember Whelp\n", "line 2 asks for 0 of Ember Whelp; a quantity is at least 1."),
    ("game: ward\n-2 Ember Whelp\n", "line 2 asks for -2 of Ember Whelp; a quantity is at least 1."),
    ("game: ward\n3 Ember Whelp\n[sideboard]\n1 Firebolt\n", "[sideboard] is not a section of a Ward deck"),
    ("game: ward\n3 Beastmen\n", "'Beastmen' (line 2; it is a Warhammer 40K Warfare card)"),
    ("game: pokemon\n3 Pikachu\n", "'pokemon' is not a known game"),
])
def test_validate_input_errors(decklab, db_url, tmp_path, text, expected):
    assert_input_error(decklab("deck", "validate", write(tmp_path / "bad.deck", text)), expected)


def test_deck_command_errors(decklab, db_url, tmp_path):
    decklab("deck", "new", "Mine", "--game", "ward")
    assert_input_error(decklab("deck", "new", "MINE", "--game", "ward"), "a deck called 'Mine' already exists")
    assert_input_error(decklab("deck", "show", "Mien"), "no deck is called 'Mien'; did you mean 'Mine'?")
    assert_input_error(decklab("deck", "validate", "Nothing Here"), "'Nothing Here' is neither a saved deck nor a "
                                                                    "decklist file")
    assert_input_error(decklab("deck", "add", "Mine", "Embr Whelp"), "no card is called 'Embr Whelp' in Ward")
    assert_input_error(decklab("deck", "add", "Mine", "Ember Whelp", "0"), "a quantity is at least 1, not 0.")
    assert_input_error(decklab("deck", "remove", "Mine", "Ember Whelp"), "Mine holds 0 Ember Whelp; cannot remove 1.")
    assert_input_error(decklab("deck", "add", "Mine", "Ember Whelp", "--section", "line"), "[line] is not a section of "
                                                                                           "a Ward deck")
    assert_input_error(decklab("deck", "export", "Mine", "--format", "pdf"), "'pdf' is not an export format")
    assert_input_error(decklab("deck", "validate", "Mine", "--format", "tournament"), "'tournament' is not a format")
    assert_input_error(decklab("deck", "import"), "give one decklist file to import, or --samples.")
    assert_input_error(decklab("deck", "import", tmp_path / "none.deck"), "no such file.")


def test_import_replace(decklab, db_url, tmp_path):
    path = write(tmp_path / "bears.deck", BEARS)
    decklab("deck", "import", path)
    assert_input_error(decklab("deck", "import", path), "a deck called 'Bears' already exists")
    write(path, BEARS + "1 Firebolt\n")
    assert decklab("deck", "import", path, "--replace").stdout == "Saved ward deck 'Bears' with 7 cards.\n"


def test_ward_cards_carry_their_banlist_status(decklab, db_url):
    shown = json.loads(decklab("catalog", "show", "Ossuary Rebirth", "--json").stdout)
    assert shown["banlist"] == "banned"
    assert json.loads(decklab("catalog", "show", "Ancient Library", "--json").stdout)["banlist"] == "limited"
    assert json.loads(decklab("catalog", "show", "Ember Whelp", "--json").stdout)["banlist"] is None
    listed = json.loads(decklab("catalog", "list", "--game", "ward", "--json").stdout)
    assert all("banlist" in card for card in listed)
    assert "banlist" not in json.loads(decklab("catalog", "show", "Beastmen", "--json").stdout)


def test_only_ward_sets_carry_a_banlist(database, tmp_path):
    from decklab.catalog.importer import import_files

    path = write(tmp_path / "b.yaml", "game: wentworth\nset: B\ncards:\n  - {name: Bx, type: potion, faction: mages, "
                                      "influence_cost: 1}\n"
                                      "banlist: {banned: [Bx]}\n")
    with pytest.raises(InputError, match="Wentworth: Guardians of the Realm sets have no banlist; only Ward sets carry "
                                         "one."):
        import_files(database, [path])


TOOL_PIECES = ["3 ", "2x ", "SB: ", "Deck", "Sideboard", "SIDEBOARD:", "// Sideboard", "Commander", "About", "Name ",
               "(WRD1)", " 42", " *F*", " *Q*", " [Burn]", " ^Have^", "Ember Whelp", "game: ward", "[line]", "#", "\n",
               "\n\n", " ", "(", ")", "*", "[", "]"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(TOOL_PIECES), st.text(max_size=6)), max_size=30))
def test_any_text_parses_or_is_one_input_error(pieces):
    text = "".join(pieces)
    try:
        parsed = parse_decklist(text, source="fuzz.txt")
    except InputError as exc:
        assert str(exc).startswith("fuzz.txt") or "fuzz.txt" in str(exc)
        return
    assert parsed.entries and all(entry.quantity >= 1 and entry.name.strip() == entry.name for entry in parsed.entries)
