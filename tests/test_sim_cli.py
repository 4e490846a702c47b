"""`decklab sim`: both commands, --json, --log and the error paths."""

from __future__ import annotations

import json

import pytest
from conftest import write
from decklab.catalog.sample_decks import sample_deck_paths

SAMPLES = {path.name: path for path in sample_deck_paths()}
ORKS, NECRONS = SAMPLES["wh40k-1.deck"], SAMPLES["wh40k-2.deck"]


def assert_input_error(result, expected: str):
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert expected in lines[0], lines[0]


def test_match_json_document(decklab, db_url):
    result = decklab("sim", "match", ORKS, NECRONS, "-n", "200", "--seed", "3", "--json")
    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    assert {k: document[k] for k in ("game", "mode", "games", "seed", "workers")} == {
        "game": "wh40k", "mode": "match", "games": 200, "seed": 3, "workers": 1}
    a, b = document["players"]
    assert (a["deck"], b["deck"]) == ("Endless Ork Horde", "Undying Dynasty")
    assert a["wins"] + b["wins"] + document["draws"] == 200
    assert a["ci95"][0] <= a["win_rate"] <= a["ci95"][1]
    assert set(document["turns"]) == {"mean", "p50", "p90", "histogram"}
    assert 0 <= document["first_player_win_rate"] <= 1 and document["games_per_s"] > 0


def test_match_table_and_seeded_repeatability(decklab, db_url):
    first = decklab("sim", "match", ORKS, NECRONS, "-n", "100", "--seed", "9", "--json")
    again = decklab("sim", "match", ORKS, NECRONS, "-n", "100", "--seed", "9", "--workers", "2", "--json")
    strip = lambda d: {k: v for k, v in json.loads(d).items() if k not in ("elapsed_s", "games_per_s", "workers")}  # noqa: E731
    assert strip(first.stdout) == strip(again.stdout)
    table = decklab("sim", "match", ORKS, NECRONS, "-n", "100", "--policy-b", "random")
    assert table.exit_code == 0
    assert "Endless Ork Horde" in table.stdout and "95% interval" in table.stdout and "random" in table.stdout


def test_goldfish(decklab, db_url):
    document = json.loads(decklab("sim", "goldfish", ORKS, "-n", "100", "--json").stdout)
    assert document["mode"] == "goldfish" and document["deck"] == "Endless Ork Horde"
    assert sum(document["kill_turn"]["histogram"].values()) + document["not_killed"] == 100
    assert "Kill turn" in decklab("sim", "goldfish", ORKS, "-n", "50").stdout


def test_log_prints_one_game(decklab, db_url):
    result = decklab("sim", "match", ORKS, NECRONS, "--log", "--game-index", "3", "--seed", "2")
    assert result.exit_code == 0
    assert result.stdout.startswith("Game 3 of seed 2: P1 Endless Ork Horde, P2 Undying Dynasty; P2 goes first")
    assert "[turn 1] P2 begins" in result.stdout
    assert decklab("sim", "match", ORKS, NECRONS, "--log", "--game-index", "3", "--seed", "2").stdout == result.stdout


def test_saved_decks_work_too(decklab, db_url):
    decklab("deck", "import", "--samples")
    assert decklab("sim", "match", "Endless Ork Horde", "undying dynasty", "-n", "20").exit_code == 0


def test_error_paths(decklab, db_url, tmp_path):
    assert_input_error(decklab("sim", "match", SAMPLES["wh40k-illegal.deck"], NECRONS, "-n", "10"),
                       "Chapter Overreach is not a legal wh40k deck (wh40k.army-size: The army deck has 51 cards")
    assert decklab("sim", "match", SAMPLES["wh40k-illegal.deck"], NECRONS, "-n", "10", "--allow-illegal").exit_code == 0
    assert_input_error(decklab("sim", "match", ORKS, SAMPLES["ward-1.deck"], "-n", "10"),
                       "Endless Ork Horde is a wh40k deck and Dragonfire Roost is a ward deck; a match needs decks of one game.")
    assert_input_error(decklab("sim", "match", ORKS, NECRONS, "-n", "0"), "the number of games must be from 1 to 100,000,000, not 0.")
    assert_input_error(decklab("sim", "match", ORKS, tmp_path / "missing.deck"),
                       "is neither a saved deck nor a decklist file")
    assert_input_error(decklab("sim", "match", ORKS, NECRONS, "--policy", "clever"), "'clever' is not a policy")
    assert_input_error(decklab("sim", "match", ORKS, "-n", "5"), "a wh40k match takes 2 decks, not 1.")
    assert_input_error(decklab("sim", "match", ORKS, NECRONS, "--log", "--game-index", "5", "-n", "5"),
                       "--game-index must be between 0 and 4, not 5.")
    assert_input_error(decklab("sim", "match", ORKS, NECRONS, "--workers", "0"), "the number of workers must be at least 1")


@pytest.fixture
def unmodeled_deck(decklab, db_url, tmp_path):
    """A legal army whose one custom card has an effect the engine does not model."""
    set_file = write(tmp_path / "odd.yaml", "game: wh40k\nset: ODD\ncards:\n"
                     "  - {name: Warp Oddity, type: event, faction: Orks, cp_cost: 1, limit: 1, text: Time bends.,"
                     " effects: [{effect: rewind_time, trigger: on_play}]}\n")
    assert decklab("catalog", "import", set_file).exit_code == 0
    lines = ORKS.read_text().splitlines()
    army = [line for line in lines if line and not line.startswith("#")]
    index = next(i for i, line in enumerate(army) if line.startswith("1 "))
    army[index] = "1 Warp Oddity"
    return write(tmp_path / "odd.deck", "\n".join(army) + "\n")


def test_unmodeled_effects_are_refused_unless_vanilla(decklab, unmodeled_deck):
    assert_input_error(decklab("sim", "goldfish", unmodeled_deck, "-n", "10"),
                       "has cards whose effects the wh40k engine does not model (Warp Oddity); pass --vanilla")
    result = decklab("sim", "goldfish", unmodeled_deck, "-n", "10", "--vanilla", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["vanilla"] is True
    assert "Cards whose effects are not modeled" in decklab("sim", "goldfish", unmodeled_deck, "-n", "10", "--vanilla").stdout


def test_a_game_without_an_engine(decklab, db_url, monkeypatch):
    import dataclasses

    from decklab.engine import core

    monkeypatch.setitem(core._ENGINES, "warcardz", dataclasses.replace(core._ENGINES["wh40k"], game="warcardz"))
    monkeypatch.delitem(core._ENGINES, "wh40k")
    result = decklab("sim", "goldfish", ORKS, "-n", "10")
    assert_input_error(result, "decklab has no wh40k engine yet; it simulates ")
    assert "warcardz" in result.stderr and "wh40k," not in result.stderr


def test_coverage_reports_every_starter_card_modeled(decklab, db_url):
    result = decklab("sim", "coverage", "--json")
    assert result.exit_code == 0, result.stderr
    rows = {row["game"]: row for row in json.loads(result.stdout)}
    assert {game: (row["cards"], row["modeled"]) for game, row in rows.items()} == {
        "magewarfare": (110, 110), "warcardz": (101, 101), "ward": (133, 133), "wentworth": (256, 256), "wh40k": (89, 89)}
    assert "Every card is modeled" in decklab("sim", "coverage", "--game", "ward").stdout


def test_coverage_names_each_unmodeled_card_and_why(decklab, db_url, tmp_path):
    set_file = write(tmp_path / "odd.yaml", "game: wh40k\nset: ODD\ncards:\n"
                     "  - {name: Warp Oddity, type: event, faction: Orks, cp_cost: 1, limit: 1, text: Time bends.,"
                     " effects: [{effect: rewind_time, trigger: on_play}]}\n"
                     "  - {name: Late Medic, type: event, faction: Orks, cp_cost: 1, limit: 1, text: Heals later.,"
                     " effects: [{effect: draw, trigger: on_play, amount: 1}, {effect: draw, trigger: at_dusk, amount: 1}]}\n")
    assert decklab("catalog", "import", set_file).exit_code == 0
    result = decklab("sim", "coverage", "--set", "ODD", "--json")
    assert result.exit_code == 0, result.stderr
    [row] = json.loads(result.stdout)
    assert (row["game"], row["cards"], row["modeled"]) == ("wh40k", 2, 0)
    assert {card["name"]: card["reason"] for card in row["unmodeled"]} == {
        "Late Medic": "effect 2: 'draw' has no trigger 'at_dusk'",
        "Warp Oddity": "effect 1: 'rewind_time' is not an effect kind the wh40k engine models"}
    text = decklab("sim", "coverage", "--set", "ODD").stdout
    assert "Warp Oddity" in text and "0.0%" in text
    assert_input_error(decklab("sim", "coverage", "--game", "chess"), "chess")


def test_coverage_agrees_with_the_games_own_value_checks():
    """Warcardz checks an effect's values too (a stat it knows): coverage reports what a simulation refuses."""
    from decklab.catalog.cards import Card
    from decklab.engine import engines
    from decklab.engine.checks import coverage

    odd = Card(game="warcardz", name="Lucky Charm", type="tactics", set_code="ODD",
               fields={"effects": [{"effect": "modify", "trigger": "passive", "target": "this", "stat": "luck",
                                    "amount": 1}]})
    [row] = coverage([odd])
    assert (row["cards"], row["modeled"]) == (1, 0)
    assert row["unmodeled"][0]["reason"] == "effect 1: 'modify' with these values is not modeled by the warcardz engine"
    assert not engines()["warcardz"].effects.is_modeled(odd)
