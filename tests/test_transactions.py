"""Reservations never exceed what is owned; quantities stay within MAX_QUANTITY; --game matches a saved deck.

Built decks reserve copies. `deck build` checks and reserves in one write transaction, so builds competing for
the same copies at the same time (threads and real processes, many trials) reserve at most what is owned; a
`collection remove`/`set`/`import --replace` that would leave a built deck short is refused naming the deck,
or with --unbuild unbuilds it and says so; adding to a built deck cannot reserve copies nobody owns.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import threading

import pytest

from conftest import write
from decklab.catalog import collection, decks
from decklab.catalog.cards import MAX_QUANTITY
from decklab.catalog.db import open_database
from decklab.catalog.errors import InputError

DECKLAB = shutil.which("decklab") or "decklab"


def assert_one_sentence(result, expected: str, code: int = 2):
    assert result.exit_code == code, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert expected in lines[0], lines[0]


def owned_json(decklab) -> dict:
    return json.loads(decklab("collection", "list", "--json").stdout)


def built(decklab) -> set[str]:
    return {row["deck"] for row in json.loads(decklab("collection", "buildable", "--json").stdout) if row["built"]}


def whelp_deck(database, name: str, copies: int = 3, card: str = "Ember Whelp") -> None:
    decks.new_deck(database, name, game="ward")
    decks.add_card(database, name, card, copies)


def reserved_within_owned(database) -> bool:
    with database.engine.connect() as conn:
        return collection.shortages(conn) == {}


# --- builds at the same time ------------------------------------------------------------------


def test_builds_at_the_same_time_never_reserve_more_than_is_owned(database, db_url):
    """Four threads, each with its own connection pool, build four decks that each need the 3 copies owned."""
    collection.add(database, "Ember Whelp", 3, game="ward")
    names = [f"Whelps {n}" for n in range(4)]
    for name in names:
        whelp_deck(database, name)
    handles = [open_database(db_url) for _ in names]
    try:
        for trial in range(15):
            barrier = threading.Barrier(len(names))
            outcomes: dict[str, str] = {}

            def build(name: str, handle, barrier: threading.Barrier, outcomes: dict[str, str]) -> None:
                barrier.wait()
                try:
                    collection.build(handle, name)
                    outcomes[name] = "built"
                except InputError as exc:
                    outcomes[name] = str(exc)

            threads = [threading.Thread(target=build, args=(name, handle, barrier, outcomes))
                       for name, handle in zip(names, handles, strict=True)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(timeout=120)
            winners = [name for name, outcome in outcomes.items() if outcome == "built"]
            assert len(winners) == 1, (trial, outcomes)
            assert all("cards short (3 Ember Whelp)" in outcomes[name] for name in names if name not in winners), (
                outcomes
            )
            assert reserved_within_owned(database)
            collection.unbuild(database, winners[0])
    finally:
        for handle in handles:
            handle.dispose()


def test_a_build_and_a_remove_at_the_same_time_leave_the_build_covered(database, db_url):
    collection.add(database, "Ember Whelp", 3, game="ward")
    whelp_deck(database, "Solo")
    builder, remover = open_database(db_url), open_database(db_url)
    try:
        for trial in range(15):
            barrier = threading.Barrier(2)
            outcomes: dict[str, str] = {}

            def run(kind: str, action, barrier: threading.Barrier, outcomes: dict[str, str]) -> None:
                barrier.wait()
                try:
                    action()
                    outcomes[kind] = "done"
                except InputError as exc:
                    outcomes[kind] = str(exc)

            threads = [threading.Thread(target=run, args=("build", lambda: collection.build(builder, "Solo"), barrier,
                                                          outcomes)),
                       threading.Thread(target=run, args=("remove", lambda: collection.remove(
                           remover, "Ember Whelp", 1, game="ward"), barrier, outcomes))]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(timeout=120)
            assert sorted(outcomes.values()).count("done") == 1, (trial, outcomes)
            assert reserved_within_owned(database)
            if outcomes["build"] == "done":
                assert "would leave the built deck 'Solo' short of 1 Ember Whelp" in outcomes["remove"]
                collection.unbuild(database, "Solo")
            else:
                collection.add(database, "Ember Whelp", 1, game="ward")
    finally:
        builder.dispose()
        remover.dispose()


def test_decklab_processes_building_at_once_reserve_at_most_what_is_owned(database, db_url):
    """The real command: three `decklab deck build` processes at once, twice."""
    collection.add(database, "Ember Whelp", 3, game="ward")
    names = [f"Process {n}" for n in range(3)]
    for name in names:
        whelp_deck(database, name)
    env = {**os.environ, "DECKLAB_DATABASE_URL": db_url}
    for _trial in range(2):
        processes = [subprocess.Popen([DECKLAB, "deck", "build", name], env=env, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True) for name in names]
        results = [(process.wait(timeout=120), *process.communicate()) for process in processes]
        assert sorted(code for code, _, _ in results) == [0, 2, 2], results
        assert all("Traceback" not in err for _, _, err in results)
        assert reserved_within_owned(database)
        winner = names[[code for code, _, _ in results].index(0)]
        collection.unbuild(database, winner)


# --- changes that would leave a built deck short ----------------------------------------------


@pytest.fixture
def solo(decklab, db_url):
    """'Solo' needs 3 Ember Whelp and is built; 3 are owned."""
    decklab("collection", "add", "Ember Whelp", "3")
    decklab("deck", "new", "Solo", "--game", "ward")
    decklab("deck", "add", "Solo", "Ember Whelp", "3")
    assert decklab("deck", "build", "Solo").exit_code == 0
    return db_url


def test_removing_copies_a_built_deck_needs_is_refused_naming_the_deck(decklab, solo):
    before = owned_json(decklab)
    assert_one_sentence(decklab("collection", "remove", "Ember Whelp", "3"),
                        "removing 3 Ember Whelp would leave the built deck 'Solo' short of 3 Ember Whelp; "
                        "unbuild it first ('decklab deck unbuild') or pass --unbuild.")
    assert_one_sentence(decklab("collection", "set", "Ember Whelp", "1"),
                        "setting Ember Whelp to 1 would leave the built deck 'Solo' short of 2 Ember Whelp")
    assert owned_json(decklab) == before and built(decklab) == {"Solo"}


def test_with_unbuild_the_decks_left_short_are_unbuilt_and_named(decklab, solo):
    decklab("deck", "new", "Duo", "--game", "ward")
    decklab("deck", "add", "Duo", "Firebolt", "1")
    decklab("collection", "add", "Firebolt", "1")
    assert decklab("deck", "build", "Duo").exit_code == 0
    result = decklab("collection", "remove", "Ember Whelp", "1", "--unbuild")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "You own 2 Ember Whelp (ward).\nUnbuilt 'Solo': your collection no longer covers it.\n"
    assert built(decklab) == {"Duo"}
    assert decklab("collection", "set", "Firebolt", "0", "--unbuild").stdout.endswith(
        "Unbuilt 'Duo': your collection no longer covers it.\n")
    assert built(decklab) == set()


def test_importing_a_collection_in_place_of_the_old_one_keeps_built_decks_covered(decklab, solo, tmp_path):
    smaller = write(tmp_path / "smaller.csv", "game,name,quantity\nward,Ember Whelp,1\nward,Firebolt,4\n")
    before = owned_json(decklab)
    assert_one_sentence(decklab("collection", "import", smaller, "--replace"),
                        "replacing your collection with smaller.csv would leave the built deck 'Solo' short of "
                        "2 Ember Whelp")
    assert owned_json(decklab) == before
    assert decklab("collection", "import", smaller).exit_code == 0  # adding never leaves a deck short
    result = decklab("collection", "import", smaller, "--replace", "--unbuild")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.endswith("Unbuilt 'Solo': your collection no longer covers it.\n")
    assert {i["name"]: i["quantity"] for i in owned_json(decklab)["items"]} == {"Ember Whelp": 1, "Firebolt": 4}
    assert built(decklab) == set()


def test_replacing_a_built_deck_keeps_it_built_only_while_the_collection_covers_it(decklab, solo, database, tmp_path):
    same = write(tmp_path / "solo.deck", "game: ward\nname: Solo\n2 Ember Whelp\n")
    assert decklab("deck", "import", same, "--replace").exit_code == 0
    assert built(decklab) == {"Solo"}
    bigger = write(tmp_path / "bigger.deck", "game: ward\nname: Solo\n3 Ember Whelp\n1 Firebolt\n")
    assert_one_sentence(decklab("deck", "import", bigger, "--replace"),
                        "replacing the built deck 'Solo' would leave the built deck 'Solo' short of 1 Firebolt; "
                        "unbuild it first ('decklab deck unbuild') or pass --unbuild.")
    assert decks.get_deck(database, "Solo").size() == 2
    result = decklab("deck", "import", bigger, "--replace", "--unbuild")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.endswith("Unbuilt 'Solo': your collection no longer covers it.\n")
    assert built(decklab) == set() and decks.get_deck(database, "Solo").size() == 4


def test_the_deck_built_last_is_the_one_left_short(database):
    collection.add(database, "Ember Whelp", 5, game="ward")
    whelp_deck(database, "First", 3)
    whelp_deck(database, "Second", 2)
    collection.build(database, "First")
    collection.build(database, "Second")
    with pytest.raises(InputError, match="the built deck 'Second' short of 1 Ember Whelp;"):
        collection.remove(database, "Ember Whelp", 1, game="ward")
    change = collection.remove(database, "Ember Whelp", 3, game="ward", unbuild=True)
    assert change.unbuilt == ("First", "Second") and change.total == 2


def test_adding_to_a_built_deck_cannot_reserve_copies_nobody_owns(decklab, solo, database):
    assert_one_sentence(decklab("deck", "add", "Solo", "Ember Whelp", "1"),
                        "'Solo' is built and you own 3 Ember Whelp, not enough to add 1 more beside what built "
                        "decks reserve; add copies to your collection or unbuild the deck first.")
    assert_one_sentence(decklab("deck", "add", "Solo", "Firebolt", "1"), "'Solo' is built and you own 0 Firebolt")
    assert decks.get_deck(database, "Solo").size() == 3
    decklab("collection", "add", "Ember Whelp", "1")
    assert decklab("deck", "add", "Solo", "Ember Whelp", "1").exit_code == 0
    assert decklab("deck", "remove", "Solo", "Ember Whelp", "2").exit_code == 0  # taking out only frees copies
    assert json.loads(decklab("deck", "missing", "Solo", "--json").stdout)["short"] == 0


# --- quantity bounds --------------------------------------------------------------------------


def test_quantities_stop_at_the_maximum_on_every_command(decklab, db_url, tmp_path):
    big = str(2**63)
    assert decklab("collection", "add", "Ember Whelp", str(MAX_QUANTITY)).stdout == \
        f"You own {MAX_QUANTITY} Ember Whelp (ward).\n"
    assert_one_sentence(decklab("collection", "add", "Ember Whelp", "1"),
                        "you own 2,147,483,647 Ember Whelp; adding 1 would pass 2,147,483,647, the most copies "
                        "decklab counts.")
    for command in (
        ("collection", "add", "Firebolt", big),
        ("collection", "remove", "Ember Whelp", big),
        ("collection", "set", "Ember Whelp", big),
        ("collection", "set", "Ember Whelp", str(MAX_QUANTITY + 1)),
    ):
        assert_one_sentence(decklab(*command), "a quantity is at most 2,147,483,647, not ")
    items = owned_json(decklab)["items"]
    assert [(i["name"], i["quantity"]) for i in items] == [("Ember Whelp", MAX_QUANTITY)]
    assert isinstance(items[0]["quantity"], int)

    decklab("deck", "new", "Huge", "--game", "ward")
    assert_one_sentence(decklab("deck", "add", "Huge", "Firebolt", big), "a quantity is at most 2,147,483,647")
    assert_one_sentence(decklab("deck", "remove", "Huge", "Firebolt", big), "a quantity is at most 2,147,483,647")
    assert decklab("deck", "add", "Huge", "Firebolt", str(MAX_QUANTITY)).exit_code == 0
    assert_one_sentence(decklab("deck", "add", "Huge", "Firebolt", "1"),
                        "Huge holds 2,147,483,647 Firebolt; adding 1 would pass 2,147,483,647")

    more = write(tmp_path / "more.csv", "game,name,quantity\nward,Ember Whelp,1\n")
    assert_one_sentence(decklab("collection", "import", more), "more.csv: you own 2,147,483,647 Ember Whelp; adding 1")
    twice = write(tmp_path / "twice.csv", f"game,name,quantity\nward,Firebolt,{MAX_QUANTITY}\nward,Firebolt,1\n")
    assert_one_sentence(decklab("collection", "import", twice),
                        "twice.csv: its rows of Firebolt add up to 2,147,483,648 copies; the most decklab counts is "
                        "2,147,483,647.")
    assert [(i["name"], i["quantity"]) for i in owned_json(decklab)["items"]] == [("Ember Whelp", MAX_QUANTITY)]


# --- --game and saved decks -------------------------------------------------------------------


def test_game_must_match_a_saved_decks_game(decklab, db_url):
    assert decklab("deck", "import", "--samples").exit_code == 0
    assert_one_sentence(decklab("deck", "validate", "Dragonfire Roost", "--game", "wh40k"),
                        "'Dragonfire Roost' is a Ward deck, not a Warhammer 40K Warfare one; leave out --game, or "
                        "give the right game.")
    assert decklab("deck", "validate", "Dragonfire Roost", "--game", "ward").exit_code == 0
    assert_one_sentence(decklab("deck", "validate", "Dragonfire Roost", "--game", "chess"), "chess")
