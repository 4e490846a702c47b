"""Ward's readings as switches (``--rule ward.<name>=<value>``): ``ward.time-out`` plays what it says and nothing
else, the default plays decklab's reading (the turn cap is the rulebook's Time Out), every copy of a game keeps
the reading, and the CLI lists it and refuses a bad value in one sentence."""

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


def capped(cemeteries: tuple[int, int], rules=None):
    """A match of filler decks (nothing reaches a cemetery) with a four-turn cap, the cemeteries set to
    ``cemeteries``, every turn ended at once, played to the end."""
    game = ward.new_match([deck(), deck()], seed=1, max_turns=4, log=True, rules=rules)
    for side, hp in zip(game.sides, cemeteries):
        side.cem_hp = hp
    while not game.is_terminal():
        end_turn(game)
    return game


def transcripts(decks, *, max_turns: int, games: int = 12, mode: str = "match", **rules: str) -> list[list[str]]:
    """The play-by-play of each game of a greedy batch (seed 7), played checked through the batch runner."""
    batch = Batch(game="ward", decks=decks if mode == "match" else decks[:1], policies=["greedy", "greedy"],
                  games=games, seed=7, mode=mode, max_turns=max_turns, check=True, rules=rules or None)
    return [batch.play_one(index, log=True)[1].log for index in range(games)]


def test_the_engine_declares_time_out_default_first():
    (reading,) = ENGINE.readings
    assert reading.name == "time-out" and reading.values == ("on", "off") and reading.default == "on"
    assert "Time Out" in reading.says and "unresolved" in reading.says


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
    for on, off in zip(default, switched):
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


def test_the_default_and_an_explicit_default_play_the_same_games(decks):
    default = transcripts(decks, max_turns=30, games=6)
    assert transcripts(decks, max_turns=30, games=6, **{"time-out": "on"}) == default
    assert transcripts(decks, max_turns=30, games=6, **{"ward.time-out": "on"}) == default


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
        assert twin.observation(0)[-1] is (not unresolved) and twin.observation(0) == game.observation(0), name
        while not twin.is_terminal():
            end_turn(twin)
        assert twin.is_unresolved() is unresolved and twin.winner() == (None if unresolved else 1), name


def test_a_rule_or_value_the_game_lacks_is_refused():
    with pytest.raises(ValueError, match="the rule ward.time-out is one of on, off, not 'never'"):
        ward.new_match([deck(), deck()], seed=1, rules={"time-out": "never"})
    with pytest.raises(ValueError, match="ward has no rule 'timeout'"):
        ward.new_goldfish(deck(), seed=1, rules={"timeout": "off"})


# -- the CLI --


def test_games_rules_json_lists_the_reading(decklab, db_url):
    result = decklab("games", "--rules", "--json")
    assert result.exit_code == 0, result.stderr
    rows = {row["rule"]: row for row in json.loads(result.stdout) if row["game"] == "ward"}
    assert set(rows) == {"ward.time-out"}
    assert rows["ward.time-out"]["default"] == "on" and rows["ward.time-out"]["values"] == ["on", "off"]
    assert rows["ward.time-out"]["says"]


def test_a_bad_value_is_one_sentence_and_exit_2(decklab, db_url):
    result = decklab("sim", "match", ROOST, KNIGHTS, "-n", "10", "--rule", "ward.time-out=maybe")
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    assert "the rule ward.time-out is one of on, off" in lines[0]


def test_a_match_records_the_reading_and_off_counts_the_capped_games_unresolved(decklab, db_url):
    def run(*rules: str) -> dict:
        result = decklab("sim", "match", ROOST, KNIGHTS, "-n", "200", "--seed", "4", "--max-turns", "30", "--json",
                         *[word for rule in rules for word in ("--rule", rule)])
        assert result.exit_code == 0, result.stderr
        return {k: v for k, v in json.loads(result.stdout).items() if k not in ("elapsed_s", "games_per_s")}

    default = run()
    assert default["rules"] == {"ward.time-out": "on"} and default["unresolved"] == 0
    assert run("ward.time-out=on") == default
    switched = run("ward.time-out=off")
    assert switched["rules"] == {"ward.time-out": "off"}
    assert switched["unresolved"] > 0 and switched["draws"] <= default["draws"]
    for on, off in zip(default["players"], switched["players"]):  # the games decided before the cap stay decided
        assert off["wins"] <= on["wins"] and off["losses"] <= on["losses"]
    assert switched["turns"] == default["turns"]  # the same games, only the verdict at the cap differs
