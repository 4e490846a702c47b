"""Limits of a simulation batch through the real CLI: the number of games, the seed range, and a clean stop on
SIGTERM (the games finished are reported, no worker prints a traceback)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import sample_decks
from decklab.catalog.sample_decks import sample_deck_paths
from decklab.engine.runner import Batch, _chunks, run

SAMPLES = {path.name: path for path in sample_deck_paths()}
ORKS, NECRONS = SAMPLES["wh40k-1.deck"], SAMPLES["wh40k-2.deck"]
DECKLAB = str(Path(sys.executable).with_name("decklab"))


def one_sentence(result) -> str:
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    return lines[0]


def test_the_number_of_games_has_a_documented_maximum(decklab, db_url):
    sentence = one_sentence(decklab("sim", "match", ORKS, NECRONS, "-n", str(10**12)))
    assert sentence == "decklab: the number of games must be from 1 to 100,000,000, not 1,000,000,000,000."
    assert "from 1 to 100,000,000" in one_sentence(decklab("sim", "gauntlet", ORKS, NECRONS, "-n", "0"))
    assert "from 1 to 100,000,000" in one_sentence(decklab("demo", "-n", str(10**9)))


def test_seeds_outside_the_supported_range_are_refused_not_reduced(decklab, db_url):
    assert "the seed must be a whole number from 0 to 281,474,976,710,655" in one_sentence(
        decklab("sim", "match", ORKS, NECRONS, "--seed", str(2**48)))
    assert "not -1" in one_sentence(decklab("sim", "goldfish", ORKS, "--seed", "-1"))
    assert decklab("sim", "match", ORKS, NECRONS, "--seed", str(2**48 - 1), "-n", "4").exit_code == 0


def test_work_is_made_as_it_is_needed():
    chunks = _chunks(10**12, 2)
    assert next(chunks) == (0, 500) and next(chunks) == (500, 1000)  # no list of two billion ranges first


@pytest.fixture(scope="module")
def decks_wh40k(template_db):
    """The 40K sample decks (Orks, Necrons)."""
    return sample_decks(template_db, "wh40k")


def test_a_large_batch_keeps_totals_not_games(decks_wh40k):
    outcome = run(Batch(game="wh40k", decks=decks_wh40k, policies=["random"], games=300, seed=3), workers=2)
    assert outcome.games == 300 and outcome.results == []
    assert sum(outcome.tally.turns.values()) == 300
    kept = run(Batch(game="wh40k", decks=decks_wh40k, policies=["random"], games=300, seed=3), workers=1, keep=True)
    assert [r.index for r in kept.results] == list(range(300)) and kept.tally == outcome.tally


def test_sigterm_stops_a_batch_cleanly_with_the_games_finished(tmp_path):
    env = dict(os.environ, DECKLAB_DATABASE_URL=str(tmp_path / "decklab.db"))
    subprocess.run([DECKLAB, "db", "info"], env=env, check=True, capture_output=True)
    process = subprocess.Popen([DECKLAB, "sim", "match", str(ORKS), str(NECRONS), "-n", "50000000", "--workers", "2"],
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(3)
    process.send_signal(signal.SIGTERM)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "Interrupted:" in out and "of 50000000 games finished" in out
    assert "Traceback" not in err and "BrokenPipeError" not in err


def test_a_worker_that_dies_stops_the_batch_with_one_sentence_instead_of_hanging(decklab, db_url, monkeypatch):
    from decklab.engine import engines
    from decklab.engine.core import RandomPolicy

    class Doomed(RandomPolicy):
        """Kills its own worker process on turn 3 (as the kernel's out-of-memory killer would)."""

        def choose(self, state, actions):
            if state.turn == 3 and os.getpid() != parent:
                os.kill(os.getpid(), signal.SIGKILL)
            return super().choose(state, actions)

    parent = os.getpid()
    monkeypatch.setitem(engines()["wh40k"].policies, "doomed", Doomed)
    result = decklab("sim", "match", ORKS, NECRONS, "-p", "doomed", "-n", "40", "--workers", "2", "--json")
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert "a worker process stopped unexpectedly" in lines[0] and "run the batch again" in lines[0]
    assert "lost" in json.loads(result.stdout)


def test_a_goldfish_the_deck_loses_is_counted_as_not_killed():
    from decklab.engine.stats import GameResult, Tally, summarize_goldfish

    tally = Tally(seats=Batch(game="ward", decks=[None], policies=["greedy"], games=1, mode="goldfish").seats)
    tally.add(GameResult(index=0, winner=1, turns=7, first=0))  # the deck decked out: the dummies "win"
    tally.add(GameResult(index=1, winner=0, turns=9, first=0, kill_turn=5))
    assert summarize_goldfish(tally)["not_killed"] == 1 and summarize_goldfish(tally)["kill_turn"]["p50"] == 5
