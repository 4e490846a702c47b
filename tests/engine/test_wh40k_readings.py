"""40K Warfare's readings as switches (``--rule wh40k.<name>=<value>``): each plays what it says and nothing else,
the defaults play decklab's reading, and the CLI lists them and refuses a bad value in one sentence."""

from __future__ import annotations

import json
import random

import pytest

from conftest import sample_decks
from decklab.catalog.sample_decks import sample_deck_paths
from decklab.engine import engines, wh40k
from decklab.engine.runner import Batch
from decklab.engine.wh40k import END_ACTIONS, END_TURN, Attack, Deploy

from .wh40k_helpers import act, deck, state

SAMPLES = {path.name: path for path in sample_deck_paths()}
ORKS, NECRONS = SAMPLES["wh40k-1.deck"], SAMPLES["wh40k-2.deck"]
BATTLE_TURN = {"first-draw": "second-battle-turn"}
SECOND_TURN_ATTACKS = {"first-attack": "second-turn"}
DEFAULTS = {"first-draw": "second-turn", "first-attack": "first-turn"}


def hands(game) -> list[int]:
    return [len(side.hand) for side in game.sides]


def pass_turn(game) -> None:
    """The active player ends its turn without a move."""
    game.apply(END_ACTIONS)
    game.apply(END_TURN)


@pytest.fixture(scope="module")
def samples(template_db):
    """The two sample decks (Orks, Necrons), read as the golden transcripts read them."""
    return sample_decks(template_db, "wh40k")


def transcript(samples, index: int, *, mode: str = "match", full_names: bool = False, **rules: str) -> list[str]:
    """The play-by-play of game ``index`` (seed 7) of a greedy sample match (a goldfish of the Ork deck) played
    checked through the batch runner, with ``rules`` switched (by full name, as the CLI gives them, when
    ``full_names``)."""
    if full_names:
        rules = {f"wh40k.{name}": value for name, value in rules.items()}
    batch = Batch(game="wh40k", decks=samples if mode == "match" else samples[:1], policies=["greedy", "greedy"],
                  games=index + 1, seed=7, mode=mode, check=True, rules=rules or None)
    return batch.play_one(index, log=True)[1].log


def test_the_engine_declares_both_readings_default_first():
    readings = {reading.name: reading for reading in engines()["wh40k"].readings}
    assert list(readings) == ["first-draw", "first-attack"]
    assert readings["first-draw"].values == ("second-turn", "second-battle-turn")
    assert readings["first-attack"].values == ("first-turn", "second-turn")


# -- first-draw --


@pytest.mark.parametrize("rules, second_players_first_hand", [(None, 6), (BATTLE_TURN, 5)])
def test_first_draw_decides_whether_the_second_player_draws_on_its_first_turn(rules, second_players_first_hand):
    game = state(rules=rules)
    assert hands(game) == [5, 5]  # the first player never draws on the game's first turn
    pass_turn(game)
    assert game.turn == 2 and hands(game) == [5, second_players_first_hand]
    assert len(game.sides[1].deck) == 50 - second_players_first_hand
    pass_turn(game)
    assert game.turn == 3 and hands(game) == [6, second_players_first_hand]  # from turn 3 both readings draw
    pass_turn(game)
    assert hands(game) == [6, second_players_first_hand + 1]


def test_first_draw_changes_nothing_in_a_goldfish(samples):
    """The goldfishing player goes first and its opponent's turns are empty: it draws from its own second turn
    under either reading, so the games are the same move for move."""
    for index in range(6):
        assert transcript(samples, index, mode="goldfish", **BATTLE_TURN) == transcript(samples, index, mode="goldfish")
    for seed in range(4):  # and the filler deck, its player acting by hand
        default = wh40k.new_goldfish(deck(), seed=seed)
        switched = wh40k.new_goldfish(deck(), seed=seed, rules=BATTLE_TURN)
        for _ in range(3):
            pass_turn(default)
            pass_turn(switched)
            assert hands(switched) == hands(default)
        assert hands(default) == [8, 0]


# -- first-attack --


@pytest.mark.parametrize("rules, attacks_on_turn_one", [(None, True), (SECOND_TURN_ATTACKS, False)])
def test_first_attack_decides_whether_a_unit_attacks_on_the_games_first_turn(rules, attacks_on_turn_one):
    game = state(rules=rules)
    act(game, Deploy)  # a Grunt of 50
    game.apply(END_ACTIONS)
    attacks = [action for action in game.legal_actions() if type(action) is Attack]
    assert bool(attacks) == attacks_on_turn_one
    if attacks:
        game.apply(attacks[0])
    game.apply(END_TURN)
    assert game.sides[1].ap == (950 if attacks_on_turn_one else 1000)
    act(game, Deploy)  # the second player's unit may attack on turn 2 under either reading (it does not)
    game.apply(END_ACTIONS)
    assert any(type(action) is Attack for action in game.legal_actions())
    game.apply(END_TURN)
    assert game.turn == 3
    game.apply(END_ACTIONS)  # and the first player's turn-1 unit attacks on turn 3
    assert any(type(action) is Attack for action in game.legal_actions())


def test_first_attack_second_turn_delays_a_goldfish_attack_by_one_own_turn():
    game = wh40k.new_goldfish(deck(), seed=1, rules=SECOND_TURN_ATTACKS)
    act(game, Deploy)
    game.apply(END_ACTIONS)
    assert game.legal_actions() == [END_TURN]
    game.apply(END_TURN)
    assert game.own_turns == 2 and game.sides[1].ap == 1000
    game.apply(END_ACTIONS)
    act(game, Attack)
    assert game.sides[1].ap == 950


def is_attack(line: str) -> bool:
    return " attacks " in line or " strikes " in line


def test_first_attack_second_turn_stops_only_the_turn_one_attacks(samples):
    """Sample decks, greedy: the same deal and the same first deploy; then nothing attacks on turn 1 (greedy may
    also skip a pump that would change no fight now, as it does on any turn), and the first player's units attack
    from its second turn."""
    for index in range(8):
        default = transcript(samples, index)
        switched = transcript(samples, index, **SECOND_TURN_ATTACKS)
        first_deploy = next(i for i, line in enumerate(default) if " deploys " in line)
        assert switched[:first_deploy + 1] == default[:first_deploy + 1]
        assert any(is_attack(line) for line in default if line.startswith("[turn 1]"))
        assert not any(is_attack(line) for line in switched if line.startswith("[turn 1]"))
        assert any(is_attack(line) for line in switched if line.startswith("[turn 3]"))


# -- defaults, carried state, bad values --


def test_the_default_and_an_explicit_default_play_the_same_games(samples):
    for index in range(6):
        default = transcript(samples, index)
        assert transcript(samples, index, **DEFAULTS) == default
        assert transcript(samples, index, full_names=True, **DEFAULTS) == default


@pytest.mark.parametrize("copy", ["clone", "determinize"])
def test_clone_and_determinize_carry_the_readings(copy):
    game = state(rules={**BATTLE_TURN, **SECOND_TURN_ATTACKS})
    act(game, Deploy)
    twin = game.clone() if copy == "clone" else game.determinize(0, random.Random(3))
    twin.apply(END_ACTIONS)
    assert twin.legal_actions() == [END_TURN]  # its unit may not attack on turn 1
    twin.apply(END_TURN)
    assert hands(twin) == [4, 5]  # the second player did not draw on its first turn
    assert twin.observation(0)[-2:] == game.observation(0)[-2:] == (3, 2)


def test_a_reading_the_game_lacks_or_a_value_it_does_not_take_is_refused():
    with pytest.raises(ValueError, match="first-draw is one of second-turn, second-battle-turn"):
        wh40k.new_match([deck(), deck()], seed=1, rules={"first-draw": "third-turn"})
    with pytest.raises(ValueError, match="has no rule 'first-drew'"):
        wh40k.new_goldfish(deck(), seed=1, rules={"first-drew": "second-turn"})


# -- the CLI --


def test_a_match_records_its_readings_and_the_explicit_default_changes_nothing(decklab, db_url):
    def run(*rules: str) -> dict:
        result = decklab("sim", "match", ORKS, NECRONS, "-n", "200", "--seed", "4", "--json",
                         *[word for rule in rules for word in ("--rule", rule)])
        assert result.exit_code == 0, result.stderr
        return {k: v for k, v in json.loads(result.stdout).items() if k not in ("elapsed_s", "games_per_s")}

    default = run()
    assert default["rules"] == {"wh40k.first-draw": "second-turn", "wh40k.first-attack": "first-turn"}
    assert run("wh40k.first-draw=second-turn", "wh40k.first-attack=first-turn") == default
    switched = run("wh40k.first-draw=second-battle-turn")
    assert switched["rules"]["wh40k.first-draw"] == "second-battle-turn"
    assert switched["first_player_win_rate"] > default["first_player_win_rate"]
