"""Readings of unclear rules as switches, from the shell, for every game: `decklab games --rules` lists them,
`--rule GAME.RULE=VALUE` plays one and every result records them, a bad one is one sentence. (What each reading
changes in play is tested in tests/engine/test_<game>_readings.py.)"""

from __future__ import annotations

import json

import pytest

from decklab.catalog.sample_decks import sample_deck_paths
from decklab.engine import engines

SAMPLES = {path.name: path for path in sample_deck_paths()}
READINGS = [(engine.game, reading) for engine in engines().values() for reading in engine.readings]
_TIMING = ("elapsed_s", "games_per_s")


def test_every_game_has_readings_and_games_rules_lists_them_all(decklab):
    assert {game for game, _ in READINGS} == set(engines())
    result = decklab("games", "--rules", "--json")
    assert result.exit_code == 0, result.stderr
    rows = {row["rule"]: row for row in json.loads(result.stdout)}
    assert set(rows) == {f"{game}.{reading.name}" for game, reading in READINGS}
    for game, reading in READINGS:
        row = rows[f"{game}.{reading.name}"]
        assert (row["game"], row["default"], row["values"]) == (game, reading.values[0], list(reading.values))
        assert len(reading.values) >= 2 and row["says"]
    table = decklab("games", "--rules")
    assert all(f"{game}.{reading.name}" in table.stdout for game, reading in READINGS)


@pytest.mark.parametrize("game, reading", READINGS, ids=lambda item: getattr(item, "name", item))
def test_a_bad_value_is_one_sentence_and_exit_2(decklab, db_url, game, reading):
    decks = [SAMPLES[f"{game}-1.deck"], SAMPLES[f"{game}-2.deck"]]
    result = decklab("sim", "match", *decks, "-n", "5", "--rule", f"{game}.{reading.name}=sideways")
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    assert f"the rule {game}.{reading.name} is one of {', '.join(reading.values)}, not 'sideways'" in lines[0]


@pytest.mark.parametrize("game, reading", READINGS, ids=lambda item: getattr(item, "name", item))
def test_a_match_records_its_readings_and_an_explicit_default_changes_nothing(decklab, db_url, game, reading):
    decks = [SAMPLES[f"{game}-1.deck"], SAMPLES[f"{game}-2.deck"]]

    def run(*rules: str) -> dict:
        result = decklab("sim", "match", *decks, "-n", "30", "--seed", "4", "--json",
                         *[word for rule in rules for word in ("--rule", rule)])
        assert result.exit_code == 0, result.stderr
        return {key: value for key, value in json.loads(result.stdout).items() if key not in _TIMING}

    name = f"{game}.{reading.name}"
    default = run()
    assert default["rules"][name] == reading.default
    assert run(f"{name}={reading.default}") == default
    other = run(f"{name}={reading.values[1]}")
    assert other["rules"] == {**default["rules"], name: reading.values[1]}


def test_a_rule_of_another_game_or_a_malformed_one_is_one_sentence(decklab, db_url):
    decks = [SAMPLES["wh40k-1.deck"], SAMPLES["wh40k-2.deck"]]
    result = decklab("sim", "match", *decks, "-n", "5", "--rule", "ward.time-out=off")
    assert result.exit_code == 2 and "wh40k has no rule 'ward.time-out'" in result.stderr
    result = decklab("sim", "match", *decks, "-n", "5", "--rule", "first-draw")
    assert result.exit_code == 2 and "--rule takes GAME.RULE=VALUE" in result.stderr
    result = decklab("sim", "sensitivity", *decks, "-n", "5", "--vary-rule", "wh40k.tides")
    assert result.exit_code == 2 and "wh40k has no rule 'wh40k.tides' to vary" in result.stderr


def test_a_table_says_when_a_reading_is_not_decklabs(decklab, db_url):
    decks = [SAMPLES["wh40k-1.deck"], SAMPLES["wh40k-2.deck"]]
    switched = decklab("sim", "match", *decks, "-n", "5", "--no-plot", "--rule", "wh40k.first-draw=second-battle-turn")
    assert switched.exit_code == 0, switched.stderr
    assert "other than decklab's: wh40k.first-draw=second-battle-turn" in " ".join(switched.stdout.split())
    default = decklab("sim", "match", *decks, "-n", "5", "--no-plot", "--rule", "wh40k.first-draw=second-turn")
    assert "other than decklab's" not in default.stdout
    gauntlet = decklab("sim", "gauntlet", *decks, "-n", "5", "--no-plot", "--rule", "wh40k.first-attack=second-turn")
    assert "other than decklab's: wh40k.first-attack=second-turn" in " ".join(gauntlet.stdout.split())
