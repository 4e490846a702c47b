"""The bundled starter sets: loaded into every new database, and big enough to build real decks."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from decklab.catalog.games import all_games
from decklab.catalog.setfiles import read_set_file
from decklab.catalog.sets import starter_set_paths

DOCS = Path(__file__).resolve().parents[1] / "docs" / "games"
SETS = {parsed.game.id: parsed for parsed in (read_set_file(path) for path in starter_set_paths())}


def cards(game: str, card_type: str | None = None) -> list[dict]:
    return [c for c in SETS[game].cards if card_type is None or c["type"] == card_type]


def by_key(game: str) -> dict[str, dict]:
    return {c["name"].casefold(): c for c in SETS[game].cards}


def test_every_game_has_one_starter_set():
    assert sorted(SETS) == sorted(game.id for game in all_games())


def test_fresh_database_lists_each_set(decklab, empty_db, backend):
    if backend == "postgresql":
        assert decklab("db", "upgrade").exit_code == 0
    for game, parsed in SETS.items():
        result = decklab("catalog", "list", "--game", game, "--json")
        assert result.exit_code == 0, result.stderr
        listed = json.loads(result.stdout)
        assert len(listed) == len(parsed.cards)
        assert {card["set"] for card in listed} == {parsed.code}


@pytest.mark.parametrize("game", sorted(SETS))
def test_every_effect_kind_is_in_the_games_vocabulary(game):
    doc = (DOCS / f"{game}.md").read_text(encoding="utf-8")
    vocabulary = set(re.findall(r"^\| `([a-z_]+)` \|", doc, flags=re.M))
    used = {entry["effect"] for card in SETS[game].cards for entry in card.get("effects", [])}
    assert used, f"{game} has no structured effects"
    assert used <= vocabulary, f"undocumented effect kinds: {sorted(used - vocabulary)}"


@pytest.mark.parametrize("game", sorted(SETS))
def test_cards_with_rules_text_have_effects_or_keywords(game):
    missing = [c["name"] for c in SETS[game].cards
               if c.get("text") and not c.get("effects") and not c.get("keywords") and not c.get("device_kind")
               and c["type"] not in ("attribute",)]
    assert len(missing) <= 5, missing


def test_warcardz_minimums():
    characters = cards("warcardz", "character")
    assert len(characters) >= 36
    factions = Counter(c["faction"] for c in characters)
    assert len(factions) >= 4 and {"Resistance", "New Tek"} <= set(factions)
    assert len({c["class"] for c in characters}) >= 6
    values = [c["value"] for c in characters]
    assert set(values) == set(range(1, 10))
    reachable = {(0, 0)}
    for value in values:
        reachable |= {(k + 1, total + value) for k, total in reachable if k < 5}
    assert (5, 25) in reachable, "no starting line of exactly 25"
    for attribute in ("hand_to_hand", "small_arms", "heavy_weapons", "energy", "explosive", "frenzy"):
        assert sum(1 for c in characters if c[attribute] > 0) >= 3, attribute
    assert {d for c in characters for d in c["directions"]} == {
        "front", "left_front", "right_front", "left", "right", "aft"}
    assert {c["position"] for c in characters} == {"flank", "guard", "post"}
    assert len({c["code"] for c in characters}) == len(characters)
    tactics = cards("warcardz", "tactics")
    assert len(tactics) >= 12 and {t["timing"] for t in tactics} == {"before-combat", "instant"}
    attributes = cards("warcardz", "attribute")
    assert len(attributes) >= 10
    assert {a["attribute"] for a in attributes} == {
        "hand_to_hand",
        "small_arms",
        "heavy_weapons",
        "energy",
        "explosive",
    }
    assert any(a["frenzy"] for a in attributes)
    variables = cards("warcardz", "variable")
    assert len(variables) >= 8 and {v["scope"] for v in variables} == {"class", "faction", "position"}


def test_wh40k_unaligned_cards_are_as_printed():
    known = by_key("wh40k")
    beastmen = known["beastmen"]
    assert (beastmen["type"], beastmen["power"], beastmen["cp_cost"], beastmen["faction"], beastmen["keywords"],
            beastmen["limit"]) == ("unit", 50, 0, "Unaligned", ["Infantry", "Beast"], 3)
    printed = {
        "exterminatus": ("event", "Destroyed every Unit on the battlefield and every active card.", 3, 1),
        "strategic retreat": ("order", "Select one Unit you control; that Unit is returned to your hand.", 1, 3),
        "emergency shield generator": ("equipment", "Equip to one Character Unit you control. The first time that "
                                       "Unit would be destroyed during the War phase, it is not destroyed.", 2, 1),
    }
    for key, (card_type, text, cp_cost, limit) in printed.items():
        card = known[key]
        assert (card["type"], card["text"], card["cp_cost"], card["limit"], card["faction"]) == (
            card_type, text, cp_cost, limit, "Unaligned")
    assert sorted(c["name"] for c in cards("wh40k") if c["faction"] == "Unaligned") == [
        "Beastmen", "Emergency Shield Generator", "Exterminatus", "Strategic Retreat"]


def test_wh40k_factions_can_each_field_an_army_with_reinforcements():
    unaligned = [c for c in cards("wh40k") if c["faction"] == "Unaligned"]
    factions = Counter(c["faction"] for c in cards("wh40k") if c["faction"] != "Unaligned")
    assert len(factions) >= 3
    for faction, count in factions.items():
        own = [c for c in cards("wh40k") if c["faction"] == faction]
        assert count >= 22, faction
        assert {c["type"] for c in own} == {"unit", "order", "event", "equipment"}, faction
        pool = own + unaligned
        assert all(1 <= c["limit"] <= 3 for c in pool)
        assert sum(c["limit"] for c in pool) >= 59, faction
        assert sum(c["limit"] for c in pool if c["type"] == "unit") >= 9, faction
        assert all(c.get("keywords") for c in own), faction
        assert len({c["power"] for c in own if c["type"] == "unit"}) >= 5, faction


def test_ward_minimums():
    creatures = cards("ward", "creature")
    assert len(creatures) >= 36
    assert {c["creature_type"] for c in creatures} == {
        "beast", "bug", "cosmic", "demon", "dragon", "elemental", "humanoid", "dinosaur", "undead", "mechanical"}
    levels = {c["al"] for c in creatures}
    assert levels == set(range(1, 13))
    assert {c["rarity"] for c in cards("ward")} == {
        "common",
        "uncommon",
        "rare",
        "epic",
        "legendary",
        "mythic",
        "promo",
    }
    for stat in ("spd", "hp", "attack_dice", "modifier"):
        assert len({c[stat] for c in creatures}) >= 3, stat
    magics = cards("ward", "magic")
    assert len(magics) >= 45
    assert {m["magic_type"] for m in magics} == {"standard", "infinite", "lightning"}
    assert {m["sub_type"] for m in magics} == {"field", "equip", "none"}
    banlist = SETS["ward"].banlist
    assert len(banlist["banned"]) >= 2 and len(banlist["limited"]) >= 3


def test_wentworth_minimums():
    all_cards = cards("wentworth")
    assert len(all_cards) >= 230
    assert {"dragons", "goblins", "humans", "mages"} <= {c["faction"] for c in all_cards}
    assert {c["type"] for c in all_cards} == {"guardian", "binding", "potion", "environment"}
    assert {g["roll_power"] for g in cards("wentworth", "guardian")} == {1, 2, 3, 4}
    assert any(b["bind_player"] for b in cards("wentworth", "binding"))


def test_magewarfare_minimums():
    fighters = cards("magewarfare", "creature") + cards("magewarfare", "guard")
    assert len(fighters) >= 36
    assert {f["class"] for f in fighters} == {"basic", "advanced", "uber"}
    assert {f["alignment"] for f in fighters} == {"evil", "neutral", "heroic"}
    assert {f["rarity"] for f in fighters} == {"common", "uncommon", "rare", "scarce"}
    armory = cards("magewarfare", "device") + cards("magewarfare", "shield")
    assert len(armory) >= 24
    assert {"trinket", "regular", "sharable", "complex"} <= {d["device_kind"] for d in cards("magewarfare", "device")}
    assert {d["class"] for d in armory} == {"basic", "advanced", "uber"}
    assert len(cards("magewarfare", "spell") + cards("magewarfare", "hex")) >= 14
