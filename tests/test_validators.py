"""Every deck rule at its boundary, on plain cards (no database)."""

from __future__ import annotations

import pytest

from decklab.catalog.cards import Card, Deck
from decklab.validators import validate


def card(game: str, name: str, card_type: str, **fields) -> Card:
    return Card(game=game, name=name, type=card_type, set_code="T", fields={"name": name, "type": card_type, **fields})


def deck(game: str, main, fmt: str = "official", **sections) -> Deck:
    return Deck(name="Test", game=game, sections={"main": main, **sections}, format=fmt)


def rules(report) -> list[str]:
    return [v.rule for v in report.errors]


def many(game: str, prefix: str, card_type: str, n: int, quantity: int = 1, **fields):
    return [(card(game, f"{prefix} {i}", card_type, **fields), quantity) for i in range(n)]


# --- Ward -------------------------------------------------------------------------------------

def ward_deck(total: int, *, creatures: int = 10, extra=(), fmt: str = "official") -> Deck:
    entries = many("ward", "Beast", "creature", creatures) + many("ward", "Spell", "magic", total - creatures)
    return deck("ward", entries + list(extra), fmt)


@pytest.mark.parametrize(("size", "legal"), [(29, False), (30, True), (31, False)])
def test_ward_size(size, legal):
    report = validate(ward_deck(size))
    assert report.is_legal is legal
    if not legal:
        assert rules(report) == ["ward.size"]
        assert report.errors[0].count == size and report.errors[0].limit == 30
        assert report.errors[0].message == f"The deck has {size} cards; a Ward deck has exactly 30."


@pytest.mark.parametrize(("copies", "legal"), [(3, True), (4, False)])
def test_ward_copies(copies, legal):
    bear = card("ward", "Grizzly Bear", "creature")
    report = validate(ward_deck(30 - copies, creatures=9, extra=[(bear, copies)]))
    assert rules(report) == ([] if legal else ["ward.copies"])
    if not legal:
        assert report.errors[0].cards == ("Grizzly Bear",)
        assert report.errors[0].message == "4 copies of Grizzly Bear; a deck holds at most 3."


@pytest.mark.parametrize(("status", "copies", "fmt", "expected"), [
    ("banned", 1, "official", ["ward.banned"]),
    ("banned", 1, "casual", []),
    ("limited", 1, "official", []),
    ("limited", 2, "official", ["ward.limited"]),
    ("limited", 2, "casual", []),
])
def test_ward_banlist_in_official_and_casual(status, copies, fmt, expected):
    listed = card("ward", "Forbidden Rite", "magic", banlist=status)
    report = validate(ward_deck(30 - copies, extra=[(listed, copies)], fmt=fmt))
    assert rules(report) == expected
    assert report.format == fmt


def test_format_argument_overrides_the_decks_format():
    listed = card("ward", "Forbidden Rite", "magic", banlist="banned")
    official = ward_deck(29, extra=[(listed, 1)])
    assert rules(validate(official)) == ["ward.banned"]
    assert rules(validate(official, format="casual")) == []


@pytest.mark.parametrize(("creatures", "warnings"), [
    (0, ["ward.magics", "ward.no-creature"]), (7, ["ward.creatures", "ward.magics"]), (8, []), (12, []),
    (13, ["ward.creatures", "ward.magics"]),
])
def test_ward_balance_warnings_never_make_a_deck_illegal(creatures, warnings):
    report = validate(ward_deck(30, creatures=creatures))
    assert report.is_legal
    assert [w.rule for w in report.warnings] == warnings


# --- Wentworth --------------------------------------------------------------------------------

@pytest.mark.parametrize(("size", "legal"), [(99, False), (100, True), (101, False)])
def test_wentworth_size(size, legal):
    report = validate(deck("wentworth", many("wentworth", "Guardian", "guardian", size)))
    assert rules(report) == ([] if legal else ["wentworth.size"])


def test_wentworth_one_duplicate():
    entries = many("wentworth", "Guardian", "guardian", 99) + [(card("wentworth", "Guardian 0", "guardian"), 1)]
    report = validate(deck("wentworth", entries))
    assert rules(report) == ["wentworth.singleton"]
    assert report.errors[0].cards == ("Guardian 0",) and report.errors[0].count == 2 and report.errors[0].limit == 1


# --- Warhammer 40K Warfare --------------------------------------------------------------------

def unit(name: str, faction: str = "Orks", limit: int = 3) -> Card:
    return card("wh40k", name, "unit", faction=faction, limit=limit, power=50, cp_cost=1)


def wh40k_deck(army: int, reinforcements: int = 0, extra=(), extra_reinforcements=()) -> Deck:
    main = [(unit(f"Boy {i}"), 1) for i in range(army)] + list(extra)
    reserve = [(unit(f"Reserve {i}"), 1) for i in range(reinforcements)] + list(extra_reinforcements)
    return deck("wh40k", main, reinforcements=reserve)


@pytest.mark.parametrize(("army", "legal"), [(49, False), (50, True), (51, False)])
def test_wh40k_army_size(army, legal):
    assert rules(validate(wh40k_deck(army))) == ([] if legal else ["wh40k.army-size"])


@pytest.mark.parametrize(("reinforcements", "legal"), [(0, True), (9, True), (10, False)])
def test_wh40k_reinforcements_size(reinforcements, legal):
    report = validate(wh40k_deck(50, reinforcements))
    assert rules(report) == ([] if legal else ["wh40k.reinforcements"])
    assert report.counts["reinforcements"] == reinforcements


def test_wh40k_non_unit_reinforcement():
    order = card("wh40k", "Hold the Line", "order", faction="Orks", limit=3, cp_cost=1)
    report = validate(wh40k_deck(50, 3, extra_reinforcements=[(order, 1)]))
    assert rules(report) == ["wh40k.reinforcements"]
    assert report.errors[0].message == "Hold the Line is an order; the reinforcements deck holds units only."


def test_wh40k_two_factions():
    marines = [(unit(f"Marine {i}", faction="Space Marines"), 1) for i in range(2)]
    report = validate(wh40k_deck(48, extra=marines))
    assert rules(report) == ["wh40k.faction"]
    assert report.errors[0].cards == ("Marine 0", "Marine 1")
    assert "every card must be Orks or Unaligned" in report.errors[0].message


def test_wh40k_unaligned_mixes_in():
    beastmen = unit("Beastmen", faction="Unaligned")
    assert validate(wh40k_deck(47, extra=[(beastmen, 3)])).is_legal


def test_wh40k_limit_counts_across_both_decks():
    captain = unit("Warboss", limit=1)
    report = validate(wh40k_deck(49, 0, extra=[(captain, 1)], extra_reinforcements=[(captain, 1)]))
    assert rules(report) == ["wh40k.limit"]
    assert (report.errors[0].count, report.errors[0].limit) == (2, 1)
    assert validate(wh40k_deck(49, 0, extra=[(captain, 1)])).is_legal


# --- Mage Warfare -----------------------------------------------------------------------------

def mage_deck(barracks: int, armory: int, spellbook: int) -> Deck:
    entries = (many("magewarfare", "Grunt", "creature", barracks, rarity="common")
               + many("magewarfare", "Sword", "device", armory, rarity="common")
               + many("magewarfare", "Bolt", "spell", spellbook, rarity="common"))
    return deck("magewarfare", entries)


@pytest.mark.parametrize(("barracks", "armory", "spellbook", "legal"), [
    (22, 12, 5, False), (23, 12, 5, True), (23, 11, 5, False), (23, 12, 4, False),
    (24, 15, 0, False), (25, 15, 0, True), (25, 14, 0, False),
])
def test_magewarfare_piles(barracks, armory, spellbook, legal):
    report = validate(mage_deck(barracks, armory, spellbook))
    assert rules(report) == ([] if legal else ["magewarfare.piles"])
    assert report.counts == {"cards": barracks + armory + spellbook, "barracks": barracks, "armory": armory,
                             "spellbook": spellbook}


def test_magewarfare_spellbook_of_four_is_explained():
    report = validate(mage_deck(23, 12, 4))
    assert report.errors[0].message == ("The Spellbook has 4 cards; with a Spellbook it needs at least 5 (or none at "
                                        "all).")


@pytest.mark.parametrize(("rarity", "cap"), [("common", 5), ("uncommon", 4), ("rare", 3), ("scarce", 2)])
def test_magewarfare_rarity_caps(rarity, cap):
    special = card("magewarfare", "Special", "creature", rarity=rarity)
    base = mage_deck(25, 15, 0)
    at_cap = Deck(name="T", game="magewarfare", sections={"main": [*base.entries(), (special, cap)]})
    over = Deck(name="T", game="magewarfare", sections={"main": [*base.entries(), (special, cap + 1)]})
    assert validate(at_cap).is_legal
    report = validate(over)
    assert rules(report) == ["magewarfare.rarity"]
    article = "an" if rarity == "uncommon" else "a"
    assert report.errors[0].message == f"{cap + 1} copies of Special; {article} {rarity} card allows at most {cap}."


# --- Warcardz ---------------------------------------------------------------------------------

def fighter(name: str, value: int) -> Card:
    return card("warcardz", name, "character", value=value)


def warcardz_deck(characters: int = 10, tactics: int = 3, values=None, line=None, extra=()) -> Deck:
    values = values or [5] * characters
    main = [(fighter(f"Fighter {i}", values[i]), 1) for i in range(characters)]
    main += many("warcardz", "Trick", "tactics", tactics) + list(extra)
    sections = {"line": line} if line is not None else {}
    return deck("warcardz", main, **sections)


@pytest.mark.parametrize(("characters", "legal"), [(9, False), (10, True), (11, False)])
def test_warcardz_characters(characters, legal):
    assert rules(validate(warcardz_deck(characters))) == ([] if legal else ["warcardz.characters"])


@pytest.mark.parametrize(("tactics", "legal"), [(2, False), (3, True), (4, False)])
def test_warcardz_tactics(tactics, legal):
    assert rules(validate(warcardz_deck(tactics=tactics))) == ([] if legal else ["warcardz.tactics"])


@pytest.mark.parametrize(("cheapest", "legal"), [([5, 5, 5, 5, 5], True), ([5, 5, 5, 5, 6], False)])
def test_warcardz_five_cheapest_at_25_and_26(cheapest, legal):
    report = validate(warcardz_deck(values=cheapest + [9] * 5))
    assert rules(report) == ([] if legal else ["warcardz.line-value"])
    if not legal:
        assert (report.errors[0].count, report.errors[0].limit) == (26, 25)


def test_warcardz_starting_line_over_25():
    values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 9]
    base = warcardz_deck(values=values)
    fighters = [c for c, _ in base.entries() if c.type == "character"]
    good = warcardz_deck(values=values, line=[(fighters[i], 1) for i in (0, 1, 8, 3, 4)])
    assert validate(good).is_legal  # 1 + 2 + 9 + 4 + 5 = 21
    over = warcardz_deck(values=values, line=[(fighters[i], 1) for i in (5, 6, 8, 3, 4)])
    report = validate(over)  # 6 + 7 + 9 + 4 + 5 = 31
    assert rules(report) == ["warcardz.starting-line"]
    assert report.errors[0].message == "The starting line totals 31 value; at most 25."


def test_warcardz_starting_line_must_be_five_characters_of_the_deck():
    stranger = fighter("Stranger", 1)
    base = warcardz_deck()
    fighters = [c for c, _ in base.entries() if c.type == "character"]
    report = validate(warcardz_deck(line=[(fighters[0], 1), (stranger, 1)]))
    assert rules(report) == ["warcardz.starting-line", "warcardz.starting-line"]
    messages = " ".join(v.message for v in report.errors)
    assert "names 2 cards; it is exactly five characters" in messages
    assert "Stranger stands in the starting line 1 time but is not in the deck." in messages


def test_warcardz_side_deck_cards_stay_out_of_the_player_deck():
    gunline = card("warcardz", "Gunline", "attribute", attribute="small_arms")
    report = validate(warcardz_deck(extra=[(gunline, 1)]))
    assert rules(report) == ["warcardz.side-decks"]
    assert report.errors[0].message == ("Gunline is an attribute card: it belongs in the [attribute] side deck, "
                                        "not the player deck.")
    calm = card("warcardz", "Calm", "variable")
    base = warcardz_deck()
    report = validate(Deck(name="T", game="warcardz", sections={"main": base.entries(), "attribute": [(calm, 1)]}))
    assert report.errors[0].message == ("Calm is a variable card, not an attribute card: it cannot be in the "
                                        "[attribute] side deck.")


# --- all games --------------------------------------------------------------------------------

def test_a_deck_breaking_several_rules_reports_all_of_them_sorted():
    bear = card("ward", "Grizzly Bear", "creature")
    banned = card("ward", "Forbidden Rite", "magic", banlist="banned")
    report = validate(deck("ward", [(bear, 5), (banned, 2)] + many("ward", "Spell", "magic", 25)))
    assert rules(report) == ["ward.banned", "ward.copies", "ward.size"]
    document = report.to_dict()
    assert document["legal"] is False and document["game"] == "ward" and document["deck"] == "Test"
    assert document["errors"][1] == {"rule": "ward.copies", "message": "5 copies of Grizzly Bear; a deck holds at most "
                                                                       "3.",
                                     "cards": ["Grizzly Bear"], "count": 5, "limit": 3}
    assert document["counts"] == {"cards": 32, "creatures": 5, "magics": 27}


def test_unknown_format_is_refused():
    with pytest.raises(ValueError, match="'tournament' is not a format"):
        validate(ward_deck(30), format="tournament")
