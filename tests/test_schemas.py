"""Every card schema rule: a valid card passes, and each broken rule is refused with its reason."""

from __future__ import annotations

import pytest

from decklab.catalog.errors import InputError
from decklab.catalog.games import all_games
from decklab.catalog.setfiles import parse_set

VALID = {
    ("warcardz", "character"): {
        "name": "Ash Sergeant",
        "type": "character",
        "code": "WZ-001",
        "value": 5,
        "attack": 3,
        "defense": 1,
        "small_arms": 5,
        "directions": ["front", "left_front"],
        "position": "guard",
        "faction": "Resistance",
        "class": "Soldier",
    },
    ("warcardz", "tactics"): {
        "name": "Smoke Screen",
        "type": "tactics",
        "timing": "before-combat",
        "text": "Flip the attribute card.",
    },
    ("warcardz", "attribute"): {"name": "Gunline", "type": "attribute", "attribute": "small_arms", "frenzy": True},
    ("warcardz", "variable"): {
        "name": "Hold the Post",
        "type": "variable",
        "scope": "position",
        "subject": "post",
        "bonus": 2,
    },
    ("wh40k", "unit"): {
        "name": "Beastmen",
        "type": "unit",
        "faction": "Unaligned",
        "power": 50,
        "cp_cost": 0,
        "limit": 3,
        "keywords": ["Infantry", "Beast"],
    },
    ("wh40k", "order"): {
        "name": "Strategic Retreat",
        "type": "order",
        "faction": "Unaligned",
        "cp_cost": 1,
        "limit": 3,
    },
    ("wh40k", "event"): {"name": "Exterminatus", "type": "event", "faction": "Unaligned", "cp_cost": 3, "limit": 1},
    ("wh40k", "equipment"): {
        "name": "Emergency Shield Generator",
        "type": "equipment",
        "faction": "Unaligned",
        "cp_cost": 2,
        "limit": 1,
    },
    ("ward", "creature"): {
        "name": "Grizzly Bear",
        "type": "creature",
        "rarity": "common",
        "creature_type": "beast",
        "al": 5,
        "spd": 3,
        "hp": 40,
        "attack_name": "Maul",
        "attack_dice": 2,
        "modifier": 1,
    },
    ("ward", "magic"): {
        "name": "Backstab",
        "type": "magic",
        "rarity": "rare",
        "magic_type": "standard",
        "sub_type": "none",
    },
    ("wentworth", "guardian"): {
        "name": "Ember Drake",
        "type": "guardian",
        "faction": "Dragons",
        "influence_cost": 6,
        "roll_power": 3,
        "life": 12,
    },
    ("wentworth", "binding"): {
        "name": "Oath Chain",
        "type": "binding",
        "faction": "Humans",
        "influence_cost": 3,
        "bind_player": True,
    },
    ("wentworth", "potion"): {"name": "Quickdraught", "type": "potion", "faction": "Mages", "influence_cost": 2},
    ("wentworth", "environment"): {"name": "Bog Fog", "type": "environment", "faction": "Goblins", "influence_cost": 4},
    ("magewarfare", "creature"): {
        "name": "Dwarf",
        "type": "creature",
        "rarity": "common",
        "alignment": "neutral",
        "flesh_cost": 10,
        "class": "basic",
        "long": 0,
        "medium": 1,
        "close": 4,
        "defense": 8,
        "dexterity": 2,
    },
    ("magewarfare", "guard"): {
        "name": "Gatewarden",
        "type": "guard",
        "rarity": "uncommon",
        "alignment": "heroic",
        "flesh_cost": 30,
        "class": "advanced",
        "long": 0,
        "medium": 0,
        "close": 6,
        "defense": 20,
        "dexterity": 2,
    },
    ("magewarfare", "device"): {
        "name": "Longbow",
        "type": "device",
        "rarity": "common",
        "alignment": "neutral",
        "flesh_cost": 8,
        "class": "basic",
        "long": 4,
        "dexterity": 1,
        "device_kind": "regular",
    },
    ("magewarfare", "shield"): {
        "name": "Tower Shield",
        "type": "shield",
        "rarity": "rare",
        "alignment": "heroic",
        "flesh_cost": 15,
        "class": "basic",
        "defense": 12,
    },
    ("magewarfare", "spell"): {
        "name": "Fireball",
        "type": "spell",
        "rarity": "uncommon",
        "alignment": "evil",
        "flesh_cost": 20,
    },
    ("magewarfare", "hex"): {
        "name": "Oppression",
        "type": "hex",
        "rarity": "scarce",
        "alignment": "evil",
        "flesh_cost": 25,
    },
}


def load(game: str, card: dict):
    return parse_set({"game": game, "set": {"code": "T1", "name": "Test"}, "cards": [card]}, source="test.yaml")


@pytest.mark.parametrize(("game", "card_type"), list(VALID))
def test_valid_card_passes(game, card_type):
    parsed = load(game, VALID[(game, card_type)])
    assert parsed.cards[0]["type"] == card_type
    assert parsed.cards[0]["name"] == VALID[(game, card_type)]["name"]


# (game, type, change to the valid card, a fragment of the one-sentence error)
BROKEN = [
    ("warcardz", "character", {"value": None}, "field 'value' is missing"),
    ("warcardz", "character", {"value": 0}, "field 'value' should be at least 1, got 0"),
    ("warcardz", "character", {"value": 26}, "field 'value' should be at most 25"),
    ("warcardz", "character", {"value": "five"}, "field 'value' should be a whole number, got 'five'"),
    ("warcardz", "character", {"code": None}, "field 'code'"),
    ("warcardz", "character", {"attack": -1}, "field 'attack' should be at least 0"),
    ("warcardz", "character", {"directions": ["front", "up"]}, "field 'directions' item 2 should be one of"),
    ("warcardz", "character", {"directions": ["front", "front"]}, "'front' is listed twice"),
    ("warcardz", "character", {"directions": []}, "field 'directions' should be at least 1 item"),
    ("warcardz", "character", {"position": "rear"}, "field 'position' should be one of 'flank', 'guard' or 'post'"),
    ("warcardz", "character", {"class": ""}, "field 'class' should not be empty"),
    ("warcardz", "tactics", {"timing": "whenever"}, "field 'timing' should be one of 'before-combat' or 'instant'"),
    ("warcardz", "attribute", {"attribute": "magic"}, "field 'attribute' should be one of"),
    ("warcardz", "variable", {"scope": "position", "subject": "rear"}, "a position bonus names flank, guard or post"),
    ("warcardz", "variable", {"scope": "weather"}, "field 'scope' should be one of"),
    ("wh40k", "unit", {"power": None}, "field 'power'"),
    ("wh40k", "unit", {"limit": 0}, "field 'limit' should be at least 1, got 0"),
    ("wh40k", "order", {"faction": None}, "field 'faction'"),
    ("wh40k", "event", {"cp_cost": -2}, "field 'cp_cost' should be at least 0"),
    ("wh40k", "equipment", {"power": 10}, "'power' is not a field of a Warhammer 40K Warfare equipment"),
    ("ward", "creature", {"al": 13}, "field 'al' should be at most 12, got 13"),
    ("ward", "creature", {"al": 0}, "field 'al' should be at least 1"),
    ("ward", "creature", {"hp": 0}, "field 'hp' should be at least 1"),
    ("ward", "creature", {"attack_dice": 0}, "field 'attack_dice' should be at least 1"),
    ("ward", "creature", {"creature_type": "fish"}, "field 'creature_type' should be one of"),
    ("ward", "creature", {"rarity": "ultra"}, "field 'rarity' should be one of"),
    ("ward", "magic", {"magic_type": "quick"}, "field 'magic_type' should be one of 'standard', 'infinite' or "
                                               "'lightning'"),
    ("ward", "magic", {"sub_type": "aura"}, "field 'sub_type' should be one of 'field', 'equip' or 'none'"),
    ("wentworth", "guardian", {"roll_power": 0}, "field 'roll_power' should be at least 1"),
    ("wentworth", "guardian", {"life": 0}, "field 'life' should be at least 1"),
    ("wentworth", "guardian", {"faction": "Elves"}, "field 'faction' should be one of"),
    ("wentworth", "binding", {"bind_player": "maybe"}, "field 'bind_player' should be true or false"),
    ("wentworth", "potion", {"influence_cost": None}, "field 'influence_cost'"),
    ("magewarfare", "creature", {"rarity": "legendary"}, "field 'rarity' should be one of 'common', 'uncommon', 'rare' "
                                                         "or 'scarce'"),
    ("magewarfare", "creature", {"alignment": "chaotic"}, "field 'alignment' should be one of"),
    ("magewarfare", "guard", {"class": "elite"}, "field 'class' should be one of"),
    ("magewarfare", "device", {"device_kind": "trinket"}, "a trinket requires 0 dexterity"),
    ("magewarfare", "device", {"dexterity": 0}, "a trinket requires 0 dexterity"),
    ("magewarfare", "device", {"device_kind": "gadget"}, "field 'device_kind' should be one of"),
    ("magewarfare", "shield", {"defense": None}, "field 'defense'"),
    ("magewarfare", "spell", {"flesh_cost": -1}, "field 'flesh_cost' should be at least 0"),
    ("magewarfare", "hex", {"effects": [{"amount": 2}]}, "effect 1 has no 'effect' kind"),
]


@pytest.mark.parametrize(("game", "card_type", "change", "expected"), BROKEN,
                         ids=[f"{g}-{t}-{'-'.join(c)}" for g, t, c, _ in BROKEN])
def test_broken_rule_is_refused(game, card_type, change, expected):
    card = dict(VALID[(game, card_type)])
    for field, value in change.items():
        if value is None:
            card.pop(field, None)
        else:
            card[field] = value
    with pytest.raises(InputError) as caught:
        load(game, card)
    message = str(caught.value)
    assert expected in message
    assert message.startswith(f"test.yaml: card 1 '{card['name']}'")
    assert message.endswith(".")


def test_missing_field_is_named():
    card = dict(VALID[("ward", "creature")])
    del card["hp"]
    with pytest.raises(InputError, match=r"card 1 'Grizzly Bear': field 'hp' is missing\."):
        load("ward", card)


def test_misspelled_field_suggests_the_right_one():
    card = dict(VALID[("ward", "creature")])
    card["atack_dice"] = card.pop("attack_dice")
    with pytest.raises(InputError) as caught:
        load("ward", card)
    assert str(caught.value).startswith(
        "test.yaml: card 1 'Grizzly Bear': 'atack_dice' is not a field of a Ward creature (did you mean 'attack_dice'?)"
    )


def test_card_of_another_games_type_is_refused():
    with pytest.raises(InputError) as caught:
        load("ward", VALID[("wh40k", "unit")])
    assert str(caught.value) == (
        "test.yaml: card 1 'Beastmen' type 'unit' is not a Ward card type; expected one of creature, magic."
    )


def test_enumerations_match_case_insensitively_and_are_stored_lower_case():
    card = dict(VALID[("magewarfare", "device")], rarity="Common", alignment="NEUTRAL", device_kind="Regular")
    card["class"] = "Über"
    record = load("magewarfare", card).cards[0]
    assert (record["rarity"], record["alignment"], record["class"], record["device_kind"]) == (
        "common", "neutral", "uber", "regular")


def test_trinket_with_no_dexterity_is_valid():
    card = dict(VALID[("magewarfare", "device")], device_kind="trinket", dexterity=0)
    assert load("magewarfare", card).cards[0]["device_kind"] == "trinket"


def test_record_keeps_set_file_names():
    record = load("warcardz", VALID[("warcardz", "character")]).cards[0]
    assert record["class"] == "Soldier" and "class_" not in record
    assert list(record)[:2] == ["name", "type"]
    assert record["hand_to_hand"] == 0 and "flavor" not in record


def test_every_problem_is_counted_but_the_first_is_named():
    good = VALID[("ward", "creature")]
    cards = [dict(good, name=f"Bear {i}", al=20 if i % 2 else 5) for i in range(1, 6)]
    with pytest.raises(InputError) as caught:
        parse_set({"game": "ward", "set": {"code": "T1"}, "cards": cards}, source="bears.yaml")
    assert str(caught.value) == ("bears.yaml: card 1 'Bear 1': field 'al' should be at most 12, got 20 (2 more "
                                 "problems "
                                 "in this file).")


def test_duplicate_names_in_one_file_are_refused():
    card = VALID[("ward", "magic")]
    with pytest.raises(InputError, match="card 2 'backstab' has the same name as card 1"):
        parse_set(
            {"game": "ward", "set": {"code": "T1"}, "cards": [card, dict(card, name="backstab")]}, source="t.yaml"
        )


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_registry_card_types_match_the_schemas(game):
    assert tuple(game.card_models) == game.card_types
    assert all(model.card_type == card_type for card_type, model in game.card_models.items())


def test_the_registry_does_not_load_pydantic_schemas():
    import subprocess
    import sys

    code = ("import sys\nfrom decklab.catalog.games import all_games\nall_games()\n"
            "print(any(name.startswith('decklab.catalog.schemas') for name in sys.modules))")
    assert (
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
        == "False"
    )
