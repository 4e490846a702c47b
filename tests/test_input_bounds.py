"""Bounds and hostile input at the edge: card-set files, decklists and collection CSVs.

Every numeric card stat has a documented range, checked at import with the file, the line, the card and the
field; names and texts fit their database columns (the same check on SQLite and PostgreSQL) and hold no
control characters; hostile files (deep nesting, huge cells, endless or huge input, devices, pipes, folders,
undecodable bytes) and quantities past 2^31-1 are one sentence on stderr and exit 2, with nothing written.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import annotated_types
import pytest
import yaml

from conftest import write
from decklab.catalog.cards import MAX_QUANTITY
from decklab.catalog.games import all_games

DOCS = Path(__file__).resolve().parents[1] / "docs"
SAMPLES = Path(__file__).resolve().parents[1] / "catalog" / "sample_decks"


def assert_one_sentence(result, expected: str):
    """Exit 2, nothing on stdout, one line on stderr holding ``expected`` (a regular expression)."""
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert re.search(expected, lines[0]), lines[0]
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f]", lines[0]), lines[0]


def bear(**change) -> dict:
    card = {"name": "Big Bear", "type": "creature", "rarity": "common", "creature_type": "beast", "al": 5,
            "spd": 3, "hp": 40, "attack_name": "Maul", "attack_dice": 2}
    card.update(change)
    return card


def ward_yaml(tmp_path, *cards, name="big.yaml", code="BIG1") -> Path:
    document = {"game": "ward", "set": {"code": code, "name": "Big"}, "cards": list(cards)}
    return write(tmp_path / name, yaml.safe_dump(document, sort_keys=False, allow_unicode=True))


def catalog(decklab) -> str:
    return decklab("catalog", "list", "--json").stdout


def numeric_fields(game):
    """(card type, field, low, high) for every numeric field of every card type of ``game``."""
    for card_type, model in game.card_models.items():
        for name, info in model.model_fields.items():
            low = next((m.ge for m in info.metadata if isinstance(m, annotated_types.Ge)), None)
            high = next((m.le for m in info.metadata if isinstance(m, annotated_types.Le)), None)
            if low is not None or high is not None:
                yield card_type, info.alias or name, low, high


# --- A: a documented range for every numeric stat --------------------------------------------------------------


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_every_numeric_stat_has_a_range_documented_in_its_row(game):
    text = (DOCS / "card-sets.md").read_text(encoding="utf-8")
    section = text.split(f"(`{game.id}`")[1].split("\n## ")[0]
    fields = list(numeric_fields(game))
    assert fields
    for card_type, field, low, high in fields:
        assert low is not None and high is not None, (game.id, card_type, field)
        rows = [row for row in section.splitlines() if row.startswith("|") and f"`{field}`" in row
                and (card_type in row.split("|")[1] or "all" in row.split("|")[1])]
        assert any(f"{low:,} to {high:,}" in row for row in rows), (game.id, card_type, field, low, high)


@pytest.mark.parametrize(("value", "expected"), [
    ("1e26", "field 'spd' should be a whole number, got 1e\\+26"),
    ("100", "field 'spd' should be at most 99, got 100"),
    ("-1", "field 'spd' should be at least 0, got -1"),
    ("3.5", "field 'spd' should be a whole number, got 3.5"),
    ("3.0", "field 'spd' should be a whole number, got 3.0"),
    (".nan", "field 'spd' should be a whole number, got nan"),
    (".inf", "field 'spd' should be a whole number, got inf"),
    ("true", "field 'spd' should be a whole number, got True"),
    ("9223372036854775808", "field 'spd' should be at most 99, got 9223372036854775808"),
])
def test_a_stat_outside_its_range_names_file_line_card_and_field(decklab, db_url, tmp_path, value, expected):
    before = catalog(decklab)
    path = write(tmp_path / "big.yaml", "game: ward\nset: {code: BIG1, name: Big}\ncards:\n"
                                        "  - name: Small Bear\n    type: creature\n    rarity: common\n"
                                        "    creature_type: beast\n    al: 5\n    spd: 3\n    hp: 40\n"
                                        "    attack_name: Maul\n    attack_dice: 2\n"
                                        "  - name: Big Bear\n    type: creature\n    rarity: common\n"
                                        "    creature_type: beast\n    al: 5\n"
                                        f"    spd: {value}\n"
                                        "    hp: 40\n    attack_name: Maul\n    attack_dice: 2\n")
    assert_one_sentence(decklab("catalog", "import", path), f"^decklab: big.yaml: line 18: card 2 'Big Bear': "
                                                            f"{expected}\\.$")
    assert catalog(decklab) == before


def test_effect_numbers_are_bounded(decklab, db_url, tmp_path):
    path = ward_yaml(tmp_path, bear(effects=[{"effect": "heal", "amount": 1e26}]))
    assert_one_sentence(decklab("catalog", "import", path),
                        r"line 17: card 1 'Big Bear': field 'effects' item 1\.amount should be a whole number from "
                        r"-200 to 200, got 1e\+26\.")


def test_the_line_is_given_for_csv_rows_and_json_cards(decklab, db_url, tmp_path):
    csv_path = write(tmp_path / "big.csv", "name,type,rarity,creature_type,al,spd,hp,attack_name,attack_dice\n"
                                           "Small Bear,creature,common,beast,5,3,40,Maul,2\n"
                                           "\n"
                                           "Big Bear,creature,common,beast,5,1e26,40,Maul,2\n")
    assert_one_sentence(decklab("catalog", "import", csv_path, "--game", "ward", "--set", "BIG1"),
                        r"^decklab: big.csv: line 4: card 2 'Big Bear': field 'spd' should be a whole number, got "
                        r"'1e26'\.$")
    document = {"game": "ward", "set": "BIG1", "cards": [bear(name="Small Bear"), bear(spd=10**26)]}
    json_path = write(tmp_path / "big.json", json.dumps(document, indent=1))
    expected_line = next(number for number, line in enumerate(json_path.read_text().splitlines(), start=1)
                         if '"spd": 100000000000000000000000000' in line)
    assert_one_sentence(decklab("catalog", "import", json_path),
                        rf"^decklab: big.json: line {expected_line}: card 2 'Big Bear': field 'spd' should be at most "
                        rf"99")


def test_the_engines_play_cards_at_the_top_of_every_range(decklab, db_url, tmp_path):
    """Every starter card with every numeric stat at its maximum: a match of the sample decks plays out."""
    from decklab.catalog.sets import starter_set_paths

    paths = []
    for path in starter_set_paths():
        document = yaml.safe_load(path.read_text(encoding="utf-8"))
        game = next(g for g in all_games() if g.id == document["game"])
        ranges = {(card_type, field): high for card_type, field, _, high in numeric_fields(game)}
        for card in document["cards"]:
            for (card_type, field), high in ranges.items():
                if card_type == card["type"] and not (field == "dexterity" and card.get("device_kind") == "trinket"):
                    card[field] = high
        paths.append(write(tmp_path / path.name, yaml.safe_dump(document, sort_keys=False, allow_unicode=True)))
    assert decklab("catalog", "import", *paths).exit_code == 0
    for game in all_games():
        result = decklab("sim", "match", SAMPLES / f"{game.id}-1.deck", SAMPLES / f"{game.id}-2.deck", "-n", "2",
                         "--workers", "1", "--allow-illegal", "--json")
        assert result.exit_code == 0, (game.id, result.stderr)
        assert json.loads(result.stdout)["games"] == 2


# --- B: text within the columns, no control characters ---------------------------------------------------------


@pytest.mark.parametrize(("change", "expected"), [
    ({"name": "Big\x1b[31m Bear"}, r"card 1 'Big\\x1b\[31m Bear': field 'name' contains ESC \(U\+001B\); names and "
                                   r"text may not hold control characters\."),
    ({"name": "Big\tBear"}, r"field 'name' contains tab \(U\+0009\)"),
    ({"text": "Ring\x07"}, r"card 1 'Big Bear': field 'text' contains BEL \(U\+0007\)"),
    ({"text": "Nul\x00here"}, r"field 'text' contains NUL \(U\+0000\)"),
    ({"flavor": "a\x9bb"}, r"field 'flavor' contains a control character \(U\+009B\)"),
    ({"attack_name": "Maul\x7f"}, r"field 'attack_name' contains DEL \(U\+007F\)"),
    ({"effects": [{"effect": "heal", "target": "th\x1bis"}]}, r"field 'effects' item 1\.target contains ESC"),
    ({"name": "B" * 121}, r"field 'name' should be at most 120 characters"),
    ({"name": "ß" * 61}, r"field 'name': in lower case the name has more than 120 characters"),
    ({"text": "x" * 10_001}, r"field 'text' should be at most 10,000 characters"),
])
def test_names_and_texts_are_refused_the_same_on_every_backend(decklab, db_url, tmp_path, change, expected):
    before = catalog(decklab)
    assert_one_sentence(decklab("catalog", "import", ward_yaml(tmp_path, bear(**change))), expected)
    assert catalog(decklab) == before


def test_a_faction_and_a_set_code_longer_than_their_columns_are_refused(decklab, db_url, tmp_path):
    unit = {"name": "Long Unit", "type": "unit", "faction": "F" * 65, "cp_cost": 1, "limit": 1, "power": 10}
    path = write(tmp_path / "units.yaml", yaml.safe_dump({"game": "wh40k", "set": "U1", "cards": [unit]}))
    assert_one_sentence(decklab("catalog", "import", path), r"field 'faction' should be at most 64 characters")
    assert_one_sentence(decklab("catalog", "import", ward_yaml(tmp_path, bear(), code="C" * 65)),
                        r"the set's code has 65 characters; it may have at most 64\.")
    assert_one_sentence(decklab("catalog", "import", ward_yaml(tmp_path, bear(), code="C\x1b1")),
                        r"the set's code contains ESC")


def test_rules_text_may_hold_line_breaks_and_tabs(decklab, db_url, tmp_path):
    path = ward_yaml(tmp_path, bear(text="First line.\n\tSecond line."))
    assert decklab("catalog", "import", path).exit_code == 0
    assert decklab("catalog", "show", "Big Bear", "--json").exit_code == 0


# --- C: hostile files -------------------------------------------------------------------------------------------


def test_deeply_nested_json_and_yaml_are_one_sentence(decklab, db_url, tmp_path):
    deep_json = write(tmp_path / "deep.json", "[" * 100_000 + "]" * 100_000)
    assert_one_sentence(decklab("catalog", "import", deep_json), r"deep.json nests lists and mappings more than 32 "
                                                                 r"levels")
    assert_one_sentence(decklab("deck", "validate", deep_json), r"deep.json nests lists and mappings more than 32 "
                                                                r"levels")
    nested = {"effect": "heal", "deep": 1}
    for _ in range(40):
        nested = {"deep": nested}
    medium = ward_yaml(tmp_path, bear(effects=[nested]), name="medium.yaml")
    assert_one_sentence(decklab("catalog", "import", medium), r"field 'effects' item 1\.deep nests lists and mappings")
    deep_yaml = write(tmp_path / "deep.yaml", "[" * 100_000 + "]" * 100_000)
    assert_one_sentence(decklab("catalog", "import", deep_yaml), r"deep.yaml cannot be read at line 1, column \d+: "
                                                                 r".*nesting")
    assert_one_sentence(decklab("deck", "validate", deep_yaml), r"deep.yaml cannot be read at line 1")


def test_a_csv_cell_over_the_field_limit_names_its_line(decklab, db_url, tmp_path):
    huge = "x" * 140_000
    cards = write(tmp_path / "huge.csv", f"name,type\nA,creature\n\"{huge}\",creature\n")
    assert_one_sentence(decklab("catalog", "import", cards, "--game", "ward", "--set", "H1"),
                        r"^decklab: huge.csv: line 3 has a cell longer than 131,072 characters")
    owned = write(tmp_path / "owned.csv", f"game,name,quantity\nward,Ember Whelp,1\nward,Ember Whelp,1,\"{huge}\"\n")
    assert_one_sentence(decklab("collection", "import", owned), r"^decklab: owned.csv: line 3 has a cell longer")


def test_a_csv_with_a_byte_order_mark_is_read(decklab, db_url, tmp_path):
    owned = tmp_path / "excel.csv"
    owned.write_bytes(b"\xef\xbb\xbfgame,name,quantity\r\nward,Ember Whelp,2\r\n")
    result = decklab("collection", "import", owned)
    assert result.exit_code == 0, result.stderr
    cards = tmp_path / "excelset.csv"
    cards.write_bytes("\ufeffname,type,rarity,creature_type,al,spd,hp,attack_name,attack_dice\r\n"
                      "Bom Bear,creature,common,beast,5,3,40,Maul,2\r\n".encode())
    result = decklab("catalog", "import", cards, "--game", "ward", "--set", "BOM1")
    assert result.exit_code == 0, result.stderr
    assert decklab("catalog", "show", "Bom Bear").exit_code == 0


@pytest.mark.parametrize("command", [("catalog", "import"), ("deck", "import"), ("collection", "import")])
def test_endless_huge_and_special_files_are_refused(decklab, db_url, tmp_path, command):
    what = {"catalog": "a set file", "deck": "a decklist", "collection": "a collection file"}[command[0]]
    assert_one_sentence(decklab(*command, "/dev/zero"),
                        rf"cannot read /dev/zero: it is not a regular file \(a device, pipe or socket\), so not "
                        rf"{what}\.")
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    assert_one_sentence(decklab(*command, fifo), r"pipe.yaml: it is not a regular file")
    folder = tmp_path / "folder.yaml"
    folder.mkdir()
    assert_one_sentence(decklab(*command, folder), rf"folder.yaml: it is a folder, not {what}\.")
    huge = tmp_path / "huge.yaml"
    with huge.open("wb") as file:
        file.truncate(64 * 2**20 + 1)  # sparse: no disk used
    assert_one_sentence(decklab(*command, huge), rf"huge.yaml: it is larger than 64 MiB, the most decklab reads from "
                                                 rf"{what}\.")


@pytest.mark.parametrize("command", [("catalog", "import"), ("deck", "validate"), ("collection", "import")])
def test_undecodable_bytes_are_named_by_offset(decklab, db_url, tmp_path, command):
    path = tmp_path / "latin1.yaml"
    path.write_bytes(b"game: ward\nname: Caf\xe9\n")
    assert_one_sentence(decklab(*command, path), r"latin1.yaml: it is not UTF-8 text \(byte 0xE9 at offset 20, line "
                                                 r"2\)\.")


@pytest.mark.parametrize(("document", "expected"), [
    ({"game": "ward", "name": 123, "sections": {"main": [{"name": "Ember Whelp", "quantity": 3}]}},
     r"the deck's 'name' should be text, not a number\."),
    ({"game": ["ward"], "sections": {"main": [{"name": "Ember Whelp", "quantity": 3}]}},
     r"the deck's 'game' should be text, not a list\."),
    ({"game": "ward", "name": "a\x1bb", "sections": {"main": [{"name": "Ember Whelp", "quantity": 3}]}},
     r"the deck's name contains ESC"),
    ({"game": "ward", "sections": {"main": 5}}, r"section main should be a list of cards with quantities, not a "
                                                r"number\."),
    ({"game": "ward", "sections": {"main": [{"name": "Ember Whelp", "quantity": 2**63}]}},
     r"Ember Whelp has quantity 9223372036854775808; a quantity is at most 2,147,483,647\."),
    ({"game": "ward", "sections": {"main": [{"name": "Ember Whelp", "quantity": 3.0}]}},
     r"Ember Whelp has quantity 3.0; a quantity is a whole number\."),
])
@pytest.mark.parametrize("suffix", [".json", ".yaml"])
def test_deck_files_with_bad_headers_or_entries_are_one_sentence(decklab, db_url, tmp_path, document, expected, suffix):
    text = json.dumps(document) if suffix == ".json" else yaml.safe_dump(document)
    path = write(tmp_path / f"deck{suffix}", text)
    assert_one_sentence(decklab("deck", "import", path), expected)
    assert decklab("deck", "list", "--json").stdout.count('"name"') == 0


# --- D: quantities in files -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "expected"), [
    ("9223372036854775808 Ember Whelp\n", r"line 2 asks for 9223372036854775808 of Ember Whelp; a quantity is at most "
                                          r"2,147,483,647\."),
    (f"{'9' * 5000} Ember Whelp\n", r"line 2 asks for a number of 5,000 digits of Ember Whelp; a quantity is at most"),
    ("0 Ember Whelp\n", r"line 2 asks for 0 of Ember Whelp; a quantity is at least 1\."),
    (f"{MAX_QUANTITY} Ember Whelp\n1 ember whelp\n", r"line 3 brings the copies of ember whelp to more than "
                                                     r"2,147,483,647"),
    ("3 Ember\x1b[2J Whelp\n", r"line 2 contains ESC \(U\+001B\)"),
    ("name: Bad\x07Deck\n3 Ember Whelp\n", r"line 2 contains BEL"),
    (f"3 {'W' * 121}\n", r"line 2: the card's name has 121 characters; it may have at most 120\."),
    (f"name: {'D' * 201}\n3 Ember Whelp\n", r"line 2: the deck's name has 201 characters; it may have at most 200\."),
])
def test_decklist_quantities_and_names_are_bounded(decklab, db_url, tmp_path, text, expected):
    path = write(tmp_path / "bad.deck", "game: ward\n" + text)
    assert_one_sentence(decklab("deck", "import", path), rf"^decklab: bad.deck: {expected}")
    assert_one_sentence(decklab("collection", "import", path), rf"^decklab: bad.deck: {expected}")


@pytest.mark.parametrize(("row", "expected"), [
    ("ward,Ember Whelp,9223372036854775808", r"line 2: the quantity is 9223372036854775808; it must be at most "
                                             r"2,147,483,647\."),
    ("ward,Ember Whelp,0", r"line 2: the quantity is 0; it must be at least 1\."),
    (f"ward,Ember Whelp,{'9' * 5000}", r"line 2: the quantity is a number of 5,000 digits; it must be at most"),
    ("ward,Ember Whelp,2**63", r"line 2: the quantity '2\*\*63' is not a whole number\."),
    ("ward,Ember\x1bWhelp,1", r"line 2: the name contains ESC"),
    (f"ward,Ember Whelp,1,{'c' * 33}", r"line 2: the condition has 33 characters; it may have at most 32\."),
])
def test_collection_csv_quantities_and_cells_are_bounded(decklab, db_url, tmp_path, row, expected):
    before = decklab("collection", "list", "--json").stdout
    path = write(tmp_path / "owned.csv", f"game,name,quantity,condition\n{row}\n")
    assert_one_sentence(decklab("collection", "import", path), rf"^decklab: owned.csv: {expected}")
    assert decklab("collection", "list", "--json").stdout == before


@pytest.mark.parametrize(("name", "expected"), [
    ("Bad\x1b[31mDeck", r"^decklab: the deck's name contains ESC \(U\+001B\); names and text may not hold control"),
    ("D" * 201, r"^decklab: the deck's name has 201 characters; it may have at most 200\.$"),
    ("ß" * 101, r"^decklab: the deck's name has more than 200 characters in lower case"),
])
def test_deck_names_fit_their_column_on_every_backend(decklab, db_url, name, expected):
    assert_one_sentence(decklab("deck", "new", name, "--game", "ward"), expected)
    assert name not in decklab("deck", "list", "--json").stdout
