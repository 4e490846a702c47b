"""Finding cards: case-insensitive names, close matches, search and filters."""

from __future__ import annotations

import pytest
import yaml

from conftest import write
from decklab.catalog.errors import InputError
from decklab.catalog.importer import import_files
from decklab.catalog.store import find_card, list_cards, search_cards

CARDS = {
    "game": "wentworth", "set": {"code": "LK1", "name": "Lookup"},
    "cards": [
        {"name": "Xeltharion Drake", "type": "guardian", "faction": "dragons", "influence_cost": 6, "roll_power": 3,
         "life": 12, "text": "Deals 2 damage to the defending player when it attacks; rub with oil."},
        {"name": "Qorvath Goblin", "type": "guardian", "faction": "goblins", "influence_cost": 2, "roll_power": 1,
         "life": 4, "text": "Opponents' rolls against it get -1."},
        {"name": "Xeltharion Oil", "type": "potion", "faction": "dragons", "influence_cost": 2, "text": "Heal 3 life."},
    ],
}


@pytest.fixture
def looked_up(database, tmp_path):
    import_files(database, [write(tmp_path / "lk.yaml", yaml.safe_dump(CARDS))])
    return database


@pytest.mark.parametrize(
    "spelling", ["Xeltharion Drake", "xeltharion drake", "XELTHARION DRAKE", "  xElThArIoN dRaKe "]
)
def test_names_match_case_insensitively(looked_up, spelling):
    assert find_card(looked_up, spelling).name == "Xeltharion Drake"


def test_unknown_name_suggests_close_matches(looked_up):
    with pytest.raises(InputError) as caught:
        find_card(looked_up, "Xeltarion Drake", game="wentworth")
    assert str(caught.value).startswith(
        "no card is called 'Xeltarion Drake' in Wentworth: Guardians of the Realm; did you mean 'Xeltharion Drake'")


def test_search_finds_names_first_then_rules_text(looked_up):
    found = [c.name for c in search_cards(looked_up, "OIL", game="wentworth") if c.set_code == "LK1"]
    assert found == ["Xeltharion Oil", "Xeltharion Drake"]
    in_text = [
        c.name for c in search_cards(looked_up, "defending player when", game="wentworth") if c.set_code == "LK1"
    ]
    assert in_text == ["Xeltharion Drake"]


def test_search_treats_wildcards_literally(looked_up):
    assert search_cards(looked_up, "%", game="wentworth") == []


def test_filters_by_type_faction_and_set(looked_up):
    assert [c.name for c in list_cards(looked_up, game="wentworth", set_code="lk1", card_type="guardian")] == [
        "Qorvath Goblin", "Xeltharion Drake"]
    assert [c.name for c in list_cards(looked_up, set_code="LK1", faction="Dragons")] == [
        "Xeltharion Drake",
        "Xeltharion Oil",
    ]


def test_type_of_another_game_is_an_input_error(looked_up):
    with pytest.raises(InputError, match="'unit' is not a Wentworth: Guardians of the Realm card type"):
        list_cards(looked_up, game="wentworth", card_type="unit")


def test_game_aliases(looked_up):
    assert list_cards(looked_up, game="40K") == list_cards(looked_up, game="wh40k")
