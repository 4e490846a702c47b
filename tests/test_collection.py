"""The collection: atomic quantity changes, files in and out, and what decks need."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import write
from decklab.catalog import collection
from decklab.catalog.collection import Variant
from decklab.catalog.errors import InputError


def assert_input_error(result, expected: str):
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert expected in lines[0], lines[0]


def owned_json(decklab) -> dict:
    return json.loads(decklab("collection", "list", "--json").stdout)


def test_add_remove_set_and_list(decklab, db_url):
    assert decklab("collection", "add", "ember whelp", "2").stdout == "You own 2 Ember Whelp (ward).\n"
    assert decklab("collection", "add", "Ember Whelp").stdout == "You own 3 Ember Whelp (ward).\n"
    assert decklab("collection", "add", "Ember Whelp", "1", "--finish", "Foil", "--condition", "mint").exit_code == 0
    assert decklab("collection", "remove", "Ember Whelp", "2").stdout == "You own 1 Ember Whelp (ward).\n"
    assert decklab("collection", "set", "Beastmen", "3").stdout == "You own 3 Beastmen (wh40k).\n"
    listed = owned_json(decklab)
    assert listed["total"] == 5 and listed["distinct"] == 2
    whelps = [(i["quantity"], i["finish"], i["condition"]) for i in listed["items"] if i["name"] == "Ember Whelp"]
    assert whelps == [(1, "", ""), (1, "Foil", "mint")]
    assert [
        i["name"] for i in json.loads(decklab("collection", "list", "--game", "40k", "--json").stdout)["items"]
    ] == ["Beastmen"]
    assert json.loads(decklab("collection", "list", "--type", "unit", "--game", "wh40k", "--json").stdout)["total"] == 3
    assert json.loads(decklab("collection", "list", "--faction", "unaligned", "--json").stdout)["total"] == 3
    assert json.loads(decklab("collection", "list", "--set", "WRD1", "--json").stdout)["total"] == 2
    assert decklab("collection", "set", "Beastmen", "0").exit_code == 0
    assert owned_json(decklab)["total"] == 2
    assert "2 cards, 1 distinct" in decklab("collection", "list").stdout


def test_errors_change_nothing(decklab, db_url, tmp_path):
    decklab("collection", "add", "Ember Whelp", "2")
    before = owned_json(decklab)
    assert_input_error(decklab("collection", "add", "Embr Whelp"), "no card is called 'Embr Whelp'; did you mean "
                                                                   "'Ember Whelp'")
    assert_input_error(decklab("collection", "remove", "Ember Whelp", "3"), "you own 2 Ember Whelp; cannot remove 3.")
    assert_input_error(decklab("collection", "remove", "Ember Whelp", "1", "--finish", "foil"),
                       "you own 0 Ember Whelp (foil); cannot remove 1.")
    assert_input_error(decklab("collection", "add", "Ember Whelp", "0"), "a quantity is at least 1, not 0.")
    assert_input_error(
        decklab("collection", "set", "--", "Ember Whelp", "-1"), "a quantity cannot be negative, not -1."
    )
    no_quantity = write(tmp_path / "noq.csv", "game,name\nward,Ember Whelp\n")
    assert_input_error(decklab("collection", "import", no_quantity), "the header has no quantity column")
    rows = "".join(f"ward,Ember Whelp,{1 if i != 37 else 'many'}\n" for i in range(2, 60))
    bad = write(tmp_path / "bad.csv", "game,name,quantity\n" + rows)
    assert_input_error(decklab("collection", "import", bad), "bad.csv: line 37: the quantity 'many' is not a whole "
                                                             "number.")
    unknown = write(tmp_path / "unknown.csv", "game,name,quantity\nward,Ember Whelp,1\nward,Grizzly Baer,1\n")
    assert_input_error(
        decklab("collection", "import", unknown), "unknown.csv: line 3: no card is called 'Grizzly Baer'"
    )
    zero = write(tmp_path / "zero.csv", "game,name,quantity\nward,Ember Whelp,0\n")
    assert_input_error(decklab("collection", "import", zero), "line 2: the quantity is 0; it must be at least 1.")
    assert owned_json(decklab) == before


def test_csv_import_reports_and_ignores_unknown_columns(decklab, db_url, tmp_path):
    path = write(tmp_path / "mine.csv", "quantity,Name,game,binder_colour,location\n3,Ember Whelp,ward,red,Binder 1\n"
                                        "2,Beastmen,40k,blue,\n")
    result = decklab("collection", "import", path)
    assert result.exit_code == 0
    assert result.stderr.strip() == "Ignored the unknown column binder_colour."
    assert result.stdout == "Added 5 copies from 2 rows.\n"
    items = owned_json(decklab)["items"]
    assert {(i["name"], i["quantity"], i["location"]) for i in items} == {
        ("Ember Whelp", 3, "Binder 1"),
        ("Beastmen", 2, ""),
    }


def test_decklist_import_means_i_own_these(decklab, db_url):
    from decklab.catalog.sample_decks import sample_deck_paths

    path = next(p for p in sample_deck_paths() if p.name == "warcardz-1.deck")
    result = decklab("collection", "import", path)
    assert result.exit_code == 0
    assert owned_json(decklab)["total"] == 13  # 10 characters + 3 tactics; the [line] picks from them


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_csv_export_then_import_gives_the_same_collection(database, tmp_path, data):
    from decklab.catalog.store import list_cards

    cards = list_cards(database, game="wentworth")[:40] + list_cards(database, game="ward")[:20]
    chosen = data.draw(st.lists(st.sampled_from(cards), min_size=1, max_size=15, unique_by=lambda c: (c.game, c.key)))
    text = st.text(alphabet="abc XYZ,\"'é", max_size=8)
    for card in chosen:
        variant = Variant.of(condition=data.draw(text), finish=data.draw(st.sampled_from(["", "foil"])),
                             language=data.draw(st.sampled_from(["", "en", "de"])), location=data.draw(text))
        collection.add(database, card.name, data.draw(st.integers(1, 50)), game=card.game, variant=variant,
                       notes=data.draw(text))
    before = collection.list_items(database)
    path = write(tmp_path / "export.csv", collection.export_csv(database))
    collection.import_file(database, path, replace=True)
    assert collection.list_items(database) == before
    collection.import_file(database, path, replace=True)
    assert collection.list_items(database) == before
    collection.set_quantity(database, chosen[0].name, 0, game=chosen[0].game, variant=Variant())
    for item in collection.list_items(database):
        collection.set_quantity(
            database,
            item["name"],
            0,
            game=item["game"],
            variant=Variant.of(**{k: item[k] for k in ("condition", "finish", "language", "location")}),
        )
    assert collection.list_items(database) == []


def test_export_to_a_file_and_by_game(decklab, db_url, tmp_path):
    decklab("collection", "add", "Ember Whelp", "2")
    decklab("collection", "add", "Beastmen", "1")
    out = tmp_path / "ward.csv"
    assert decklab("collection", "export", out, "--game", "ward").exit_code == 0
    assert out.read_text() == "game,name,quantity,condition,finish,language,location,notes\nward,Ember Whelp,2,,,,,\n"


def test_two_processes_adding_at_once_lose_nothing(db_url):
    script = (
        "import sys\n"
        "from decklab.catalog.db import open_database\n"
        "from decklab.catalog import collection\n"
        "db = open_database(sys.argv[1])\n"
        "for _ in range(200):\n"
        "    collection.add(db, 'Ember Whelp', 1, game='ward')\n"
    )
    workers = [subprocess.Popen([sys.executable, "-c", script, str(db_url)], stderr=subprocess.PIPE, text=True)
               for _ in range(2)]
    errors = [worker.communicate(timeout=300)[1] for worker in workers]
    assert [worker.returncode for worker in workers] == [0, 0], errors
    assert errors == ["", ""]
    from decklab.catalog.db import open_database

    database = open_database(str(db_url))
    try:
        assert [(i["name"], i["quantity"]) for i in collection.list_items(database)] == [("Ember Whelp", 400)]
    finally:
        database.dispose()


def test_have_need_with_built_decks_reserving_cards(decklab, db_url, tmp_path):
    first = write(tmp_path / "a.deck", "game: ward\nname: Alpha\n3 Ember Whelp\n2 Firebolt\n")
    second = write(tmp_path / "b.deck", "game: ward\nname: Beta\n2 Ember Whelp\n1 Scorchling\n")
    decklab("deck", "import", first)
    decklab("deck", "import", second)
    decklab("collection", "add", "Ember Whelp", "4")
    decklab("collection", "add", "Firebolt", "2")

    alpha = json.loads(decklab("deck", "missing", "Alpha", "--json").stdout)
    assert alpha["cards"] == [{"name": "Ember Whelp", "needed": 3, "owned": 4, "short": 0},
                              {"name": "Firebolt", "needed": 2, "owned": 2, "short": 0}]
    assert (alpha["needed"], alpha["short"]) == (5, 0)
    beta = json.loads(decklab("deck", "missing", "Beta", "--json").stdout)
    assert beta["short"] == 1 and beta["cards"][1] == {"name": "Scorchling", "needed": 1, "owned": 0, "short": 1}
    buildable = {row["deck"]: row for row in json.loads(decklab("collection", "buildable", "--json").stdout)}
    assert buildable["Alpha"]["buildable"] and not buildable["Beta"]["buildable"]

    assert decklab("deck", "build", "Alpha").stdout == "Built 'Alpha': 5 cards reserved.\n"
    beta = json.loads(decklab("deck", "missing", "Beta", "--json").stdout)
    assert beta["cards"][0] == {"name": "Ember Whelp", "needed": 2, "owned": 1, "short": 1}
    assert beta["short"] == 2
    buildable = {row["deck"]: row for row in json.loads(decklab("collection", "buildable", "--json").stdout)}
    assert buildable["Alpha"]["built"] and buildable["Beta"]["short"] == 2
    decklab("collection", "add", "Scorchling", "1")
    assert_input_error(decklab("deck", "build", "Beta"), "cannot build 'Beta': 1 cards short (1 Ember Whelp).")
    assert_input_error(decklab("deck", "build", "Alpha"), "'Alpha' is built already.")

    assert decklab("deck", "unbuild", "Alpha").stdout == "Unbuilt 'Alpha'.\n"
    assert json.loads(decklab("deck", "missing", "Beta", "--json").stdout)["short"] == 0
    assert decklab("deck", "build", "Beta").exit_code == 0
    assert json.loads(decklab("deck", "missing", "Alpha", "--json").stdout)["short"] == 1
    assert_input_error(decklab("deck", "unbuild", "Alpha"), "'Alpha' is not built.")
    assert "Beta (built)" in decklab("deck", "missing", "Beta").stdout


def test_stats_per_game_and_set_completion(decklab, db_url):
    decklab("collection", "add", "Ember Whelp", "3")
    decklab("collection", "add", "Firebolt", "1", "--finish", "foil")
    decklab("collection", "add", "Firebolt", "1")
    stats = json.loads(decklab("collection", "stats", "--json").stdout)
    ward = [g for g in stats["games"] if g["game"] == "ward"][0]
    assert (ward["cards"], ward["distinct"]) == (5, 2)
    wrd1 = [s for s in stats["sets"] if s["set"] == "WRD1"][0]
    assert wrd1["owned"] == 2 and wrd1["percent"] == round(100 * 2 / wrd1["cards"], 1)
    assert stats["total"] == {"cards": 5, "distinct": 2}
    assert "Completion per set" in decklab("collection", "stats").stdout


def test_library_refuses_below_zero(database):
    with pytest.raises(InputError, match="you own 0 Ember Whelp; cannot remove 1."):
        collection.remove(database, "Ember Whelp", game="ward")


def test_several_processes_adding_and_removing_at_once_keep_exact_totals(db_url):
    """A shared collection: two players add and two remove the same cards at the same time."""
    from decklab.catalog.db import open_database

    database = open_database(db_url)
    collection.add(database, "Ember Whelp", 400, game="ward")
    database.dispose()
    script = (
        "import sys\n"
        "from decklab.catalog.db import open_database\n"
        "from decklab.catalog import collection\n"
        "db = open_database(sys.argv[1])\n"
        "change = collection.add if sys.argv[2] == 'add' else collection.remove\n"
        "for _ in range(150):\n"
        "    change(db, 'Ember Whelp', 1, game='ward')\n"
        "    collection.add(db, 'Firebolt', 1, game='ward')\n"
    )
    workers = [subprocess.Popen([sys.executable, "-c", script, db_url, role], stderr=subprocess.PIPE, text=True)
               for role in ("add", "remove", "add", "remove")]
    errors = [worker.communicate(timeout=600)[1] for worker in workers]
    assert [worker.returncode for worker in workers] == [0, 0, 0, 0], errors
    assert errors == ["", "", "", ""]
    database = open_database(db_url)
    try:
        totals = {i["name"]: i["quantity"] for i in collection.list_items(database)}
        assert totals == {"Ember Whelp": 400, "Firebolt": 600}
    finally:
        database.dispose()


def test_typed_variants_and_notes_are_bounded_and_free_of_control_characters(decklab, db_url):
    too_long = decklab("collection", "add", "Ember Whelp", "1", "--location", "x" * 300)
    assert_input_error(too_long, "the location has 300 characters; it may have at most 120.")
    assert_input_error(decklab("collection", "add", "Ember Whelp", "1", "--notes", "a\x1bb"),
                       "the notes contains ESC (U+001B); names and text may not hold control characters.")
    assert decklab("collection", "add", "Ember Whelp", "1", "--location", "Binder 1", "--notes", "ok").exit_code == 0
