"""The documentation keeps up with the code."""

from __future__ import annotations

from pathlib import Path

import pytest

from decklab.catalog.games import all_games

DOCS = Path(__file__).resolve().parents[1] / "docs"


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_card_sets_doc_names_every_field_of_every_game(game):
    text = (DOCS / "card-sets.md").read_text(encoding="utf-8")
    section = text.split(f"(`{game.id}`")[1].split("\n## ")[0]
    for card_type, model in game.card_models.items():
        assert f"`{card_type}`" in section
        for name, info in model.model_fields.items():
            field = info.alias or name
            assert f"`{field}`" in section or f"`{field}`" in text.split("## Warcardz")[0], (game.id, card_type, field)


def test_card_sets_doc_counts_match_the_starter_sets():
    from decklab.catalog.setfiles import read_set_file
    from decklab.catalog.sets import starter_set_paths

    text = (DOCS / "card-sets.md").read_text(encoding="utf-8")
    for parsed in map(read_set_file, starter_set_paths()):
        assert (
            f"| {parsed.game.name} (`{parsed.game.id}`) | {parsed.code} | {parsed.name} | {len(parsed.cards)} |" in text
        )
        for kind in {entry["effect"] for card in parsed.cards for entry in card.get("effects", [])}:
            line = [row for row in text.splitlines() if row.startswith(f"- **{parsed.game.name}**")][0]
            assert f"`{kind}`" in line


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_one_page_per_game_covers_rules_simulation_and_effects(game):
    page = (DOCS / "games" / f"{game.id}.md").read_text(encoding="utf-8")
    for part in ("### Deck rules", "### Simulation", "Goldfish:", "## Starter set", "## Effect vocabulary",
                 f"../rules/{game.id}.md"):
        assert part in page, part
    readings = (DOCS / "rules" / f"{game.id}.md").read_text(encoding="utf-8")
    assert "## Deck rules" in readings and "## The engine (`decklab sim`)" in readings
    assert "oldfish" in readings and "greedy" in readings
