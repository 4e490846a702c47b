"""All output of the CLI: rich tables and panels for people; JSON, JSON lines, CSV and TSV for scripts.

Every listing takes ``output`` (see :class:`~decklab.cli.common.Output`): ``json`` prints the same document as
always; ``nl`` prints its records one JSON object a line (a list's items, or a document's rows such as a
collection's items; a single record on one line); ``csv`` and ``tsv`` print the rows of the table a person
sees, with a header line of lower-case column names. ``as_json=True`` is the same as ``output=Output.json``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from typing import Any, Self

from .common import Output

HIDDEN_IN_PANEL = ("name", "type", "text", "flavor", "effects")

TABLE = Output.table


def _mode(output: Output | str, as_json: bool) -> Output:
    """The output chosen: ``as_json`` (the older spelling) wins, else ``output``."""
    return Output.json if as_json else Output(output)


def emitted(mode: Output, *, document: Any, header: Iterable[str], rows: Iterable[Iterable[Any]],
            records: list[Any] | None = None) -> bool:
    """Print ``document`` (JSON), ``records`` (JSON lines; else the document on one line) or ``header`` and
    ``rows`` (CSV, TSV) as ``mode`` asks; False for a table (the caller draws it)."""
    if mode is Output.table:
        return False
    if mode is Output.json:
        emit_json(document)
    elif mode is Output.nl:
        emit_lines(records if records is not None else [document])
    else:
        emit_rows(header, rows, delimiter="," if mode is Output.csv else "\t")
    return True


def emit_lines(records: Iterable[Any]) -> None:
    """Print JSON lines: each record as one compact JSON object on its own line."""
    write = sys.stdout.write
    for record in records:
        write(json.dumps(record, ensure_ascii=False, default=str) + "\n")


def emit_rows(header: Iterable[str], rows: Iterable[Iterable[Any]], *, delimiter: str) -> None:
    """Print a header line and the rows as CSV (``,``) or TSV (tab): numbers as written, yes/no as true/false,
    lists joined by ``, ``, nothing as an empty cell."""
    import csv

    writer = csv.writer(sys.stdout, delimiter=delimiter, lineterminator="\n")
    writer.writerow(list(header))
    writer.writerows([_cell(value) for value in row] for row in rows)


def _cell(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ", ".join(str(item) if not isinstance(item, (dict, list)) else json.dumps(item) for item in value)
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, str):
        return " ".join(value.split("\n")) if "\n" in value else value
    return value


def emit_json(document: Any) -> None:
    """Print one JSON document on stdout: a mapping indented, a list one item to a line (compact, and
    fast for thousands of cards: only the unindented encoder runs in C)."""
    if isinstance(document, list) and document:
        items = ",\n".join("  " + json.dumps(item, ensure_ascii=False, default=str) for item in document)
        sys.stdout.write(f"[\n{items}\n]\n")
        return
    sys.stdout.write(json.dumps(document, indent=2, ensure_ascii=False, default=str) + "\n")


def _console():
    from rich.console import Console

    return Console(highlight=False, soft_wrap=False)


def _plain(text: str) -> str:
    """``text`` shown as it is, brackets included ("[attribute]" is not console markup)."""
    from rich.markup import escape

    return escape(text)


def _label(field: str) -> str:
    return {"al": "AL", "spd": "SPD", "hp": "HP", "cp_cost": "CP cost"}.get(field, field.replace("_", " "))


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)


def _stats(card) -> str:
    from decklab.catalog.games import get_game

    parts = []
    for field in get_game(card.game).list_fields:
        value = card.get(field)
        if value in (None, [], ""):
            continue
        is_number = isinstance(value, int) and not isinstance(value, bool)
        parts.append(f"{_label(field)} {value}" if is_number or isinstance(value, bool) else _value(value))
    return " · ".join(parts)


def readings(rows: list[dict[str, Any]], *, output: Output = TABLE, as_json: bool = False) -> None:
    """The readings of unclear rules a simulation may switch: name, values (the default first), what they play."""
    header = ("rule", "default", "values", "says")
    if emitted(_mode(output, as_json), document=rows, records=rows, header=header,
               rows=[(row["rule"], row["default"], row["values"], row["says"]) for row in rows]):
        return
    from rich.padding import Padding
    from rich.text import Text

    console = _console()
    for row in rows:
        others = ", ".join(row["values"][1:])
        console.print(Text.assemble((row["rule"], "bold"), "  default ", (row["default"], "cyan"), f"; also {others}"))
        console.print(Padding(Text(row["says"]), (0, 0, 0, 4)))
    console.print("Switch one with 'decklab sim match ... --rule GAME.RULE=VALUE'; every result records the readings "
                  "in force.")


def games(rows: list[dict[str, Any]], *, output: Output = TABLE, as_json: bool = False) -> None:
    if emitted(_mode(output, as_json), document=rows, records=rows,
               header=("id", "name", "aliases", "card_types", "deck_rules"),
               rows=[(row["id"], row["name"], row["aliases"], row["card_types"], row["deck_rules"]) for row in rows]):
        return
    from rich.padding import Padding
    from rich.text import Text

    console = _console()
    for row in rows:
        aliases = f" (also {', '.join(row['aliases'])})" if row["aliases"] else ""
        console.print(Text.assemble((row["id"], "bold"), aliases, "  ", (row["name"], "cyan")))
        console.print(Padding(Text(f"Card types: {', '.join(row['card_types'])}. Deck: {row['deck_rules']}."),
                              (0, 0, 0, 4)))


def cards(found: Iterable, *, output: Output = TABLE, as_json: bool = False) -> None:
    found = list(found)
    mode = _mode(output, as_json)
    if mode is not TABLE:
        records = [card.record() for card in found]
        emitted(mode, document=records, records=records, header=("name", "game", "type", "set", "stats"),
                rows=[(card.name, card.game, card.type, card.set_code, _stats(card)) for card in found])
        return
    from rich.table import Table

    games = {card.game for card in found}
    table = Table(title=f"{len(found)} card{'s' if len(found) != 1 else ''}")
    columns = ("Name", "Type", "Set", "Stats") if len(games) == 1 else ("Name", "Game", "Type", "Set", "Stats")
    for column in columns:
        table.add_column(column, overflow="fold")
    for card in found:
        cells = (card.name, card.game, card.type, card.set_code, _stats(card))
        table.add_row(*(cells[:1] + cells[2:] if len(games) == 1 else cells))
    _console().print(table)


def card(found, *, output: Output = TABLE, as_json: bool = False) -> None:
    mode = _mode(output, as_json)
    if mode is not TABLE:
        record = found.record()
        shown = {"name": found.name, "game": found.game, "type": found.type, "set": found.set_code,
                 **{field: value for field, value in found.fields.items() if field not in ("name", "type")}}
        emitted(mode, document=record, records=[record], header=shown.keys(), rows=[shown.values()])
        return
    from rich.console import Group
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    from decklab.catalog.games import get_game

    game = get_game(found.game)
    stats = Table.grid(padding=(0, 2))
    stats.add_column(style="bold")
    stats.add_column()
    for field, value in found.fields.items():
        if field not in HIDDEN_IN_PANEL and value not in (None, [], ""):
            stats.add_row(_label(field), _value(value))
    parts: list[Any] = [Text(f"{game.name} · {found.type} · set {found.set_code}", style="dim"), stats]
    if found.get("text"):
        parts += [Text(""), Text(found["text"])]
    if found.get("flavor"):
        parts += [Text(""), Text(found["flavor"], style="italic")]
    if found.effects:
        kinds = ", ".join(entry["effect"] for entry in found.effects)
        parts += [Text(""), Text(f"Effects: {kinds}", style="dim")]
    _console().print(Panel(Group(*parts), title=f"[bold]{found.name}[/bold]", expand=False))


def import_report(report, *, as_json: bool) -> None:
    if as_json:
        emit_json({"sets": report.sets, "totals": dict(report.totals)})
        return
    for entry in report.sets:
        print(f"{entry['source']}: {entry['game']} set {entry['set']} ({entry['name']}): "
              f"{entry['added']} added, {entry['updated']} updated, {entry['unchanged']} unchanged.")
    print(f"Imported {report.summary()}.")


def sets(rows: list[dict[str, Any]], *, output: Output = TABLE, as_json: bool = False) -> None:
    def counts(row: dict[str, Any]) -> tuple[int | None, int | None]:
        banlist = row["banlist"] or {}
        return (len(banlist.get("banned", [])), len(banlist.get("limited", []))) if banlist else (None, None)

    if emitted(_mode(output, as_json), document=rows, records=rows,
               header=("game", "code", "name", "cards", "banned", "limited"),
               rows=[(row["game"], row["code"], row["name"], row["cards"], *counts(row)) for row in rows]):
        return
    from rich.table import Table

    table = Table(title="card sets")
    for column in ("Game", "Code", "Name", "Cards", "Banlist"):
        table.add_column(column)
    for row in rows:
        banlist = row["banlist"] or {}
        ban = f"{len(banlist.get('banned', []))} banned, {len(banlist.get('limited', []))} limited" if banlist else "-"
        table.add_row(row["game"], row["code"], row["name"], str(row["cards"]), ban)
    _console().print(table)


def db_info(info: dict[str, Any], *, output: Output = TABLE, as_json: bool = False) -> None:
    if emitted(_mode(output, as_json), document=info, header=("game", "sets", "cards"),
               rows=[(row["game"], row["sets"], row["cards"]) for row in info["games"]]):
        return
    from rich.table import Table

    console = _console()
    console.print(f"Database: {info['url']} ({info['backend']})")
    console.print(f"Schema revision: {info['revision']} (this decklab: {info['head']})")
    table = Table()
    for column in ("Game", "Sets", "Cards"):
        table.add_column(column)
    for row in info["games"]:
        table.add_row(row["game"], str(row["sets"]), str(row["cards"]))
    console.print(table)


def deck_list(rows: list[dict[str, Any]], *, output: Output = TABLE, as_json: bool = False) -> None:
    if emitted(_mode(output, as_json), document=rows, records=rows, header=("deck", "game", "format", "cards", "legal"),
               rows=[(row["name"], row["game"], row["format"], row["cards"], row["legal"]) for row in rows]):
        return
    from rich.table import Table

    table = Table(title=f"{len(rows)} deck{'s' if len(rows) != 1 else ''}")
    for column in ("Deck", "Game", "Format", "Cards", "Legal"):
        table.add_column(column)
    for row in rows:
        table.add_row(row["name"], row["game"], row["format"], str(row["cards"]),
                      "[green]yes[/green]" if row["legal"] else "[red]no[/red]")
    _console().print(table)


def deck_summary(summary: dict[str, Any], *, output: Output = TABLE, as_json: bool = False) -> None:
    field = summary["curve"]["field"]
    rows = [(section, group, row["quantity"], row["name"], *([row.get(field)] if field else []))
            for section, content in summary["sections"].items() for group, info in content["groups"].items()
            for row in info["entries"]]
    if emitted(_mode(output, as_json), document=summary,
               header=("section", "group", "quantity", "card", *([field] if field else [])), rows=rows):
        return
    from rich.table import Table

    console = _console()
    verdict = "[green]legal[/green]" if summary["legal"] else f"[red]illegal ({summary['problems']} problems)[/red]"
    console.print(f"[bold]{summary['name']}[/bold]  {summary['game']} · {summary['format']} · "
                  f"{summary['cards']} cards · {verdict}")
    if summary.get("notes"):
        console.print(summary["notes"], style="italic")
    field = summary["curve"]["field"]
    for section, content in summary["sections"].items():
        table = Table(title=f"{section} ({content['cards']})", title_justify="left")
        table.add_column("Qty", justify="right")
        table.add_column("Card")
        if field:
            table.add_column(_label(field), justify="right")
        for group, info in content["groups"].items():
            table.add_row("", f"[bold]{group} ({info['cards']})[/bold]", *([""] if field else []))
            for row in info["entries"]:
                table.add_row(str(row["quantity"]), row["name"], *([str(row.get(field, ""))] if field else []))
        console.print(table)
    counts = summary["curve"]["counts"]
    if counts:
        console.print(f"[bold]Curve of {_label(field)}[/bold]")
        widest = max(counts.values())
        for value, count in counts.items():
            console.print(f"{value:>4} {'█' * max(1, round(30 * count / widest))} {count}")


def validation(report, *, output: Output = TABLE, as_json: bool = False) -> None:
    mode = _mode(output, as_json)
    if mode is not TABLE:
        document = report.to_dict()
        problems = [("error", entry) for entry in document["errors"]] + [("warning", entry) for entry in
                                                                       document["warnings"]]
        emitted(mode, document=document, records=[document],
                header=("deck", "game", "legal", "kind", "rule", "message", "cards", "count", "limit"),
                rows=[(document["deck"], document["game"], document["legal"], kind, entry["rule"], entry["message"],
                       entry.get("cards"), entry.get("count"), entry.get("limit")) for kind, entry in problems])
        return
    console = _console()
    counts = ", ".join(f"{key} {value}" for key, value in report.counts.items())
    if report.is_legal:
        console.print(f"[green]✔ {report.deck} is a legal {report.game} deck[/green] ({report.format}; {counts}).")
    else:
        console.print(f"[red]✘ {report.deck} is not legal[/red]: {len(report.errors)} "
                      f"problem{'s' if len(report.errors) != 1 else ''} ({report.format}; {counts}).")
    for violation in report.errors:
        console.print(f"  [red]{violation.rule}[/red]  {_plain(violation.message)}")
    for violation in report.warnings:
        console.print(f"  [yellow]warning {violation.rule}[/yellow]  {_plain(violation.message)}")


def collection(items: list[dict[str, Any]], *, output: Output = TABLE, as_json: bool = False) -> None:
    total = sum(item["quantity"] for item in items)
    distinct = len({(item["game"], item["name"]) for item in items})
    kinds = ("condition", "finish", "language", "location")
    if emitted(_mode(output, as_json), document={"items": items, "total": total, "distinct": distinct},
               records=items, header=("quantity", "card", "game", "type", "set", *kinds),
               rows=[(item["quantity"], item["name"], item["game"], item["type"], item["set"],
                      *(item[key] for key in kinds)) for item in items]):
        return
    from rich.table import Table

    table = Table(title=f"{total} cards, {distinct} distinct")
    for column in ("Qty", "Card", "Game", "Type", "Set", "Variant"):
        table.add_column(column, justify="right" if column == "Qty" else "left")
    for item in items:
        variant = ", ".join(item[key] for key in ("condition", "finish", "language", "location") if item[key])
        table.add_row(str(item["quantity"]), item["name"], item["game"], item["type"], item["set"], variant)
    _console().print(table)


def collection_stats(stats: dict[str, Any], *, output: Output = TABLE, as_json: bool = False) -> None:
    if emitted(_mode(output, as_json), document=stats, records=stats["sets"],
               header=("game", "set", "set_name", "owned", "cards", "percent"),
               rows=[(row["game"], row["set"], row["name"], row["owned"], row["cards"], row["percent"])
                     for row in stats["sets"]]):
        return
    from rich.table import Table

    console = _console()
    games = Table(title=f"Collection: {stats['total']['cards']} cards, {stats['total']['distinct']} distinct")
    for column in ("Game", "Cards", "Distinct"):
        games.add_column(column)
    for row in stats["games"]:
        games.add_row(row["game"], str(row["cards"]), str(row["distinct"]))
    console.print(games)
    sets = Table(title="Completion per set")
    for column in ("Game", "Set", "Owned", "Cards", "Complete"):
        sets.add_column(column)
    for row in stats["sets"]:
        sets.add_row(row["game"], f"{row['set']} {row['name']}", str(row["owned"]), str(row["cards"]),
                     f"{row['percent']}%")
    console.print(sets)


def missing(report: dict[str, Any], *, sets: dict[str, str] | None = None, output: Output = TABLE,
            as_json: bool = False) -> None:
    """Per card: needed, owned, short. CSV/TSV: the shopping list (card, set, needed, owned, short), the set from
    ``sets`` (card name to set code)."""
    if emitted(_mode(output, as_json), document=report, records=report["cards"],
               header=("card", "set", "needed", "owned", "short"),
               rows=[(card["name"], (sets or {}).get(card["name"]), card["needed"], card["owned"], card["short"])
                     for card in report["cards"]]):
        return
    from rich.table import Table

    state = " (built)" if report["built"] else ""
    title = (f"{report['deck']}{state}: " + ("you have every card" if not report["short"]
                                             else f"{report['short']} of {report['needed']} cards short"))
    table = Table(title=title)
    for column in ("Card", "Needed", "Owned", "Short"):
        table.add_column(column, justify="left" if column == "Card" else "right")
    for card in report["cards"]:
        short = f"[red]{card['short']}[/red]" if card["short"] else "0"
        table.add_row(card["name"], str(card["needed"]), str(card["owned"]), short)
    table.add_row("[bold]total[/bold]", str(report["needed"]), "", f"[bold]{report['short']}[/bold]")
    _console().print(table)


def buildable(rows: list[dict[str, Any]], *, output: Output = TABLE, as_json: bool = False) -> None:
    if emitted(_mode(output, as_json), document=rows, records=rows,
               header=("deck", "game", "cards", "built", "buildable", "short"),
               rows=[(row["deck"], row["game"], row["cards"], row["built"], row["buildable"], row["short"])
                     for row in rows]):
        return
    from rich.table import Table

    table = Table(title="Decks you can build")
    for column in ("Deck", "Game", "Cards", "Status"):
        table.add_column(column)
    for row in rows:
        status = ("[cyan]built[/cyan]" if row["built"] else "[green]buildable[/green]" if row["buildable"]
                  else f"[red]{row['short']} short[/red]")
        table.add_row(row["deck"], row["game"], str(row["cards"]), status)
    _console().print(table)


class ProgressBar:
    """A progress bar on stderr that appears only when a run takes more than a moment."""

    DELAY = 0.3

    def __init__(self, total: int, *, label: str) -> None:
        import time

        self.total = total
        self.label = label
        self.started = time.perf_counter()
        self.progress: Any = None
        self.task: Any = None

    def __enter__(self) -> Self:
        return self

    def __call__(self, done: int, total: int) -> None:
        import time

        if self.progress is None:
            if time.perf_counter() - self.started < self.DELAY or done >= total:
                return
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeRemainingColumn,
            )

            self.progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                     TimeRemainingColumn(), console=Console(stderr=True), transient=True)
            self.progress.start()
            self.task = self.progress.add_task(self.label, total=total)
        self.progress.update(self.task, completed=done)

    def __exit__(self, *exc) -> None:
        if self.progress is not None:
            self.progress.stop()


def _rows_as_records(header: tuple[str, ...], rows: list[tuple]) -> list[dict[str, Any]]:
    return [dict(zip(header, row, strict=True)) for row in rows]


def switched_readings(document: dict[str, Any]) -> str | None:
    """The line a table shows under its head when the result was played under readings other than decklab's
    defaults (``--rule``), naming them; ``None`` when every reading is at its default."""
    from decklab.engine import engines

    engine = engines().get(document.get("game", ""))
    if engine is None:
        return None
    defaults = engine.rules()
    changed = [f"{name}={value}" for name, value in document.get("rules", {}).items() if defaults.get(name) != value]
    if not changed:
        return None
    return (f"[yellow]Played under {'a reading' if len(changed) == 1 else 'readings'} other than decklab's: "
            f"{', '.join(changed)} (--rule).[/yellow]")


def speed_note(console: Any, game: str) -> None:
    """Under a simulation's head: how to get the compiled speed, when ``game``'s engine ran uncompiled."""
    from decklab.engine import native

    note = native.advice(game)
    if note:
        console.print(f"[dim]{note}[/dim]")


def simulation(document: dict[str, Any], *, output: Output = TABLE, as_json: bool = False) -> None:
    """A match (rows: one per deck with its interval); a goldfish is drawn by :func:`decklab.cli.plots.goldfish`."""
    mode = _mode(output, as_json)
    if document["mode"] == "goldfish":
        from .plots import goldfish

        goldfish([document], output=mode)
        return
    if mode is not TABLE:
        header = ("deck", "policy", "wins", "losses", "draws", "unresolved", "win_rate", "ci95_low", "ci95_high")
        rows = [(player["deck"], player["policy"], player["wins"], player["losses"], player["draws"],
                 document.get("unresolved", 0), player["win_rate"], *player["ci95"])
                for player in document["players"]]
        emitted(mode, document=document, header=header, rows=rows, records=_rows_as_records(header, rows))
        return
    from rich.table import Table

    console = _console()
    head = (f"{document['game']} {document['mode']}: {document['games']} games, seed {document['seed']}, "
            f"{document['workers']} worker{'s' if document['workers'] != 1 else ''}, "
            f"{document['elapsed_s']} s ({document['games_per_s']} games/s)")
    console.print(f"[bold]{head}[/bold]" + (" [dim](checked)[/dim]" if document.get("checked") else ""))
    speed_note(console, document["game"])
    if switched_readings(document):
        console.print(switched_readings(document))
    if document["interrupted"]:
        console.print(f"[yellow]Interrupted: {document['games']} of {document['requested']} games finished.[/yellow]")
    if "failure" in document:
        console.print(f"[red]Stopped at game {document['failure']['game_index']}: {document['games']} of "
                      f"{document['requested']} games finished.[/red]")
    if "lost" in document:
        console.print(f"[red]Stopped: {document['lost']}; {document['games']} of {document['requested']} games "
                      "finished.[/red]")
    if document["vanilla"]:
        console.print("[yellow]Cards whose effects are not modeled were played without their effects "
                      "(--vanilla).[/yellow]")
    unresolved = document.get("unresolved", 0)
    table = Table()
    columns = ["Deck", "Policy", "Wins", "Losses", "Draws", *(["Unresolved"] if unresolved else []), "Win rate",
               "95% interval"]
    for column in columns:
        table.add_column(column, justify="left" if column in ("Deck", "Policy") else "right")
    for player in document["players"]:
        low, high = player["ci95"]
        table.add_row(player["deck"], player["policy"], str(player["wins"]), str(player["losses"]),
                      str(player["draws"]), *([str(unresolved)] if unresolved else []),
                      f"{100 * player['win_rate']:.1f}%", f"{100 * low:.1f}–{100 * high:.1f}%")
    console.print(table)
    if unresolved:
        console.print(f"[yellow]{unresolved} games ({_percent(document['unresolved_rate'])}) are unresolved:[/yellow] "
                      "stopped by the turn cap or a stall rule that the rulebook does not have; they are neither "
                      "wins nor draws.")
    if "by_position" in document:
        _by_position(console, document["by_position"])
    turns = document["turns"]
    console.print(f"First player wins {100 * document['first_player_win_rate']:.1f}% of decided games; "
                  f"game length in {document['turn_unit']} (every player's turn counts one): mean {turns['mean']}, "
                  f"median {turns['p50']}, 90th percentile {turns['p90']}.")


def _by_position(console, rows: list[dict[str, Any]]) -> None:
    """The win rate of each turn position (3-4 seats): what going first, second, ... is worth."""
    from rich.table import Table

    table = Table(title="By turn position")
    for column in ("Position", "Wins", "Win rate", "95% interval"):
        table.add_column(column, justify="right")
    for row in rows:
        low, high = row["ci95"]
        table.add_row(_ordinal(row["position"]), str(row["wins"]), _percent(row["win_rate"]),
                      f"{100 * low:.1f}–{100 * high:.1f}%")
    console.print(table)


def _ordinal(number: int) -> str:
    """The turn position as a player says it (positions are 1 to 4)."""
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(number, f"{number}th")


def coverage(rows: list[dict[str, Any]], *, output: Output = TABLE, as_json: bool = False) -> None:
    if emitted(_mode(output, as_json), document=rows, records=rows,
               header=("game", "cards", "modeled", "unmodeled"),
               rows=[(row["game"], row["cards"], row["modeled"], [card["name"] for card in row["unmodeled"]])
                     for row in rows]):
        return
    from rich.table import Table

    console = _console()
    if not rows:
        console.print("No cards match.")
        return
    table = Table(title="Cards the engines model")
    for column in ("Game", "Cards", "Modeled", "Share"):
        table.add_column(column, justify="left" if column == "Game" else "right")
    for row in rows:
        table.add_row(row["game"], str(row["cards"]), str(row["modeled"]), _percent(row["modeled"] / row["cards"]))
    console.print(table)
    missing = [(row["game"], card) for row in rows for card in row["unmodeled"]]
    if not missing:
        console.print("Every card is modeled: simulations play all of them with their effects.")
        return
    table = Table(title="Not modeled (simulations refuse them, or play them without effects with --vanilla)")
    for column in ("Game", "Set", "Card", "Type", "Why"):
        table.add_column(column)
    for game, card in missing:
        table.add_row(game, card["set"], card["name"], card["type"], card["reason"])
    console.print(table)


def play_by_play(batch, result, lines: list[str], *, as_json: bool = False, index: int = 0,
                 failure: dict[str, Any] | None = None) -> None:
    """One game's play-by-play and its end; ``result`` is ``None`` for a game that failed (its lines so far, and
    ``failure``). Lines are never wrapped, on a terminal or piped. ``--json``: one document with the lines as a list."""
    from decklab.engine.stats import GOLDFISH_TURNS, MATCH_TURNS

    names = [deck.name for deck in batch.decks]
    goldfish = batch.mode == "goldfish"
    unit = GOLDFISH_TURNS if goldfish else MATCH_TURNS
    if as_json:
        document: dict[str, Any] = {
            "game": batch.game, "mode": batch.mode, "seed": batch.seed, "game_index": index,
            "players": [{"seat": seat + 1, "deck": name, "policy": batch.policies[seat % len(batch.policies)]}
                        for seat, name in enumerate(names)],
            "log": list(lines)}
        if result is not None:
            document["first"] = result.first + 1
            document["result"] = ({"kill_turn": result.kill_turn, "turn_unit": unit} if goldfish else
                                  {"winner": None if result.winner is None else result.winner + 1,
                                   "unresolved": result.unresolved,
                                   "draw": result.winner is None and not result.unresolved,
                                   "turns": result.turns, "turn_unit": unit})
        if failure is not None:
            document["failure"] = failure
        emit_json(document)
        return
    console = _console()
    if result is not None:
        console.print(f"[bold]Game {result.index} of seed {batch.seed}[/bold]: " +
                      (", ".join(f"P{i + 1} {name}" for i, name in enumerate(names))) +
                      (f"; P{result.first + 1} goes first" if not goldfish else ""), soft_wrap=True)
    for line in lines:
        console.print(line, highlight=False, markup=False, soft_wrap=True)
    if result is None:
        return
    if goldfish:
        console.print(f"[bold]Killed on turn {result.kill_turn}[/bold] ({unit})" if result.kill_turn
                      else "[bold]Not killed[/bold]")
    elif result.unresolved:
        console.print(f"[bold]Unresolved after {result.turns} {unit}[/bold] (stopped by a rule the rulebook does not "
                      "have)", soft_wrap=True)
    elif result.winner is None:
        console.print(f"[bold]A draw after {result.turns} {unit}[/bold]")
    else:
        console.print(f"[bold]{names[result.winner]} (P{result.winner + 1}) wins on turn {result.turns}[/bold] "
                      f"({unit})", soft_wrap=True)


def _rate_style(rate: float | None) -> str:
    """Red below 50%, green above, brighter the further from even."""
    if rate is None:
        return "dim"
    if rate >= 0.5:
        return "bold green" if rate >= 0.6 else "green"
    return "bold red" if rate <= 0.4 else "red"


def _percent(rate: float | None) -> str:
    return "—" if rate is None else f"{100 * rate:.1f}%"


def gauntlet(document: dict[str, Any], *, output: Output = TABLE, as_json: bool = False) -> None:
    """One row per opponent: the tested deck's wins, losses, draws and win rate with its 95% interval."""
    header = ("opponent", "wins", "losses", "draws", "unresolved", "win_rate", "ci95_low", "ci95_high")
    rows = [(row["deck"], row["wins"], row["losses"], row["draws"], row["unresolved"], row["win_rate"], *row["ci95"])
            for row in document["opponents"]]
    if emitted(_mode(output, as_json), document=document, header=header, rows=rows,
               records=_rows_as_records(header, rows)):
        return
    from rich.table import Table

    console = _console()
    console.print(f"[bold]{document['deck']}[/bold] against {len(document['opponents'])} opponents "
                  f"({document['game']}, {document['games_per_opponent']} games each, seed {document['seed']}, "
                  f"{document['elapsed_s']} s)")
    if switched_readings(document):
        console.print(switched_readings(document))
    if document["interrupted"] or "failure" in document:
        console.print("[yellow]Stopped early: the table shows the games finished.[/yellow]")
    unresolved = any(row["unresolved"] for row in document["opponents"])
    table = Table()
    for column in ("Opponent", "Wins", "Losses", "Draws", *(["Unresolved"] if unresolved else []), "Win rate",
                   "95% interval"):
        table.add_column(column, justify="left" if column == "Opponent" else "right")
    for row in document["opponents"]:
        low, high = row["ci95"]
        table.add_row(row["deck"], str(row["wins"]), str(row["losses"]), str(row["draws"]),
                      *([str(row["unresolved"])] if unresolved else []),
                      f"[{_rate_style(row['win_rate'])}]{_percent(row['win_rate'])}[/]",
                      f"{100 * low:.1f}–{100 * high:.1f}%")
    overall = document["overall"]
    low, high = overall["ci95"]
    table.add_row("[bold]overall[/bold]", str(overall["wins"]), "", "", *([""] if unresolved else []),
                  f"[bold]{_percent(overall['win_rate'])}[/bold]", f"{100 * low:.1f}–{100 * high:.1f}%")
    console.print(table)
    if unresolved:
        console.print("[yellow]Unresolved games[/yellow] were stopped by the turn cap or a stall rule that the "
                      "rulebook does not have; they are neither wins nor draws.")


def sensitivity(document: dict[str, Any], *, output: Output = TABLE, as_json: bool = False) -> None:
    """One row per policy pairing: the first deck's win rate with its interval; then the spread."""
    header = ("policy_a", "policy_b", "rules", "games", "wins", "losses", "draws", "unresolved", "win_rate",
              "ci95_low", "ci95_high")
    rows = [(*row["policies"], ";".join(f"{name}={value}" for name, value in row["rules"].items()), row["games"],
             row["wins"], row["losses"], row["draws"], row["unresolved"], row["win_rate"], *row["ci95"])
            for row in document["pairings"]]
    if emitted(_mode(output, as_json), document=document, header=header, rows=rows,
               records=_rows_as_records(header, rows)):
        return
    from rich.table import Table

    console = _console()
    first, *others = document["decks"]
    budget = f", search {document['search_budget']} playouts a decision" if "search_budget" in document else ""
    console.print(f"[bold]{first}[/bold] (first deck) against {' and '.join(others)} under each policy pairing "
                  f"({document['game']}, {document['games_per_pairing']} games each, seed {document['seed']}{budget}, "
                  f"{document['elapsed_s']} s)")
    if document["interrupted"] or "failure" in document:
        console.print("[yellow]Stopped early: the table shows the games finished.[/yellow]")
    table = Table()
    varied = any(row["rules"] for row in document["pairings"])
    for column in ("First deck", "Second deck", *(["Rule"] if varied else []), "Games", "Wins", "Unresolved",
                   "Win rate", "95% interval"):
        table.add_column(column, justify="right" if column in ("Games", "Wins", "Unresolved", "Win rate") else "left",
                         no_wrap=column == "95% interval")
    for row in document["pairings"]:
        low, high = row["ci95"]
        rule = ", ".join(f"{name}={value}" for name, value in row["rules"].items()) or "default"
        table.add_row(*row["policies"], *([rule] if varied else []), str(row["games"]), str(row["wins"]),
                      str(row["unresolved"]), f"[{_rate_style(row['win_rate'])}]{_percent(row['win_rate'])}[/]",
                      f"{100 * low:.1f}–{100 * high:.1f}%")
    console.print(table)
    if document["spread"] is not None:
        console.print(f"Spread: {100 * document['spread']:.1f} points between the pairings where both decks play "
                      f"the same policy, {100 * document['spread_all']:.1f} over every pairing.")
    if document["policy_dependent"]:
        console.print("[yellow]Policy-dependent:[/yellow] with the same policy on both sides, two policies give win "
                      "rates whose 95% intervals do not overlap; the answer says as much about the AI as about the "
                      "decks (see docs/search.md).")
    else:
        console.print("The same-policy pairings agree within their 95% intervals.")


def policy_sensitivity(document: dict[str, Any], *, output: Output = TABLE, as_json: bool = False) -> None:
    """A gauntlet's or a round robin's rows under each policy side by side, with the spread."""
    policies = document["policies"]
    header = ("deck", *policies, "spread", "policy_dependent")
    rows = [(row["deck"], *[row["win_rates"].get(p) for p in policies], row["spread"], row["policy_dependent"])
            for row in document["rows"]]
    if emitted(_mode(output, as_json), document=document, header=header, rows=rows,
               records=_rows_as_records(header, rows)):
        return
    from rich.table import Table

    console = _console()
    what = (f"[bold]{document['decks'][0]}[/bold] against each opponent" if document["mode"] == "gauntlet-sensitivity"
            else "Each deck's average win rate in the round robin")
    console.print(f"{what} with every seat on each policy ({document['game']}, {document['games_per_pairing']} games "
                  "a pairing)")
    if document["interrupted"] or "failure" in document:
        console.print("[yellow]Stopped early: the table shows the games finished.[/yellow]")
    table = Table()
    for column in ("Deck", *policies, "Spread", ""):
        table.add_column(column, justify="left" if column == "Deck" else "right")
    for row in document["rows"]:
        cells = [f"[{_rate_style(rate)}]{_percent(rate)}[/]" if rate is not None else "—"
                 for rate in (row["win_rates"].get(p) for p in policies)]
        spread = f"{100 * row['spread']:.1f}" if row["spread"] is not None else "—"
        flag = "[yellow]depends on the AI[/yellow]" if row["policy_dependent"] else ""
        table.add_row(row["deck"], *cells, spread, flag)
    console.print(table)
    if document["policy_dependent"]:
        console.print("[yellow]Depends on the AI:[/yellow] the policies' 95% intervals do not overlap for a pairing; "
                      "see docs/search.md.")


def matrix(document: dict[str, Any], *, output: Output = TABLE, as_json: bool = False) -> None:
    """The round robin: one row per deck, its win rate against each deck (a column per deck) and its average."""
    header = ("deck", *document["decks"], "average")
    rows = [(name, *rates, average) for name, rates, average in
            zip(document["decks"], document["win_rates"], document["average_win_rate"], strict=True)]
    if emitted(_mode(output, as_json), document=document, header=header, rows=rows,
               records=_rows_as_records(header, rows)):
        return
    from rich.table import Table

    console = _console()
    console.print(f"[bold]Round robin[/bold] of {len(document['decks'])} {document['game']} decks "
                  f"({document['games_per_pair']} games a pair, seed {document['seed']}, {document['elapsed_s']} s): "
                  "the row deck's win rate against the column deck")
    if switched_readings(document):
        console.print(switched_readings(document))
    table = Table()
    table.add_column("Deck")
    for index in range(len(document["decks"])):
        table.add_column(f"vs {index + 1}", justify="right")
    table.add_column("Average", justify="right")
    for index, (name, rates) in enumerate(zip(document["decks"], document["win_rates"], strict=True)):
        cells = [f"[{_rate_style(rate)}]{_percent(rate)}[/]" for rate in rates]
        average = document["average_win_rate"][index]
        table.add_row(f"{index + 1}. {name}", *cells, f"[{_rate_style(average)}]{_percent(average)}[/]")
    console.print(table)
    if document["interrupted"] or "failure" in document:
        console.print("[yellow]Stopped early: the table shows the games finished.[/yellow]")
    if document["unresolved"]:
        console.print(f"[yellow]{document['unresolved']} games are unresolved[/yellow] (stopped by the turn cap or a "
                      "stall rule that the rulebook does not have): they count as neither wins nor draws.")


class DemoView:
    """How ``decklab demo`` shows each step, then a one-screen summary."""

    def __init__(self) -> None:
        self.console = _console()

    def game(self, name: str, legal: dict[str, Any], illegal: dict[str, Any]) -> None:
        from rich.rule import Rule

        self.console.print(Rule(f"[bold]{name}[/bold]"))
        counts = ", ".join(f"{key} {value}" for key, value in legal["counts"].items())
        self.console.print(f"[green]✔[/green] {legal['deck']} is legal ({counts}).")
        self.console.print(f"[red]✘[/red] {illegal['deck']} is not legal:")
        for error in illegal["errors"]:
            self.console.print(f"    [red]{error['rule']}[/red]  {_plain(error['message'])}")

    def note(self, text: str) -> None:
        self.console.print(f"[yellow]{text}[/yellow]")

    def simulations(self, goldfish: dict[str, Any], match: dict[str, Any]) -> None:
        kill = goldfish["kill_turn"]
        self.console.print(f"Goldfish, {goldfish['games']} games: {goldfish['deck']} wins alone by turn "
                           f"{kill['p50']} (median; 90% by turn {kill['p90']}; not killed {goldfish['not_killed']}).")
        simulation(match, as_json=False)

    def sensitivity(self, document: dict[str, Any]) -> None:
        """How much one matchup depends on the AI: ``sim sensitivity``'s table."""
        from rich.rule import Rule

        self.console.print(Rule("[bold]How much does the answer depend on the AI?[/bold]"))
        sensitivity(document)
        self.console.print("Run `decklab sim sensitivity A B -n 400` for a matchup of yours (docs/search.md).")

    def summary(self, document: dict[str, Any]) -> None:
        from rich.rule import Rule
        from rich.table import Table

        self.console.print(Rule("[bold]Summary[/bold]"))
        table = Table()
        for column in ("Game", "Legal / illegal", "Kill turn p50/p90", "Deck 1 wins", "Unresolved", "Games/s"):
            table.add_column(column, justify="right" if column in ("Games/s", "Unresolved") else "left")
        for game, section in document["games"].items():
            broken = len(section["illegal"]["errors"])
            decks = ("✔" if section["legal"]["legal"] else "✘") + f" / ✘ {broken} rules"
            if "match" in section:
                kill = section["goldfish"]["kill_turn"]
                player = section["match"]["players"][0]
                low, high = player["ci95"]
                row = (f"{kill['p50']} / {kill['p90']}",
                       f"{_percent(player['win_rate'])} ({100 * low:.0f}–{100 * high:.0f}%)",
                       _percent(section["match"]["unresolved_rate"]),
                       f"{section['match']['games_per_s']:,.0f}")
            else:
                row = ("—", "no engine yet", "—", "—")
            table.add_row(game, decks, *row)
        self.console.print(table)
        self.console.print(f"Done in {document['elapsed_s']} s on {document['database']}. Next: `decklab --help`, "
                           "`decklab deck import --samples`, `decklab sim match A B`.")
