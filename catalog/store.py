"""Reading the catalog: listing, searching and looking up cards, and database facts."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .cards import Card
from .db import Database, display_url
from .errors import InputError, suggestion
from .games import get_game
from .migrations import HEAD


def card_query(*extra):
    """``SELECT`` of what builds a :class:`Card` (plus ``extra`` columns), with the card and set tables."""
    from sqlalchemy import Text, cast, select

    from .tables import card, card_set

    # the set's banlist comes as text, decoded once per distinct list (not once per card)
    query = (select(card.c.game, card_set.c.code, card.c.data, cast(card_set.c.banlist, Text).label("banlist"), *extra)
             .join(card_set, card.c.set_id == card_set.c.id))
    return query, card, card_set


def card_from_row(game: str, code: str, data: Any, banlist: Any) -> Card:
    """A :class:`Card` from a :func:`card_query` row; a game with a banlist gets ``banlist``:
    ``"banned"``, ``"limited"`` or ``None``."""
    record = _as_dict(data)
    if get_game(game).has_banlist:
        banned, limited = _banlist(banlist)
        name = record["name"]
        record = {**record, "banlist": "banned" if name in banned else "limited" if name in limited else None}
    return Card.from_record(game, code, record)


@lru_cache(maxsize=64)
def _banlist(text: str | None) -> tuple[frozenset[str], frozenset[str]]:
    """The banned and the limited card names of a set's banlist (stored as JSON text)."""
    lists = (_as_dict(text) if text else None) or {}
    return frozenset(lists.get("banned", ())), frozenset(lists.get("limited", ()))


def _cards(database: Database, query) -> list[Card]:
    with database.engine.connect() as conn:
        return [card_from_row(*row) for row in conn.execute(query)]


def _as_dict(data: Any) -> dict[str, Any]:
    if isinstance(data, str):
        import json

        return json.loads(data)
    return data


def list_cards(
    database: Database, *, game: str | None = None, card_type: str | None = None,
    faction: str | None = None, set_code: str | None = None,
) -> list[Card]:
    """Cards sorted by game and name, filtered by game, type, faction and set.

    :raises InputError: for an unknown game, or a type that is not one of the game's.
    """
    query, card, card_set = card_query()
    query = filter_cards(query, card, card_set, game=game, card_type=card_type, faction=faction, set_code=set_code)
    return _cards(database, query.order_by(card.c.game, card.c.name_key))


def filter_cards(query, card, card_set, *, game: str | None = None, card_type: str | None = None,
                 faction: str | None = None, set_code: str | None = None):
    """``query`` narrowed to a game, card type, faction and set (each optional, any case).

    :raises InputError: for an unknown game, or a type that is not one of the game's.
    """
    from sqlalchemy import func

    if game:
        the_game = get_game(game)
        query = query.where(card.c.game == the_game.id)
        if card_type and card_type.casefold() not in the_game.card_types:
            raise InputError(f"'{card_type}' is not a {the_game.name} card type; "
                             f"the types are {', '.join(the_game.card_types)}.")
    if card_type:
        query = query.where(card.c.type == card_type.casefold())
    if faction:
        query = query.where(func.lower(card.c.faction) == faction.casefold())
    if set_code:
        query = query.where(func.lower(card_set.c.code) == set_code.casefold())
    return query


def search_cards(database: Database, text: str, *, game: str | None = None) -> list[Card]:
    """Cards whose name or rules text contains ``text`` (case-insensitive), names first."""
    from sqlalchemy import case, func, or_

    needle = text.strip().casefold()
    if not needle:
        raise InputError("give some text to search for.")
    pattern = "%" + needle.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    query, card, _ = card_query()
    in_name = card.c.name_key.like(pattern, escape="\\")
    query = query.where(or_(in_name, func.lower(card.c.text).like(pattern, escape="\\")))
    if game:
        query = query.where(card.c.game == get_game(game).id)
    return _cards(database, query.order_by(case((in_name, 0), else_=1), card.c.game, card.c.name_key))


def find_card(database: Database, name: str, *, game: str | None = None) -> Card:
    """The card called ``name`` (case-insensitive), in ``game`` if given.

    :raises InputError: for an unknown name (with close matches), or a name
        that several games share when no game is given.
    """
    with database.reading() as conn:
        return resolve_card(conn, name, game=game)[1]


CARD_SQL = ("SELECT card.game, card_set.code, card.data, CAST(card_set.banlist AS TEXT), card.id, card.name_key "
            "FROM card JOIN card_set ON card.set_id = card_set.id")
"""Plain SQL (SQLite and PostgreSQL) of what builds a :class:`Card` (as :func:`card_query`), with the card's id and
key, for :func:`~decklab.catalog.db.fetch`: the read path of ``deck validate FILE`` and ``catalog show``."""


def resolve_card(conn, name: str, *, game: str | None = None) -> tuple[int, Card]:
    """``(card id, card)`` for the card called ``name`` on an open connection (SQLAlchemy's or
    :meth:`~decklab.catalog.db.Database.reading`'s); errors as :func:`find_card`."""
    from .db import fetch

    the_game = get_game(game) if game else None
    in_game = " AND card.game = :game" if the_game else ""
    params = {"key": name.strip().casefold(), "game": the_game.id if the_game else None}
    rows = fetch(conn, f"{CARD_SQL} WHERE card.name_key = :key{in_game}", params)
    found = [(row[4], card_from_row(*row[:4])) for row in rows]
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        games = " and ".join(sorted(c.game for _, c in found))
        raise InputError(f"'{name}' is a card in {games}; say which with --game.")
    names = [row[0] for row in fetch(conn, "SELECT card.name FROM card WHERE 1 = 1" + in_game, params)]
    where = f" in {the_game.name}" if the_game else ""
    raise InputError(f"no card is called '{name}'{where}{suggestion(name, names)}")


def card_id_column():
    """The card table's id column (for :func:`card_query`'s ``extra``)."""
    from .tables import card

    return card.c.id


def list_sets(database: Database, *, game: str | None = None) -> list[dict[str, Any]]:
    """Every set with its game, code, name, card count and banlist."""
    from sqlalchemy import func, select

    from .tables import card, card_set

    query = (
        select(card_set.c.game, card_set.c.code, card_set.c.name, card_set.c.banlist, func.count(card.c.id))
        .outerjoin(card, card.c.set_id == card_set.c.id)
        .group_by(card_set.c.id)
        .order_by(card_set.c.game, card_set.c.code)
    )
    if game:
        query = query.where(card_set.c.game == get_game(game).id)
    with database.engine.connect() as conn:
        return [
            {"game": g, "code": code, "name": name, "cards": count, "banlist": _as_dict(banlist) if banlist else None}
            for g, code, name, banlist, count in conn.execute(query)
        ]


def database_info(database: Database) -> dict[str, Any]:
    """The URL (password hidden), schema revision and counts of sets and cards per game."""
    from sqlalchemy import func, select

    from .games import all_games
    from .tables import card, card_set

    with database.engine.connect() as conn:
        cards = dict(conn.execute(select(card.c.game, func.count()).group_by(card.c.game)).all())
        sets = dict(conn.execute(select(card_set.c.game, func.count()).group_by(card_set.c.game)).all())
    return {
        "url": display_url(database.url),
        "backend": database.engine.dialect.name,
        "revision": database.revision(),
        "head": HEAD,
        "games": [
            {"game": game.id, "sets": sets.get(game.id, 0), "cards": cards.get(game.id, 0)} for game in all_games()
        ],
    }
