"""Writing validated set files into the database, all or nothing.

Every file is read and validated before anything is written; then all sets
are written in one transaction. Re-importing a set updates its cards in place
(matched by game and case-insensitive name), so card ids stay stable.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from .errors import InputError
from .setfiles import SetFile, read_set_file


@dataclass
class ImportReport:
    """What an import did, per set: cards added, updated and unchanged."""

    sets: list[dict] = field(default_factory=list)

    @property
    def totals(self) -> Counter:
        total: Counter = Counter()
        for entry in self.sets:
            total.update({key: entry[key] for key in ("added", "updated", "unchanged")})
        return total

    def summary(self) -> str:
        totals = self.totals
        count = sum(totals.values())
        sets = len(self.sets)
        return (f"{count} cards in {sets} set{'s' if sets != 1 else ''} "
                f"({totals['added']} added, {totals['updated']} updated, {totals['unchanged']} unchanged)")


def import_files(database, paths: Iterable[str | Path], *, game: str | None = None, set_code: str | None = None) -> ImportReport:
    """Validate every file, then write them all in one transaction.

    :raises InputError: naming the first bad file and card; nothing is written.
    """
    set_files = [read_set_file(path, game=game, set_code=set_code) for path in paths]
    return import_sets(database, set_files)


def load_starter_sets(database) -> ImportReport:
    """Import the bundled starter sets of every game."""
    from .sets import starter_set_paths

    return import_files(database, starter_set_paths())


def import_sets(database, set_files: list[SetFile]) -> ImportReport:
    """Write validated sets in one transaction (all or nothing)."""
    from sqlalchemy import bindparam, insert, select, update

    from .models import CardRow, CardSetRow, utcnow

    card_table = CardRow.__table__
    set_table = CardSetRow.__table__
    seen: dict[tuple[str, str], str] = {}
    for set_file in set_files:
        for key in set_file.keys:
            other = seen.setdefault((set_file.game.id, key), set_file.source)
            if other != set_file.source:
                raise InputError(f"{set_file.source} and {other} both hold the {set_file.game.name} card '{key}'.")
    report = ImportReport()
    with database.engine.begin() as conn:
        for set_file in set_files:
            game = set_file.game
            now = utcnow()
            set_id = conn.execute(
                select(set_table.c.id).where(set_table.c.game == game.id, set_table.c.code == set_file.code)
            ).scalar()
            if set_id is None:
                set_id = conn.execute(
                    insert(set_table).values(game=game.id, code=set_file.code, name=set_file.name,
                                             banlist=set_file.banlist, imported_at=now)
                ).inserted_primary_key[0]
            else:
                conn.execute(update(set_table).where(set_table.c.id == set_id).values(
                    name=set_file.name, banlist=set_file.banlist, imported_at=now))
            existing = {
                row.name_key: (row.id, row.set_id, row.data)
                for row in conn.execute(
                    select(card_table.c.name_key, card_table.c.id, card_table.c.set_id, card_table.c.data)
                    .where(card_table.c.game == game.id)
                )
            }
            faction_field = game.faction_field
            added, changed, unchanged = [], [], 0
            for key, record in zip(set_file.keys, set_file.cards):
                row = {
                    "game": game.id, "name": record["name"], "name_key": key, "type": record["type"],
                    "set_id": set_id, "rarity": record.get("rarity"),
                    "faction": record.get(faction_field) if faction_field else None,
                    "text": record.get("text", ""), "data": record,
                }
                current = existing.get(key)
                if current is None:
                    added.append(row)
                elif current[1] == set_id and _same(current[2], record):
                    unchanged += 1
                else:
                    row["row_id"] = current[0]
                    changed.append(row)
            if added:
                conn.execute(insert(card_table), added)
            if changed:
                conn.execute(
                    update(card_table).where(card_table.c.id == bindparam("row_id")).values(
                        {column: bindparam(f"new_{column}") for column in _UPDATED}),
                    [{"row_id": row["row_id"], **{f"new_{column}": row[column] for column in _UPDATED}}
                     for row in changed],
                )
            report.sets.append({
                "game": game.id, "set": set_file.code, "name": set_file.name, "source": set_file.source,
                "added": len(added), "updated": len(changed), "unchanged": unchanged,
            })
    return report


_UPDATED = ("name", "type", "set_id", "rarity", "faction", "text", "data")


def _same(stored, record: dict) -> bool:
    if isinstance(stored, str):
        stored = json.loads(stored)
    return stored == record
