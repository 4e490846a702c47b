"""The player's collection: what they own, what a deck needs, which decks they can build.

Every quantity change is ONE SQL statement: an insert that adds on conflict
(``INSERT ... ON CONFLICT DO UPDATE SET quantity = quantity + n``, guarded so no
quantity passes :data:`~decklab.catalog.cards.MAX_QUANTITY`), or a guarded
decrement (``UPDATE ... SET quantity = quantity - n WHERE quantity >= n``). Two
processes adding at once therefore never lose a copy. Names are resolved
before the write transaction starts, so its first statement is the write.

Built decks reserve copies. Whatever can lower what is owned (remove, set, an
import that replaces) or raise what is reserved (build, adding to a built deck)
runs in a :func:`reserving` transaction, which admits one such change at a time
and checks, before it commits, that every built deck is still covered.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from .cards import MAX_QUANTITY, Card, Deck
from .db import Database, write_transaction
from .errors import InputError
from .games import get_game
from .inputs import check_quantity, check_text, csv_rows, parse_quantity, quantity_bound, read_text, shown_number

if TYPE_CHECKING:
    from sqlalchemy.dialects import postgresql, sqlite

VARIANT = ("condition", "finish", "language", "location")
COLUMNS = ("game", "name", "quantity", *VARIANT, "notes")
"""The CSV columns of ``collection export`` (and ``import``: game, name, quantity required)."""


@dataclass(frozen=True)
class Variant:
    """How a copy differs from another of the same card; all empty is the plain copy."""

    condition: str = ""
    finish: str = ""
    language: str = ""
    location: str = ""

    @classmethod
    def of(cls, **values: str | None) -> Variant:
        """The variant of ``values`` (missing ones empty), each free of control characters and within its column.

        :raises InputError: naming the field that is not.
        """
        cleaned = {key: (values.get(key) or "").strip() for key in VARIANT}
        for key, value in cleaned.items():
            check_text(value, f"the {key}", _table().c[key].type.length)
        return cls(**cleaned)

    def describe(self) -> str:
        return ", ".join(value for value in (self.condition, self.finish, self.language, self.location) if value)


def _table():
    from .tables import collection_item

    return collection_item


def _variant_where(table, card_id: int, variant: Variant):
    return ((table.c.card_id == card_id) & (table.c.condition == variant.condition) & (table.c.finish == variant.finish)
            & (table.c.language == variant.language) & (table.c.location == variant.location))


def _add_statement(dialect: str, rows: list[dict[str, Any]], *, replace: bool = False):
    """One ``INSERT ... ON CONFLICT DO UPDATE`` adding (or, with ``replace``, setting) quantities, returning the
    card id of each row written: an addition that would pass :data:`MAX_QUANTITY` writes nothing and returns
    nothing for its row (the sum is taken in 8 bytes, so PostgreSQL's 4-byte column never overflows)."""
    from sqlalchemy import BigInteger, cast

    table = _table()
    statement: postgresql.Insert | sqlite.Insert
    if dialect == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as postgresql_insert

        statement = postgresql_insert(table).values(rows)
    else:
        from sqlalchemy.dialects.sqlite import insert as sqlite_insert

        statement = sqlite_insert(table).values(rows)
    quantity = statement.excluded.quantity if replace else table.c.quantity + statement.excluded.quantity
    return statement.on_conflict_do_update(
        index_elements=["card_id", *VARIANT],
        set_={"quantity": quantity, "updated_at": statement.excluded.updated_at,
              **({"notes": statement.excluded.notes} if replace else {})},
        where=None if replace else cast(table.c.quantity, BigInteger) + statement.excluded.quantity <= MAX_QUANTITY,
    ).returning(table.c.card_id, *(table.c[key] for key in VARIANT))


def _row(card_id: int, quantity: int, variant: Variant, notes: str = "") -> dict[str, Any]:
    from .cards import MAX_TEXT

    check_text(notes, "the notes", MAX_TEXT, prose=True)
    from .models import utcnow

    return {"card_id": card_id, "quantity": quantity, "notes": notes.strip(), "updated_at": utcnow(),
            **{key: getattr(variant, key) for key in VARIANT}}


def _resolve(database: Database, name: str, game: str | None) -> tuple[int, Card]:
    from .store import resolve_card

    with database.engine.connect() as conn:
        return resolve_card(conn, name, game=game)


class Change(NamedTuple):
    """What a collection change left: the card, the copies now owned of the variant changed, and the built
    decks it unbuilt (with ``unbuild``: they needed copies no longer owned)."""

    card: Card
    total: int
    unbuilt: tuple[str, ...] = ()


def owned(database: Database, card_id: int, variant: Variant | None = None, *, conn=None) -> int:
    """Copies owned of a card (of one variant, or of all); on ``conn`` when given."""
    from sqlalchemy import func, select

    if conn is None:
        with database.engine.connect() as conn:
            return owned(database, card_id, variant, conn=conn)
    table = _table()
    where = _variant_where(table, card_id, variant) if variant else table.c.card_id == card_id
    return int(conn.execute(select(func.coalesce(func.sum(table.c.quantity), 0)).where(where)).scalar())


def _kind(variant: Variant) -> str:
    return f" ({variant.describe()})" if variant.describe() else ""


def add(database: Database, name: str, quantity: int = 1, *, game: str | None = None, variant: Variant = Variant(),
        notes: str = "") -> Change:
    """Add copies of a card.

    :raises InputError: for a quantity out of bounds, or one that would take the copies owned of the variant
        past :data:`MAX_QUANTITY`.
    """
    check_quantity(quantity)
    card_id, card = _resolve(database, name, game)
    with database.engine.begin() as conn:
        if not conn.execute(_add_statement(conn.dialect.name, [_row(card_id, quantity, variant, notes)])).all():
            have = owned(database, card_id, variant, conn=conn)
            raise InputError(f"you own {have:,} {card.name}{_kind(variant)}; adding {quantity:,} would pass "
                             f"{MAX_QUANTITY:,}, the most copies decklab counts.")
        total = owned(database, card_id, variant, conn=conn)
    return Change(card, total)


def remove(database: Database, name: str, quantity: int = 1, *, game: str | None = None,
           variant: Variant = Variant(), unbuild: bool = False) -> Change:
    """Remove copies of a card; refuses to go below zero, or to leave a built deck short unless ``unbuild``
    (then the decks short are unbuilt and named in the result).

    :raises InputError: naming how many copies are owned, when fewer than ``quantity``; or the built decks
        that would be short.
    """
    from sqlalchemy import delete, update

    from .models import utcnow

    check_quantity(quantity)
    card_id, card = _resolve(database, name, game)
    table = _table()
    where = _variant_where(table, card_id, variant)
    with reserving(database) as conn:
        done = conn.execute(update(table).where(where & (table.c.quantity >= quantity))
                            .values(quantity=table.c.quantity - quantity, updated_at=utcnow()))
        if done.rowcount == 0:
            have = owned(database, card_id, variant, conn=conn)
            raise InputError(f"you own {have:,} {card.name}{_kind(variant)}; cannot remove {quantity:,}.")
        conn.execute(delete(table).where(where & (table.c.quantity == 0)))
        unbuilt = settle_reservations(conn, [card_id], unbuild=unbuild, change=f"removing {quantity:,} {card.name}")
        total = owned(database, card_id, variant, conn=conn)
    return Change(card, total, unbuilt)


def set_quantity(database: Database, name: str, quantity: int, *, game: str | None = None,
                 variant: Variant = Variant(), unbuild: bool = False) -> Change:
    """Set the copies owned of a card (0 removes it); a built deck left short is refused, or with ``unbuild``
    unbuilt (as :func:`remove`)."""
    from sqlalchemy import delete

    check_quantity(quantity, zero=True)
    card_id, card = _resolve(database, name, game)
    table = _table()
    with reserving(database) as conn:
        if quantity == 0:
            conn.execute(delete(table).where(_variant_where(table, card_id, variant)))
        else:
            conn.execute(_add_statement(conn.dialect.name, [_row(card_id, quantity, variant)], replace=True))
        unbuilt = settle_reservations(conn, [card_id], unbuild=unbuild,
                                      change=f"setting {card.name}{_kind(variant)} to {quantity:,}")
    return Change(card, quantity, unbuilt)


def list_items(database: Database, *, game: str | None = None, card_type: str | None = None,
               faction: str | None = None, set_code: str | None = None) -> list[dict[str, Any]]:
    """Every owned card and variant, with its game, set, type and quantity, sorted by game and name."""
    from .store import card_from_row, card_query, filter_cards

    table = _table()
    query, card, card_set = card_query(table.c.quantity, *(table.c[key] for key in VARIANT), table.c.notes)
    query = filter_cards(query.join(table, table.c.card_id == card.c.id), card, card_set, game=game,
                         card_type=card_type, faction=faction, set_code=set_code)
    query = query.order_by(card.c.game, card.c.name_key, *(table.c[key] for key in VARIANT))

    items = []
    with database.engine.connect() as conn:
        for row in conn.execute(query):
            item = card_from_row(*row[:4])
            items.append({"game": item.game, "name": item.name, "type": item.type, "set": item.set_code,
                          "quantity": row.quantity, **{key: row._mapping[key] for key in VARIANT}, "notes": row.notes})
    return items


def stats(database: Database) -> dict[str, Any]:
    """Cards and distinct cards owned per game, and completion per set in percent."""
    from sqlalchemy import distinct, func, select

    from .games import all_games
    from .tables import card, card_set

    table = _table()
    with database.engine.connect() as conn:
        per_game = {g: (int(total), int(distinct_cards)) for g, total, distinct_cards in conn.execute(
            select(card.c.game, func.sum(table.c.quantity), func.count(distinct(table.c.card_id)))
            .join(card, card.c.id == table.c.card_id).group_by(card.c.game))}
        owned_per_set = dict(conn.execute(
            select(card.c.set_id, func.count(distinct(table.c.card_id))).join(card, card.c.id == table.c.card_id)
            .group_by(card.c.set_id)).all())
        sets = conn.execute(
            select(card_set.c.id, card_set.c.game, card_set.c.code, card_set.c.name, func.count(card.c.id))
            .join(card, card.c.set_id == card_set.c.id)
            .group_by(card_set.c.id, card_set.c.game, card_set.c.code, card_set.c.name)
            .order_by(card_set.c.game, card_set.c.code)).all()
    return {
        "games": [{"game": g.id, "cards": per_game.get(g.id, (0, 0))[0], "distinct": per_game.get(g.id, (0, 0))[1]}
                  for g in all_games()],
        "sets": [{"game": g, "set": code, "name": name, "cards": size, "owned": owned_per_set.get(set_id, 0),
                  "percent": round(100 * owned_per_set.get(set_id, 0) / size, 1) if size else 0.0}
                 for set_id, g, code, name, size in sets],
        "total": {"cards": sum(v[0] for v in per_game.values()), "distinct": sum(v[1] for v in per_game.values())},
    }


# --- files --------------------------------------------------------------------------------------


@dataclass
class ImportResult:
    """What a collection import added, the CSV columns it ignored, and the warnings to show (one sentence
    each, for stderr)."""

    rows: int = 0
    copies: int = 0
    ignored_columns: list[str] = field(default_factory=list)
    #: The built decks unbuilt because the new collection no longer covers them (``replace`` with ``unbuild``).
    unbuilt: tuple[str, ...] = ()
    #: Sentences for stderr: the columns decklab does not keep, in one warning.
    warnings: list[str] = field(default_factory=list)


COLUMN_ALIASES: dict[str, tuple[str, ...]] = {
    "game": ("game",),
    "name": ("name", "card name", "card", "card_name", "cardname"),
    "quantity": ("quantity", "count", "qty", "amount", "copies"),
    "finish": ("finish", "foil"),
    "set": ("edition code", "set code", "set_code", "setcode", "set", "edition", "set name", "edition name"),
    "condition": ("condition",),
    "language": ("language", "lang"),
    "location": ("location", "binder"),
    "notes": ("notes", "note"),
}
"""The header names (any case) a collection CSV may give each column: decklab's own (``collection export``), and
those of Moxfield (``Count``, ``Edition``, ``Foil``), Deckbox (``Edition Code``), Archidekt (``Quantity``,
``Finish``) and spreadsheets. ``set`` names the set by code or name (it picks the card's game, and an unknown
set is refused); every other column is ignored, and named in one warning."""

IMPORT_KINDS = ("csv", "text", "json", "yaml")
"""What ``collection import`` reads: a collection CSV, or a decklist (text, JSON or YAML) of cards you own."""

_PLAIN = {"", "normal", "nonfoil", "non-foil", "non foil", "regular", "no", "n", "false", "0"}
_FOIL = {"foil", "foiled", "yes", "y", "true", "1", "x"}


def finish_of(value: str, *, column: str = "finish") -> str:
    """The finish a tool's ``Foil`` or ``Finish`` cell means: empty for a plain copy (``Normal``, ``nonfoil``,
    ``no``, empty), ``foil`` (``Foil``, ``yes``, ``true``, ``1``, ``x``), ``etched``; another ``Finish`` is kept as
    written, another ``Foil`` cell is refused.

    :raises ValueError: for a ``foil`` column's cell that says none of these.

    >>> finish_of("Normal"), finish_of("Foil"), finish_of("etched", column="foil"), finish_of("yes", column="foil")
    ('', 'foil', 'etched', 'foil')
    """
    key = value.strip().casefold()
    if key in _PLAIN:
        return ""
    if key in _FOIL:
        return "foil"
    if key == "etched" or column != "foil":
        return key if key == "etched" else value.strip()
    raise ValueError(value)


def sniff_import(text: str) -> str:
    """Which of :data:`IMPORT_KINDS` collection ``text`` is: ``csv`` when its first line is a header with a
    name column and a quantity column (any alias of :data:`COLUMN_ALIASES`; cells split by commas, semicolons
    or tabs), else the decklist's kind.

    >>> sniff_import("Count,Tradelist Count,Name,Edition\\n"), sniff_import("2 Archmage Seline (WRD1) 1\\n")
    ('csv', 'text')
    """
    if _delimiter(text):
        return "csv"
    from .decklists import sniff_decklist

    return sniff_decklist(text)


def _delimiter(text: str, *, guess: bool = False) -> str | None:
    """What splits the cells of a collection CSV's header (``,``; ``;`` as spreadsheets write it where the
    decimal mark is a comma; a tab), when its first line is a header with a name and a quantity column; with
    ``guess``, else the one that finds either column, else the most frequent of them."""
    first = next((line for line in text.split("\n") if line.strip()), "")
    wanted = set(COLUMN_ALIASES["name"]) | set(COLUMN_ALIASES["quantity"])
    partial = None
    for delimiter in (",", ";", "\t"):
        if delimiter in first:
            header = {cell.strip().casefold() for cell in next(csv.reader([first], delimiter=delimiter), [])}
            if header & set(COLUMN_ALIASES["name"]) and header & set(COLUMN_ALIASES["quantity"]):
                return delimiter
            partial = partial or (delimiter if header & wanted else None)
    if not guess:
        return None
    return partial or max((",", ";", "\t"), key=first.count)


def import_file(database: Database, path: str | Path, *, game: str | None = None, replace: bool = False,
                unbuild: bool = False) -> ImportResult:
    """Add the cards of a collection CSV, or of a decklist ("I own these"), all or nothing: a ``.csv`` file is
    a CSV, a ``.json``/``.yaml``/``.yml`` file a deck export, any other what its text is (:func:`sniff_import`).
    See :func:`import_text`.
    """
    path = Path(path)
    text = read_text(path, "a collection file")
    suffix = path.suffix.casefold()
    kind = {".csv": "csv", ".json": "json", ".yaml": "yaml", ".yml": "yaml"}.get(suffix)
    return import_text(database, text, label=path.name, kind=kind, game=game, replace=replace, unbuild=unbuild)


def import_text(database: Database, text: str, *, label: str, kind: str | None = None, game: str | None = None,
                replace: bool = False, unbuild: bool = False) -> ImportResult:
    """Add the cards of collection ``text`` already read (a file's, or stdin's for ``collection import -``), all
    or nothing. ``kind`` is one of :data:`IMPORT_KINDS`, or None to tell it from the text (:func:`sniff_import`);
    ``label`` names the input in messages ("stdin").

    A CSV's columns are read under the names of :data:`COLUMN_ALIASES` (Moxfield, Deckbox, Archidekt and
    spreadsheet exports); its game is the ``game`` column, else ``game``, else the set the row names, else the
    one game whose catalog has the card. A decklist's lines may carry ``(SET) number`` and ``*F*`` (a foil copy).
    With ``replace`` the collection is emptied first, in the same transaction; a built deck the new collection
    does not cover is refused, or with ``unbuild`` unbuilt (named in the result).

    :raises InputError: naming the line and the reason of the first bad row (an unknown card or set, a card
        several games have), a card whose copies would pass :data:`MAX_QUANTITY`, or the built decks that would
        be short; nothing is written.
    """
    chosen = sniff_import(text) if kind is None else kind.strip().casefold()
    if chosen not in IMPORT_KINDS:
        raise InputError(f"'{kind}' is not a collection format; the formats are {', '.join(IMPORT_KINDS)}.")
    if chosen == "csv":
        entries, ignored = _read_csv(database, text, label, game)
    else:
        entries, ignored = _read_decklist(database, text, label, chosen, game), []
    rows: dict[tuple, dict[str, Any]] = {}
    for card_id, quantity, variant, notes in entries:
        key = (card_id, variant)
        if key in rows:
            rows[key]["quantity"] += quantity
        else:
            rows[key] = _row(card_id, quantity, variant, notes)
    from sqlalchemy import delete

    unbuilt: tuple[str, ...] = ()
    with (reserving(database) if replace else write_transaction(database.engine)) as conn:
        for (card_id, variant), row in rows.items():
            if row["quantity"] > MAX_QUANTITY:
                raise InputError(f"{label}: its rows of {_card_name(conn, card_id)}{_kind(variant)} add up to "
                                 f"{row['quantity']:,} copies; the most decklab counts is {MAX_QUANTITY:,}.")
        if replace:
            conn.execute(delete(_table()))
        values = list(rows.values())
        for start in range(0, len(values), 500):
            batch = values[start:start + 500]
            written = set(conn.execute(_add_statement(conn.dialect.name, batch)).all())
            for row in batch:
                if (row["card_id"], *(row[key] for key in VARIANT)) not in written:
                    variant = Variant.of(**{key: row[key] for key in VARIANT})
                    have = owned(database, row["card_id"], variant, conn=conn)
                    raise InputError(f"{label}: you own {have:,} {_card_name(conn, row['card_id'])}{_kind(variant)}; "
                                     f"adding {row['quantity']:,} would pass {MAX_QUANTITY:,}, the most copies "
                                     "decklab counts.")
        if replace:
            unbuilt = settle_reservations(conn, None, unbuild=unbuild, change=f"replacing your collection with {label}")
    warnings = []
    if ignored:
        warnings.append(f"Ignored the unknown column{'s' if len(ignored) > 1 else ''} {', '.join(ignored)}.")
    return ImportResult(rows=len(entries), copies=sum(e[1] for e in entries), ignored_columns=ignored, unbuilt=unbuilt,
                        warnings=warnings)


def _card_name(conn, card_id: int) -> str:
    from sqlalchemy import select

    from .tables import card as table

    return conn.execute(select(table.c.name).where(table.c.id == card_id)).scalar()


def game_sets(database: Database) -> dict[str, dict[str, str]]:
    """The sets in the catalog per game: game id -> {set code: set name}."""
    from .db import fetch

    sets: dict[str, dict[str, str]] = {}
    with database.reading() as conn:
        for game_id, code, name in fetch(conn, "SELECT game, code, name FROM card_set"):
            sets.setdefault(game_id, {})[code] = name
    return sets


def _read_decklist(database: Database, text: str, label: str, kind: str, game: str | None):
    """Rows of a decklist of cards owned: every section but selections (Warcardz's [line]), a sideboard's too
    (you own those cards), a ``*F*`` line a foil copy; a line's ``(SET)`` must name a set of the deck's game."""
    from .decklists import check_printings, read_decklist_text
    from .decks import resolve

    parsed = read_decklist_text(text, source=label, kind=kind, owned=True)
    the_game = get_game(resolve(database, parsed, game=game).game)
    with database.reading() as conn:
        check_printings(conn, parsed, the_game)
    entries = [entry for entry in parsed.entries if entry.section not in the_game.selections]
    ids = _card_ids(database, the_game.id, {entry.name.casefold() for entry in entries})
    return [(ids[entry.name.casefold()], entry.quantity, Variant(finish=entry.finish), "") for entry in entries]


def _card_ids(database: Database, game: str, keys: Iterable[str]) -> dict[str, int]:
    from sqlalchemy import select

    from .tables import card as table

    keys = list(keys)
    found: dict[str, int] = {}
    with database.engine.connect() as conn:
        for start in range(0, len(keys), 500):
            chunk = keys[start:start + 500]
            found.update(conn.execute(select(table.c.name_key, table.c.id)
                                      .where(table.c.game == game, table.c.name_key.in_(chunk))).all())
    return found


def _games_of_names(database: Database, keys: Iterable[str]) -> dict[str, list[str]]:
    """The games whose catalog has each case-folded card name: key -> [game id, ...]."""
    from sqlalchemy import select

    from .tables import card as table

    keys = list(keys)
    found: dict[str, list[str]] = {}
    with database.engine.connect() as conn:
        for start in range(0, len(keys), 500):
            for key, game_id in conn.execute(select(table.c.name_key, table.c.game)
                                             .where(table.c.name_key.in_(keys[start:start + 500]))):
                found.setdefault(key, []).append(game_id)
    return found


def _columns(header: list[str]) -> tuple[dict[str, list[str]], list[str]]:
    """Which header cells (as written) hold each of decklab's columns (finish and set may come from several:
    Moxfield's ``Foil``, Deckbox's ``Edition`` and ``Edition Code``), and the cells of no column."""
    used: dict[str, list[str]] = {}
    for column, aliases in COLUMN_ALIASES.items():
        for alias in aliases:
            for cell in header:
                if cell.casefold() == alias and cell not in used.get(column, []):
                    used.setdefault(column, []).append(cell)
        if column not in ("finish", "set"):
            used[column] = used.get(column, [])[:1]
    taken = {cell for cells in used.values() for cell in cells}
    return {column: cells for column, cells in used.items() if cells}, [cell for cell in header if cell not in taken]


def _read_csv(database: Database, text: str, label: str, game: str | None):
    """Rows of a collection CSV: (card id, quantity, variant, notes); the columns of no use listed.

    A quantity is a whole number from 1 to MAX_QUANTITY; names, variants and notes fit their columns and hold
    no control character (notes may hold tabs and line breaks).
    """
    delimiter = _delimiter(text, guess=True)
    if delimiter not in (None, ","):
        text = _with_commas(text, delimiter)
    header, rows = csv_rows(text, label)
    columns, ignored = _columns(header)
    missing = [column for column in ("name", "quantity") if column not in columns]
    if missing:
        raise InputError(f"{label}: the header has no {' or '.join(missing)} column; a collection CSV needs a card "
                         "name (Name, Card Name or Card) and a quantity (Quantity, Count, Qty, Amount or Copies), and "
                         "a game unless --game, a set column or the card's name tells it.")
    forced = get_game(game).id if game else None
    sets = game_sets(database)
    set_games: dict[str, set[str]] = {}
    for game_id, codes in sets.items():
        for code, name in codes.items():
            for key in (code.casefold(), name.casefold()):
                set_games.setdefault(key, set()).add(game_id)
    parsed = []
    for line, row in rows:
        if None in row:
            raise InputError(f"{label}: line {line} has more cells than the header has columns.")
        raw = {key: (value or "").strip() for key, value in row.items()}
        if not any(raw.values()):
            continue
        cells = {column: raw[cells_of[0]] for column, cells_of in columns.items()}
        cells["finish"] = ""
        for cell in columns.get("finish", []):
            try:
                cells["finish"] = cells["finish"] or finish_of(raw[cell], column=cell.casefold())
            except ValueError:
                raise InputError(f"{label}: line {line}: the {cell} cell '{raw[cell][:40]}' is not foil, etched or "
                                 "empty.") from None
        _refuse_bad_cells(cells, label, line)
        quantity_text = cells.get("quantity", "")
        try:
            quantity = parse_quantity(quantity_text)
        except ValueError:
            raise InputError(f"{label}: line {line}: the quantity '{shown_number(quantity_text)}' is not a whole "
                             "number.") from None
        bound = quantity_bound(quantity)
        if bound:
            raise InputError(f"{label}: line {line}: the quantity is {shown_number(quantity_text)}; "
                             f"it must be {bound}.")
        if not cells.get("name"):
            raise InputError(f"{label}: line {line} has no card name.")
        the_game = forced
        if cells.get("game"):
            try:
                the_game = get_game(cells["game"]).id
            except InputError as exc:
                raise InputError(f"{label}: line {line}: {exc}") from None
        named_sets = [raw[cell] for cell in columns.get("set", []) if raw[cell]]
        variant = Variant(**{key: cells.get(key, "") for key in VARIANT})  # stripped and checked above
        parsed.append((line, the_game, cells["name"], quantity, variant, cells.get("notes", ""), named_sets))
    homes = _games_of_names(database, {entry[2].casefold() for entry in parsed if entry[1] is None})
    entries: list[tuple[int, str, str, int, Variant, str]] = []
    for line, the_game, name, quantity, variant, notes, named_sets in parsed:
        for named in named_sets:
            if the_game is None and len(set_games.get(named.casefold(), ())) == 1:
                the_game = next(iter(set_games[named.casefold()]))
            _check_set(named, the_game, sets, set_games, label, line)
        game_id = the_game or _game_of_name(database, name, homes.get(name.casefold(), []), label, line)
        entries.append((line, game_id, name, quantity, variant, notes))
    ids: dict[tuple[str, str], int] = {}
    for game_id in {entry[1] for entry in entries}:
        for key, card_id in _card_ids(database, game_id, {e[2].casefold() for e in entries if e[1] == game_id}).items():
            ids[(game_id, key)] = card_id
    result = []
    for line, game_id, name, quantity, variant, notes in entries:
        found = ids.get((game_id, name.casefold()))
        if found is None:
            try:
                found = _resolve(database, name, game_id)[0]
            except InputError as exc:
                raise InputError(f"{label}: line {line}: {exc}") from None
        result.append((found, quantity, variant, notes))
    return result, ignored


def _with_commas(text: str, delimiter: str) -> str:
    """CSV ``text`` whose cells ``delimiter`` splits, written with commas (each row on the lines it had)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    try:
        writer.writerows(csv.reader(io.StringIO(text), delimiter=delimiter))
    except csv.Error:
        return text  # csv_rows names the broken line
    return out.getvalue()


def _check_set(named: str, game_id: str | None, sets: dict[str, dict[str, str]], set_games: dict[str, set[str]],
               label: str, line: int) -> None:
    """Refuse a row whose set (code or name) is not a set of its game (of any game, when the game is open)."""
    found = set_games.get(named.casefold(), set())
    if (game_id in found) if game_id else found:
        return
    if game_id:
        listed = ", ".join(f"{code} ({name})" for code, name in sorted(sets.get(game_id, {}).items())) or "none"
        raise InputError(f"{label}: line {line}: the set '{named}' is not a {get_game(game_id).name} set in the "
                         f"catalog; its sets are {listed}.")
    listed = ", ".join(sorted(code for codes in sets.values() for code in codes))
    raise InputError(f"{label}: line {line}: the set '{named}' is not in the catalog; the sets are {listed}.")


def _game_of_name(database: Database, name: str, games: list[str], label: str, line: int) -> str:
    """The one game whose catalog has the card ``name``; else an error naming the line."""
    if len(games) == 1:
        return games[0]
    if games:
        shown = " and ".join(get_game(g).name for g in sorted(games))
        raise InputError(f"{label}: line {line}: '{name}' is a card of {shown}; add a game column (or a set "
                         "column), or pass --game.")
    from .store import find_card

    try:
        find_card(database, name)
    except InputError as exc:
        raise InputError(f"{label}: line {line}: {exc}") from None
    raise AssertionError("unreachable: the card was not found a moment ago")


def _refuse_bad_cells(cells: dict[str, str], label: str, line: int) -> None:
    """Refuse a CSV row whose name, game or variant holds a control character or is longer than its column."""
    for column, limit in _cell_limits().items():
        check_text(cells.get(column, ""), f"{label}: line {line}: the {column}", limit, prose=column == "notes")


@lru_cache(maxsize=1)
def _cell_limits() -> dict[str, int | None]:
    """The longest text each CSV column may hold (its database column's length)."""
    from .cards import MAX_CARD_NAME, MAX_TEXT

    table = _table()
    return {"game": 32, "name": MAX_CARD_NAME, "quantity": None, "notes": MAX_TEXT,
            **{key: table.c[key].type.length for key in VARIANT}}


def export_csv(database: Database, *, game: str | None = None) -> str:
    """The collection as CSV (the columns of :data:`COLUMNS`); ``import_file`` reads it back."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    for item in list_items(database, game=game):
        writer.writerow({column: item[column] for column in COLUMNS})
    return out.getvalue()


# --- have / need ------------------------------------------------------------------------------


def _availability(conn, *, exclude_deck: int | None = None) -> tuple[dict[int, int], dict[int, int]]:
    """Copies owned per card id, and copies reserved by built decks (other than ``exclude_deck``)."""
    from sqlalchemy import func, select

    from .tables import deck
    from .tables import deck_entry as entry

    table = _table()
    have = dict(conn.execute(select(table.c.card_id, func.sum(table.c.quantity)).group_by(table.c.card_id)).all())
    query = (select(entry.c.card_id, func.sum(entry.c.quantity)).join(deck, deck.c.id == entry.c.deck_id)
             .where(deck.c.built_at.is_not(None)).group_by(entry.c.card_id))
    if exclude_deck is not None:
        query = query.where(deck.c.id != exclude_deck)
    reserved = {card_id: int(n) for card_id, n in conn.execute(_physical(query, deck, entry)).all()}
    return {k: int(v) for k, v in have.items()}, reserved


def _physical(query, deck, entry):
    """Leave out sections that only select cards already in the deck (Warcardz's [line])."""
    from .games import all_games

    selections = {(game.id, section) for game in all_games() for section in game.selections}
    for game_id, section in selections:
        query = query.where(~((deck.c.game == game_id) & (entry.c.section == section)))
    return query


def missing(database: Database, deck_name: str) -> dict[str, Any]:
    """Per card of a deck: needed, owned (less what other built decks reserve), short; and the total short."""
    from .decks import deck_row

    with database.engine.connect() as conn:
        return _missing(conn, deck_row(conn, deck_name))


def missing_in(database: Database, deck: Deck) -> dict[str, Any]:
    """:func:`missing` for a deck that is not saved (read from a decklist file or stdin): per card needed, owned
    less what built decks reserve, and short; the same document, with ``built`` false."""
    needed = get_game(deck.game).physical_copies(deck)
    ids = _card_ids(database, deck.game, [card.key for card in needed])
    with database.engine.connect() as conn:
        have, reserved = _availability(conn)
    cards = []
    for card, need in needed.items():
        available = max(0, have.get(ids[card.key], 0) - reserved.get(ids[card.key], 0))
        cards.append({"name": card.name, "needed": need, "owned": available, "short": max(0, need - available)})
    return {"deck": deck.name, "game": deck.game, "built": False, "cards": cards,
            "needed": sum(c["needed"] for c in cards), "short": sum(c["short"] for c in cards)}


def _missing(conn, row) -> dict[str, Any]:
    """:func:`missing` for the deck ``row`` on an open connection."""
    from sqlalchemy import func, select

    from .tables import card
    from .tables import deck as deck_table
    from .tables import deck_entry as entry

    have, reserved = _availability(conn, exclude_deck=row.id)
    needed_query = _physical(
        select(entry.c.card_id, card.c.name, func.sum(entry.c.quantity)).join(card, card.c.id == entry.c.card_id)
        .join(deck_table, deck_table.c.id == entry.c.deck_id).where(entry.c.deck_id == row.id)
        .group_by(entry.c.card_id, card.c.name), deck_table, entry)
    needed = conn.execute(needed_query.order_by(func.min(entry.c.position))).all()
    cards = []
    for card_id, name, need in needed:
        available = max(0, have.get(card_id, 0) - reserved.get(card_id, 0))
        cards.append({"name": name, "needed": int(need), "owned": available, "short": max(0, int(need) - available)})
    return {"deck": row.name, "game": row.game, "built": row.built_at is not None, "cards": cards,
            "needed": sum(c["needed"] for c in cards), "short": sum(c["short"] for c in cards)}


_RESERVATIONS_LOCK = 0x6465636B6C6132
"""PostgreSQL advisory lock key of :func:`reserving`."""


@contextmanager
def reserving(database: Database):
    """A write transaction for a change that can lower what is owned or raise what built decks reserve.

    One such change runs at a time, and each reads what it checks after the previous one committed: on
    SQLite ``BEGIN IMMEDIATE`` takes the database's write lock first; on PostgreSQL a transaction-level
    advisory lock is taken first (released at commit or rollback), and each statement after it, under READ
    COMMITTED, sees every change committed before. One lock rather than row locks because the rule spans
    three tables (the copies owned, the decks built and their entries) and must hold where no row exists yet
    to lock (a card owned by nobody); one lock taken first also cannot deadlock. Plain additions of copies
    never lower what is owned and do not take it.
    """
    with write_transaction(database.engine) as conn:
        if conn.dialect.name == "postgresql":
            conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_RESERVATIONS_LOCK})")
        yield conn


def shortages(conn, card_ids: Iterable[int] | None = None) -> dict[tuple[int, str], dict[str, int]]:
    """The built decks the collection no longer covers: (deck id, deck name) -> {card name: copies short}.

    Copies go to built decks in the order they were built, so a deck built later is the one left short.
    Only ``card_ids`` are looked at, when given.
    """
    from sqlalchemy import func, select

    from .tables import card, deck
    from .tables import deck_entry as entry

    table = _table()
    needs = (select(deck.c.id, deck.c.name, entry.c.card_id, card.c.name.label("card"),
                    func.sum(entry.c.quantity).label("need"))
             .join(deck, deck.c.id == entry.c.deck_id).join(card, card.c.id == entry.c.card_id)
             .where(deck.c.built_at.is_not(None))
             .group_by(deck.c.id, deck.c.name, deck.c.built_at, entry.c.card_id, card.c.name)
             .order_by(deck.c.built_at, deck.c.id))
    have = select(table.c.card_id, func.sum(table.c.quantity)).group_by(table.c.card_id)
    if card_ids is not None:
        card_ids = list(card_ids)
        needs = needs.where(entry.c.card_id.in_(card_ids))
        have = have.where(table.c.card_id.in_(card_ids))
    left = {card_id: int(n) for card_id, n in conn.execute(have).all()}
    short: dict[tuple[int, str], dict[str, int]] = {}
    for deck_id, deck_name, card_id, card_name, need in conn.execute(_physical(needs, deck, entry)).all():
        supplied = min(int(need), max(0, left.get(card_id, 0)))
        left[card_id] = left.get(card_id, 0) - int(need)
        if supplied < need:
            short.setdefault((deck_id, deck_name), {})[card_name] = int(need) - supplied
    return short


def settle_reservations(conn, card_ids: Iterable[int] | None, *, unbuild: bool, change: str) -> tuple[str, ...]:
    """After a change inside :func:`reserving`: refuse it when it leaves built decks short, or with ``unbuild``
    unbuild those decks; returns the decks unbuilt. ``change`` says what was asked ("removing 3 Ember Whelp").

    :raises InputError: naming each built deck and the cards it would be short of.
    """
    from sqlalchemy import update

    from .tables import deck as table

    short = shortages(conn, card_ids)
    if not short:
        return ()
    if not unbuild:
        decks = "; ".join(f"'{name}' short of {', '.join(f'{n:,} {card}' for card, n in cards.items())}"
                          for (_, name), cards in short.items())
        them = "it" if len(short) == 1 else "them"
        noun = "deck" if len(short) == 1 else "decks"
        raise InputError(f"{change} would leave the built {noun} {decks}; unbuild {them} first "
                         "('decklab deck unbuild') or pass --unbuild.")
    conn.execute(update(table).where(table.c.id.in_([deck_id for deck_id, _ in short])).values(built_at=None))
    return tuple(name for _, name in short)


def buildable(database: Database, *, game: str | None = None) -> list[dict[str, Any]]:
    """Every saved deck: built already, buildable now from unreserved cards, or how many cards short."""
    from sqlalchemy import select

    from .tables import deck as deck_table

    query = select(deck_table.c.name, deck_table.c.game).order_by(deck_table.c.game, deck_table.c.name_key)
    if game:
        query = query.where(deck_table.c.game == get_game(game).id)
    with database.engine.connect() as conn:
        names = conn.execute(query).all()
    result = []
    for name, deck_game in names:
        report = missing(database, name)
        result.append({"deck": name, "game": deck_game, "built": report["built"], "cards": report["needed"],
                       "short": report["short"], "buildable": report["short"] == 0})
    return result


def build(database: Database, deck_name: str) -> dict[str, Any]:
    """Mark a deck physically built, reserving its cards: checked and reserved in one :func:`reserving`
    transaction, so builds at the same time never reserve more copies than are owned.

    :raises InputError: listing the cards short, when the collection cannot supply them.
    """
    from sqlalchemy import update

    from .decks import deck_row
    from .models import utcnow
    from .tables import deck as table

    with reserving(database) as conn:
        row = deck_row(conn, deck_name)
        report = _missing(conn, row)
        if report["built"]:
            raise InputError(f"'{report['deck']}' is built already.")
        if report["short"]:
            shortages = ", ".join(f"{c['short']} {c['name']}" for c in report["cards"] if c["short"])
            raise InputError(f"cannot build '{report['deck']}': {report['short']} cards short ({shortages}).")
        conn.execute(update(table).where(table.c.id == row.id).values(built_at=utcnow()))
    return report


def unbuild(database: Database, deck_name: str) -> str:
    """Release a built deck's cards."""
    from sqlalchemy import update

    from .decks import deck_row
    from .tables import deck as table

    with database.engine.begin() as conn:
        row = deck_row(conn, deck_name)
        if row.built_at is None:
            raise InputError(f"'{row.name}' is not built.")
        conn.execute(update(table).where(table.c.id == row.id).values(built_at=None))
    return row.name
