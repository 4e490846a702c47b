"""Wentworth fuzzing: thousands of checked games between random legal decks of the whole starter set (two, three
and four players; random and greedy players in every mix), with the game's invariants checked after every action
(``DECKLAB_SOAK=20`` plays twenty times as many)."""

from __future__ import annotations

import random
from collections import Counter
from operator import attrgetter

import pytest

from decklab.catalog.cards import Deck
from decklab.engine import engines
from decklab.engine.core import Choose, RandomPolicy
from decklab.engine.wentworth import (
    DEFEND,
    MAX_GUARDIANS,
    ROLL,
    Activate,
    Binding,
    Block,
    Declare,
    Env,
    Guardian,
    Play,
    Rebind,
    WentworthState,
)
from decklab.validators import validate

from . import play_checks as checks

ENGINE = engines()["wentworth"]
DECK_SIZE = 100
DECKS = 30  # random decks per run: the first three hold every starter card between them


def random_decks(cards: list, count: int, *, seed: int) -> list[Deck]:
    """``count`` legal decks (100 different cards each) dealt from ``cards``: the first ones go through a shuffled
    copy of every card (so that each is in some deck), the others are random draws."""
    rng = random.Random(seed)
    order = sorted(cards, key=lambda card: card.name)
    rng.shuffle(order)
    decks = []
    for number in range(count):
        window = order[number * DECK_SIZE:(number + 1) * DECK_SIZE]
        if len(window) < DECK_SIZE:
            rest = [card for card in order if card not in window]
            window = window + rng.sample(rest, DECK_SIZE - len(window))
        decks.append(Deck(name=f"Fuzz {number + 1}", game="wentworth",
                          sections={"main": [(card, 1) for card in window]}))
    return decks


@pytest.fixture(scope="module")
def pool(starter):
    return random_decks(starter, DECKS, seed=2026)


# --- the invariants, one a function; each says what broke -----------------------------------------------


NAME = attrgetter("name")


def owned(state: WentworthState, seat: int, bindings: list) -> list[str]:
    """The names of every card ``seat`` owns, sorted, whatever zone it is in (deck, hand, discard pile, Battle
    Zone, and the ``bindings`` it paid for, wherever they are attached)."""
    side = state.sides[seat]
    names = list(map(NAME, side.deck))
    names += map(NAME, side.hand)
    names += map(NAME, side.discard)
    names += [g.facts.name for g in side.guardians]
    if side.env is not None:
        names.append(side.env.facts.name)
    names += [b.facts.name for b in bindings if b.owner == seat]
    names.sort()
    return names


class CardsConserved:
    """Every card of a player's deck is in exactly one zone, at every moment: none appears, none vanishes, none
    is in two places."""

    def __init__(self) -> None:
        self.state = None
        self.start: list[list[str]] = []

    def __call__(self, state: WentworthState) -> None:
        bindings = state.bindings()
        now = [owned(state, seat, bindings) for seat in range(state.n)]
        if state is not self.state:  # a new game: what it starts with is what it must keep
            self.state, self.start = state, now
            for seat, names in enumerate(now):
                assert len(names) == len(set(names)) == DECK_SIZE, f"P{seat + 1} starts without its 100 cards"
            return
        for seat, (before, after) in enumerate(zip(self.start, now, strict=False)):
            if before != after:
                lost, gained = Counter(before) - Counter(after), Counter(after) - Counter(before)
                raise AssertionError(f"P{seat + 1}'s cards changed at turn {state.turn}: lost {dict(lost)}, "
                                     f"gained {dict(gained)}")


def guardians_in_play_are_alive(state: WentworthState) -> None:
    """A guardian in a Battle Zone is alive, its owner's, has life left and rolls at least one die."""
    for side in state.sides:
        for g in side.guardians:
            assert g.alive and g.owner == side.seat, f"{g} is in P{side.seat + 1}'s Battle Zone but dead or not theirs"
            assert state.life_left(g) > 0, f"{g} has {state.life_left(g)} life left but is still in play"
            assert state.roll_power(g) >= 1, f"{g} rolls {state.roll_power(g)} dice"


def four_guardians_outside_ones_turn(state: WentworthState) -> None:
    """At most four guardians at the end of a turn: a player whose turn it is not has four or fewer."""
    for side in state.sides:
        if side.seat != state.active and not state.is_terminal():
            assert len(side.guardians) <= MAX_GUARDIANS, f"P{side.seat + 1} keeps {len(side.guardians)} guardians"


def players_within_limits(state: WentworthState) -> None:
    """Influence is never negative; a player in the game has life left; a player out has no cards in play; at
    most one environment each (it is an ``Env`` of theirs)."""
    for side in state.sides:
        who = f"P{side.seat + 1}"
        assert side.influence >= 0, f"{who} has {side.influence} influence"
        if side.out:
            assert side.life <= 0, f"{who} is out with {side.life} life"
            assert not side.guardians and not side.bound and side.env is None, f"{who} is out with cards in play"
        else:
            assert side.life > 0 or state.is_terminal(), f"{who} is still in with {side.life} life"
        if side.env is not None:
            assert type(side.env) is Env and side.env.alive and side.env.owner == side.seat, f"{who}'s environment"


def bindings_hold_on_the_living(state: WentworthState) -> None:
    """A binding is attached to a guardian in play or to a player still in the game, and its payer is in the game."""
    for side in state.sides:
        for g in side.guardians:
            for b in g.bindings:
                assert b.host is g and b.player < 0, f"{b.facts.name} on {g} does not know its host"
                assert not state.sides[b.owner].out, f"{b.facts.name} of P{b.owner + 1} (out) is still in play"
        for b in side.bound:
            assert b.player == side.seat and b.host is None, f"{b.facts.name} on P{side.seat + 1} is misattached"
            assert not side.out and not state.sides[b.owner].out, f"{b.facts.name} binds or belongs to a player out"


def current_player_valid(state: WentworthState, actions) -> None:
    """Before the end a player still in the game is to act and has something to do (``actions``, the legal
    ones); after it nobody has."""
    if state.is_terminal():
        assert not actions, "a finished game still offers actions"
        return
    player = state.current_player()
    assert 0 <= player < state.n and not state.sides[player].out, f"seat {player} is to act"
    assert not state.sides[state.active].out, f"P{state.active + 1} has the turn but is out"
    assert actions, f"P{player + 1} has no legal action at turn {state.turn}"


def is_in_play(state: WentworthState, code) -> bool:
    """Whether a target code names a player still in the game or a guardian, binding or environment in play."""
    if code < 0:
        return not state.sides[-1 - code].out
    found = state.target_object(code)
    if type(found) is Guardian:
        return found.alive and found in state.sides[found.owner].guardians
    if type(found) is Binding:
        return found.alive
    return type(found) is Env and found.alive


def only_cards_in_play_act_or_are_targeted(state: WentworthState, actions) -> None:
    """Every card or player an offered action (of ``actions``, the legal ones) names is in play: targets, the
    source of an ability, a binding to re-bind, attackers and their targets, defenders; the guardians of the
    combat being fought are in play."""
    if state.is_terminal():
        return
    player = state.current_player()
    if state.phase == ROLL and not state.pending:
        assert state.c_att is not None and state.c_att.alive, "a roll window is open for an attacker out of play"
    for action in actions:
        kind = type(action)
        if kind is Play or kind is Rebind:
            if action.target is not None:
                assert is_in_play(state, action.target), f"'{action}' targets something out of play"
        if kind is Activate or kind is Rebind:
            assert is_in_play(state, action.uid), f"'{action}' uses a card out of play"
            if kind is Activate and action.target is not None:
                assert is_in_play(state, action.target), f"'{action}' targets something out of play"
        elif kind is Declare:
            mine = {g.uid for g in state.sides[player].guardians if state.may_attack(g)}
            for uid, seat in action.attacks:
                assert uid in mine, f"'{action}': guardian {uid} of P{player + 1} may not attack"
                assert seat != player and not state.sides[seat].out and state.sides[seat].had_turn, (
                    f"'{action}' attacks P{seat + 1}, who may not be attacked")
        elif kind is Block:
            assert state.phase == DEFEND, f"'{action}' offered outside the defense"
            free = {g.uid for g in state.sides[player].guardians if state.may_defend(g)}
            chosen = [uid for uid in action.blocks if uid is not None]
            assert set(chosen) <= free and len(set(chosen)) == len(chosen), (
                f"'{action}' uses a guardian that may not defend")
        elif kind is Choose and state.pending and state.pending[0][1] in ("target", "sacrifice"):
            if action.option is not None:
                assert is_in_play(state, action.option), f"'{action}' chooses something out of play"


def ending_honest(state: WentworthState) -> None:
    """A winner is the last player standing; a rulebook draw (the last players out together) leaves nobody
    standing; a game stopped by the turn cap, which the rulebook lacks, is unresolved with no winner."""
    if not state.is_terminal():
        assert state.turn <= state.max_turns and not state.is_unresolved(), "the game went on past the turn cap"
        return
    winner = state.winner()
    standing = [side.seat for side in state.sides if not side.out]
    if state.is_unresolved():
        assert winner is None and state.turn > state.max_turns, "unresolved, but not by the turn cap"
        assert len(standing) >= 2, "unresolved, but only one player is left"
    elif winner is None:
        assert not standing, f"a draw, but {standing} are still standing"
    else:
        assert standing == [winner], f"P{winner + 1} wins but {standing} are still standing"


def invariants():
    conserved = CardsConserved()

    def check(state: WentworthState) -> None:
        conserved(state)
        guardians_in_play_are_alive(state)
        four_guardians_outside_ones_turn(state)
        players_within_limits(state)
        bindings_hold_on_the_living(state)
        actions = state.legal_actions()
        current_player_valid(state, actions)
        only_cards_in_play_act_or_are_targeted(state, actions)
        ending_honest(state)

    return check


class Recorder:
    """A player (random or greedy) that notes the name of every card it plays or uses."""

    def __init__(self, policy, used: set) -> None:
        self.policy, self.used = policy, used

    def act(self, state: WentworthState):
        policy = self.policy
        action = policy.act(state) if hasattr(policy, "act") else policy.choose(state, state.legal_actions())
        if type(action) is Play or type(action) is Activate:
            self.used.add(action.name)
        return action


# --- the fuzz --------------------------------------------------------------------------------------------


def test_the_random_decks_are_legal_and_hold_every_starter_card(pool, starter):
    for deck in pool:
        report = validate(deck)
        assert report.is_legal, (deck.name, [v.message for v in report.errors])
    dealt = {card.name for deck in pool for card, _ in deck.sections["main"]}
    assert dealt == {card.name for card in starter}, f"never dealt: {sorted({c.name for c in starter} - dealt)}"


GREEDY = ENGINE.policies["greedy"]
MIXES = {"random-random": (RandomPolicy, RandomPolicy), "greedy-random": (GREEDY, RandomPolicy),
         "random-greedy": (RandomPolicy, GREEDY), "greedy-greedy": (GREEDY, GREEDY)}
# (seats, mix, games): two players in every mix, three and four with greedy and random players around the table
RUNS = [(2, "random-random", 600), (2, "greedy-random", 500), (2, "random-greedy", 500), (2, "greedy-greedy", 1000),
        (3, "greedy-random", 400), (4, "greedy-random", 300), (4, "random-random", 200)]


@pytest.mark.parametrize("seats, mix, games", RUNS, ids=[f"{seats}p-{mix}" for seats, mix, _ in RUNS])
def test_checked_games_keep_the_invariants(pool, seats, mix, games):
    games = checks.soak(games)
    first, second = MIXES[mix]
    used: set = set()

    def table(index: int) -> list[Deck]:
        rng = random.Random(index * 31 + seats)
        return [pool[rng.randrange(len(pool))] for _ in range(seats)]

    def players(index: int) -> list:
        return [Recorder((first if seat % 2 == 0 else second)(), used) for seat in range(seats)]

    counts = checks.fuzz(ENGINE, games=games, seats=table, policies=players, invariants=invariants(),
                         seed=100 * seats + list(MIXES).index(mix))
    assert counts["games"] == games
    assert sum(counts["wins"].values()) + counts["draws"] + counts["unresolved"] == games
    # most games end by the rules; the same player in every seat wins from every seat, greedy beats random
    assert counts["unresolved"] < games // 4, counts
    if first is second:
        assert sorted(counts["wins"]) == list(range(seats)), counts
    else:
        greedy = [seat for seat in range(seats) if (first if seat % 2 == 0 else second) is GREEDY]
        assert sum(counts["wins"].get(seat, 0) for seat in greedy) > games // 2, counts
    assert len(used) > 150, f"only {len(used)} different cards were played"


DEAR = 10  # neither player saves influence over several turns, so the dearest guardians are seldom played


def test_every_starter_card_is_played(pool, starter):
    """Between the three decks that hold every starter card, random and greedy players (in every mix) play or use
    every card that costs at most 10, and some dearer ones: each card's effects run in the fuzz."""
    used: set = set()
    pairs = [(GREEDY, GREEDY), (GREEDY, RandomPolicy), (RandomPolicy, GREEDY), (RandomPolicy, RandomPolicy)]
    checks.fuzz(ENGINE, games=checks.soak(400), seats=lambda index: [pool[index % 3], pool[(index + 1) % 3]],
                policies=lambda index: [Recorder(kind(), used) for kind in pairs[index % 4]],
                invariants=invariants(), seed=7)
    never = sorted(card.name for card in starter if card.name not in used and card.get("influence_cost") <= DEAR)
    assert not never, f"never played: {never}"
    assert any(card.get("influence_cost") > DEAR for card in starter if card.name in used)
