"""The command line as a player uses it: each command's happy path and error paths."""

from __future__ import annotations

import json

import pytest
import yaml

from conftest import write
from decklab.cli.app import app

WARD_SET = {
    "game": "ward", "set": {"code": "CLI1", "name": "CLI Set"},
    "cards": [
        {"name": "Cli Bear", "type": "creature", "rarity": "common", "creature_type": "beast", "al": 5, "spd": 3,
         "hp": 40, "attack_name": "Maul", "attack_dice": 2, "modifier": 1, "text": "A sturdy bear."},
        {"name": "Cli Spark", "type": "magic", "rarity": "rare", "magic_type": "lightning", "sub_type": "none",
         "text": "Negate one attack.", "effects": [{"effect": "negate", "target": "attack"}]},
    ],
}


def all_commands():
    """Every command path, e.g. ('catalog', 'list'), found by walking the command tree."""
    import typer.main

    def walk(command, path):
        yield path, command
        for name, sub in getattr(command, "commands", {}).items():
            yield from walk(sub, (*path, name))

    return list(walk(typer.main.get_command(app), ()))


@pytest.fixture
def ward_file(tmp_path):
    return write(tmp_path / "cli.yaml", yaml.safe_dump(WARD_SET, sort_keys=False))


def assert_input_error(result, expected: str):
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert expected in lines[0], lines[0]


@pytest.mark.parametrize("path", [p for p, _ in all_commands()], ids=lambda p: " ".join(p) or "decklab")
def test_every_command_has_help_text(decklab, path):
    command = dict(all_commands())[path]
    assert (command.help or "").strip(), f"{' '.join(path)} has no help text"
    result = decklab(*path, "--help")
    assert result.exit_code == 0
    assert "Usage:" in result.stdout


def test_games_lists_all_five_with_rules(decklab):
    result = decklab("games")
    assert result.exit_code == 0
    for game in ("warcardz", "wh40k", "ward", "wentworth", "magewarfare"):
        assert game in result.stdout
    rows = json.loads(decklab("games", "--json").stdout)
    assert [row["id"] for row in rows] == ["warcardz", "wh40k", "ward", "wentworth", "magewarfare"]
    assert rows[1]["aliases"] == ["40k", "warhammer40k"]
    assert "exactly 30 cards" in rows[2]["deck_rules"]


def test_import_then_list_search_show(decklab, db_url, ward_file):
    result = decklab("catalog", "import", ward_file)
    assert result.exit_code == 0, result.stderr
    assert "2 added, 0 updated, 0 unchanged" in result.stdout
    again = json.loads(decklab("catalog", "import", ward_file, "--json").stdout)
    assert again["totals"] == {"added": 0, "updated": 0, "unchanged": 2}

    listed = json.loads(decklab("catalog", "list", "--game", "ward", "--set", "CLI1", "--json").stdout)
    assert [card["name"] for card in listed] == ["Cli Bear", "Cli Spark"]
    bear = listed[0]
    assert bear["game"] == "ward" and bear["set"] == "CLI1" and bear["al"] == 5 and bear["hp"] == 40

    table = decklab("catalog", "list", "--game", "ward", "--set", "cli1", "--type", "creature")
    assert "Cli Bear" in table.stdout and "Cli Spark" not in table.stdout

    found = json.loads(decklab("catalog", "search", "negate one", "--game", "ward", "--json").stdout)
    assert "Cli Spark" in [card["name"] for card in found]
    assert all("negate one" in (card["name"] + " " + card.get("text", "")).lower() for card in found)

    shown = decklab("catalog", "show", "cli spark")
    assert shown.exit_code == 0 and "Negate one attack." in shown.stdout and "lightning" in shown.stdout
    as_json = json.loads(decklab("catalog", "show", "CLI SPARK", "--json").stdout)
    assert as_json["effects"] == [{"effect": "negate", "target": "attack"}]
    assert as_json["magic_type"] == "lightning"


def test_sets_and_db_info(decklab, db_url, backend, ward_file):
    decklab("catalog", "import", ward_file)
    sets = json.loads(decklab("catalog", "sets", "--json").stdout)
    assert {"game": "ward", "code": "CLI1", "name": "CLI Set", "cards": 2, "banlist": None} in sets
    info = json.loads(decklab("db", "info", "--json").stdout)
    assert info["revision"] == info["head"] and info["backend"] == backend
    ward = [row for row in info["games"] if row["game"] == "ward"][0]
    assert ward["cards"] >= 2 and ward["sets"] >= 1
    assert "Schema revision" in decklab("db", "info").stdout


def test_db_upgrade_on_a_current_database(decklab, db_url):
    result = decklab("db", "upgrade")
    assert result.exit_code == 0
    assert "is already at revision" in result.stdout


def test_db_upgrade_creates_a_new_database(decklab, empty_db):
    result = decklab("db", "upgrade")
    assert result.exit_code == 0
    assert "from revision none to" in result.stdout
    assert json.loads(decklab("db", "info", "--json").stdout)["revision"] == json.loads(
        decklab("db", "info", "--json").stdout)["head"]


def test_version(decklab):
    result = decklab("--version")
    assert result.exit_code == 0 and result.stdout.startswith("decklab ")


@pytest.mark.parametrize(("content", "expected"), [
    ("game: ward\nset: X\ncards:\n  - {name: A, type: creature, rarity: common, creature_type: beast, al: 5, spd: 1,"
     " hp: 10, attack_name: Bite, atack_dice: 2}\n",
     "bad.yaml: line 4: card 1 'A': 'atack_dice' is not a field of a Ward creature (did you mean 'attack_dice'?)"),
    ("", "bad.yaml is empty; a set file needs game, set and cards."),
    ("game: pokemon\nset: X\ncards: [{name: A, type: b}]\n", "'pokemon' is not a known game"),
    ("game: ward\nset: X\ncards: [{name: Beastmen, type: unit, faction: Unaligned}]\n",
     "card 1 'Beastmen' type 'unit' is not a Ward card type; expected one of creature, magic."),
])
def test_bad_set_files_answer_with_one_sentence(decklab, db_url, tmp_path, content, expected):
    before = decklab("catalog", "list", "--json").stdout
    result = decklab("catalog", "import", write(tmp_path / "bad.yaml", content))
    assert_input_error(result, expected)
    assert decklab("catalog", "list", "--json").stdout == before


def test_missing_file(decklab, db_url, tmp_path):
    assert_input_error(decklab("catalog", "import", tmp_path / "nope.yaml"), "no such file.")


def test_import_without_files(decklab, db_url):
    assert_input_error(decklab("catalog", "import"), "give one or more set files to import, or --starter.")


def test_unknown_card(decklab, db_url, ward_file):
    decklab("catalog", "import", ward_file)
    assert_input_error(decklab("catalog", "show", "Cli Baer"), "no card is called 'Cli Baer'; did you mean 'Cli Bear'")


def test_unknown_game_option(decklab, db_url):
    assert_input_error(decklab("catalog", "list", "--game", "wardd"), "'wardd' is not a known game (did you mean "
                                                                      "'ward'?)")


def test_unknown_type_option(decklab, db_url):
    assert_input_error(decklab("catalog", "list", "--game", "ward", "--type", "unit"), "'unit' is not a Ward card type")


def test_empty_search(decklab, db_url):
    assert_input_error(decklab("catalog", "search", "  "), "give some text to search for.")


def test_unusable_database(decklab, tmp_path):
    result = decklab("--db", tmp_path / "missing" / "x.db", "catalog", "list")
    assert_input_error(result, "cannot create the database")


def test_bad_option_is_a_usage_error(decklab, db_url):
    result = decklab("catalog", "list", "--colour", "red")
    assert result.exit_code == 2
    assert "No such option" in result.stderr


def test_json_output_is_pure_json_even_on_a_new_database(decklab, tmp_path):
    result = decklab("--db", tmp_path / "fresh.db", "catalog", "list", "--json")
    assert result.exit_code == 0
    json.loads(result.stdout)
    assert "Created a new database" in result.stderr


def test_help_does_not_import_the_heavy_libraries():
    import subprocess
    import sys

    code = ("import sys\nfrom decklab.cli.app import app\n"
            "print(sorted(m for m in ('sqlalchemy', 'sqlmodel', 'yaml', 'pydantic', 'alembic') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_first_run_creates_the_default_database(decklab, tmp_path, monkeypatch):
    monkeypatch.delenv("DECKLAB_DATABASE_URL")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "fresh-home"))
    result = decklab("catalog", "show", "Strategic Retreat", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["cp_cost"] == 1
    assert (tmp_path / "fresh-home" / "decklab" / "decklab.db").exists()
    assert "Created a new database" in result.stderr


def test_validation_messages_are_shown_as_written_brackets_and_all(decklab, db_url, tmp_path):
    from decklab.catalog.sample_decks import sample_deck_paths

    legal = next(path for path in sample_deck_paths() if path.name == "warcardz-1.deck").read_text(encoding="utf-8")
    body = "".join(line for line in legal.splitlines(keepends=True) if not line.startswith(("name:", "game:")))
    deck = write(tmp_path / "side.deck", "game: warcardz\n1 Artillery Duel\n" + body)
    result = decklab("deck", "validate", deck)
    assert result.exit_code == 1
    assert ("an attribute card: it belongs in the [attribute] side deck, not the player deck."
            in " ".join(result.stdout.split()))
