"""The tour and the field tests: `decklab demo`, `sim gauntlet`, `sim matrix`, shell completion."""

from __future__ import annotations

import json

from decklab.catalog.games import game_ids
from decklab.catalog.sample_decks import sample_deck_paths
from decklab.engine import engines

SAMPLES = {path.name: path for path in sample_deck_paths()}


def test_demo_json_on_a_temporary_database(decklab):
    result = decklab("demo", "--fresh", "--json", "-n", "200", "--workers", "1")
    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    assert list(document["games"]) == game_ids()
    assert "decklab-demo-" in document["database"]
    for game, section in document["games"].items():
        assert section["legal"]["legal"] is True and section["legal"]["game"] == game
        assert section["illegal"]["legal"] is False and section["illegal"]["errors"]
        if game in engines():
            assert section["goldfish"]["mode"] == "goldfish" and section["goldfish"]["games"] == 500
            match = section["match"]
            assert match["games"] == 200 and len(match["players"]) == 2
            assert sum(p["wins"] for p in match["players"]) + match["draws"] + match["unresolved"] == 200
        else:
            assert section["engine"] == f"decklab has no {game} engine yet"
    assert document["elapsed_s"] > 0


def test_demo_screen(decklab, tmp_path):
    result = decklab("--db", tmp_path / "tour.db", "demo", "-n", "100", "--workers", "1")
    assert result.exit_code == 0, result.stderr
    assert "Summary" in result.stdout and "wh40k" in result.stdout and "is not legal" in result.stdout


def test_gauntlet(decklab, db_url):
    result = decklab("sim", "gauntlet", SAMPLES["wh40k-1.deck"], SAMPLES["wh40k-2.deck"], SAMPLES["wh40k-1.deck"],
                     "-n", "100", "--seed", "4", "--json")
    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["mode"] == "gauntlet" and document["deck"] == "Endless Ork Horde"
    assert [row["deck"] for row in document["opponents"]] == ["Undying Dynasty", "Endless Ork Horde"]
    for row in document["opponents"]:
        assert row["wins"] + row["losses"] + row["draws"] + row["unresolved"] == 100
        assert row["ci95"][0] <= row["win_rate"] <= row["ci95"][1]
    assert document["overall"]["games"] == 200
    assert document["overall"]["wins"] == sum(row["wins"] for row in document["opponents"])
    table = decklab("sim", "gauntlet", SAMPLES["wh40k-1.deck"], SAMPLES["wh40k-2.deck"], "-n", "50")
    assert "overall" in table.stdout and "95% interval" in table.stdout


def test_matrix(decklab, db_url):
    decks = [SAMPLES["wh40k-1.deck"], SAMPLES["wh40k-2.deck"], SAMPLES["wh40k-1.deck"]]
    result = decklab("sim", "matrix", *decks, "-n", "100", "--json", "--workers", "2")
    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    rates = document["win_rates"]
    assert [rates[i][i] for i in range(3)] == [None, None, None]
    assert (
        rates[0][1] == json.loads(decklab("sim", "matrix", *decks[:2], "-n", "100", "--json").stdout)["win_rates"][0][1]
    )
    for i in range(3):
        for j in range(3):
            if i != j:
                assert 0 <= rates[i][j] <= 1 and rates[i][j] + rates[j][i] <= 1.0001
    assert "Round robin" in decklab("sim", "matrix", *decks[:2], "-n", "50").stdout


def test_field_errors(decklab, db_url):
    result = decklab("sim", "matrix", SAMPLES["wh40k-1.deck"], "-n", "10")
    assert result.exit_code == 2 and "give at least 2 decks." in result.stderr
    result = decklab("sim", "gauntlet", SAMPLES["wh40k-1.deck"], SAMPLES["ward-1.deck"], "-n", "10")
    assert result.exit_code == 2 and "a match needs decks of one game" in result.stderr


def test_shell_completion(tmp_path):
    """`decklab --install-completion` installs what `--show-completion` prints; completion answers."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    decklab = str(Path(sys.executable).with_name("decklab"))
    script = subprocess.run([decklab, "--show-completion", "bash"], capture_output=True, text=True, check=True).stdout
    assert "complete -o default -F _decklab_completion decklab" in script
    env = dict(os.environ, _DECKLAB_COMPLETE="complete_bash", COMP_WORDS="decklab sim m", COMP_CWORD="2")
    answer = subprocess.run([decklab], capture_output=True, text=True, env=env).stdout.split()
    assert answer == ["match", "matrix"]
