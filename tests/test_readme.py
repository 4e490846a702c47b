"""The README shows every command."""

from __future__ import annotations

from pathlib import Path

import pytest

from test_cli import all_commands

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("path", [p for p, command in all_commands() if p and not getattr(command, "commands", None)],
                         ids=lambda p: " ".join(p))
def test_every_command_appears_in_the_readme(path):
    assert f"decklab {' '.join(path)}" in README
