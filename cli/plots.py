"""Plots of ``decklab sim`` results, drawn with rich in text: block characters, one row a turn (or a bin, or a deck).

Every plot is built from a result document alone (see docs/simulation.md) and returned as a rich renderable
that fits the width it is given (80 columns at least). On a terminal the decks are told apart by colour and letter;
piped or redirected, rich drops the colours and the same characters remain, so the plot reads as plain text.
JSON output never includes a plot.

>>> killed_by({"games": 4, "kill_turn": {"histogram": {"3": 1, "5": 2}}}, [2, 3, 4, 5])
[0.0, 0.25, 0.25, 0.75]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

MAX_DECKS = 26
"""The most decks one kill curve overlays: each is marked by a letter, A to Z."""
COLOURS = ("green", "magenta", "cyan", "yellow", "blue", "red", "bright_green", "bright_magenta")
"""The colour of each deck of an overlaid plot, in the order the decks were given."""
MAX_ROWS = 24
"""At most this many turns (or bins) are drawn: longer ranges are drawn every few turns."""
BAR = 50
"""The widest bar, in columns: 2% a column on a 0-100% scale."""


def label(index: int) -> str:
    """The letter of the deck at ``index`` (from 0 to :data:`MAX_DECKS` - 1) in a plot and its table.

    >>> label(0), label(1), label(25)
    ('A', 'B', 'Z')
    """
    return chr(ord("A") + index)


def killed_by(document: dict[str, Any], turns: Sequence[int]) -> list[float]:
    """The share of a goldfish document's games that had killed by each of ``turns`` (the cumulative kill curve).

    Games never killed count in the share's denominator: a deck that kills by turn 5 in 90 of 100 games is at 90%.
    """
    games = document["games"]
    kills = sorted((int(turn), count) for turn, count in document["kill_turn"]["histogram"].items())
    shares = []
    for turn in turns:
        done = sum(count for kill, count in kills if kill <= turn)
        shares.append(round(done / games, 4) if games else 0.0)
    return shares


def curve_turns(documents: Sequence[dict[str, Any]], *, rows: int = MAX_ROWS) -> list[int]:
    """The turns a kill curve shows: from the first turn any deck killed on to the last, every turn when at most
    ``rows`` of them, else every few turns (the last always included)."""
    seen = [int(turn) for document in documents for turn in document["kill_turn"]["histogram"]]
    if not seen:
        return []
    first, last = min(seen), max(seen)
    step = math.ceil((last - first + 1) / rows)
    turns = list(range(first, last + 1, step))
    return turns if turns[-1] == last else [*turns, last]


def show(plot, document: dict[str, Any]) -> None:
    """Print ``plot(document, width=...)`` on stdout, after a blank line, as wide as the terminal (80 piped)."""
    from .render import _console

    console = _console()
    console.print()
    console.print(plot(document, width=console.width))


def deck_names(documents: Sequence[dict[str, Any]]) -> list[str]:
    """The name each compared deck goes by in a table and a legend: its own name, and where two decks have one
    name (two versions of a deck often do), where it came from after it (``source``: ``saved`` for a saved deck, the
    file's name, or its path where two files share a name; ``-`` is stdin).

    >>> deck_names([{"deck": "Orks", "source": "orks.deck"}, {"deck": "Orks", "source": "v2/orks.deck"},
    ...             {"deck": "Elves"}])
    ['Orks (orks.deck)', 'Orks (v2/orks.deck)', 'Elves']
    >>> deck_names([{"deck": "Orks", "source": "decks/orks.deck"}, {"deck": "Orks", "source": "-"},
    ...             {"deck": "Orks", "source": "orks"}])
    ['Orks (orks.deck)', 'Orks (stdin)', 'Orks (saved)']
    """
    from pathlib import PurePath

    sources = [str(document.get("source") or "") for document in documents]
    short = [PurePath(source).name if source not in ("", "-") else source for source in sources]
    shown = [("stdin" if source == "-" else "saved" if source.casefold() == document["deck"].casefold()
              else name if short.count(name) == 1 else source)
             for source, name, document in zip(sources, short, documents, strict=True)]
    taken = [document["deck"].casefold() for document in documents]
    return [f"{document['deck']} ({where})" if taken.count(document["deck"].casefold()) > 1 and where
            else document["deck"] for document, where in zip(documents, shown, strict=True)]


def curve_rows(documents: Sequence[dict[str, Any]], names: Sequence[str]) -> list[tuple[str, int, int, float]]:
    """The kill curves as rows ``(deck, turn, games killed on that turn, share killed by that turn)``: every turn
    from the first any deck killed on to the last, for each deck in turn (CSV, TSV and JSON lines)."""
    seen = [int(turn) for document in documents for turn in document["kill_turn"]["histogram"]]
    turns = list(range(min(seen), max(seen) + 1)) if seen else []
    rows: list[tuple[str, int, int, float]] = []
    for name, document in zip(names, documents, strict=True):
        counts = document["kill_turn"]["histogram"]
        rows.extend((name, turn, counts.get(str(turn), 0), share)
                    for turn, share in zip(turns, killed_by(document, turns), strict=True))
    return rows


def goldfish(documents: Sequence[dict[str, Any]], *, names: Sequence[str] | None = None, output: Any = "table",
             as_json: bool = False, plot: bool = True, unplayed: Sequence[str] = ()) -> None:
    """Print goldfish results: one document as it always was (a sentence, then its kill curve), or several played on
    the same seeds as one table with a column per deck and their curves overlaid.

    ``--json``: the document of one deck, or the list of them (each with its ``source``); ``--csv``, ``--tsv``,
    ``--nl``: the curves' rows (:func:`curve_rows`). ``plot`` False leaves the curve out of the table output.
    ``unplayed`` names the decks of a comparison that a failed or interrupted run did not reach (said under the
    head; the output keeps a comparison's shape even when one deck was played).
    """
    from .render import _console, _mode, emitted, speed_note, switched_readings

    names = list(names or deck_names(documents))
    several = len(documents) + len(unplayed) > 1
    header = ("deck", "turn", "games", "killed_by")
    rows = curve_rows(documents, names)
    document = list(documents) if several else documents[0]
    if emitted(_mode(output, as_json), document=document, header=header, rows=rows,
               records=[dict(zip(header, row, strict=True)) for row in rows]):
        return
    console = _console()
    first = documents[0]
    workers = f"{first['workers']} worker{'s' if first['workers'] != 1 else ''}"
    elapsed = round(sum(document["elapsed_s"] for document in documents), 3)
    played = sum(document["games"] for document in documents)
    speed = round(played / elapsed, 1) if elapsed > 0 else None
    checked = " [dim](checked)[/dim]" if any(document.get("checked") for document in documents) else ""
    if several:
        head = (f"{first['game']} goldfish: {len(documents) + len(unplayed)} decks × {first['requested']:,} games on "
                f"the same seeds (seed {first['seed']}), {elapsed} s")
    else:
        head = (f"{first['game']} goldfish: {first['games']:,} games, seed {first['seed']}, {workers}, {elapsed} s "
                f"({speed} games/s)")
    console.print(f"[bold]{head}[/bold]{checked}")
    speed_note(console, first["game"])
    if switched_readings(first):
        console.print(switched_readings(first))
    for index, document in enumerate(documents):
        _status(console, document, f"{label(index)} {names[index]}: " if several else "")
    for index, name in enumerate(unplayed, start=len(documents)):
        console.print(f"[yellow]{label(index)} {name}: not played (the run stopped before it).[/yellow]")
    if not several:
        kill = first["kill_turn"]
        console.print(f"Deck {first['deck']} ({first['policy']}): kill turn (in {first['turn_unit']}) mean "
                      f"{kill['mean']}, median {kill['p50']}, 90th percentile {kill['p90']}; not killed in "
                      f"{first['not_killed']} games.")
    else:
        console.print(_comparison(documents, names))
    if plot:
        console.print()
        console.print(kill_curve(documents, names=names, width=console.width, overlay=several))


def _status(console, document: dict[str, Any], prefix: str) -> None:
    """The lines that say a goldfish batch stopped early or played cards without their effects."""
    done = f"{document['games']} of {document['requested']} games finished"
    if document["interrupted"]:
        console.print(f"[yellow]{prefix}Interrupted: {done}.[/yellow]")
    if "failure" in document:
        console.print(f"[red]{prefix}Stopped at game {document['failure']['game_index']}: {done}.[/red]")
    if "lost" in document:
        console.print(f"[red]{prefix}Stopped: {document['lost']}; {done}.[/red]")
    if document["vanilla"]:
        console.print(f"[yellow]{prefix}Cards whose effects are not modeled were played without their effects "
                      "(--vanilla).[/yellow]")


def _comparison(documents: Sequence[dict[str, Any]], names: Sequence[str]):
    """One table, a column per deck: policy, games, kill turn mean, median and 90th percentile, never killed."""
    from rich.table import Table

    table = Table(title=f"Kill turn ({documents[0]['turn_unit']})")
    table.add_column("")
    for index, name in enumerate(names):
        table.add_column(f"[{_colour(index)}]{label(index)}[/] {name}", justify="right")

    def cells(value) -> list[str]:
        return [str(value(document)) for document in documents]

    table.add_row("Policy", *cells(lambda document: document["policy"]))
    table.add_row("Games", *cells(lambda document: f"{document['games']:,}"))
    table.add_row("Mean", *cells(lambda document: document["kill_turn"]["mean"]))
    table.add_row("Median", *cells(lambda document: document["kill_turn"]["p50"]))
    table.add_row("90th percentile", *cells(lambda document: document["kill_turn"]["p90"]))
    table.add_row("Never killed", *cells(lambda document: f"{document['not_killed']:,} "
                  f"({_percent(document['not_killed'] / document['games'] if document['games'] else 0.0)})"))
    return table


def kill_curve(documents: Sequence[dict[str, Any]], *, names: Sequence[str] | None = None, width: int = 80,
               overlay: bool | None = None):
    """The cumulative "killed by turn N" curve of one or more goldfish documents (played with the same seeds): one
    row a turn, with the share of the games that had killed by then as a percentage and on a 0-100% scale.

    One deck: a bar. Two or more are overlaid on each row: each deck's letter (in its colour) marks its share and a
    line joins the lowest to the highest, so how far one version is ahead reads at a glance; a legend names the
    letters (``names``, default the documents' decks), ``*`` marks decks at the same point. The rows give each
    deck's percentage too while the width leaves the plot 20 columns (6 decks at 80 columns). ``overlay`` draws
    even one deck that way (by default: when there are two or more).
    """
    from rich.console import Group
    from rich.text import Text

    names = list(names or [document["deck"] for document in documents])
    several = len(documents) > 1 if overlay is None else overlay
    turns = curve_turns(documents, rows=MAX_ROWS if not several else MAX_ROWS // 3 * 2)
    games = sorted({document["games"] for document in documents})
    shown = f"{games[0]:,} games{' each' if several else ''}" if len(games) == 1 else "games"
    lines = [Text.from_markup(f"[bold]Kill turn ({documents[0]['turn_unit']})[/bold]: share of the {shown} "
                              "killed by each turn")]
    if several:
        lines.extend(_legend(names))
    if not turns:
        lines.append(Text("No game was killed.", style="yellow"))
        return Group(*lines)
    # a column of percentages a deck while they leave the plot 20 columns (more decks: their letters alone)
    numbers = 5 + 8 * len(documents) + 1 + 20 + 3 <= width or not several
    left = 5 + 8 * len(documents) * numbers
    bar = _bar_width(width, left)
    head = " Turn" + "".join(f"{label(index):>8}" for index in range(len(documents))) if several else " Turn  Killed"
    lines.append(_axis(head if numbers else " Turn", bar, left))
    curves = [killed_by(document, turns) for document in documents]
    for row, turn in enumerate(turns):
        line = Text(f"{turn:>5}")
        for index, shares in enumerate(curves if numbers else []):
            line.append(f"{_percent(shares[row]):>8}", style=_colour(index) if several else "")
        line.append(" ")
        if several:
            _markers(line, [shares[row] for shares in curves], bar)
        else:
            line.append("█" * round(curves[0][row] * bar), style=_colour(0))
        lines.append(line)
    if len(turns) > 1 and turns[1] - turns[0] > 1:
        lines.append(Text(f"(every {turns[1] - turns[0]} turns shown, and the last)", style="dim"))
    never = [(f"{label(index)} " if several else "") +
             _percent(document["not_killed"] / document["games"] if document["games"] else 0.0)
             for index, document in enumerate(documents)]
    lines.append(Text(f"Never killed: {', '.join(never)}", style="dim"))
    return Group(*lines)


def _markers(line, shares: Sequence[float], bar: int) -> None:
    """Append one overlaid row: a dotted guide to the lowest share, a line to the highest, each deck's letter at
    its share (``*`` where several meet)."""
    cells = [_cell(share, bar + 1) for share in shares]
    low, high = min(cells), max(cells)
    for cell in range(high + 1):
        here = [index for index, at in enumerate(cells) if at == cell]
        if len(here) > 1:
            line.append("*", style="bold")
        elif here:
            line.append(label(here[0]), style=f"bold {_colour(here[0])}")
        else:
            line.append("·" if cell < low else "─", style="dim")


def bins(histogram: dict[str, int], *, rows: int = MAX_ROWS) -> list[tuple[int, int, int]]:
    """``histogram`` (value -> count) gathered into at most ``rows`` bins of one round width (1, 2, 5, 10,
    20, 50, ...), as ``(first, last, count)`` from the smallest value to the largest, empty bins included.

    >>> bins({"4": 1, "5": 2, "9": 3}, rows=3)
    [(4, 5, 3), (6, 7, 0), (8, 9, 3)]
    """
    counts = {int(value): count for value, count in histogram.items()}
    if not counts:
        return []
    low, high = min(counts), max(counts)
    width = next(size for size in _round_widths() if (high - (low - low % size)) // size + 1 <= rows)
    result = []
    for first in range(low - low % width, high + 1, width):
        last = first + width - 1
        result.append((first, last, sum(count for value, count in counts.items() if first <= value <= last)))
    return result


def _round_widths():
    size = 1
    while True:
        for factor in (1, 2, 5):
            yield size * factor
        size *= 10


def length_histogram(document: dict[str, Any], *, width: int = 80):
    """A match's game lengths (in its turn unit) as a histogram: one row a bin of turns, with the games in it,
    their share and a bar scaled to the fullest bin."""
    from rich.console import Group
    from rich.text import Text

    rows = bins(document["turns"]["histogram"])
    games = sum(count for _, _, count in rows)
    title = Text.from_markup(f"[bold]Game length ({document['turn_unit']})[/bold]: {games:,} games")
    if not rows:
        return Group(title, Text("No game finished.", style="yellow"))
    spans = [str(first) if first == last else f"{first}–{last}" for first, last, _ in rows]
    span = max(5, *(len(text) for text in spans))
    left = span + 9 + 8
    bar = _bar_width(width, left)
    fullest = max(count for _, _, count in rows)
    lines = [title, Text(f"{'Turns':>{span}}{'Games':>9}{'Share':>8}", style="bold")]
    for text, (_, _, count) in zip(spans, rows, strict=True):
        line = Text(f"{text:>{span}}{count:>9,}{_percent(count / games):>8} ")
        line.append("█" * round(bar * count / fullest), style="cyan")
        lines.append(line)
    if document.get("unresolved"):
        lines.append(Text(f"The {document['unresolved']:,} unresolved games are counted at the turn they were "
                          "stopped.", style="dim"))
    return Group(*lines)


def win_rate_bars(document: dict[str, Any], *, width: int = 80):
    """A gauntlet's win rate against each opponent as a bar on a 0-100% scale, its 95% interval drawn over the
    bar's end as a whisker (``├─┼─┤``, ``┼`` at the rate); highest win rate first, the overall rate last."""
    from rich.console import Group
    from rich.text import Text

    rows = sorted(enumerate(document["opponents"]), key=lambda item: (-item[1]["win_rate"], item[0]))
    names = [_cut(row["deck"], 24) for _, row in rows]
    name = max(8, *(len(text) for text in names))
    left = name + 8
    bar = _bar_width(width, left)
    lines = [Text.from_markup(f"[bold]Win rate of {document['deck']}[/bold] against each opponent"),
             Text("(bars to the rate, ┼; whiskers ├─┤ its 95% interval)", style="dim"),
             _axis(f"{'Opponent':<{name}}{'Win':>7}", bar, left)]
    for text, (_, row) in zip(names, rows, strict=True):
        lines.append(_whisker_row(f"{text:<{name}}", row, bar))
    overall = document["overall"]
    lines.append(_whisker_row(f"{'overall':<{name}}", overall, bar, bold=True))
    return Group(*lines)


def _whisker_row(head: str, row: dict[str, Any], bar: int, *, bold: bool = False):
    """One win-rate bar: filled to the rate, the interval ``├─┼─┤`` drawn over its end (its ends at least a column
    either side of the rate), a dotted mark at 50%."""
    from rich.text import Text

    rate, (low, high) = row["win_rate"], row["ci95"]
    colour = _rate_colour(rate)
    line = Text(head, style="bold" if bold else "")
    line.append(f"{_percent(rate):>7} ", style=colour)
    at = _cell(rate, bar)
    # the whisker's ends stand beside the rate's mark even when the interval is narrower than a column
    first, last = min(_cell(low, bar), max(0, at - 1)), max(_cell(high, bar), min(bar - 1, at + 1))
    half = _cell(0.5, bar)
    for cell in range(max(last, half) + 1):
        inside = cell <= at
        if cell == at:
            glyph = "┼"
        elif cell == first:
            glyph = "├"
        elif cell == last:
            glyph = "┤"
        elif first < cell < last:
            glyph = "─"
        elif cell < first:
            glyph = "█"
        else:
            glyph = "┊" if cell == half else " "
        style = colour if glyph == "█" else (f"{colour} reverse" if inside else colour if glyph != "┊" else "dim")
        line.append(glyph, style=style)
    return line


def _cell(share: float, bar: int) -> int:
    """The column of ``share`` (0 to 1) on a bar of ``bar`` columns."""
    return min(bar - 1, max(0, math.floor(share * bar)))


def _axis(head: str, bar: int, left: int):
    """A header: ``head`` then 0%, 50% and 100% over a bar of ``bar`` columns starting at column ``left``."""
    from rich.text import Text

    scale = [" "] * (bar + 4)
    for share, text in ((0.0, "0%"), (0.5, "50%"), (1.0, "100%")):
        at = min(len(scale) - len(text), max(0, round(share * bar) - (len(text) // 2 if share else 0)))
        scale[at:at + len(text)] = text
    return Text(f"{head:<{left}} " + "".join(scale).rstrip(), style="bold")


def _legend(names: Sequence[str]) -> list:
    from rich.text import Text

    lines = []
    for index, name in enumerate(names):
        line = Text("  ")
        line.append(label(index), style=f"bold {_colour(index)}")
        line.append(f"  {name}")
        lines.append(line)
    return lines


def _bar_width(width: int, left: int) -> int:
    return max(10, min(BAR, width - left - 3))


def _colour(index: int) -> str:
    return COLOURS[index % len(COLOURS)]


def _rate_colour(rate: float) -> str:
    return "green" if rate >= 0.5 else "red"


def _percent(share: float) -> str:
    return f"{100 * share:.1f}%"


def _cut(text: str, size: int) -> str:
    return text if len(text) <= size else text[:size - 1] + "…"
