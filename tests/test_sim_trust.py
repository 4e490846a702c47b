"""What makes a printed result trustworthy, through the real CLI: checked play, a failed game reported as one
sentence with the command that replays it, unresolved games apart from draws, and turn positions."""

from __future__ import annotations

import itertools
import json

import pytest

from decklab.catalog.sample_decks import sample_deck_paths
from decklab.engine import engines
from decklab.engine.core import Pass, RandomPolicy

SAMPLES = {path.name: path for path in sample_deck_paths()}
ORKS, NECRONS = SAMPLES["wh40k-1.deck"], SAMPLES["wh40k-2.deck"]


class Cheat:
    """A random policy that, in game ``bad`` of a one-worker batch, plays an action that is never legal
    (or raises, as an engine bug would)."""

    name = "cheat"

    def __init__(self, game: int, *, bad: int | str, raises: bool) -> None:
        self.game, self.bad, self.raises = game, bad, raises

    def choose(self, state, actions):
        if self.bad in (self.game, "every") and state.turn >= 2:
            if self.raises:
                raise ValueError("list.remove(x): x not in list")
            return Pass("take an extra turn")
        return RandomPolicy().choose(state, actions)


@pytest.fixture
def cheat(monkeypatch):
    """Registers the ``cheat`` policy with the 40K engine: game 3 of a batch goes wrong."""
    def install(*, raises: bool = False, bad: int | str = 3) -> None:
        calls = itertools.count()
        monkeypatch.setitem(engines()["wh40k"].policies, "cheat",
                            lambda: Cheat(next(calls) // 2, bad=bad, raises=raises))
    return install


def one_sentence(result) -> str:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def test_an_illegal_action_stops_the_batch_with_the_games_so_far_and_a_replay_command(decklab, db_url, cheat):
    cheat()
    result = decklab("sim", "match", ORKS, NECRONS, "-p", "cheat", "-n", "10", "--seed", "4", "--check", "--json")
    sentence = one_sentence(result)
    assert "wh40k game 3 (seed " in sentence and "illegal action 'take an extra turn'" in sentence
    assert "at turn 2" in sentence and "the 3 games finished before it are reported" in sentence
    assert sentence.endswith(f"replay it with: decklab sim match {ORKS} {NECRONS} --policy cheat -n 10 --seed 4 "
                             "--check --log --game-index 3")
    document = json.loads(result.stdout)
    assert document["games"] == 3 and document["requested"] == 10 and document["checked"] is True
    assert document["failure"]["game_index"] == 3 and "take an extra turn" in document["failure"]["error"]


def test_an_engine_error_is_one_sentence_and_the_log_replays_the_game_up_to_it(decklab, db_url, cheat):
    cheat(raises=True, bad=0)
    result = decklab("sim", "match", ORKS, NECRONS, "-p", "cheat", "-n", "5", "--seed", "4")
    sentence = one_sentence(result)
    assert "wh40k game 0" in sentence and "ValueError: list.remove(x): x not in list" in sentence
    assert "Stopped at game 0: 0 of 5 games finished" in result.stdout
    cheat(raises=True, bad=0)
    replay = decklab(
        "sim", "match", ORKS, NECRONS, "-p", "cheat", "-n", "5", "--seed", "4", "--log", "--game-index", "0"
    )
    assert "ValueError" in one_sentence(replay)
    assert "[turn 1]" in replay.stdout


def test_check_is_off_by_default_outside_the_tests_and_the_flag_turns_it_on(decklab, db_url, cheat, monkeypatch):
    monkeypatch.delenv("DECKLAB_CHECK")
    document = json.loads(decklab("sim", "match", ORKS, NECRONS, "-n", "20", "--json").stdout)
    assert document["checked"] is False
    cheat(bad=0)
    assert "illegal action" in one_sentence(decklab("sim", "match", ORKS, NECRONS, "-p", "cheat", "-n", "5", "--check"))


def test_games_stopped_by_the_turn_cap_are_unresolved_not_draws(decklab, db_url):
    result = decklab("sim", "match", ORKS, NECRONS, "-n", "40", "--max-turns", "2", "--json")
    document = json.loads(result.stdout)
    assert document["draws"] == 0 and document["unresolved"] == 40 and document["unresolved_rate"] == 1.0
    assert all(player["wins"] == 0 and player["losses"] == 0 for player in document["players"])
    table = decklab("sim", "match", ORKS, NECRONS, "-n", "40", "--max-turns", "2").stdout
    assert "40 games (100.0%) are unresolved" in " ".join(table.split())
    plain = decklab("sim", "match", ORKS, NECRONS, "-n", "40").stdout
    assert "unresolved" not in plain


def test_a_gauntlet_failure_names_the_match_that_replays_it(decklab, db_url, cheat):
    cheat(bad=0)
    result = decklab("sim", "gauntlet", ORKS, NECRONS, ORKS, "-p", "cheat", "-n", "6", "--seed", "2")
    sentence = one_sentence(result)
    assert f"replay it with: decklab sim match {ORKS} {NECRONS} --policy cheat -n 6 --seed 2" in sentence


def test_three_and_four_seats_report_win_rates_by_turn_position(decklab, db_url):
    fen, sky = SAMPLES["magewarfare-1.deck"], SAMPLES["magewarfare-2.deck"]
    document = json.loads(decklab("sim", "match", fen, sky, fen, "-n", "60", "--seed", "3", "--json").stdout)
    positions = document["by_position"]
    assert [row["position"] for row in positions] == [1, 2, 3]
    assert sum(row["wins"] for row in positions) == sum(player["wins"] for player in document["players"])
    assert positions[0]["win_rate"] == document["first_player_win_rate"]
    assert all(row["ci95"][0] <= row["win_rate"] <= row["ci95"][1] for row in positions)
    table = decklab("sim", "match", fen, sky, fen, sky, "-n", "40").stdout
    assert "By turn position" in table and "4th" in table
    two = json.loads(decklab("sim", "match", fen, sky, "-n", "20", "--json").stdout)
    assert "by_position" not in two


def test_a_failure_in_a_worker_process_is_the_same_one_sentence(decklab, db_url, cheat):
    cheat(raises=True, bad="every")
    result = decklab("sim", "match", ORKS, NECRONS, "-p", "cheat", "-n", "40", "--workers", "2")
    sentence = one_sentence(result)
    assert "ValueError: list.remove(x): x not in list" in sentence and "replay it with: decklab sim match" in sentence


def test_turns_say_their_unit_in_json_and_tables(decklab, db_url):
    match = json.loads(decklab("sim", "match", ORKS, NECRONS, "-n", "20", "--json").stdout)
    assert match["turn_unit"] == "player turns"
    fish = json.loads(decklab("sim", "goldfish", ORKS, "-n", "20", "--json").stdout)
    assert fish["turn_unit"] == "own turns"
    assert "game length in player turns (every player's turn counts one)" in " ".join(
        decklab("sim", "match", ORKS, NECRONS, "-n", "20").stdout.split())
    assert "Kill turn (own turns)" in decklab("sim", "goldfish", ORKS, "-n", "20").stdout


def test_the_log_is_never_wrapped_and_comes_as_json_lines_with_json(decklab, db_url):
    ward = SAMPLES["ward-1.deck"], SAMPLES["ward-2.deck"]
    document = json.loads(decklab("sim", "match", *ward, "--log", "--game-index", "1", "--json").stdout)
    assert document["game_index"] == 1 and document["first"] == 2
    assert [player["deck"] for player in document["players"]] == ["Dragonfire Roost", "Knights of the Hall"]
    assert document["result"]["turn_unit"] == "player turns" and document["result"]["turns"] > 0
    assert max(len(line) for line in document["log"]) > 80  # a long line, printed whole below
    text = decklab("sim", "match", *ward, "--log", "--game-index", "1").stdout.splitlines()
    assert text[1:1 + len(document["log"])] == document["log"]


def test_the_first_player_rate_is_over_decided_games():
    from decklab.engine.stats import GameResult, Tally, summarize_match

    tally = Tally(seats=2)
    for index, (winner, unresolved) in enumerate([(0, False), (1, False), (0, False), (None, False), (None, True)]):
        tally.add(GameResult(index=index, winner=winner, turns=10, first=index % 2, unresolved=unresolved))
    document = summarize_match(tally, [{"deck": "A"}, {"deck": "B"}])
    # first players: game 0 (seat 0 won), game 2 (seat 0 won); seat 1 went first in game 1 and won: 3 of 3 decided
    assert document["decided"] == 3 and document["draws"] == 1 and document["unresolved"] == 1
    assert document["first_player_win_rate"] == 1.0
    assert [player["win_rate"] for player in document["players"]] == [0.4, 0.2]
