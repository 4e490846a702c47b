"""Warcardz over many games: invariants, determinism, policies, the goldfish, and the batch runner."""

from __future__ import annotations

import pytest

from decklab.engine import engines, game_seed
from decklab.engine.core import RandomPolicy, play
from decklab.engine.warcardz import BREAK, LINE, LINE_VALUE, QUIET_TURNS, TRADE, Greedy, standard_side_decks, view

from . import play_checks as checks

ENGINE = engines()["warcardz"]


TACTIC_SETS = [("Countermand", "Last Stand", "Fall Back"), ("Hot Drop", "Regroup", "Suppressing Fire"),
               ("Outflank", "Eyes in the Back", "Shadow Step"), ("Field Survey", "Fresh Intelligence", "Signal Jammer"),
               ("Home Turf", "Overcharge", "Weapons Free"), ("Lockdown Protocol", "Countermand", "Change of Wind")]
CHARACTER_SETS = [
    ("Shade Courier", "Silent Operative", "Veil Hacker", "Gloamblade", "Cipher Medic", "Longwatch Assassin",
     "Directorate Handler", "Mirror-Skin Agent", "Null-Signal Pathfinder", "Tek Line Trooper"),
    ("Drone Sentry Unit", "Null-Signal Pathfinder", "Tek Line Trooper", "Circuit Surgeon", "Optic Lancer",
     "Fabricator Adept", "Cyborg Enforcer", "Pulse Rifle Cohort", "Ion Charge Specialist", "Overseer Prime"),
    ("Ash Whelp", "Scav Bomber", "Dust Tracker", "Bone-Setter", "Alley Runner", "Scrapyard Mechanic",
     "The Old Flag", "Chrome Juggernaut", "Nightglass Spectre", "Null Warden"),
]


@pytest.fixture(scope="module")
def varied_decks(template_db):
    """Decks that between them hold every tactics card and most characters of the starter set."""
    from decklab.catalog.cards import Deck
    from decklab.catalog.db import open_database
    from decklab.catalog.store import list_cards

    database = open_database(str(template_db))
    try:
        cards = {card.name: card for card in list_cards(database, game="warcardz")}
    finally:
        database.dispose()
    return [Deck(name=f"Varied {i}", game="warcardz", sections={
        "main": [(cards[name], 1) for name in CHARACTER_SETS[i % 3] + tactic_names]})
        for i, tactic_names in enumerate(TACTIC_SETS)]


def test_every_starter_card_is_modeled(database):
    from decklab.catalog.store import list_cards

    cards = list_cards(database, game="warcardz")
    assert len(cards) == 101
    assert ENGINE.effects.unmodeled(cards) == []


def test_the_standard_side_decks_are_the_starter_sets(database):
    from decklab.catalog.store import list_cards

    stored = list_cards(database, game="warcardz")
    sides = standard_side_decks()
    for kind, count in (("attribute", 15), ("variable", 18)):
        assert len(sides[kind]) == count
        assert sorted(c.name for c in sides[kind]) == sorted(c.name for c in stored if c.type == kind)


def check(state) -> None:
    """No square holds two cards, the field and the board agree, five fighters and 25 value at most per side."""
    seen = set()
    for sq, fighter in enumerate(state.board):
        if fighter is not None:
            assert fighter.sq == sq and fighter.uid not in seen
            seen.add(fighter.uid)
    for player in (0, 1):
        units = state.units[player]
        assert {f.uid for f in units} == {f.uid for f in state.board if f is not None and f.owner == player}
        assert len(units) <= LINE
        assert state.value_in_play(player) <= LINE_VALUE


def test_invariants_over_thousands_of_random_games(decks):
    """Line value <= 25, no square holds two cards, at most five fighters, cards conserved, every game ends."""
    policy = RandomPolicy()
    pairs = [decks, [decks[1], decks[0]], [decks[0], decks[0]]]
    for index in range(3000):
        state = ENGINE.new_match(pairs[index % 3], seed=game_seed(99, index), first=index % 2, max_turns=200)
        counts = state.card_counts()
        assert counts == (13, 13)
        check(state)
        steps = 0
        while not state.is_terminal():
            actions = state.legal_actions()
            assert actions
            state.apply(policy.choose(state, actions))
            steps += 1
            check(state)
            assert state.card_counts() == counts
            assert steps < 5000
        assert state.turn <= 200
        if state.winner() is not None and state.surrendered is None:
            assert not state.units[1 - state.winner()] and state.units[state.winner()]
        elif state.winner() is not None:  # a surrender: at the stall point, by the player who lost
            assert state.surrendered == 1 - state.winner() and state.quiet >= QUIET_TURNS


def test_invariants_with_every_tactics_card(varied_decks, decks):
    """The same invariants with decks holding every tactics card of the starter set, random and greedy."""
    random_policy, greedy = RandomPolicy(), Greedy()
    pool = varied_decks + decks
    for index in range(1500):
        pair = [pool[index % len(pool)], pool[(index * 7 + 3) % len(pool)]]
        state = ENGINE.new_match(pair, seed=game_seed(77, index), first=index % 2)
        counts = state.card_counts()
        steps = 0
        while not state.is_terminal():
            actions = state.legal_actions()
            assert actions
            chooser = greedy if (index % 3 == 0 and state.current_player() == 0) else random_policy
            state.apply(chooser.choose(state, actions))
            steps += 1
            check(state)
            assert state.card_counts() == counts
            assert steps < 5000


def test_same_seed_same_game(decks):
    checks.assert_same_seed_same_game(ENGINE, decks, lambda: [Greedy(), RandomPolicy()])


def test_a_clone_plays_on_like_the_original(decks):
    policy = RandomPolicy()
    for index in range(40):
        state = ENGINE.new_match(decks, seed=game_seed(8, index), log=True)
        for _ in range(index % 25):
            if state.is_terminal():
                break
            state.apply(policy.choose(state, state.legal_actions()))
        twin = state.clone()
        play(state, [RandomPolicy(), RandomPolicy()])
        play(twin, [RandomPolicy(), RandomPolicy()])
        assert state.log == twin.log and state.winner() == twin.winner()


def test_one_and_two_workers_give_the_same_aggregate(decks):
    checks.assert_workers_agree("warcardz", decks, games=600)


@pytest.mark.parametrize("which", [0, 1])
def test_greedy_beats_random_in_a_mirror_match(decks, which):
    greedy, random_ = checks.mirror_match("warcardz", decks[which])
    assert greedy["win_rate"] > 0.4 and random_["win_rate"] < 0.02, (greedy, random_)
    assert greedy["ci95"][0] > random_["ci95"][1] + 0.3


def test_greedy_fast_path_agrees_with_choose(decks):
    checks.assert_fast_path_agrees(ENGINE, Greedy(), games=150, at_least=1000, seats=lambda index: decks)


def test_the_play_by_play_reads_well(decks):
    state = ENGINE.new_match(decks, seed=8, log=True)
    play(state, [Greedy(), Greedy()])
    text = "\n".join(state.log)
    assert "P1 wins the coin toss and goes first" in text
    assert ("P1's line, from its own left: Tunnel Sapper (P1 flank 1), Veteran Insurgent (P1 guard 2), "
            "Liberation Captain (P1 post 3)") in text
    # The second player's own left is P1's right: its [line] runs from square 5 to square 1.
    assert "P2's line, from its own left: Scav Bomber (P2 flank 5), Maw of the Wastes (P2 guard 4)" in text
    assert text.index("Ash Whelp (P2 flank 1)") > text.index("Scav Bomber (P2 flank 5)")
    assert "combat under" in text and " against " in text
    assert "wins" in text or "draw" in text


def test_goldfish_kill_turn_distribution(decks):
    """Ten dummies, one removed a turn at most: the kill turn is at least 10, and the two sample decks differ
    (Resistance Cell Strike's vices clear the line at once in most games; Ashen Bloodrush is slower and
    spread over several turns)."""
    documents = [checks.goldfish("warcardz", deck) for deck in decks]
    for document in documents:
        assert sum(document["kill_turn"]["histogram"].values()) + document["not_killed"] == 300
        assert min(int(t) for t in document["kill_turn"]["histogram"]) >= 10
    fast, slow = documents
    assert fast["not_killed"] <= slow["not_killed"] and fast["kill_turn"]["p50"] < slow["kill_turn"]["p50"]
    assert len(fast["kill_turn"]["histogram"]) >= 2 and len(slow["kill_turn"]["histogram"]) >= 4


def test_turn_cap_leaves_games_unresolved_not_drawn(decks):
    document = checks.capped("warcardz", decks, max_turns=2)
    assert document["draws"] == 0 and document["unresolved"] >= 40 and document["turns"]["p90"] <= 2


def test_vanilla_plays_cards_without_their_effects(decks):
    state = ENGINE.new_match(decks, seed=3, vanilla=True)
    play(state, [Greedy(), Greedy()])
    assert state.is_terminal()


def test_fast_scores_match_the_long_way(decks):
    """The cached, table-driven scores equal the full computation (every modifier walked one by one)."""
    policy = RandomPolicy()
    checked = 0
    for index in range(150):
        state = ENGINE.new_match(decks if index % 2 else [decks[1], decks[0]], seed=game_seed(21, index))
        while not state.is_terminal():
            for player in (0, 1):
                for fighter in state.units[player]:
                    slow = state._full_score(fighter, False, None, None) + state._variable_bonus(
                        fighter.facts, warcardz_position(fighter.sq), False, None)
                    assert state.score(fighter, False) == slow
                    alone = (fighter,)
                    slow = state._full_score(fighter, True, alone, None) + state._variable_bonus(
                        fighter.facts, warcardz_position(fighter.sq), True, None)
                    assert state.score(fighter, True, alone) == slow
                    group = state.units[player]
                    if len(group) > 1:
                        slow = state._full_score(fighter, True, group, None) + state._variable_bonus(
                            fighter.facts, warcardz_position(fighter.sq), True, None)
                        assert state.score(fighter, True, group) == slow
                    checked += 1
            if state.pending is not None and state.pending[2] == "window" and not state.combat.plain:
                combat = state.combat
                slow = sum(state._full_score(f, True, combat.attackers, combat) + state._variable_bonus(
                    f.facts, warcardz_position(f.sq), True, combat) for f in combat.attackers)
                assert state.totals(combat)[0] == slow
            state.apply(policy.choose(state, state.legal_actions()))
    assert checked > 10_000


def warcardz_position(sq: int) -> int:
    from decklab.engine.warcardz import SQUARE_POSITION

    return SQUARE_POSITION[sq]


def reference_plan(state, p, nested=False):
    """The greedy's best attack the plain way: every reachable target, every candidate scored; on equal values
    the first found from the player's own left (targets, then attackers). A target among the attackers of the
    enemy's best attack (found the same way) is worth ``BREAK`` more; an attacker identical to the target is
    left out of the candidates (meeting it removes both), and trading it is the fallback when the player is not
    behind."""
    reach = state.reach(p)
    board = state.board
    best, best_value = None, 0.0
    counter = None if nested else reference_plan(state, 1 - p, nested=True)
    threats = counter[1] if counter is not None and counter[0] != TRADE else []
    trade = state.army_value(p) >= state.army_value(1 - p)
    for sq in sorted((sq for sq in range(10) if reach[sq]), key=lambda sq: (-board[sq].facts.value, view(p, sq))):
        target = board[sq]
        twins = [f for f in reach[sq] if f.facts.key == target.facts.key]
        if twins and best is None and trade:
            best, best_value = (TRADE, [twins[0]], target), TRADE
        attackers = [f for f in reach[sq] if f.facts.key != target.facts.key]
        if not attackers:
            continue
        defense = state.score(target, False)
        infiltrator = sq in (range(5) if p == 0 else range(5, 10))
        worth = target.facts.value * 100.0 + (BREAK if infiltrator or any(t is target for t in threats) else 0.0)
        total = 0
        for f in attackers:
            alone = state.score(f, True, (f,))
            if alone > defense:
                value = worth + min(50.0, (alone - defense) * 10.0) - 1
                if value > best_value:
                    best, best_value = (value, [f], target), value
            total += state.score(f, True, attackers)
        if len(attackers) > 1 and total > defense:
            value = worth + min(50.0, (total - defense) * 10.0) - len(attackers)
            if value > best_value:
                best, best_value = (value, list(attackers), target), value
    return best


def test_greedy_plan_matches_the_plain_search(varied_decks, decks):
    """The greedy's fast attack search (targets found from the target's side, cached and inlined scores)
    picks what scoring every candidate of every target would pick."""
    greedy, random_policy = Greedy(), RandomPolicy()
    pool = varied_decks + decks
    checked = 0
    for index in range(200):
        pair = [pool[index % len(pool)], pool[(index * 5 + 1) % len(pool)]]
        state = ENGINE.new_match(pair, seed=game_seed(31, index), first=index % 2)
        while not state.is_terminal():
            if state.pending is None:
                for p in (0, 1):
                    fast = greedy._plan(state, p)
                    slow = reference_plan(state, p)
                    assert (fast is None) == (slow is None)
                    if fast is not None:  # (the same choice; the greedy counts the bonus for breaking up the
                        # enemy's strike only when it has two targets or more to choose from)
                        assert (fast[0] == TRADE) == (slow[0] == TRADE)
                        assert list(fast[1]) == slow[1] and fast[2] is slow[2]
                    checked += 1
            actions = state.legal_actions()
            state.apply(greedy.choose(state, actions) if index % 2 else random_policy.choose(state, actions))
    assert checked > 5000


def test_greedy_fast_path_agrees_with_choose_with_every_tactics_card(varied_decks, decks):
    pool = varied_decks + decks
    checks.assert_fast_path_agrees(ENGINE, Greedy(), games=120, at_least=1000, seed=17,
                                   seats=lambda index: [pool[index % len(pool)], pool[(index * 7 + 3) % len(pool)]])
