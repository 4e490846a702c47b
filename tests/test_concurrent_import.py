"""Two (or three) `decklab catalog import` processes of the same NEW set at once all succeed.

Imports run one at a time (SQLite: BEGIN IMMEDIATE; PostgreSQL: the catalog's advisory lock), so the later
ones find the set the first wrote and update it in place; before, the losers failed on the unique constraint
of (game, code). Real processes, several trials, on SQLite and PostgreSQL.
"""

from __future__ import annotations

import os
import shutil
import subprocess

import yaml

from conftest import write
from decklab.catalog.store import list_cards, list_sets

DECKLAB = shutil.which("decklab") or "decklab"
PROCESSES = 3
TRIALS = 2
CARDS = 300


def race_set(tmp_path, trial: int):
    cards = [{"name": f"Race Bear {trial}-{i}", "type": "creature", "rarity": "common", "creature_type": "beast",
              "al": 1 + i % 12, "spd": 3, "hp": 40, "attack_name": "Maul", "attack_dice": 2} for i in range(CARDS)]
    document = {"game": "ward", "set": {"code": f"RACE{trial}", "name": f"Race {trial}"}, "cards": cards}
    return write(tmp_path / f"race{trial}.yaml", yaml.safe_dump(document, sort_keys=False))


def test_processes_importing_the_same_new_set_at_once_all_succeed(database, db_url, tmp_path):
    env = {**os.environ, "DECKLAB_DATABASE_URL": db_url}
    for trial in range(TRIALS):
        path = race_set(tmp_path, trial)
        processes = [subprocess.Popen([DECKLAB, "catalog", "import", str(path)], env=env, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True) for _ in range(PROCESSES)]
        results = [(process.wait(timeout=300), *process.communicate()) for process in processes]
        assert [code for code, _, _ in results] == [0] * PROCESSES, results
        assert all(err == "" for _, _, err in results), results
        added = sorted(f"{CARDS} added" in out for _, out, _ in results)
        assert added == [False] * (PROCESSES - 1) + [True], results  # one wrote the cards, the rest found them
        sets = [entry for entry in list_sets(database, game="ward") if entry["code"] == f"RACE{trial}"]
        assert [entry["cards"] for entry in sets] == [CARDS]
        assert len(list_cards(database, set_code=f"RACE{trial}")) == CARDS
