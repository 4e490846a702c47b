"""Writing validated set files into the database, all or nothing.

Every file is read and validated before anything is written; then all sets
are written in one transaction. Re-importing a set updates its cards in place
(matched by game and case-insensitive name), so card ids stay stable.
"""

from __future__ import annotations

import gc
import json
from collections import Counter
from collections.abc import Iterable
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from .errors import InputError
from .setfiles import SetFile, read_set_file, read_set_text


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


def import_files(database, paths: Iterable[str | Path], *, game: str | None = None, set_code: str | None = None,
                 text: str | None = None, text_source: str = "stdin", text_kind: str | None = None) -> ImportReport:
    """Validate every file (and ``text``, a set file already read, e.g. from stdin, named ``text_source``, in
    ``text_kind`` or told from the text), then write them all in one transaction.

    :raises InputError: naming the first bad file and card; nothing is written.
    """
    with _gc_paused():
        set_files = [] if text is None else [
            read_set_text(text, source=text_source, kind=text_kind, game=game, set_code=set_code)]
        set_files += [read_set_file(path, game=game, set_code=set_code) for path in paths]
        return import_sets(database, set_files)


@contextmanager
def _gc_paused():
    """Pause the cyclic garbage collector: an import builds many short-lived, acyclic
    objects, and collections triggered by their sheer number cost about 40% of the time."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def load_starter_sets(database, *, conn=None) -> ImportReport:
    """Import the bundled starter sets of every game; on ``conn``, inside its transaction, when given
    (setting a database up writes its schema and its starter sets in one transaction)."""
    from .sets import starter_set_paths

    if conn is None:
        return import_files(database, starter_set_paths())
    with _gc_paused():
        return write_sets(conn, [read_set_file(path) for path in starter_set_paths()])


def import_sets(database, set_files: list[SetFile]) -> ImportReport:
    """Write validated sets in one transaction (all or nothing).

    Imports run one at a time (SQLite: ``BEGIN IMMEDIATE``; PostgreSQL: the catalog's advisory lock), so two
    imports of the same new set at once both succeed: the second finds the set the first wrote and updates it
    in place. Should a unique-constraint conflict still occur (a writer that does not take the lock), the
    import is run once more; a second conflict is one sentence.

    :raises InputError: when another writer conflicted twice.
    """
    from sqlalchemy.exc import IntegrityError

    from .db import lock_catalog, write_transaction

    def attempt() -> ImportReport:
        with write_transaction(database.engine) as conn:
            lock_catalog(conn)
            return write_sets(conn, set_files)

    try:
        return attempt()
    except IntegrityError:
        pass  # a writer that does not take the lock conflicted: run the import once more
    try:
        return attempt()
    except IntegrityError:
        codes = ", ".join(set_file.code for set_file in set_files)
        raise InputError(f"another import of set {codes} ran at the same time; run it again.") from None


def write_sets(conn, set_files: list[SetFile]) -> ImportReport:
    """Write validated sets on ``conn``, inside the caller's transaction."""
    from sqlalchemy import Text, bindparam, cast, insert, select, update

    from .tables import card as card_table
    from .tables import card_set as set_table
    from .tables import utcnow

    _refuse_shared_cards(set_files)
    report = ImportReport()
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
                select(card_table.c.name_key, card_table.c.id, card_table.c.set_id,
                       cast(card_table.c.data, Text).label("data"))
                .where(card_table.c.game == game.id)
            )
        }
        faction_field = game.faction_field
        added: list[tuple] = []
        changed: list[dict] = []
        unchanged = 0
        for key, card in zip(set_file.keys, set_file.models, strict=True):
            data = card.record_json()
            current = existing.get(key)
            if current is not None and current[1] == set_id and _same(current[2], data):
                unchanged += 1
                continue
            row = (game.id, card.name, key, card.type, set_id, getattr(card, "rarity", None),
                   getattr(card, faction_field, None) if faction_field else None, card.text, data)
            if current is None:
                added.append(row)
            else:
                updated = {f"new_{column}": value for column, value in zip(_COLUMNS, row, strict=True)
                           if column in _UPDATED}
                updated["new_data"] = card.record()
                changed.append({"row_id": current[0], **updated})
        if added:
            _insert_cards(conn, added)
        if changed:
            conn.execute(
                update(card_table).where(card_table.c.id == bindparam("row_id")).values(
                    {column: bindparam(f"new_{column}") for column in _UPDATED}),
                changed,
            )
        report.sets.append({
            "game": game.id, "set": set_file.code, "name": set_file.name, "source": set_file.source,
            "added": len(added), "updated": len(changed), "unchanged": unchanged,
        })
    return report


_COLUMNS = ("game", "name", "name_key", "type", "set_id", "rarity", "faction", "text", "data")
_UPDATED = ("name", "type", "set_id", "rarity", "faction", "text", "data")


def _refuse_shared_cards(set_files: list[SetFile]) -> None:
    """One import may not bring the same card in two files."""
    if len(set_files) < 2:
        return
    seen: dict[tuple[str, str], str] = {}
    for set_file in set_files:
        for key in set_file.keys:
            other = seen.setdefault((set_file.game.id, key), set_file.source)
            if other != set_file.source:
                raise InputError(f"{set_file.source} and {other} both hold the {set_file.game.name} card '{key}'.")


def _insert_cards(conn, rows: list[tuple]) -> None:
    """Insert new cards with the driver's executemany: the hot path of an import.

    ``rows`` follow :data:`_COLUMNS`, the record already serialised to JSON.
    """
    mark = "?" if conn.dialect.paramstyle == "qmark" else "%s"
    sql = f"INSERT INTO card ({', '.join(_COLUMNS)}) VALUES ({', '.join([mark] * len(_COLUMNS))})"
    conn.exec_driver_sql(sql, rows)


def _same(stored: str | None, data: str) -> bool:
    """Whether the stored JSON holds the same record as ``data`` (text first, then parsed)."""
    return stored == data or (stored is not None and json.loads(stored) == json.loads(data))
