"""Saved decks: resolving decklists against the catalog, storing, editing and loading decks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .cards import FORMATS, MAIN, MAX_DECK_NAME, MAX_QUANTITY, Card, Deck
from .db import Database, fetch, in_list
from .decklists import DecklistText, Entry, check_printings, read_decklist
from .errors import InputError, suggestion
from .games import Game, get_game
from .inputs import check_quantity, check_text
from .store import CARD_SQL, card_from_row


def check_format(value: str | None) -> str | None:
    """``official`` or ``casual`` (any case), or ``None``.

    :raises InputError: for any other format.
    """
    if value is None:
        return None
    chosen = value.strip().casefold()
    if chosen not in FORMATS:
        raise InputError(f"'{value}' is not a format; the formats are {', '.join(FORMATS)}.")
    return chosen


def _sections_of(game: Game) -> tuple[str, ...]:
    return (MAIN, *game.sections)


def _check_section(game: Game, section: str, where: str) -> None:
    if section not in _sections_of(game):
        if game.sections:
            have = f"{game.name} decks have {', '.join(f'[{s}]' for s in game.sections)}"
        else:
            have = f"{game.name} decks have no sections"
        raise InputError(f"{where}[{section}] is not a section of a {game.name} deck; {have}.")


def _cards_by_key(conn, game: Game, keys) -> dict[str, tuple[int, Card]]:
    """The cards of ``game`` whose case-folded names are ``keys``: key -> (card id, card)."""
    keys = list(keys)
    found: dict[str, tuple[int, Card]] = {}
    for start in range(0, len(keys), 500):
        marks, params = in_list("key", keys[start:start + 500])
        for row in fetch(conn, f"{CARD_SQL} WHERE card.game = :game AND card.name_key IN ({marks})",
                         {**params, "game": game.id}):
            found[row[5]] = (row[4], card_from_row(*row[:4]))
    return found


def _infer_game(conn, parsed: DecklistText) -> Game:
    """The game whose catalog knows the most of the decklist's names."""
    marks, params = in_list("key", list({entry.name.casefold() for entry in parsed.entries}))
    rows = fetch(conn, f"SELECT game, COUNT(*) FROM card WHERE name_key IN ({marks}) GROUP BY game", params)
    if not rows:
        raise InputError(f"{parsed.source} does not say its game and none of its cards is known; "
                         "add 'game:' or --game.")
    best = max(rows, key=lambda row: row[1])
    return get_game(best[0])


def resolve(database: Database, parsed: DecklistText, *, game: str | None = None, name: str | None = None,
            format: str | None = None) -> Deck:
    """Match a parsed decklist's names to the catalog and build the :class:`Deck`.

    :raises InputError: for a section the game lacks, or unknown names (every one, with close matches).
    """
    with database.reading() as conn:
        named = game or parsed.game
        the_game = get_game(named) if named else _infer_game(conn, parsed)
        for entry in parsed.entries:
            _check_section(the_game, entry.section,
                           f"{parsed.source}: line {entry.line}: " if entry.line else f"{parsed.source}: ")
        found = _cards_by_key(conn, the_game, {entry.name.casefold() for entry in parsed.entries})
        unknown = [entry for entry in parsed.entries if entry.name.casefold() not in found]
        if unknown:
            raise InputError(_unknown_names(conn, the_game, parsed.source, unknown))
        check_printings(conn, parsed, the_game)
    sections: dict[str, list[tuple[Card, int]]] = {}
    for entry in parsed.entries:
        sections.setdefault(entry.section, []).append((found[entry.name.casefold()][1], entry.quantity))
    deck_name = name or parsed.name or Path(parsed.source).stem
    return Deck(name=deck_name, game=the_game.id, sections=sections,
                format=check_format(format) or check_format(parsed.format) or "official")


def _unknown_names(conn, game: Game, source: str, unknown: list[Entry]) -> str:
    """One sentence naming every unknown card, with close matches or the game it belongs to."""
    names = [row[0] for row in fetch(conn, "SELECT name FROM card WHERE game = :game", {"game": game.id})]
    marks, params = in_list("key", list({entry.name.casefold() for entry in unknown}))
    elsewhere = dict(fetch(conn, f"SELECT name_key, game FROM card WHERE name_key IN ({marks})", params))
    parts = []
    seen = set()
    for entry in unknown:
        key = entry.name.casefold()
        if key in seen:
            continue
        seen.add(key)
        where = f"line {entry.line}" if entry.line else "entry"
        if key in elsewhere:
            hint = f"; it is a {get_game(elsewhere[key]).name} card"
        else:
            hint = suggestion(entry.name, names).rstrip(".")
        parts.append(f"'{entry.name}' ({where}{hint})")
    count = len(parts)
    noun = "card is" if count == 1 else "cards are"
    return f"{source}: {count} {noun} not in the {game.name} catalog: {', '.join(parts)}."


def read_deck_file(database: Database, path: str | Path, *, game: str | None = None, name: str | None = None,
                   format: str | None = None) -> Deck:
    """Read and resolve a decklist file."""
    return resolve(database, read_decklist(path), game=game, name=name, format=format)


# --- saved decks ------------------------------------------------------------------------------


def _tables():
    from .tables import deck, deck_entry

    return deck, deck_entry


def deck_row(conn, name: str, *, missing: str = "no deck is called '{name}'"):
    """The saved deck called ``name`` (any case); else an error from ``missing``, with close matches."""
    from sqlalchemy import select

    deck, _ = _tables()
    row = conn.execute(select(deck).where(deck.c.name_key == name.strip().casefold())).first()
    if row is None:
        names = [r[0] for r in conn.execute(select(deck.c.name))]
        raise InputError(missing.format(name=name) + suggestion(name, names))
    return row


def _refuse_taken(conn, name: str) -> None:
    from sqlalchemy import select

    deck, _ = _tables()
    if not name.strip():
        raise InputError("a deck needs a name.")
    check_text(name.strip(), "the deck's name", MAX_DECK_NAME)
    if len(name.strip().casefold()) > MAX_DECK_NAME:
        raise InputError(f"the deck's name has more than {MAX_DECK_NAME} characters in lower case ('ß' is 'ss').")
    taken = conn.execute(select(deck.c.name).where(deck.c.name_key == name.strip().casefold())).scalar()
    if taken is not None:
        raise InputError(f"a deck called '{taken}' already exists; choose another name or delete it first.")


def _write_entries(conn, deck_id: int, game: Game, deck: Deck) -> list[int]:
    """Write the deck's entries; returns their card ids."""
    from sqlalchemy import insert

    _, entry = _tables()
    ids = _cards_by_key(conn, game, {card.key for entries in deck.sections.values() for card, _ in entries})
    rows: list[dict[str, Any]] = [
        {"deck_id": deck_id, "card_id": ids[card.key][0], "section": section, "quantity": quantity,
         "position": position}
        for section, entries in deck.sections.items()
        for position, (card, quantity) in enumerate(entries)
    ]
    if rows:
        conn.execute(insert(entry), rows)
    return [row["card_id"] for row in rows]


def save_deck(database: Database, deck: Deck, *, replace: bool = False, notes: str = "",
              unbuild: bool = False) -> tuple[str, ...]:
    """Save ``deck`` under its name; with ``replace`` an existing deck of that name is overwritten.

    A built deck replaced stays built when the collection covers its new list; else the replacement is
    refused, or with ``unbuild`` the decks left short are unbuilt. Returns the decks unbuilt.

    :raises InputError: for a name taken (without ``replace``), or built decks the new list would leave short.
    """
    from sqlalchemy import delete, insert, select

    from .collection import reserving, settle_reservations
    from .tables import utcnow

    table, _ = _tables()
    game = get_game(deck.game)
    key = deck.name.strip().casefold()
    with reserving(database) as conn:
        built_at = None
        if replace:
            built_at = conn.execute(select(table.c.built_at).where(table.c.name_key == key)).scalar()
            conn.execute(delete(table).where(table.c.name_key == key))
        _refuse_taken(conn, deck.name)
        now = utcnow()
        deck_id = conn.execute(insert(table).values(
            name=deck.name.strip(), name_key=key, game=game.id, format=deck.format,
            notes=notes, created_at=now, updated_at=now, built_at=built_at)).inserted_primary_key[0]
        card_ids = _write_entries(conn, deck_id, game, deck)
        if built_at is None:
            return ()
        return settle_reservations(conn, card_ids, unbuild=unbuild,
                                   change=f"replacing the built deck '{deck.name.strip()}'")


def new_deck(database: Database, name: str, *, game: str, format: str | None = None, notes: str = "") -> Deck:
    """Create an empty deck."""
    deck = Deck(name=name.strip(), game=get_game(game).id, sections={}, format=check_format(format) or "official")
    save_deck(database, deck, notes=notes)
    return deck


def get_deck(database: Database, name: str) -> Deck:
    """Load a saved deck by name (any case).

    :raises InputError: for an unknown name, with close matches.
    """
    with database.engine.connect() as conn:
        return _load(conn, deck_row(conn, name))


def deck_notes(database: Database, name: str) -> dict[str, Any]:
    """A saved deck's notes and timestamps."""
    with database.engine.connect() as conn:
        row = deck_row(conn, name)
    return {"notes": row.notes, "created_at": row.created_at, "updated_at": row.updated_at}


def _load(conn, row) -> Deck:
    from .store import card_query

    _, entry = _tables()
    query, card, _ = card_query(entry.c.section, entry.c.quantity)
    query = (query.join(entry, entry.c.card_id == card.c.id).where(entry.c.deck_id == row.id)
             .order_by(entry.c.position, entry.c.id))
    sections: dict[str, list[tuple[Card, int]]] = {}
    for game, code, data, banlist, section, quantity in conn.execute(query):
        sections.setdefault(section, []).append((card_from_row(game, code, data, banlist), quantity))
    ordered = {section: sections[section] for section in sorted(sections, key=lambda s: (s != MAIN, s))}
    return Deck(name=row.name, game=row.game, sections=ordered, format=row.format)


def load_deck(database: Database, deck_or_file: str, *, game: str | None = None, format: str | None = None) -> Deck:
    """A saved deck by name, or else a decklist file by path (nothing is saved). ``game`` reads a file as that
    game's; for a saved deck it must be the deck's game.

    :raises InputError: when it is neither, or when ``game`` is not the saved deck's game.
    """
    path = Path(deck_or_file).expanduser()
    if path.is_file():
        return read_deck_file(database, path, game=game, format=format)
    with database.engine.connect() as conn:
        row = deck_row(conn, deck_or_file, missing="'{name}' is neither a saved deck nor a decklist file")
        if game and get_game(game).id != row.game:
            raise InputError(f"'{row.name}' is a {get_game(row.game).name} deck, not a {get_game(game).name} one; "
                             "leave out --game, or give the right game.")
        deck = _load(conn, row)
    chosen = check_format(format)
    if chosen:
        deck = Deck(name=deck.name, game=deck.game, sections=deck.sections, format=chosen)
    return deck


def list_decks(database: Database, *, game: str | None = None) -> list[dict[str, Any]]:
    """Every saved deck with its game, format, card count and last change."""
    from sqlalchemy import func, select

    table, entry = _tables()
    query = (select(table.c.name, table.c.game, table.c.format, table.c.updated_at,
                    func.coalesce(func.sum(entry.c.quantity), 0))
             .outerjoin(entry, (entry.c.deck_id == table.c.id) & (entry.c.section == MAIN))
             .group_by(table.c.id, table.c.name, table.c.game, table.c.format, table.c.updated_at)
             .order_by(table.c.game, table.c.name_key))
    if game:
        query = query.where(table.c.game == get_game(game).id)
    with database.engine.connect() as conn:
        return [{"name": name, "game": g, "format": fmt, "cards": int(cards), "updated_at": updated}
                for name, g, fmt, updated, cards in conn.execute(query)]


def add_card(database: Database, deck_name: str, card_name: str, quantity: int = 1, *, section: str = MAIN) -> int:
    """Add copies of a card to a deck section; returns the copies now in that section.

    :raises InputError: when the section would hold more than :data:`~decklab.catalog.cards.MAX_QUANTITY`
        copies, or the deck is built and the collection has not that many more copies free.
    """
    return _change(database, deck_name, card_name, check_quantity(quantity), section)


def remove_card(database: Database, deck_name: str, card_name: str, quantity: int = 1, *, section: str = MAIN) -> int:
    """Remove copies of a card from a deck section; returns the copies left there.

    :raises InputError: when the section holds fewer copies than asked to remove.
    """
    return _change(database, deck_name, card_name, -check_quantity(quantity), section)


def _change(database: Database, deck_name: str, card_name: str, delta: int, section: str) -> int:
    """Change a card's copies in a deck section by ``delta``, within 0 and MAX_QUANTITY; a built deck may
    not come to reserve more copies than are owned (a :func:`~decklab.catalog.collection.reserving` change)."""
    from sqlalchemy import delete, func, insert, select, update

    from .collection import reserving, shortages
    from .tables import utcnow

    table, entry = _tables()
    section = section.strip().casefold()
    with reserving(database) as conn:
        row = deck_row(conn, deck_name)
        game = get_game(row.game)
        _check_section(game, section, "")
        found = _cards_by_key(conn, game, [card_name.strip().casefold()])
        if not found:
            from .store import find_card

            find_card(database, card_name, game=game.id)
        card_id, card = next(iter(found.values()))
        where = (entry.c.deck_id == row.id) & (entry.c.card_id == card_id) & (entry.c.section == section)
        current = conn.execute(select(entry.c.quantity).where(where)).scalar() or 0
        total = current + delta
        place = "" if section == MAIN else f" [{section}]"
        if total < 0:
            raise InputError(f"{row.name}{place} holds {current:,} {card.name}; cannot remove {-delta:,}.")
        if total > MAX_QUANTITY:
            raise InputError(f"{row.name}{place} holds {current:,} {card.name}; adding {delta:,} would pass "
                             f"{MAX_QUANTITY:,}, the most copies decklab counts.")
        if current == 0:
            position = conn.execute(select(func.coalesce(func.max(entry.c.position), -1) + 1)
                                    .where(entry.c.deck_id == row.id)).scalar()
            conn.execute(insert(entry).values(deck_id=row.id, card_id=card_id, section=section, quantity=total,
                                              position=position))
        elif total == 0:
            conn.execute(delete(entry).where(where))
        else:
            conn.execute(update(entry).where(where).values(quantity=entry.c.quantity + delta))
        conn.execute(update(table).where(table.c.id == row.id).values(updated_at=utcnow()))
        if row.built_at is not None and delta > 0 and shortages(conn, [card_id]):
            from .collection import owned

            raise InputError(f"'{row.name}' is built and you own {owned(database, card_id, conn=conn):,} {card.name}, "
                             f"not enough to add {delta:,} more beside what built decks reserve; add copies to your "
                             "collection or unbuild the deck first.")
    return total


def copy_deck(database: Database, source: str, target: str) -> Deck:
    """Save a copy of deck ``source`` as ``target``."""
    deck = get_deck(database, source)
    copy = Deck(name=target.strip(), game=deck.game, sections=deck.sections, format=deck.format)
    save_deck(database, copy, notes=deck_notes(database, source)["notes"])
    return copy


def delete_deck(database: Database, name: str) -> str:
    """Delete a saved deck; returns its name as stored."""
    from sqlalchemy import delete

    table, _ = _tables()
    with database.engine.begin() as conn:
        row = deck_row(conn, name)
        conn.execute(delete(table).where(table.c.id == row.id))
    return row.name


def deck_summary(deck: Deck) -> dict[str, Any]:
    """What ``deck show`` displays: each section's cards grouped (by type, or Mage Warfare pile),
    the group sizes and the curve of the game's cost (or value) field over the whole deck."""
    game = get_game(deck.game)
    field = game.curve_field
    sections = {}
    curve: dict[int, int] = {}
    for section, entries in deck.sections.items():
        groups: dict[str, list[dict[str, Any]]] = {}
        for card, quantity in entries:
            row = {"name": card.name, "type": card.type, "quantity": quantity}
            if field and card.get(field) is not None:
                row[field] = card.get(field)
                if section != "line":
                    curve[card.get(field)] = curve.get(card.get(field), 0) + quantity
            groups.setdefault(game.group_of(card.type), []).append(row)
        sections[section] = {
            "cards": sum(quantity for _, quantity in entries),
            "groups": {group: {"cards": sum(row["quantity"] for row in rows), "entries": rows}
                       for group, rows in groups.items()},
        }
    return {"name": deck.name, "game": deck.game, "format": deck.format, "cards": deck.size(),
            "sections": sections, "curve": {"field": field, "counts": dict(sorted(curve.items()))}}
