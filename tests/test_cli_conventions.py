"""The command line's shared conventions, through the real CLI: one short flag per meaning, help everywhere,
consistent metavars, choices that completion offers, the output flags of every listing, and '-' for stdin."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

from decklab.catalog.sample_decks import sample_deck_paths
from decklab.cli.app import app
from decklab.cli.common import first_sentence

SAMPLES = {path.name: path for path in sample_deck_paths()}
ROOST = SAMPLES["ward-1.deck"]
DECKLAB = Path(sys.executable).with_name("decklab")

LISTINGS = [("games",), ("catalog", "list"), ("catalog", "search"), ("catalog", "show"), ("catalog", "sets"),
            ("deck", "list"), ("deck", "show"), ("deck", "missing"), ("deck", "validate"), ("collection", "list"),
            ("collection", "stats"), ("collection", "buildable"), ("db", "info"), ("sim", "goldfish"), ("sim", "match"),
            ("sim", "gauntlet"), ("sim", "matrix"), ("sim", "coverage")]
"""The listing commands, which take the four output flags (what the sim commands print: tests/test_sim_cli.py)."""

OUTPUT_FLAGS = ("--json", "--csv", "--tsv", "--nl")


def commands():
    """(path, click command) of every command and group, sim included."""
    def walk(command, path):
        yield path, command
        for name, sub in getattr(command, "commands", {}).items():
            yield from walk(sub, (*path, name))

    return list(walk(typer.main.get_command(app), ()))


def leaves():
    return [(path, command) for path, command in commands() if not hasattr(command, "commands")]


def run(*args, stdin: str | None = None):
    return CliRunner().invoke(app, [str(arg) for arg in args], input=stdin, catch_exceptions=False,
                              prog_name="decklab")


def one_sentence(result, exit_code: int = 2) -> str:
    assert result.exit_code == exit_code, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    return lines[0]


# --- flags, help and metavars ----------------------------------------------------------------------


def test_no_short_flag_has_two_meanings_across_the_cli():
    meanings: dict[str, set[str]] = {}
    shorts: dict[str, set[str]] = {}
    for _path, command in commands():
        for param in command.params:
            if param.param_type_name != "option":
                continue
            longs = [opt for opt in param.opts if opt.startswith("--")]
            for short in (opt for opt in param.opts if not opt.startswith("--")):
                meanings.setdefault(short, set()).update(longs)
                for name in longs:
                    shorts.setdefault(name, set()).add(short)
    assert {short: longs for short, longs in meanings.items() if len(longs) > 1} == {}
    assert {name: found for name, found in shorts.items() if len(found) > 1} == {}
    assert meanings["-f"] == {"--format"} and meanings["-s"] == {"--set"} and meanings["-n"] == {"--games"}


def test_every_command_option_and_argument_has_help_text():
    missing = [f"{' '.join(path) or 'decklab'}: {param.name}" for path, command in commands()
               for param in command.params if not (getattr(param, "help", None) or "").strip()]
    assert missing == []
    assert [" ".join(path) for path, command in commands() if not (command.help or "").strip()] == []


@pytest.mark.parametrize("path", [path for path, _ in leaves()], ids=" ".join)
def test_usage_and_help_use_plain_metavars(path):
    result = run(*path, "--help")
    assert result.exit_code == 0
    usage = result.stdout.split("\n\n")[0]
    assert "{" not in usage and "<" not in usage, usage
    assert "<list[" not in result.stdout and "<str>" not in result.stdout and "<int>" not in result.stdout
    for param in dict(leaves())[path].params:
        if param.param_type_name == "argument":
            assert param.metavar and param.metavar == param.metavar.upper()
            assert param.metavar in usage


def test_usage_lines_read_as_a_player_expects():
    assert "Usage: decklab deck validate [OPTIONS] DECK-OR-FILE\n" in run("deck", "validate", "--help").stdout
    assert "Usage: decklab deck missing [OPTIONS] DECK-OR-FILE\n" in run("deck", "missing", "--help").stdout
    assert "Usage: decklab deck show [OPTIONS] DECK\n" in run("deck", "show", "--help").stdout
    assert "Usage: decklab catalog import [OPTIONS] [FILES]...\n" in run("catalog", "import", "--help").stdout
    assert "Usage: decklab deck import [OPTIONS] [FILE]\n" in run("deck", "import", "--help").stdout


@pytest.mark.parametrize("path", [path for path, command in commands() if hasattr(command, "commands")],
                         ids=lambda path: " ".join(path) or "decklab")
def test_group_listings_show_each_first_sentence_whole(path):
    group = dict(commands())[path]
    text = " ".join(run(*path, "--help").stdout.split())
    for name, command in group.commands.items():
        first = first_sentence(command.short_help or command.help)
        assert first[-1] in ".?!" and " ".join((command.short_help or command.help).split()).startswith(first)
        assert f"{name} {first}" in text, (name, first)
    assert "..." not in text.split("Commands:")[1]


def test_choices_are_shown_in_help():
    assert "-p, --policy [greedy|random|search]" in run("sim", "match", "--help").stdout
    assert "-f, --format [official|casual]" in run("deck", "validate", "--help").stdout
    assert "-f, --format [text|json|yaml]" in run("deck", "export", "--help").stdout
    assert "-g, --game GAME" in run("catalog", "list", "--help").stdout


def complete(words: str) -> list[str]:
    """What the shell's completion offers after ``words`` (the real script protocol of bash completion)."""
    parts = words.split(" ")
    env = {**os.environ, "_DECKLAB_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": str(len(parts) - 1)}
    done = subprocess.run([DECKLAB], env=env, check=False, capture_output=True, text=True, timeout=60)
    return done.stdout.split()


def test_completion_offers_games_policies_and_formats():
    assert complete("decklab sim match a b --policy ") == ["greedy", "random", "search"]
    assert complete("decklab sim match a b --policy-b r") == ["random"]
    assert complete("decklab catalog list --game w") == ["warcardz", "wh40k", "warhammer40k", "ward", "wentworth"]
    assert complete("decklab deck validate x -f ") == ["official", "casual"]
    assert complete("decklab deck export x --format ") == ["text", "json", "yaml"]
    assert complete("decklab deck validate - --input-format ") == ["text", "json", "yaml", "csv"]


# --- output formats --------------------------------------------------------------------------------


@pytest.mark.parametrize("path", LISTINGS, ids=" ".join)
def test_every_listing_offers_the_four_output_flags(path):
    text = run(*path, "--help").stdout
    for flag in OUTPUT_FLAGS:
        assert f"  {flag} " in text, (path, flag)


def test_two_output_flags_are_one_sentence_and_exit_2(db_url):
    sentence = one_sentence(run("catalog", "list", "--game", "ward", "--json", "--csv"))
    assert sentence == "decklab: --json and --csv were both given; choose one output format."
    assert "--tsv and --nl" in one_sentence(run("deck", "validate", ROOST, "--tsv", "--nl"))


def test_csv_tsv_and_json_lines_of_a_card_listing(db_url):
    document = json.loads(run("catalog", "list", "--game", "ward", "--json").stdout)
    rows = list(csv.DictReader(io.StringIO(run("catalog", "list", "--game", "ward", "--csv").stdout)))
    assert list(rows[0]) == ["name", "game", "type", "set", "stats"]
    assert [row["name"] for row in rows] == [card["name"] for card in document]
    assert rows[0]["game"] == "ward" and rows[0]["set"] == document[0]["set"]
    tsv = run("catalog", "list", "--game", "ward", "--tsv").stdout.splitlines()
    assert tsv[0] == "name\tgame\ttype\tset\tstats" and len(tsv) == len(document) + 1
    lines = run("catalog", "list", "--game", "ward", "--nl").stdout.splitlines()
    assert [json.loads(line) for line in lines] == document


def test_csv_of_other_listings(db_url):
    games = list(csv.DictReader(io.StringIO(run("games", "--csv").stdout)))
    assert [row["id"] for row in games] == ["warcardz", "wh40k", "ward", "wentworth", "magewarfare"]
    assert games[1]["aliases"] == "40k, warhammer40k"
    card = list(csv.DictReader(io.StringIO(run("catalog", "show", "Ember Whelp", "--csv").stdout)))
    assert len(card) == 1 and card[0]["name"] == "Ember Whelp" and card[0]["game"] == "ward"
    assert json.loads(run("catalog", "show", "Ember Whelp", "--nl").stdout) == json.loads(
        run("catalog", "show", "Ember Whelp", "--json").stdout)
    assert run("deck", "import", "--samples").exit_code == 0
    decks = list(csv.DictReader(io.StringIO(run("deck", "list", "--game", "ward", "--csv").stdout)))
    assert {row["deck"]: row["legal"] for row in decks}["Dragonfire Roost"] == "true"
    shown = list(csv.DictReader(io.StringIO(run("deck", "show", "Dragonfire Roost", "--csv").stdout)))
    assert sum(int(row["quantity"]) for row in shown) == 30 and {"section", "group", "card"} <= set(shown[0])
    assert run("collection", "add", "Ember Whelp", "2").exit_code == 0
    owned = list(csv.DictReader(io.StringIO(run("collection", "list", "--csv").stdout)))
    assert owned == [{"quantity": "2", "card": "Ember Whelp", "game": "ward", "type": "creature", "set": "WRD1",
                      "condition": "", "finish": "", "language": "", "location": ""}]
    stats = list(csv.DictReader(io.StringIO(run("collection", "stats", "--csv").stdout)))
    assert {row["set"]: row["owned"] for row in stats}["WRD1"] == "1"


def test_validate_csv_lists_every_problem_and_keeps_the_exit_code(db_url):
    illegal = SAMPLES["ward-illegal.deck"]
    result = run("deck", "validate", illegal, "--csv")
    assert result.exit_code == 1
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    document = json.loads(run("deck", "validate", illegal, "--json").stdout)
    assert [row["rule"] for row in rows if row["kind"] == "error"] == [error["rule"] for error in document["errors"]]
    assert all(row["legal"] == "false" for row in rows)
    assert set(document) >= {"game", "deck", "legal", "errors", "warnings", "counts"}


def test_missing_as_a_csv_shopping_list_from_a_file_and_a_saved_deck(db_url, tmp_path):
    assert run("collection", "add", "Ember Whelp", "1").exit_code == 0
    result = run("deck", "missing", ROOST, "--csv")
    assert result.exit_code == 0, result.stderr
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert list(rows[0]) == ["card", "set", "needed", "owned", "short"]
    whelp = next(row for row in rows if row["card"] == "Ember Whelp")
    assert whelp == {"card": "Ember Whelp", "set": "WRD1", "needed": "3", "owned": "1", "short": "2"}
    assert sum(int(row["needed"]) for row in rows) == 30
    assert run("deck", "import", ROOST).exit_code == 0
    saved = list(csv.DictReader(io.StringIO(run("deck", "missing", "Dragonfire Roost", "--csv").stdout)))
    assert saved == rows
    document = json.loads(run("deck", "missing", "Dragonfire Roost", "--json").stdout)
    assert set(document) == {"deck", "game", "built", "cards", "needed", "short"}
    assert document["short"] == 29 and document["cards"][0] == {"name": "Ember Whelp", "needed": 3, "owned": 1,
                                                                 "short": 2}
    from_file = json.loads(run("deck", "missing", ROOST, "--json").stdout)
    assert from_file["cards"] == document["cards"] and from_file["short"] == 29
    assert one_sentence(run("deck", "missing", "No Such Deck")).endswith(
        "'No Such Deck' is neither a saved deck nor a decklist file.")


# --- stdin ---------------------------------------------------------------------------------------


def test_validate_reads_a_decklist_from_stdin(db_url):
    text = ROOST.read_text(encoding="utf-8")
    result = run("deck", "validate", "-", stdin=text)
    assert result.exit_code == 0, result.stderr
    assert "Dragonfire Roost is a legal ward deck" in result.stdout
    piped = json.loads(run("deck", "validate", "-", "--json", stdin=text).stdout)
    assert piped == json.loads(run("deck", "validate", ROOST, "--json").stdout)
    illegal = run("deck", "validate", "-", stdin=SAMPLES["ward-illegal.deck"].read_text(encoding="utf-8"))
    assert illegal.exit_code == 1


def test_validate_reads_a_json_or_yaml_export_from_stdin(db_url):
    assert run("deck", "import", ROOST).exit_code == 0
    for file_format in ("json", "yaml"):
        exported = run("deck", "export", "Dragonfire Roost", "--format", file_format).stdout
        sniffed = run("deck", "validate", "-", "--json", stdin=exported)
        assert sniffed.exit_code == 0, sniffed.stderr
        assert json.loads(sniffed.stdout)["deck"] == "Dragonfire Roost"
        told = run("deck", "validate", "-", "--input-format", file_format, stdin=exported)
        assert told.exit_code == 0, told.stderr


def test_stdin_input_errors_are_one_sentence(db_url):
    assert "stdin is empty" in one_sentence(run("deck", "validate", "-", stdin=""))
    assert "stdin" in one_sentence(run("deck", "validate", "-", stdin="3 No Such Card\n", ))
    assert "not UTF-8" in one_sentence(run("deck", "validate", "-", stdin=b"3 Ember Whelp\n\xff\xfe\n"))


def test_import_a_deck_and_a_collection_from_stdin(db_url):
    text = ROOST.read_text(encoding="utf-8")
    assert "Saved ward deck 'Dragonfire Roost' with 30 cards." in run("deck", "import", "-", stdin=text).stdout
    named = run("deck", "import", "-", "--name", "Roost v2", stdin=text)
    assert named.exit_code == 0, named.stderr
    assert "no file name" in one_sentence(run("deck", "import", "-", stdin="game: ward\n3 Ember Whelp\n"))
    result = run("collection", "import", "-", stdin="game,name,quantity\nward,Ember Whelp,3\nward,Scorchling,1\n")
    assert result.exit_code == 0, result.stderr
    assert "Added 4 copies from 2 rows." in result.stdout
    owned = json.loads(run("collection", "list", "--json").stdout)
    assert owned["total"] == 4
    assert run("collection", "import", "-", "--game", "ward", stdin="2 Brass Drake\n").exit_code == 0
    assert json.loads(run("collection", "list", "--json").stdout)["total"] == 6
    missing = list(csv.DictReader(io.StringIO(run("deck", "missing", "-", "--csv", stdin=text).stdout)))
    assert {row["card"]: row["owned"] for row in missing}["Brass Drake"] == "2"


def test_catalog_import_reads_a_set_from_stdin(db_url):
    text = ("game: ward\nset: {code: PIPE1, name: Piped Set}\ncards:\n"
            "  - {name: Piped Bear, type: creature, rarity: common, creature_type: beast, al: 5, spd: 3, hp: 40,"
            " attack_name: Maul, attack_dice: 2, modifier: 1, text: A bear from a pipe.}\n")
    result = run("catalog", "import", "-", stdin=text)
    assert result.exit_code == 0, result.stderr
    assert "stdin: ward set PIPE1 (Piped Set): 1 added" in result.stdout
    flat = "name,type,rarity,creature_type,al,spd,hp,attack_name,attack_dice,modifier\n" \
           "Flat Bear,creature,common,beast,4,3,30,Bite,1,0\n"
    result = run("catalog", "import", "-", "--game", "ward", "--set", "PIPE2", stdin=flat)
    assert result.exit_code == 0, result.stderr
    assert json.loads(run("catalog", "show", "Flat Bear", "--json").stdout)["set"] == "PIPE2"
    assert "once" in one_sentence(run("catalog", "import", "-", "-", stdin=text))


def test_a_piped_validate_in_the_shell(tmp_path):
    """``cat deck.txt | decklab deck validate -``: the real program, a real pipe."""
    env = {**os.environ, "DECKLAB_DATABASE_URL": str(tmp_path / "pipe.db")}
    command = f"cat {ROOST} | {DECKLAB} deck validate - --csv"
    done = subprocess.run(command, shell=True, env=env, check=False, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "deck,game,legal,kind,rule,message,cards,count,limit"
    done = subprocess.run(f"{DECKLAB} deck validate - --json < {SAMPLES['ward-illegal.deck']}", shell=True, env=env,
                          check=False, capture_output=True, text=True, timeout=300)
    assert done.returncode == 1 and json.loads(done.stdout)["legal"] is False


def test_input_format_is_for_stdin_only(db_url):
    sentence = one_sentence(run("deck", "validate", ROOST, "--input-format", "json"))
    assert sentence.startswith("decklab: --input-format says what stdin ('-') holds")


def test_bad_stdin_is_one_sentence_naming_stdin_and_the_line(db_url):
    assert one_sentence(run("deck", "validate", "-", stdin='{"game": "ward", "sections": {\n')) == (
        "decklab: stdin is not valid JSON at line 2, column 1: Expecting property name enclosed in double quotes.")
    assert "'csv' is not a decklist format" in one_sentence(
        run("deck", "validate", "-", "--input-format", "csv", stdin="3 Ember Whelp\n"))
    assert one_sentence(run("collection", "import", "-", stdin="name,quantity\nEmber Whelp,x\n")) == (
        "decklab: stdin: line 2: the quantity 'x' is not a whole number.")
    assert "stdin is not valid YAML at line 2" in one_sentence(run("catalog", "import", "-", stdin="garbage: [\n"))
    assert json.loads(run("collection", "list", "--json").stdout)["total"] == 0


def test_a_collection_goes_through_a_pipe_to_another_database(db_url, tmp_path):
    assert run("collection", "add", "Ember Whelp", "3", "--finish", "foil").exit_code == 0
    exported = run("collection", "export", "-").stdout
    other = tmp_path / "club.db"
    result = run("--db", other, "collection", "import", "-", stdin=exported)
    assert result.exit_code == 0, result.stderr
    rows = list(csv.DictReader(io.StringIO(run("--db", other, "collection", "list", "--csv").stdout)))
    assert [(row["card"], row["quantity"], row["finish"]) for row in rows] == [("Ember Whelp", "3", "foil")]


@pytest.mark.parametrize("path", [path for path, command in commands() if hasattr(command, "commands")
                                  and path != ("sim",)], ids=lambda path: " ".join(path) or "decklab")
def test_group_listings_fit_one_line_a_command_at_80_columns(path):
    """Each command's line in a group's listing is whole and fits 80 columns (the sim commands: their helper)."""
    result = CliRunner().invoke(app, [*path, "--help"], env={"COLUMNS": "80"}, prog_name="decklab")
    listing = result.stdout.split("Commands:\n")[1].splitlines()
    assert all(line.startswith("  ") and not line.startswith("   ") and len(line) <= 80 for line in listing), listing
    assert len(listing) == len(dict(commands())[path].commands)
