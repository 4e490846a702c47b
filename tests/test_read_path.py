"""Commands that only read import neither SQLModel nor pydantic (nor, on a SQLite file, SQLAlchemy).

``deck validate FILE``, ``catalog show`` and ``deck missing`` run here in a fresh interpreter, each as the
``decklab`` command runs them, and the modules loaded afterwards are checked: what a player notices is the
time the command takes (bench/run.py measures it), what a test can check is what it loads. (Typer 0.27 and later
build their option parsers with pydantic, which is why pyproject.toml keeps typer below 0.27; an import hook
records who imports pydantic, so a failure names the culprit.)
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import write

SAMPLES = Path(__file__).resolve().parents[1] / "catalog" / "sample_decks"

PROBE = r"""
import json, sys, traceback

importers = {}

class Watch:
    # records the module importing pydantic the first time (the innermost frame outside importlib)
    def find_spec(self, name, path=None, target=None):
        if name in ("pydantic", "sqlmodel") and name not in importers:
            frames = [f.filename for f in traceback.extract_stack() if "importlib" not in f.filename]
            importers[name] = frames[-2] if len(frames) > 1 else "?"
        return None

sys.meta_path.insert(0, Watch())
from decklab.cli.app import main
try:
    main()
except SystemExit as exit:
    code = exit.code
loaded = sorted(m for m in ("sqlmodel", "pydantic", "sqlalchemy", "alembic", "yaml") if m in sys.modules)
print(json.dumps({"code": code, "loaded": loaded, "importers": importers}), file=sys.stderr)
"""


def run_fresh(*args: str, env_url: str) -> dict:
    """``decklab ARGS`` in a new interpreter; its exit code, the modules loaded and who imported pydantic."""
    import os

    env = dict(os.environ, DECKLAB_DATABASE_URL=env_url)
    done = subprocess.run([sys.executable, "-c", PROBE, *args], env=env, capture_output=True, text=True, timeout=120,
                          check=False)
    report = json.loads(done.stderr.strip().splitlines()[-1])
    report["stdout"] = done.stdout
    return report


def assert_read_only_imports(report: dict, backend: str) -> None:
    assert "sqlmodel" not in report["loaded"], report
    assert "alembic" not in report["loaded"], report
    assert "pydantic" not in report["loaded"], report
    if backend == "sqlite":
        assert "sqlalchemy" not in report["loaded"], report


def test_deck_validate_file_reads_without_sqlmodel_or_pydantic(db_url, backend):
    report = run_fresh("deck", "validate", str(SAMPLES / "ward-1.deck"), "--json", env_url=db_url)
    assert report["code"] == 0
    assert json.loads(report["stdout"])["legal"] is True
    assert_read_only_imports(report, backend)


def test_an_illegal_or_unknown_deck_file_also_reads_without_them(db_url, backend, tmp_path):
    report = run_fresh("deck", "validate", str(SAMPLES / "ward-illegal.deck"), env_url=db_url)
    assert report["code"] == 1
    assert_read_only_imports(report, backend)
    unknown = write(tmp_path / "typo.deck", "game: ward\n3 Grizly Bear\n")
    report = run_fresh("deck", "validate", str(unknown), env_url=db_url)
    assert report["code"] == 2
    assert_read_only_imports(report, backend)


def test_catalog_show_reads_without_sqlmodel_or_pydantic(db_url, backend):
    report = run_fresh("catalog", "show", "Strategic Retreat", "--json", env_url=db_url)
    assert report["code"] == 0
    assert json.loads(report["stdout"])["cp_cost"] == 1
    assert_read_only_imports(report, backend)


def test_deck_missing_reads_without_sqlmodel_or_pydantic(decklab, db_url):
    assert decklab("deck", "import", SAMPLES / "ward-1.deck").exit_code == 0
    name = next(line.split(":", 1)[1].strip() for line in (SAMPLES / "ward-1.deck").read_text().splitlines()
                if line.startswith("name:"))
    for deck in (name, str(SAMPLES / "ward-2.deck")):  # a saved deck, a decklist file
        report = run_fresh("deck", "missing", deck, "--json", env_url=db_url)
        assert report["code"] == 0
        assert json.loads(report["stdout"])["short"] > 0
        assert "sqlmodel" not in report["loaded"] and "alembic" not in report["loaded"], report
        assert "pydantic" not in report["loaded"], report


def test_the_library_read_path_loads_no_pydantic_at_all(db_url, backend):
    """Below the CLI: reading a decklist file against the catalog and validating it."""
    code = (f"import sys\nfrom decklab.catalog.db import open_database\nfrom decklab.catalog.decks import load_deck\n"
            f"from decklab.validators import validate\n"
            f"database = open_database({db_url!r})\n"
            f"report = validate(load_deck(database, {str(SAMPLES / 'magewarfare-1.deck')!r}))\n"
            f"print(report.is_legal, sorted(m for m in ('sqlmodel', 'pydantic', 'sqlalchemy') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split(
        maxsplit=1
    )
    assert out[0] == "True"
    assert out[1].strip() == ("[]" if backend == "sqlite" else "['sqlalchemy']")


@pytest.mark.parametrize("content", ["", "not a database at all\n" * 10])
def test_a_file_that_is_no_database_is_one_sentence_on_the_fast_path(decklab, tmp_path, content):
    path = write(tmp_path / "odd.db", content)
    result = decklab("--db", path, "deck", "validate", SAMPLES / "ward-1.deck")
    if content:
        assert result.exit_code == 2
        assert result.stderr.startswith(f"decklab: the database {path} is not a SQLite database")
    else:  # an empty file is a new database: set up, then read
        assert result.exit_code == 0, result.stderr
        assert "Created a new database" in result.stderr
