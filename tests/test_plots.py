"""The plots of `decklab sim` (cli/plots.py): what a player reads off them, at 80 columns, in plain text."""

from __future__ import annotations

import io
import re

import pytest

from decklab.cli import plots


def drawn(renderable, width: int = 80) -> list[str]:
    """The plot as plain text lines, as a pipe or a file receives it."""
    from rich.console import Console

    console = Console(file=io.StringIO(), width=width, color_system=None, highlight=False)
    console.print(renderable)
    return console.file.getvalue().splitlines()


def goldfish(name: str, histogram: dict[int, int], games: int) -> dict:
    """A goldfish result document as `decklab sim goldfish --json` prints it (the fields the plots read)."""
    killed = sum(histogram.values())
    return {"game": "ward", "mode": "goldfish", "games": games, "requested": games, "seed": 1, "workers": 1,
            "deck": name, "policy": "greedy", "turn_unit": "own turns", "not_killed": games - killed,
            "kill_turn": {"mean": None, "p50": None, "p90": None,
                          "histogram": {str(turn): count for turn, count in sorted(histogram.items())}}}


def rows(lines: list[str]) -> dict[str, str]:
    """The rows of a per-turn plot by their first cell (the turn), as written."""
    return {line.split()[0]: line for line in lines if re.match(r"^\s*\d+\s", line)}


def test_kill_curve_reads_the_share_killed_by_each_turn():
    lines = drawn(plots.kill_curve([goldfish("Bears", {3: 10, 4: 30, 6: 40}, games=100)]))
    assert lines[0] == "Kill turn (own turns): share of the 100 games killed by each turn"
    by_turn = rows(lines)
    assert list(by_turn) == ["3", "4", "5", "6"]  # turn 5 (no kill) is drawn too: the curve stays flat there
    shares = {turn: line.split()[1] for turn, line in by_turn.items()}
    assert shares == {"3": "10.0%", "4": "40.0%", "5": "40.0%", "6": "80.0%"}
    # the bar is the share on a 50-column scale: 10% is 5 blocks, 80% is 40
    assert [line.count("█") for line in by_turn.values()] == [5, 20, 20, 40]
    assert lines[-1] == "Never killed: 20.0%"
    assert all(len(line) <= 80 for line in lines)


def test_kill_curve_of_a_long_game_shows_every_few_turns_and_the_last():
    histogram = {turn: 1 for turn in range(10, 70)}
    lines = drawn(plots.kill_curve([goldfish("Slow", histogram, games=60)]))
    turns = [int(turn) for turn in rows(lines)]
    assert turns[0] == 10 and turns[-1] == 69 and len(turns) <= plots.MAX_ROWS + 1
    assert rows(lines)["69"].split()[1] == "100.0%"
    assert any(line.startswith("(every 3 turns shown") for line in lines)


def test_two_decks_are_overlaid_with_a_legend_naming_them():
    old = goldfish("Knights of the Hall", {5: 20, 6: 40, 8: 40}, games=100)
    new = goldfish("Knights of the Hall", {4: 10, 5: 50, 6: 40}, games=100)
    old["source"], new["source"] = "knights.deck", "knights-v2.deck"
    names = plots.deck_names([old, new])
    assert names == ["Knights of the Hall (knights.deck)", "Knights of the Hall (knights-v2.deck)"]
    lines = drawn(plots.kill_curve([old, new], names=names))
    assert "  A  Knights of the Hall (knights.deck)" in lines
    assert "  B  Knights of the Hall (knights-v2.deck)" in lines
    by_turn = rows(lines)
    assert [by_turn[turn].split()[1:3] for turn in ("4", "5", "6", "7", "8")] == [
        ["0.0%", "10.0%"], ["20.0%", "60.0%"], ["60.0%", "100.0%"], ["60.0%", "100.0%"], ["100.0%", "100.0%"]]
    # each deck's letter marks its share: on turn 5 the new version (B, 60%) is ahead of the old (A, 20%)
    plot = by_turn["5"][by_turn["5"].index("%", by_turn["5"].index("60.0%")) + 2:]
    assert plot.index("A") == 10 and plot.index("B") == 30 and set(plot[11:30]) == {"─"}
    assert by_turn["8"].endswith("*")  # both at 100%: one mark for several decks
    assert lines[-1] == "Never killed: A 0.0%, B 0.0%"
    assert all(len(line) <= 80 for line in lines)


def test_curve_rows_are_the_curve_as_data():
    documents = [goldfish("A", {2: 1, 4: 1}, games=2), goldfish("B", {3: 2}, games=2)]
    assert plots.curve_rows(documents, ["A", "B"]) == [
        ("A", 2, 1, 0.5), ("A", 3, 0, 0.5), ("A", 4, 1, 1.0), ("B", 2, 0, 0.0), ("B", 3, 2, 1.0), ("B", 4, 0, 1.0)]


def test_a_goldfish_that_never_kills():
    lines = drawn(plots.kill_curve([goldfish("Wall", {}, games=10)]))
    assert lines[-1] == "No game was killed."


def match_document(histogram: dict[int, int], unresolved: int = 0) -> dict:
    return {"turn_unit": "player turns", "unresolved": unresolved,
            "turns": {"histogram": {str(turn): count for turn, count in sorted(histogram.items())}}}


def test_game_length_histogram_counts_games_per_bin_of_turns():
    lines = drawn(plots.length_histogram(match_document({8: 5, 9: 10, 10: 20, 12: 5})))
    assert lines[0] == "Game length (player turns): 40 games"
    by_turn = rows(lines)
    assert {turn: line.split()[1:3] for turn, line in by_turn.items()} == {
        "8": ["5", "12.5%"], "9": ["10", "25.0%"], "10": ["20", "50.0%"], "11": ["0", "0.0%"], "12": ["5", "12.5%"]}
    assert by_turn["10"].count("█") == plots.BAR and by_turn["9"].count("█") == plots.BAR // 2
    assert "█" not in by_turn["11"]


def test_game_length_histogram_bins_a_wide_range():
    histogram = {turn: 1 for turn in range(18, 200, 3)}
    lines = drawn(plots.length_histogram(match_document(histogram, unresolved=3)))
    spans = [line.split()[0] for line in lines[2:] if re.match(r"^\s*\d", line)]
    assert spans[0] == "10–19" and spans[-1] == "190–199" and len(spans) <= plots.MAX_ROWS
    assert sum(int(line.split()[1]) for line in lines[2:] if re.match(r"^\s*\d", line)) == len(histogram)
    assert lines[-1] == "The 3 unresolved games are counted at the turn they were stopped."
    assert plots.bins({"4": 1, "5": 2, "9": 3}, rows=3) == [(4, 5, 3), (6, 7, 0), (8, 9, 3)]


def gauntlet_document() -> dict:
    def row(deck, rate, low, high):
        return {"deck": deck, "win_rate": rate, "ci95": [low, high]}

    return {
        "deck": "Dragonfire Roost",
        "opponents": [
            row("Barrow Host", 0.325, 0.27, 0.38),
            row("Knights of the Hall", 0.91, 0.87, 0.94),
            row("A Very Long Deck Name That Does Not Fit", 0.505, 0.44, 0.57),
        ],
        "overall": row("overall", 0.58, 0.54, 0.62),
    }


def test_win_rate_bars_put_the_best_matchup_first_and_the_overall_last():
    lines = drawn(plots.win_rate_bars(gauntlet_document()))
    assert lines[0] == "Win rate of Dragonfire Roost against each opponent"
    assert lines[1] == "(bars to the rate, ┼; whiskers ├─┤ its 95% interval)"
    assert lines[2].split() == ["Opponent", "Win", "0%", "50%", "100%"]
    bars = lines[3:]
    assert [line[:24].strip() for line in bars] == ["Knights of the Hall", "A Very Long Deck Name T…", "Barrow Host",
                                                    "overall"]
    assert [re.search(r"\d+\.\d%", line)[0] for line in bars] == ["91.0%", "50.5%", "32.5%", "58.0%"]
    assert all(len(line) <= 80 for line in lines)


def test_a_win_rate_bar_is_filled_to_its_interval_with_the_rate_marked_inside_the_whisker():
    document = gauntlet_document()
    del document["opponents"][2]
    lines = drawn(plots.win_rate_bars(document))
    knights = next(line for line in lines if line.startswith("Knights"))
    bar = knights[knights.index("% ") + 2:]
    # 50 columns for 0-100%: the interval 87-94% runs from column 43 to 47, the rate (91%) at column 45
    assert bar == "█" * 43 + "├─┼─┤"
    barrow = next(line for line in lines if line.startswith("Barrow"))
    bar = barrow[barrow.index("% ") + 2:]
    assert bar.index("├") == 13 and bar.index("┼") == 16 and bar.index("┤") == 19 and bar.index("┊") == 25
    # an interval narrower than a column (2%) still shows both whiskers beside the rate
    document["opponents"] = [{"deck": "Knights", "win_rate": 0.92, "ci95": [0.901, 0.935]}]
    knights = next(line for line in drawn(plots.win_rate_bars(document)) if line.startswith("Knights"))
    assert knights.endswith("█" * 45 + "├┼┤")


@pytest.mark.parametrize("width", [80, 120])
def test_plots_fit_the_width(width):
    documents = [goldfish(f"Deck number {i} with a long name", {3 + i: 50, 9: 50}, games=100) for i in range(4)]
    many = [goldfish(f"Deck {i}", {3 + i % 5: 50, 9: 50}, games=100) for i in range(plots.MAX_DECKS)]
    for plot in (plots.kill_curve(documents, width=width), plots.kill_curve(documents[:1], width=width),
                 plots.kill_curve(many[:7], width=width), plots.kill_curve(many, width=width),
                 plots.win_rate_bars(gauntlet_document(), width=width),
                 plots.length_histogram(match_document({turn: turn for turn in range(5, 60)}), width=width)):
        assert all(len(line) <= width for line in drawn(plot, width))


def test_docstring_examples():
    import doctest

    result = doctest.testmod(plots)
    assert result.attempted > 0 and result.failed == 0


def test_on_a_terminal_the_same_plot_is_coloured():
    from rich.console import Console

    documents = [goldfish("Old", {5: 20, 6: 40, 8: 40}, games=100), goldfish("New", {4: 10, 5: 50, 6: 40}, games=100)]
    terminal = Console(file=io.StringIO(), width=80, force_terminal=True, color_system="standard", highlight=False)
    terminal.print(plots.kill_curve(documents))
    coloured = terminal.file.getvalue()
    assert "\x1b[" in coloured
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured).splitlines() == drawn(plots.kill_curve(documents))


def test_many_decks_are_marked_by_their_letters_alone():
    many = [goldfish(f"Deck {i}", {3 + i: 100}, games=100) for i in range(7)]  # deck i kills on turn 3 + i
    lines = drawn(plots.kill_curve(many))
    assert lines[8].split() == ["Turn", "0%", "50%", "100%"]
    assert rows(lines)["3"] == "    3 *" + "─" * 49 + "A"  # A has killed every game, B to G none: they share "*"
    assert rows(lines)["8"] == "    8 G" + "─" * 49 + "*"
    assert all(len(line) <= 80 for line in lines)
    assert len(drawn(plots.kill_curve(many[:6]))[7].split()) == 1 + 6 + 3  # six decks: their percentages still fit
