"""40K Warfare invariant fuzzing: checked games of random legal decks drawn from the whole starter set, with the
rules a player would check after every action (cards conserved, limits held, no destroyed unit acting or targeted,
a valid player to act, honest endings). ``DECKLAB_SOAK=20`` plays twenty times as many games."""

from __future__ import annotations

import random
from collections import Counter

from decklab.engine import engines
from decklab.engine.core import Choose, RandomPolicy
from decklab.engine.wh40k import MAX_UNITS, Activate, Attack, Greedy, Play, Wh40kState

from . import play_checks as checks
from .wh40k_helpers import random_deck

ENGINE = engines()["wh40k"]
DECKS = 40  # random decks per run; the seats draw their pairings from them


def names_in_play(state: Wh40kState, seat: int) -> Counter:
    """The names of the cards a player owns in every zone: army deck, hand, discard pile, reinforcements,
    battlefield and the equipment on its units."""
    side = state.sides[seat]
    names = Counter(facts.name for zone in (side.deck, side.hand, side.discard, side.reserves) for facts in zone)
    names.update(unit.facts.name for unit in side.units)
    names.update(equipment.name for unit in side.units for equipment in unit.equipment)
    return names


class Table:
    """The decks of the game being fuzzed: ``seats(index)`` seats two of them, and the invariants compare each
    player's cards with the deck it sat down with."""

    def __init__(self, decks) -> None:
        self.decks = decks
        self.seated: list[Counter] = []

    def seats(self, index: int) -> list:
        rng = random.Random(index)
        pair = [self.decks[rng.randrange(len(self.decks))] for _ in range(2)]
        self.seated = [Counter({card.name: n for card, n in deck.copies("main", "reinforcements").items()})
                       for deck in pair]
        return pair

    def check_cards_conserved(self, state: Wh40kState) -> None:
        for seat, expected in enumerate(self.seated):
            found = names_in_play(state, seat)
            assert found == expected, (f"P{seat + 1}'s cards are not conserved: gained {dict(found - expected)}, "
                                       f"lost {dict(expected - found)}")


def check_zone_limits(state: Wh40kState) -> None:
    """At most five units a side; units on the battlefield, reinforcements only units, equipment only equipment."""
    for seat, side in enumerate(state.sides):
        assert len(side.units) <= MAX_UNITS, f"P{seat + 1} controls {len(side.units)} units"
        assert all(facts.type == "unit" for facts in side.reserves), f"P{seat + 1} has a non-unit in reinforcements"
        for unit in side.units:
            assert unit.facts.type == "unit", f"P{seat + 1}'s battlefield holds a {unit.facts.type}"
            assert unit.owner == seat, f"{unit.facts.name} on P{seat + 1}'s battlefield belongs to P{unit.owner + 1}"
            assert all(e.type == "equipment" for e in unit.equipment), f"{unit.facts.name} carries a non-equipment"
            assert unit.shields >= 0, f"{unit.facts.name} has {unit.shields} shield uses"


def check_counters(state: Wh40kState) -> None:
    """Command Points never negative; a game still on has both players above 0 Attrition Points."""
    for seat, side in enumerate(state.sides):
        assert side.cp >= 0, f"P{seat + 1} has {side.cp} CP"
        if not state.is_terminal():
            assert side.ap > 0, f"the game goes on with P{seat + 1} at {side.ap} AP"


def check_unit_ids_unique(state: Wh40kState) -> None:
    uids = [unit.uid for side in state.sides for unit in side.units]
    assert len(uids) == len(set(uids)), f"two units share an id: {sorted(uids)}"


def check_cached_powers(state: Wh40kState) -> None:
    """Every unit's kept Power Level is what a fresh computation gives (combat reads the kept one). Power Level
    has no floor today: a modifier may take it below 0, so no bound is checked."""
    for side in state.sides:
        for unit in side.units:
            assert state.power(unit) == state._power(unit), f"{unit.facts.name}'s cached Power Level is stale"


def check_power_floor(state: Wh40kState) -> None:
    """No unit's Power Level is ever below 0, whatever lowers it."""
    for side in state.sides:
        for unit in side.units:
            assert state.power(unit) >= 0, f"{unit.facts.name} has Power Level {state.power(unit)}"


def check_player_to_act(state: Wh40kState) -> None:
    """A game still on has a seat to act (the active player, or the player whose effect asks) and moves for it."""
    if state.is_terminal():
        return
    player = state.current_player()
    assert player in (0, 1), f"seat {player} is to act"
    expected = state.pending[0][0] if state.pending else state.active
    assert player == expected, f"seat {player + 1} acts, but seat {expected + 1} should"
    assert state.legal_actions(), "a game still on offers no action"


def check_only_live_units_act_or_are_targeted(state: Wh40kState) -> None:
    """Every unit a legal action names is on the battlefield: attackers and ability users are the acting
    player's, ready to act; attack targets are the enemy's."""
    if state.is_terminal():
        return
    me = state.current_player()
    mine = {unit.uid: unit for unit in state.sides[me].units}
    theirs = {unit.uid: unit for unit in state.sides[1 - me].units}
    live = {**mine, **theirs}
    for action in state.legal_actions():
        kind = type(action)
        if kind is Attack:
            attacker = mine.get(action.uid)
            assert attacker is not None, f"'{action}': the attacker is not on the attacking player's battlefield"
            assert not attacker.attacked, f"'{action}': {attacker.facts.name} has already attacked this turn"
            assert action.target is None or action.target in theirs, f"'{action}': the target is not an enemy unit"
        elif kind is Activate:
            assert action.uid in mine, f"'{action}': the unit is not on the acting player's battlefield"
            assert action.uid not in state.sides[me].used, f"'{action}': the ability was already used this turn"
            assert action.target is None or _is_live_target(action.target, live), f"'{action}' targets a removed card"
        elif kind is Play and action.target is not None:
            assert _is_live_target(action.target, live), f"'{action}' targets a removed card"
        elif kind is Choose and state.pending and _names_a_unit(state, action):
            assert _is_live_target(action.option, live), f"'{action}' picks a removed card"


def _names_a_unit(state: Wh40kState, action: Choose) -> bool:
    """Whether a pending choice picks a unit or an equipment on the battlefield (not a card of a pile, yes or no)."""
    return state.pending[0][2].get("target") in ("own_unit", "enemy_unit", "enemy_equipment") and (
        isinstance(action.option, int) or (isinstance(action.option, tuple) and isinstance(action.option[0], int)))


def _is_live_target(target, live: dict) -> bool:
    """A unit id on the battlefield, or (unit id, equipment place) of an equipment on it."""
    if isinstance(target, tuple):
        uid, place = target
        return uid in live and place < len(live[uid].equipment)
    return target in live


def check_ending(state: Wh40kState) -> None:
    """An ended game is won by a seat whose opponent ran out of AP or cards, drawn with both players out of AP,
    or unresolved (the turn cap) with no winner."""
    if not state.is_terminal():
        return
    winner, aps = state.winner(), [side.ap for side in state.sides]
    if state.is_unresolved():
        assert winner is None, "an unresolved game has a winner"
        assert state.turn > state.max_turns, "a game is unresolved before the turn cap"
    elif winner is None:
        assert all(ap <= 0 for ap in aps), f"a draw with Attrition Points {aps}"
    else:
        loser = state.sides[1 - winner]
        assert loser.ap <= 0 or not loser.deck, f"P{winner + 1} won, but P{2 - winner} has {loser.ap} AP and cards"


def invariants_for(table: Table):
    """Every invariant, run after every action."""
    checks_ = (table.check_cards_conserved, check_zone_limits, check_counters, check_unit_ids_unique,
               check_cached_powers, check_power_floor, check_player_to_act, check_only_live_units_act_or_are_targeted,
               check_ending)

    def run(state: Wh40kState) -> None:
        for check in checks_:
            check(state)

    return run


def starter_decks(starter, count: int = DECKS, seed: int = 40) -> list:
    rng = random.Random(seed)
    return [random_deck(starter, rng, name=f"Random army {index}") for index in range(count)]


def test_random_decks_are_legal_and_hold_every_starter_card(starter):
    checks.assert_legal_and_complete(starter_decks(starter), starter)


def fuzz(starter, policies, *, games: int, seed: int) -> dict:
    table = Table(starter_decks(starter))
    counts = checks.fuzz(ENGINE, games=checks.soak(games), seats=table.seats, policies=policies,
                         invariants=invariants_for(table), seed=seed)
    assert counts["games"] == checks.soak(games)
    assert sum(counts["wins"].values()) + counts["draws"] + counts["unresolved"] == counts["games"]
    return counts


def test_random_against_random(starter):
    counts = fuzz(starter, lambda index: [RandomPolicy(), RandomPolicy()], games=1500, seed=1)
    assert counts["wins"].get(0, 0) > 0 and counts["wins"].get(1, 0) > 0


def test_greedy_against_random(starter):
    """Greedy sits in either seat in turn."""
    counts = fuzz(starter, lambda index: [Greedy(), RandomPolicy()][::1 if index % 2 else -1], games=1500, seed=2)
    assert counts["wins"].get(0, 0) > 0 and counts["wins"].get(1, 0) > 0


def test_greedy_against_greedy(starter):
    counts = fuzz(starter, lambda index: [Greedy(), Greedy()], games=1500, seed=3)
    assert counts["wins"].get(0, 0) > 0 and counts["wins"].get(1, 0) > 0
