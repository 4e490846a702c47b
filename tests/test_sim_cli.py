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
    def strip(text: str) -> dict:
        return {k: v for k, v in json.loads(text).items() if k not in ("elapsed_s", "games_per_s", "workers")}

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
                       "Endless Ork Horde is a wh40k deck and Dragonfire Roost is a ward deck; a match needs decks of "
                       "one game.")
    assert_input_error(decklab("sim", "match", ORKS, NECRONS, "-n", "0"), "the number of games must be from 1 to "
                                                                          "100,000,000, not 0.")
    assert_input_error(decklab("sim", "match", ORKS, tmp_path / "missing.deck"),
                       "is neither a saved deck nor a decklist file")
    assert_input_error(decklab("sim", "match", ORKS, NECRONS, "--policy", "clever"), "'clever' is not a policy")
    assert_input_error(decklab("sim", "match", ORKS, "-n", "5"), "a wh40k match takes 2 decks, not 1.")
    assert_input_error(decklab("sim", "match", ORKS, NECRONS, "--log", "--game-index", "5", "-n", "5"),
                       "--game-index must be between 0 and 4, not 5.")
    assert_input_error(decklab("sim", "match", ORKS, NECRONS, "--workers", "0"), "the number of workers must be at "
                                                                                 "least 1")


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
    assert (
        "Cards whose effects are not modeled"
        in decklab("sim", "goldfish", unmodeled_deck, "-n", "10", "--vanilla").stdout
    )


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
        "magewarfare": (110, 110),
        "warcardz": (101, 101),
        "ward": (133, 133),
        "wentworth": (256, 256),
        "wh40k": (89, 89),
    }
    assert "Every card is modeled" in decklab("sim", "coverage", "--game", "ward").stdout


def test_coverage_names_each_unmodeled_card_and_why(decklab, db_url, tmp_path):
    set_file = write(tmp_path / "odd.yaml", "game: wh40k\nset: ODD\ncards:\n"
                     "  - {name: Warp Oddity, type: event, faction: Orks, cp_cost: 1, limit: 1, text: Time bends.,"
                     " effects: [{effect: rewind_time, trigger: on_play}]}\n"
                     "  - {name: Late Medic, type: event, faction: Orks, cp_cost: 1, limit: 1, text: Heals later.,"
                     " effects: [{effect: draw, trigger: on_play, amount: 1}, {effect: draw, trigger: at_dusk, amount: "
                     "1}]}\n")
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


# --- plots and `sim goldfish A B` (issue 25) ----------------------------------------------------------------------

TIMING = ("elapsed_s", "games_per_s")


def untimed(document: dict) -> dict:
    return {key: value for key, value in document.items() if key not in TIMING}


def plot_lines(text: str, title: str) -> list[str]:
    """The lines of the plot whose first line starts with ``title`` (a printed plot ends at the end of the output)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(title))
    return lines[start:]


def test_goldfish_of_two_decks_is_a_list_of_documents_played_on_the_same_seeds(decklab, db_url):
    result = decklab("sim", "goldfish", ORKS, NECRONS, "-n", "150", "--seed", "5", "--json")
    assert result.exit_code == 0, result.stderr
    orks, necrons = json.loads(result.stdout)
    assert (orks["deck"], necrons["deck"]) == ("Endless Ork Horde", "Undying Dynasty")
    assert (orks["source"], necrons["source"]) == (str(ORKS), str(NECRONS))
    # each is the very document `sim goldfish DECK` prints alone with that seed (plus where the deck came from)
    alone = json.loads(decklab("sim", "goldfish", NECRONS, "-n", "150", "--seed", "5", "--json").stdout)
    assert "source" not in alone
    assert untimed({key: value for key, value in necrons.items() if key != "source"}) == untimed(alone)
    for document in (orks, necrons):
        assert document["mode"] == "goldfish" and document["games"] == 150 and document["seed"] == 5
        assert sum(document["kill_turn"]["histogram"].values()) + document["not_killed"] == 150
    two_workers = json.loads(decklab("sim", "goldfish", ORKS, NECRONS, "-n", "150", "--seed", "5", "-w", "2",
                                     "--json").stdout)
    assert [untimed({**d, "workers": 1}) for d in two_workers] == [untimed(orks), untimed(necrons)]


def test_goldfish_of_two_decks_shows_one_table_and_the_curves_overlaid(decklab, db_url):
    document = json.loads(decklab("sim", "goldfish", ORKS, NECRONS, "-n", "200", "--json").stdout)
    result = decklab("sim", "goldfish", ORKS, NECRONS, "-n", "200")
    assert result.exit_code == 0, result.stderr
    text = result.stdout
    assert "\x1b[" not in text  # piped: plain text, no colour codes
    assert text.startswith("wh40k goldfish: 2 decks × 200 games on the same seeds (seed 1)")
    assert "A Endless Ork Horde" in text and "B Undying Dynasty" in text and "90th percentile" in text
    curve = plot_lines(text, "Kill turn (own turns): share of the 200 games each killed by each turn")
    assert curve[1:3] == ["  A  Endless Ork Horde", "  B  Undying Dynasty"]
    assert curve[3].split()[:3] == ["Turn", "A", "B"]
    # every turn's row gives each deck's share of games killed by then, as the JSON's histograms add up to
    for line in curve[4:-1]:
        turn, a, b = line.split()[:3]
        for share, deck in ((a, document[0]), (b, document[1])):
            killed = sum(count for kill, count in deck["kill_turn"]["histogram"].items() if int(kill) <= int(turn))
            assert share == f"{100 * killed / 200:.1f}%", (turn, deck["deck"])
    assert curve[-1] == "Never killed: A 0.0%, B 0.0%"
    assert all(len(line) <= 80 for line in text.splitlines())
    bare = decklab("sim", "goldfish", ORKS, NECRONS, "-n", "200", "--no-plot").stdout
    assert "A Endless Ork Horde" in bare and "share of the 200 games" not in bare


def test_goldfish_of_one_deck_draws_its_curve_under_the_summary(decklab, db_url):
    document = json.loads(decklab("sim", "goldfish", ORKS, "-n", "100", "--json").stdout)
    text = decklab("sim", "goldfish", ORKS, "-n", "100").stdout
    curve = plot_lines(text, "Kill turn (own turns): share of the 100 games killed by each turn")
    histogram = {int(turn): count for turn, count in document["kill_turn"]["histogram"].items()}
    rows = [line.split() for line in curve[2:-1]]
    assert [int(row[0]) for row in rows] == list(range(min(histogram), max(histogram) + 1))
    running = 0
    for row in rows:
        running += histogram.get(int(row[0]), 0)
        assert row[1] == f"{running:.1f}%"  # 100 games: a game is 1%
    assert "share of the 100 games" not in decklab("sim", "goldfish", ORKS, "-n", "100", "--no-plot").stdout


def test_goldfish_rows_as_csv(decklab, db_url):
    result = decklab("sim", "goldfish", ORKS, NECRONS, "-n", "50", "--csv")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "deck,turn,games,killed_by"
    decks = [line.split(",")[0] for line in lines[1:]]
    assert decks == sorted(decks, key=["Endless Ork Horde", "Undying Dynasty"].index) and set(decks) == {
        "Endless Ork Horde", "Undying Dynasty"}
    last = {line.split(",")[0]: line.split(",") for line in lines[1:]}
    assert all(row[3] == "1.0" for row in last.values())  # by the last turn drawn every game was killed


def test_goldfish_reads_one_deck_from_stdin(db_url):
    from typer.testing import CliRunner

    from decklab.cli.app import app

    runner = CliRunner()
    result = runner.invoke(app, ["sim", "goldfish", "-", str(ORKS), "-n", "60", "--json"], input=ORKS.read_text(),
                           catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    piped, file = json.loads(result.stdout)
    assert piped["source"] == "-" and piped["deck"] == file["deck"] == "Endless Ork Horde"
    assert piped["kill_turn"] == file["kill_turn"]  # the same deck on the same seeds: the same games
    text = runner.invoke(app, ["sim", "goldfish", "-", str(ORKS), "-n", "60"], input=ORKS.read_text()).stdout
    assert "  A  Endless Ork Horde (stdin)" in text and "  B  Endless Ork Horde (wh40k-1.deck)" in text
    alone = runner.invoke(app, ["sim", "goldfish", "-", "-n", "60", "--json"], input=ORKS.read_text())
    assert untimed(json.loads(alone.stdout)) == untimed({k: v for k, v in file.items() if k != "source"})


def test_goldfish_of_several_decks_refuses_what_it_cannot_compare(decklab, db_url):
    assert_input_error(decklab("sim", "goldfish", ORKS, SAMPLES["ward-1.deck"], "-n", "10"),
                       "Endless Ork Horde is a wh40k deck and Dragonfire Roost is a ward deck; decks compared in one "
                       "goldfish must be of one game.")
    assert_input_error(decklab("sim", "goldfish", ORKS, NECRONS, "--log"),
                       "--log shows one game of one deck; give one deck with --log.")
    assert_input_error(decklab("sim", "goldfish", "-", "-", "-n", "10"),
                       "stdin can be read once: give '-' for one deck at most.")
    assert_input_error(decklab("sim", "goldfish", *[ORKS] * 27, "-n", "10"),
                       "a goldfish compares at most 26 decks at once (the plot marks each by a letter), not 27.")
    assert_input_error(decklab("sim", "goldfish", ORKS, SAMPLES["wh40k-illegal.deck"], "-n", "10"),
                       "Chapter Overreach is not a legal wh40k deck")
    assert_input_error(decklab("sim", "goldfish", ORKS, "-n", "10", "--log", "--tsv"),
                       "--log prints one game's play-by-play as text or with --json, not with --tsv.")


def test_match_draws_the_game_length_histogram(decklab, db_url):
    document = json.loads(decklab("sim", "match", ORKS, NECRONS, "-n", "300", "--json").stdout)
    text = decklab("sim", "match", ORKS, NECRONS, "-n", "300").stdout
    plot = plot_lines(text, "Game length (player turns): 300 games")
    assert plot[1].split() == ["Turns", "Games", "Share"]
    counts = {row.split()[0]: int(row.split()[1]) for row in plot[2:]}
    histogram = document["turns"]["histogram"]
    assert counts == {turn: histogram.get(turn, 0) for turn in map(str, range(int(min(histogram, key=int)),
                                                                               int(max(histogram, key=int)) + 1))}
    fullest = max(plot[2:], key=lambda row: int(row.split()[1]))
    assert fullest.count("█") == 50
    assert "Game length" not in decklab("sim", "match", ORKS, NECRONS, "-n", "300", "--no-plot").stdout
    assert "Game length" not in decklab("sim", "match", ORKS, NECRONS, "-n", "30", "--json").stdout


def test_gauntlet_draws_win_rate_bars_best_first(decklab, db_url):
    args = ("sim", "gauntlet", ORKS, NECRONS, SAMPLES["wh40k-illegal.deck"], ORKS, "--allow-illegal", "-n", "200")
    document = json.loads(decklab(*args, "--json").stdout)
    text = decklab(*args).stdout
    plot = plot_lines(text, "Win rate of Endless Ork Horde against each opponent")
    bars = plot[3:]
    ranked = sorted(document["opponents"], key=lambda row: -row["win_rate"])
    assert [line[:18].strip() for line in bars] == [row["deck"] for row in ranked] + ["overall"]
    assert [line[18:].split()[0] for line in bars] == [f"{100 * row['win_rate']:.1f}%"
                                                       for row in [*ranked, document["overall"]]]
    assert all("├" in line and "┤" in line for line in bars)
    assert "Win rate of" not in decklab(*args, "--no-plot").stdout


def test_plots_are_the_same_for_the_same_seed(decklab, db_url, monkeypatch):
    # The first line says how long the run took. At 80 columns it may wrap, and where depends on the time's digits
    # (0.1 s or 0.035 s): a terminal wide enough keeps it one line, to be set aside.
    monkeypatch.setenv("COLUMNS", "200")

    def drawn(*args):
        result = decklab("sim", *args)
        assert result.exit_code == 0, result.stderr
        timing, drawing = result.stdout.split("\n", 1)
        assert timing.endswith(("(checked)", " s)")), timing  # (the tests run checked)
        return drawing

    for args in (("goldfish", ORKS, NECRONS, "-n", "120", "--seed", "11"),
                 ("match", ORKS, NECRONS, "-n", "120", "--seed", "11"),
                 ("gauntlet", ORKS, NECRONS, ORKS, "-n", "120", "--seed", "11")):
        first = drawn(*args)
        assert drawn(*args) == first
        assert drawn(*args, "-w", "2").replace("2 workers", "1 worker") == first


def test_the_comparison_shown_in_docs_is_what_the_cli_prints(decklab, db_url, tmp_path):
    """docs/simulation.md's `sim goldfish A B` example (two versions of Dragonfire Roost): its table and curve rows."""
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[1] / "docs" / "simulation.md").read_text(encoding="utf-8")
    example = doc.split("### Comparing versions of a deck")[1].split("Where two decks have one name")[0]
    shown = example.split("```")[3].splitlines()
    decklab("deck", "import", "--samples")
    roost = decklab("deck", "export", "Dragonfire Roost", "-o", "-").stdout
    version = roost.replace("2 Healing Salve", "2 Berserker Oath").replace("name: Dragonfire Roost",
                                                                            "name: Dragonfire Roost v2")
    v2 = tmp_path / "roost-v2.deck"
    v2.write_text(version, encoding="utf-8")
    result = decklab("sim", "goldfish", "Dragonfire Roost", v2, "-n", "2000")
    assert result.exit_code == 0, result.stderr
    printed = [line.rstrip() for line in result.stdout.splitlines()]
    head, *rows = [line.rstrip() for line in shown if line.strip() and line.strip() != "..."]
    assert printed[0].rsplit(", ", 1)[0] == head.rsplit(", ", 1)[0]  # the time it took differs
    assert len(rows) > 20 and all(row in printed for row in rows), [row for row in rows if row not in printed]


def test_a_failed_deck_stops_the_comparison_with_the_decks_before_it_reported(decklab, db_url, monkeypatch):
    """A game of the second deck fails: the first deck's document is printed whole, the second's up to the failed
    game, and the one sentence names the goldfish that replays it alone."""
    from decklab.engine import engines
    from decklab.engine.core import RandomPolicy

    necron_cards = {line.split(" ", 1)[1] for line in NECRONS.read_text().splitlines() if line[:1].isdigit()}
    orks_cards = {line.split(" ", 1)[1] for line in ORKS.read_text().splitlines() if line[:1].isdigit()}
    only_necrons = necron_cards - orks_cards

    class Broken(RandomPolicy):
        """Plays at random, and breaks (as an engine bug would) when a Necron card could be played."""

        def choose(self, state, actions):
            if any(name in str(action) for action in actions for name in only_necrons):
                raise ValueError("list.remove(x): x not in list")
            return super().choose(state, actions)

    monkeypatch.setitem(engines()["wh40k"].policies, "broken", Broken)
    result = decklab("sim", "goldfish", ORKS, NECRONS, "-p", "broken", "-n", "5", "--seed", "4", "--json")
    assert result.exit_code == 2, result.output
    [sentence] = result.stderr.strip().splitlines()
    assert "wh40k game 0" in sentence and "ValueError: list.remove(x): x not in list" in sentence
    assert sentence.endswith(f"replay it with: decklab sim goldfish {NECRONS} --policy broken -n 5 --seed 4 --check "
                             "--log --game-index 0")
    orks, necrons = json.loads(result.stdout)
    assert orks["games"] == 5 and "failure" not in orks
    assert necrons["games"] == 0 and necrons["failure"]["game_index"] == 0
    text = decklab("sim", "goldfish", ORKS, NECRONS, "-p", "broken", "-n", "5", "--seed", "4").stdout
    assert "B Undying Dynasty: Stopped at game 0: 0 of 5 games finished." in " ".join(text.split())
    # the first deck fails: the second is not played, and the output keeps a comparison's shape
    result = decklab("sim", "goldfish", NECRONS, ORKS, "-p", "broken", "-n", "5", "--seed", "4", "--json")
    assert result.exit_code == 2 and f"decklab sim goldfish {NECRONS} --policy broken" in result.stderr
    [necrons] = json.loads(result.stdout)
    assert necrons["deck"] == "Undying Dynasty" and necrons["games"] == 0
    text = decklab("sim", "goldfish", NECRONS, ORKS, "-p", "broken", "-n", "5", "--seed", "4").stdout
    assert "B Endless Ork Horde: not played (the run stopped before it)." in " ".join(text.split())
    assert "A Undying Dynasty" in text


def test_an_engine_left_uncompiled_says_under_the_head_how_to_get_the_compiled_speed(decklab, db_url, monkeypatch):
    from decklab.engine import native

    monkeypatch.setattr(native, "compiled_file", lambda game, **_: None)
    monkeypatch.setattr(native, "is_built", lambda folder=None: False)
    for command in (["match", ORKS, NECRONS], ["goldfish", ORKS]):
        text = " ".join(decklab("sim", *command, "-n", "4", "--seed", "1").stdout.split())
        assert "The wh40k engine ran as plain Python: install a C compiler" in text
        assert "plain Python" not in decklab("sim", *command, "-n", "4", "--seed", "1", "--json").stdout
    monkeypatch.setenv(native.PURE_VARIABLE, "1")  # asked for: nothing to advise
    assert "plain Python" not in decklab("sim", "match", ORKS, NECRONS, "-n", "4", "--seed", "1").stdout

