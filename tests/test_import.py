"""Importing set files: all or nothing, idempotent, in place; YAML, JSON and CSV."""

from __future__ import annotations

import json

import pytest
import yaml

from conftest import write
from decklab.catalog.errors import InputError
from decklab.catalog.importer import import_files
from decklab.catalog.store import find_card, list_cards, list_sets


def bear(i: int, **change) -> dict:
    card = {"name": f"Test Bear {i}", "type": "creature", "rarity": "common", "creature_type": "beast",
            "al": 1 + i % 12, "spd": 3, "hp": 40, "attack_name": "Maul", "attack_dice": 2, "modifier": 1,
            "text": f"Bear number {i}."}
    card.update(change)
    return card


def set_file(tmp_path, cards, name="bears.yaml", code="BEAR1", **extra):
    document = {"game": "ward", "set": {"code": code, "name": "Bears"}, "cards": cards, **extra}
    return write(tmp_path / name, yaml.safe_dump(document, sort_keys=False))


def counts(database):
    return len(list_cards(database)), len(list_sets(database))


def test_file_whose_500th_card_is_bad_leaves_the_database_unchanged(database, tmp_path):
    before = counts(database)
    cards = [bear(i) for i in range(1, 1001)]
    cards[499]["hp"] = "lots"
    path = set_file(tmp_path, cards)
    with pytest.raises(InputError) as caught:
        import_files(database, [path])
    assert str(caught.value) == ("bears.yaml: line 5501: card 500 'Test Bear 500': field 'hp' should be a whole "
                                 "number, got 'lots'.")
    assert counts(database) == before


def test_a_bad_second_file_leaves_the_first_unwritten(database, tmp_path):
    before = counts(database)
    good = set_file(tmp_path, [bear(1)], name="good.yaml")
    bad = set_file(tmp_path, [bear(2, al=99)], name="bad.yaml", code="BEAR2")
    with pytest.raises(InputError, match="bad.yaml: line 10: card 1"):
        import_files(database, [good, bad])
    assert counts(database) == before


def test_reimport_is_idempotent_and_updates_in_place(database, tmp_path):
    path = set_file(tmp_path, [bear(i) for i in range(1, 4)])
    first = import_files(database, [path])
    assert first.totals == {"added": 3, "updated": 0, "unchanged": 0}
    ids_before = {c.name: c for c in list_cards(database, set_code="BEAR1")}
    again = import_files(database, [path])
    assert again.totals == {"added": 0, "updated": 0, "unchanged": 3}
    set_file(tmp_path, [bear(1, hp=99), bear(2), bear(3), bear(4)])
    changed = import_files(database, [path])
    assert changed.totals == {"added": 1, "updated": 1, "unchanged": 2}
    after = list_cards(database, set_code="BEAR1")
    assert len(after) == 4 and len(ids_before) == 3
    assert find_card(database, "test bear 1")["hp"] == 99
    assert [s["cards"] for s in list_sets(database, game="ward") if s["code"] == "BEAR1"] == [4]


def test_reimport_keeps_row_ids(database, tmp_path):
    from sqlalchemy import text

    path = set_file(tmp_path, [bear(1), bear(2)])
    import_files(database, [path])
    query = text("SELECT name, id FROM card WHERE name LIKE 'Test Bear%' ORDER BY name")
    with database.engine.connect() as conn:
        before = conn.execute(query).all()
    set_file(tmp_path, [bear(1, hp=10), bear(2, hp=20)])
    import_files(database, [path])
    with database.engine.connect() as conn:
        assert conn.execute(query).all() == before


def test_json_set_file(database, tmp_path):
    path = write(
        tmp_path / "bears.json", json.dumps({"game": "ward", "set": {"code": "J1", "name": "J"}, "cards": [bear(7)]})
    )
    assert import_files(database, [path]).totals["added"] == 1
    assert find_card(database, "Test Bear 7", game="ward").set_code == "J1"


def test_csv_set_file_with_list_and_effect_cells(database, tmp_path):
    path = write(tmp_path / "squad.csv", (
        "game,set,set_name,name,type,code,value,attack,defense,small_arms,directions,position,faction,class,effects\n"
        'warcardz,CSV1,CSV Squad,Csv Rifleman,character,CSV-1,4,2,2,3,front; left_front,flank,Resistance,Soldier,\n'
        'warcardz,CSV1,CSV Squad,Csv Medic,character,CSV-2,3,1,3,,front,guard,Resistance,Medic,"[{""effect"": '
        '""heal""}]"\n'
    ))
    report = import_files(database, [path])
    assert report.sets[0]["name"] == "CSV Squad" and report.totals["added"] == 2
    rifleman = find_card(database, "csv rifleman")
    assert rifleman["directions"] == ["front", "left_front"] and rifleman["value"] == 4
    assert find_card(database, "Csv Medic").effects[0]["effect"] == "heal"


def test_csv_without_set_needs_the_option(database, tmp_path):
    path = write(tmp_path / "one.csv", "name,type,faction,influence_cost\nLone Potion,potion,mages,2\n")
    with pytest.raises(InputError, match="one.csv: say which set"):
        import_files(database, [path], game="wentworth")
    assert import_files(database, [path], game="wentworth", set_code="ONE").totals["added"] == 1


def test_same_card_in_two_files_of_one_import_is_refused(database, tmp_path):
    a = set_file(tmp_path, [bear(1)], name="a.yaml", code="A")
    b = set_file(tmp_path, [bear(1)], name="b.yaml", code="B")
    with pytest.raises(InputError, match="b.yaml and a.yaml both hold the Ward card 'test bear 1'"):
        import_files(database, [a, b])


def test_banlist_is_stored_with_the_set(database, tmp_path):
    path = set_file(tmp_path, [bear(1), bear(2)], banlist={"banned": ["test bear 1"], "limited": ["Test Bear 2"]})
    import_files(database, [path])
    stored = [s for s in list_sets(database) if s["code"] == "BEAR1"][0]["banlist"]
    assert stored == {"banned": ["Test Bear 1"], "limited": ["Test Bear 2"]}


def test_banlist_naming_an_unknown_card_is_refused(database, tmp_path):
    path = set_file(tmp_path, [bear(1)], banlist={"banned": ["Test Bare 1"]})
    with pytest.raises(InputError, match="the banlist names 'Test Bare 1', which is not a card of this set \\(did you "
                                         "mean 'Test Bear 1'\\?\\)"):
        import_files(database, [path])


@pytest.mark.parametrize(("content", "expected"), [
    ("", "empty.yaml is empty; a set file needs game, set and cards."),
    ("- 1\n- 2\n", "empty.yaml should hold a mapping with game, set and cards, not a list."),
    ("game: ward\nset: {code: X}\ncards: [\n", "empty.yaml is not valid YAML at line 4, column 1"),
    ("game: pokemon\nset: X\ncards: [{name: A, type: b}]\n", "empty.yaml: 'pokemon' is not a known game; the games are "
                                                             "warcardz, wh40k, ward, wentworth, magewarfare."),
    ("set: X\ncards: [{name: A, type: b}]\n", "empty.yaml does not say which game it is for"),
    ("game: ward\nset: X\ncrads: []\n", "empty.yaml: 'crads' is not a set-file key (did you mean 'cards'?)"),
    ("game: ward\nset: X\ncards: []\n", "empty.yaml has no cards"),
    ("game: ward\ncards: [{name: A}]\n", "empty.yaml: 'set:' should give the set's code and name"),
    ("game: ward\nset: X\ncards: [{name: A}]\n", "empty.yaml: line 3: card 1 'A' has no type; expected one of "
                                                 "creature, magic."),
    ("game: ward\nset: X\ncards: [7]\n", "empty.yaml: line 3: card 1 is not a mapping of fields."),
])
def test_bad_files_are_refused_with_one_sentence(database, tmp_path, content, expected):
    path = write(tmp_path / "empty.yaml", content)
    with pytest.raises(InputError) as caught:
        import_files(database, [path])
    assert str(caught.value).startswith(expected)
    assert "\n" not in str(caught.value)


def test_unknown_extension_and_missing_file(database, tmp_path):
    with pytest.raises(InputError, match=r"cannot read .*nope.yaml: no such file\."):
        import_files(database, [tmp_path / "nope.yaml"])
    path = write(tmp_path / "cards.txt", "x")
    with pytest.raises(InputError, match="decklab reads set files ending in .yaml, .yml, .json or .csv, not '.txt'"):
        import_files(database, [path])
