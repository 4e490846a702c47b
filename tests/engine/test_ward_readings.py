"""Ward's readings as switches (``--rule ward.<name>=<value>``): ``ward.time-out`` and ``ward.opening-hands`` each
play what they say and nothing else, the defaults play decklab's readings (the turn cap is the rulebook's Time
Out; each player draws its five cards in its own first Draw Phase), every copy of a game keeps them, and the CLI
lists them and refuses a bad value in one sentence."""

from __future__ import annotations

import json
import random

import pytest

from decklab.catalog.sample_decks import sample_deck_paths
from decklab.engine import engines, ward
from decklab.engine.runner import Batch

from .ward_helpers import deck, end_turn

ENGINE = engines()["ward"]
SAMPLES = {path.name: path for path in sample_deck_paths()}
ROOST, KNIGHTS = SAMPLES["ward-1.deck"], SAMPLES["ward-2.deck"]
OFF = {"time-out": "off"}
SETUP = {"opening-hands": "setup"}
DEFAULTS = {"time-out": "on", "opening-hands": "first-turn"}


def capped(cemeteries: tuple[int, int], rules=None):
    """A match of filler decks (nothing reaches a cemetery) with a four-turn cap, the cemeteries set to
    ``cemeteries``, every turn ended at once, played to the end."""
    game = ward.new_match([deck(), deck()], seed=1, max_turns=4, log=True, rules=rules)
    for side, hp in zip(game.sides, cemeteries, strict=False):
        side.cem_hp = hp
    while not game.is_terminal():
        end_turn(game)
    return game


def transcripts(decks, *, max_turns: int, games: int = 12, mode: str = "match", **rules: str) -> list[list[str]]:
    """The play-by-play of each game of a greedy batch (seed 7), played checked through the batch runner."""
    batch = Batch(game="ward", decks=decks if mode == "match" else decks[:1], policies=["greedy", "greedy"],
                  games=games, seed=7, mode=mode, max_turns=max_turns, check=True, rules=rules or None)
    return [batch.play_one(index, log=True)[1].log for index in range(games)]


def test_the_engine_declares_both_readings_default_first():
    readings = {reading.name: reading for reading in ENGINE.readings}
    assert set(readings) == {"time-out", "opening-hands"}
    assert readings["time-out"].values == ("on", "off") and readings["time-out"].default == "on"
    assert "Time Out" in readings["time-out"].says and "unresolved" in readings["time-out"].says
    assert readings["opening-hands"].values == ("first-turn", "setup")
    assert readings["opening-hands"].default == "first-turn" and "six cards" in readings["opening-hands"].says


# -- what each value plays --


@pytest.mark.parametrize("heavier", [0, 1])
def test_at_the_cap_time_out_on_decides_and_off_leaves_the_game_unresolved(heavier):
    cemeteries = (60, 20) if heavier == 0 else (20, 60)
    decided = capped(cemeteries)  # the default: the player with the most cemetery HP loses
    assert decided.winner() == 1 - heavier and not decided.is_unresolved()
    assert "time out" in decided.log[-1]
    stopped = capped(cemeteries, OFF)
    assert stopped.turn == 5 and stopped.is_terminal()
    assert stopped.winner() is None and stopped.is_unresolved()
    assert "unresolved" in stopped.log[-1] and "time out" not in stopped.log[-1]
    assert stopped.log[:-1] == decided.log[:-1]  # the same game up to the cap


def test_equal_cemeteries_at_the_cap_are_a_draw_with_time_out_and_unresolved_without():
    drawn = capped((40, 40), {"time-out": "on"})
    assert drawn.winner() is None and not drawn.is_unresolved() and drawn.log[-1].endswith("a draw")
    stopped = capped((40, 40), OFF)
    assert stopped.winner() is None and stopped.is_unresolved()


def test_time_out_off_changes_only_how_a_game_at_the_cap_ends(decks):
    """Sample-deck games with a 30-turn cap (most reach it): a game that ends before the cap is the same move for
    move; one that reaches it is the same up to its last line, where Time Out's verdict becomes 'unresolved'."""
    default = transcripts(decks, max_turns=30)
    switched = transcripts(decks, max_turns=30, **OFF)
    reached = 0
    for on, off in zip(default, switched, strict=False):
        if "time out" in on[-1]:
            reached += 1
            assert on[:-1] == off[:-1] and "unresolved" in off[-1]
        else:
            assert on == off
    assert 0 < reached < len(default)


def test_time_out_changes_nothing_in_a_goldfish(decks):
    """A goldfish has no opponent to time out against: its cap is unresolved under either value."""
    assert transcripts(decks, max_turns=20, games=6, mode="goldfish", **OFF) == transcripts(
        decks, max_turns=20, games=6, mode="goldfish")


def hands(game) -> list[int]:
    return [len(side.hand) for side in game.sides]


def keep_every_hand(game) -> None:
    while game.kind == "mulligan":
        game.apply(ward.KEEP)


@pytest.mark.parametrize("first", [0, 1])
@pytest.mark.parametrize("rules, during_turn_one, on_turn_two", [(None, 0, 5), (SETUP, 5, 6)])
def test_opening_hands_decide_when_the_second_player_draws_its_five_and_whether_it_draws_a_sixth(
        first, rules, during_turn_one, on_turn_two):
    """Filler decks (every card a creature): the first player holds five cards on its first turn under either
    reading; the second holds none during that turn and five on its own first (first-turn), or five during the
    first player's turn and six on its own first, its Draw Phase's card on top of its setup five (setup)."""
    game = ward.new_match([deck(), deck()], seed=1, first=first, rules=rules)
    keep_every_hand(game)
    assert game.turn == 1 and game.who == first and game.kind == "main"
    assert hands(game)[first] == 5 and hands(game)[1 - first] == during_turn_one
    end_turn(game)
    keep_every_hand(game)
    assert game.turn == 2 and game.who == 1 - first and game.kind == "main"
    assert hands(game)[1 - first] == on_turn_two


def test_under_setup_both_players_redraw_and_mulligan_before_the_first_turn_the_first_player_first():
    game = ward.new_match([deck(), deck()], seed=1, log=True, rules=SETUP)
    deciders = []
    while game.kind == "mulligan":
        deciders.append(game.who)
        game.apply(ward.MULLIGAN)
    assert deciders == [0, 1] and game.turn == 1 and hands(game) == [5, 5]
    assert [line.split("] ", 1)[1].split(" ", 2)[:2] for line in game.log if "mulligans" in line] == [
        ["P1", "mulligans"], ["P2", "mulligans"]]
    assert game.log[-1].startswith("[turn 1] P1 begins: 5 cards in hand")


def test_opening_hands_change_nothing_in_a_goldfish(decks):
    """A goldfish's player goes first: its five are the game's first turn's under either reading."""
    assert transcripts(decks, max_turns=100, games=6, mode="goldfish", **SETUP) == transcripts(
        decks, max_turns=100, games=6, mode="goldfish")


def test_setup_hands_change_the_games_of_a_sample_match(decks):
    default = transcripts(decks, max_turns=200, games=6)
    switched = transcripts(decks, max_turns=200, games=6, **SETUP)
    for log in switched:  # both hands drawn before the first turn begins
        before = log[:next(index for index, line in enumerate(log) if " begins: " in line)]
        assert all(any(f"] P{seat} draws 5: " in line for line in before) for seat in (1, 2))
    assert switched != default


def test_the_default_and_an_explicit_default_play_the_same_games(decks):
    default = transcripts(decks, max_turns=30, games=6)
    assert transcripts(decks, max_turns=30, games=6, **DEFAULTS) == default
    assert transcripts(decks, max_turns=30, games=6, **{f"ward.{name}": value for name, value in DEFAULTS.items()}) \
        == default


# -- every copy of a game keeps its reading --


def copies(game):
    """A clone, a determinized game (the first call replays from the first move), a second determinized game (from
    the copy of the turn's start the first call left) and a clone after that (also from that copy)."""
    clone = game.clone()
    first = game.determinize(0, random.Random(3))
    second = game.determinize(1, random.Random(4))
    assert type(game.snap) is tuple  # (the later copies start from the turn-start copy)
    return {"clone": clone, "determinized": first, "determinized again": second, "clone of a snapshot": game.clone(),
            "determinized copy's clone": first.clone()}


@pytest.mark.parametrize("rules, unresolved", [(None, False), (OFF, True)])
def test_clone_and_determinize_carry_the_reading(rules, unresolved):
    """A four-turn cap; on turn 3 the first player kills its own creature (20 HP in its cemetery, a move that
    copies replay); each copy made on turn 4 plays to the cap: Time Out makes the first player lose, or (off) the
    game is unresolved."""
    game = ward.new_match([deck(), deck()], seed=1, max_turns=4, rules=rules)
    while game.turn < 3:
        end_turn(game)
    game.apply(next(move for move in game.legal_actions() if type(move) is ward.KillOwn))
    end_turn(game)
    assert game.turn == 4 and [side.cem_hp for side in game.sides] == [20, 0] and not game.is_terminal()
    for name, twin in copies(game).items():
        assert twin.time_out is not unresolved, name
        assert twin.observation(0)[-2] is (not unresolved) and twin.observation(0) == game.observation(0), name
        while not twin.is_terminal():
            end_turn(twin)
        assert twin.is_unresolved() is unresolved and twin.winner() == (None if unresolved else 1), name


@pytest.mark.parametrize("copy", ["clone", "determinize"])
def test_clone_and_determinize_carry_setup_hands(copy):
    game = ward.new_match([deck(), deck()], seed=1, rules=SETUP)
    keep_every_hand(game)
    twin = game.clone() if copy == "clone" else game.determinize(0, random.Random(3))
    assert twin.setup_draw and twin.observation(0)[-1] is True and twin.observation(0) == game.observation(0)
    assert hands(twin) == [5, 5]
    end_turn(twin)
    assert twin.turn == 2 and hands(twin)[1] == 6


def test_a_rule_or_value_the_game_lacks_is_refused():
    with pytest.raises(ValueError, match="the rule ward.time-out is one of on, off, not 'never'"):
        ward.new_match([deck(), deck()], seed=1, rules={"time-out": "never"})
    with pytest.raises(ValueError, match="ward has no rule 'timeout'"):
        ward.new_goldfish(deck(), seed=1, rules={"timeout": "off"})
    with pytest.raises(ValueError, match="the rule ward.opening-hands is one of first-turn, setup, not 'never'"):
        ward.new_goldfish(deck(), seed=1, rules={"opening-hands": "never"})


# -- the CLI --


def test_a_match_records_the_reading_and_off_counts_the_capped_games_unresolved(decklab, db_url):
    def run(*rules: str) -> dict:
        result = decklab("sim", "match", ROOST, KNIGHTS, "-n", "200", "--seed", "4", "--max-turns", "30", "--json",
                         *[word for rule in rules for word in ("--rule", rule)])
        assert result.exit_code == 0, result.stderr
        return {k: v for k, v in json.loads(result.stdout).items() if k not in ("elapsed_s", "games_per_s")}

    default = run()
    assert default["rules"] == {"ward.time-out": "on", "ward.opening-hands": "first-turn"}
    assert default["unresolved"] == 0
    assert run("ward.time-out=on", "ward.opening-hands=first-turn") == default
    switched = run("ward.time-out=off")
    assert switched["rules"] == {"ward.time-out": "off", "ward.opening-hands": "first-turn"}
    assert switched["unresolved"] > 0 and switched["draws"] <= default["draws"]
    # the games decided before the cap stay decided
    for on, off in zip(default["players"], switched["players"], strict=False):
        assert off["wins"] <= on["wins"] and off["losses"] <= on["losses"]
    assert switched["turns"] == default["turns"]  # the same games, only the verdict at the cap differs
