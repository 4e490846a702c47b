"""Safe output files: `collection export` and `deck export -o` never destroy the database or a file the user had.

They refuse the database's own file (also through a link, and its -wal/-shm files), refuse an existing file or a
symbolic link unless --force, write `-` to stdout, and write through a temporary file renamed into place, so a
failed write (a full disk, a folder without write permission, a folder as the target) leaves the old file whole.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import write
from decklab.catalog.db import ENV_VAR

DECKLAB = str(Path(sys.executable).with_name("decklab"))
OLD = "my own notes, not an export\n"


def assert_refused(result, *expected: str) -> None:
    code = result.returncode if hasattr(result, "returncode") else result.exit_code
    assert code == 2, (code, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("decklab: ") and "Traceback" not in result.stderr, result.stderr
    for part in expected:
        assert part in lines[0], lines[0]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def leftovers(folder: Path) -> list[str]:
    """Temporary files an export left behind (there must be none)."""
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]


@pytest.fixture
def sqlite_file(template_db, tmp_path, monkeypatch) -> Path:
    """A SQLite database file named like the issue's X.sqlite, as ``DECKLAB_DATABASE_URL``."""
    path = tmp_path / "X.sqlite"
    shutil.copy(template_db, path)
    monkeypatch.setenv(ENV_VAR, str(path))
    return path


def fill(decklab) -> None:
    """A collection with cards and a saved deck ('Solo')."""
    decklab("collection", "add", "Ember Whelp", "3")
    decklab("collection", "add", "Beastmen", "2")
    decklab("deck", "new", "Solo", "--game", "ward")
    decklab("deck", "add", "Solo", "Ember Whelp", "3")


@pytest.fixture
def owned(decklab, sqlite_file) -> str:
    """A SQLite database with a collection and a deck (exports do not depend on the backend); its path."""
    fill(decklab)
    return str(sqlite_file)


def test_the_database_file_is_refused_and_left_intact(decklab, sqlite_file, tmp_path):
    assert decklab("collection", "add", "Ember Whelp", "3").exit_code == 0
    before = json.loads(decklab("collection", "list", "--json").stdout)
    for target in (sqlite_file, tmp_path / "X.sqlite-wal", tmp_path / "X.sqlite-shm"):
        assert_refused(decklab("--db", sqlite_file, "collection", "export", target), "is the database")
        assert_refused(decklab("--db", sqlite_file, "collection", "export", target, "--force"), "is the database")
    link = tmp_path / "innocent.csv"
    link.symlink_to(sqlite_file)
    assert_refused(decklab("--db", sqlite_file, "collection", "export", link, "--force"), "is the database")
    decklab("deck", "new", "Solo", "--game", "ward")
    assert_refused(decklab("--db", sqlite_file, "deck", "export", "Solo", "-o", sqlite_file, "--force"), "is the "
                                                                                                         "database")
    (tmp_path / "sub").mkdir()
    assert_refused(decklab("--db", sqlite_file, "deck", "export", "Solo", "-o", tmp_path / "sub" / ".." / "X.sqlite"),
                   "is the database")
    assert json.loads(decklab("collection", "list", "--json").stdout) == before
    assert leftovers(tmp_path) == []


def test_the_database_file_is_refused_through_the_real_command(sqlite_file):
    result = subprocess.run([DECKLAB, "--db", str(sqlite_file), "collection", "export", str(sqlite_file)],
                            capture_output=True, text=True, timeout=120)
    assert_refused(result, "is the database")
    assert sqlite_file.read_bytes()[:16] == b"SQLite format 3\x00"


def test_an_existing_file_is_kept_without_force_and_replaced_with_it(decklab, db_url, tmp_path):
    fill(decklab)
    csv = write(tmp_path / "mine.csv", OLD)
    assert_refused(decklab("collection", "export", csv), "already exists", "--force")
    assert csv.read_text() == OLD
    result = decklab("collection", "export", csv, "--force")
    assert result.exit_code == 0 and result.stderr == f"Wrote 2 rows to {csv}.\n"
    assert csv.read_text().splitlines()[0] == "game,name,quantity,condition,finish,language,location,notes"
    deck = write(tmp_path / "solo.txt", OLD)
    assert_refused(decklab("deck", "export", "Solo", "-o", deck), "already exists", "--force")
    assert deck.read_text() == OLD
    assert decklab("deck", "export", "Solo", "-o", deck, "--force").exit_code == 0
    assert "3 Ember Whelp" in deck.read_text()
    assert leftovers(tmp_path) == []


def test_a_new_file_gets_the_usual_permissions(decklab, owned, tmp_path):
    old_mask = os.umask(0o022)
    try:
        assert decklab("collection", "export", tmp_path / "new.csv").exit_code == 0
    finally:
        os.umask(old_mask)
    assert (tmp_path / "new.csv").stat().st_mode & 0o777 == 0o644


def test_dash_writes_to_stdout(decklab, owned, tmp_path):
    result = decklab("collection", "export", "-")
    assert result.exit_code == 0 and result.stderr == ""
    assert result.stdout.startswith("game,name,quantity,") and "Ember Whelp,3" in result.stdout
    for args in (("deck", "export", "Solo"), ("deck", "export", "Solo", "-o", "-")):
        result = decklab(*args)
        assert result.exit_code == 0 and "3 Ember Whelp" in result.stdout and result.stderr == ""
    assert not (Path.cwd() / "-").exists()


def test_a_symbolic_link_is_not_followed_silently(decklab, owned, tmp_path):
    target = write(tmp_path / "real.csv", OLD)
    link = tmp_path / "link.csv"
    link.symlink_to(target)
    assert_refused(decklab("collection", "export", link), "symbolic link", "--force")
    assert target.read_text() == OLD
    assert decklab("collection", "export", link, "--force").exit_code == 0
    assert link.is_symlink() and "Ember Whelp" in target.read_text()
    dangling = tmp_path / "dangling.csv"
    dangling.symlink_to(tmp_path / "nowhere.csv")
    assert_refused(decklab("collection", "export", dangling), "symbolic link")
    assert not (tmp_path / "nowhere.csv").exists()


def test_a_folder_as_the_target_is_refused(decklab, owned, tmp_path):
    folder = tmp_path / "exports"
    folder.mkdir()
    write(folder / "keep.txt", OLD)
    for args in (("collection", "export", folder, "--force"), ("deck", "export", "Solo", "-o", folder, "--force")):
        assert_refused(decklab(*args), "is a folder")
    assert [p.name for p in folder.iterdir()] == ["keep.txt"] and (folder / "keep.txt").read_text() == OLD
    assert_refused(decklab("collection", "export", tmp_path / "missing" / "x.csv"), "missing does not exist")
    assert_refused(decklab("collection", "export", folder / "keep.txt" / "x.csv"), "keep.txt is not a folder")


def test_a_failed_write_leaves_the_old_file(owned, tmp_path):
    folder = tmp_path / "locked"
    folder.mkdir()
    old = write(folder / "mine.csv", OLD)
    folder.chmod(0o555)
    argv = [DECKLAB, "collection", "export", str(old), "--force"]
    if os.geteuid() == 0:  # root ignores permissions: drop the privileges in a new user namespace
        if shutil.which("unshare") is None or subprocess.run(["unshare", "--user", "true"]).returncode != 0:
            folder.chmod(0o755)
            pytest.skip("running as root without user namespaces to drop privileges")
        argv = ["unshare", "--user", *argv]
    result = subprocess.run(argv, capture_output=True, text=True, timeout=120, env={**os.environ, ENV_VAR: owned})
    folder.chmod(0o755)
    assert_refused(result, "permission denied", "unchanged")
    assert old.read_text() == OLD and leftovers(folder) == []


def can_mount_privately() -> bool:
    if shutil.which("unshare") is None:
        return False
    return (
        subprocess.run(["unshare", "--user", "--map-root-user", "--mount", "true"], capture_output=True).returncode == 0
    )


@pytest.mark.skipif(
    not can_mount_privately(), reason="needs user and mount namespaces (unshare) to mount a small tmpfs"
)
def test_a_full_disk_leaves_the_old_file(owned, tmp_path):
    disk = tmp_path / "disk"
    disk.mkdir()
    script = (f'mount -t tmpfs -o size=64k tmpfs "{disk}" && printf "{OLD}" > "{disk}/mine.csv" && '
              f'(head -c 60000 /dev/zero > "{disk}/filler" 2>/dev/null; true) && '
              f'"{DECKLAB}" collection export "{disk}/mine.csv" --force; code=$?; '
              f'cat "{disk}/mine.csv"; ls -a "{disk}" >&2; exit $code')
    result = subprocess.run(["unshare", "--user", "--map-root-user", "--mount", "sh", "-c", script],
                            capture_output=True, text=True, timeout=120, env={**os.environ, ENV_VAR: owned})
    listing, sentence = result.stderr.splitlines()[1:], result.stderr.splitlines()[:1]
    assert result.stdout == OLD
    assert not any(name.endswith(".tmp") for name in listing), listing
    result.stderr = "\n".join(sentence)
    assert_refused(result, "disk is full", "unchanged")
