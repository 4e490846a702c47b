"""SQLModel classes of the catalog, derived from the tables of :mod:`decklab.catalog.tables`.

The tables are described once, in SQLAlchemy Core (reading needs nothing more, and never imports SQLModel or
pydantic); each class here is mapped onto its table, with one pydantic field per column taken from the column's
type, nullability and default. ``SQLModel.metadata`` is the tables' metadata, which Alembic compares with the
migrations. Imported only by code that writes.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from sqlalchemy import Table
from sqlalchemy.orm import registry
from sqlmodel import Field
from sqlmodel import SQLModel as _SQLModel

from . import tables
from .tables import utcnow

__all__ = ["CardRow", "CardSetRow", "CollectionItemRow", "DeckEntryRow", "DeckRow", "SQLModel", "utcnow"]


class SQLModel(_SQLModel, registry=registry(metadata=tables.metadata)):
    """The base of decklab's models: its ``metadata`` is :data:`decklab.catalog.tables.metadata`."""


def _model(name: str, table: Table) -> type[SQLModel]:
    """A SQLModel class mapped onto ``table``, a field per column (Optional when the column is nullable or the
    database fills it in, with the column's default)."""
    annotations: dict[str, Any] = {}
    namespace: dict[str, Any] = {"__doc__": f"A row of the {table.name} table (see decklab.catalog.tables).",
                                 "__table__": table, "__module__": __name__, "__qualname__": name,
                                 "__annotations__": annotations}
    for column in table.columns:
        kind = column.type.python_type
        optional = column.nullable or column.primary_key
        annotations[column.key] = kind | None if optional else kind
        default: Any = column.default
        if default is not None and default.is_callable:  # SQLAlchemy's wrapper of the function takes a context
            field = Field(default_factory=partial(default.arg, None), sa_column=column)
        elif default is not None or optional:
            field = Field(default=None if default is None else default.arg, sa_column=column)
        else:
            field = Field(sa_column=column)
        namespace[column.key] = field
    metaclass: Any = type(_SQLModel)
    return metaclass(name, (SQLModel,), namespace, table=True)


CardSetRow = _model("CardSetRow", tables.card_set)
CardRow = _model("CardRow", tables.card)
DeckRow = _model("DeckRow", tables.deck)
DeckEntryRow = _model("DeckEntryRow", tables.deck_entry)
CollectionItemRow = _model("CollectionItemRow", tables.collection_item)
