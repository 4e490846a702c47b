"""Decklist text (DESIGN §5): parsing into named entries, and writing a deck back.

Parsing needs no database: :func:`parse_decklist` checks the syntax and
returns names with quantities per section; :mod:`decklab.catalog.decks`
resolves the names against the catalog.

>>> text = "game: ward\\nname: Bears\\n3 Grizzly Bear\\n2x Backstab\\nExterminatus\\n"
>>> parsed = parse_decklist(text, source="bears.txt")
>>> parsed.game, parsed.name, [(e.quantity, e.name) for e in parsed.entries]
('ward', 'Bears', [(3, 'Grizzly Bear'), (2, 'Backstab'), (1, 'Exterminatus')])
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .cards import MAIN, MAX_CARD_NAME, MAX_DECK_NAME, MAX_QUANTITY, Deck
from .errors import InputError
from .inputs import (check_text, load_json, load_yaml, nesting_depth_exceeds, parse_quantity, quantity_bound, read_text,
                     shown_number, too_deep)

HEADERS = ("game", "name", "format")
_HEADER = re.compile(r"^(game|name|format)\s*:\s*(.*)$", re.IGNORECASE)
_SECTION = re.compile(r"^\[\s*([^\]]*?)\s*\]$")
_QUANTITY = re.compile(r"^([+-]?\d+)\s*[xX]?\s+(\S.*)$", re.ASCII)
_HEADER_LENGTH = {"game": 32, "name": MAX_DECK_NAME, "format": 32}


@dataclass(frozen=True, slots=True)
class Entry:
    """One decklist line: a card name with its quantity, section and line number."""

    name: str
    quantity: int
    section: str = MAIN
    line: int = 0


@dataclass
class DecklistText:
    """A parsed decklist whose names are not yet matched to cards."""

    source: str
    entries: list[Entry] = field(default_factory=list)
    game: str | None = None
    name: str | None = None
    format: str | None = None


def parse_decklist(text: str, *, source: str) -> DecklistText:
    """Parse decklist text; ``source`` names the file in error messages.

    :raises InputError: for a quantity outside 1 to ``MAX_QUANTITY`` (also as the sum of a card's lines in a
        section), an empty section name, a control character or an over-long name, or a deck with no cards.
    """
    parsed = DecklistText(source=source)
    section = MAIN
    totals: dict[tuple[str, str], int] = {}
    for number, raw in enumerate(text.split("\n"), start=1):
        line = _strip_comment(raw)
        if not line:
            continue
        check_text(line, f"{source}: line {number}", prose=True)  # a tab may separate a quantity from its name
        header = _HEADER.match(line)
        if header and not parsed.entries:
            key, value = header[1].casefold(), header[2].strip()
            check_text(value, f"{source}: line {number}: the deck's {key}", _HEADER_LENGTH[key])
            setattr(parsed, key, value or None)
            continue
        found = _SECTION.match(line)
        if found:
            section = found[1].casefold()
            check_text(section, f"{source}: line {number}: the section's name", 32)
            if not section:
                raise InputError(f"{source}: line {number} opens a section with no name.")
            continue
        quantity, name = 1, line
        counted = _QUANTITY.match(line)
        if counted:
            quantity, name = parse_quantity(counted[1]), counted[2].strip()
            bound = quantity_bound(quantity)
            if bound:
                raise InputError(f"{source}: line {number} asks for {shown_number(counted[1])} of {_name(name)}; "
                                 f"a quantity is {bound}.")
        check_text(name, f"{source}: line {number}: the card's name", MAX_CARD_NAME)
        key = (section, name.casefold())
        totals[key] = totals.get(key, 0) + quantity
        if totals[key] > MAX_QUANTITY:
            raise InputError(f"{source}: line {number} brings the copies of {name} to more than {MAX_QUANTITY:,}, "
                             "the largest quantity.")
        parsed.entries.append(Entry(name=name, quantity=quantity, section=section, line=number))
    if not parsed.entries:
        raise InputError(f"{source} names no cards.")
    return parsed


def _name(name: str) -> str:
    """A card name as written, cut for a sentence when it is too long to be one."""
    return name if len(name) <= MAX_CARD_NAME else f"{name[:MAX_CARD_NAME]}..."


def _strip_comment(line: str) -> str:
    """Drop a whole-line ``#`` comment, or one after a space."""
    stripped = line.strip()
    if stripped.startswith("#"):
        return ""
    return re.split(r"\s#", stripped, maxsplit=1)[0].strip()


def read_decklist(path: str | Path) -> DecklistText:
    """Read a decklist file: text (any extension), or the JSON/YAML that ``deck export`` writes.

    :raises InputError: for an unreadable file (see :func:`~decklab.catalog.inputs.read_text`) or bad content.
    """
    path = Path(path)
    text = read_text(path, "a decklist")
    suffix = path.suffix.casefold()
    if suffix in (".json", ".yaml", ".yml"):
        document = load_json(text, path.name) if suffix == ".json" else load_yaml(text, path.name)
        if nesting_depth_exceeds(document):
            raise too_deep(path.name)
        return _from_document(document, source=path.name)
    return parse_decklist(text, source=path.name)


def _from_document(document: Any, *, source: str) -> DecklistText:
    """The structure ``deck export --format json|yaml`` writes: game, name, format, sections.

    The same bounds as a text decklist apply: headers are text, names have no control characters, quantities are
    whole numbers from 1 to ``MAX_QUANTITY`` (also summed per card and section).
    """
    if not isinstance(document, dict) or not isinstance(document.get("sections"), dict):
        raise InputError(f"{source} should hold a deck: a mapping with game, name and sections.")
    headers = {key: document.get(key) for key in HEADERS}
    for key, value in headers.items():
        if value is not None and not isinstance(value, str):
            raise InputError(f"{source}: the deck's '{key}' should be text, not {_a_kind(value)}.")
        if value is not None:
            check_text(value.strip(), f"{source}: the deck's {key}", _HEADER_LENGTH[key])
    parsed = DecklistText(source=source, **{key: (value or "").strip() or None for key, value in headers.items()})
    totals: dict[tuple[str, str], int] = {}
    for section, cards in document["sections"].items():
        if not isinstance(section, str):
            raise InputError(f"{source}: a section's name should be text, not {_a_kind(section)}.")
        check_text(section, f"{source}: a section's name", 32)
        if cards is None:
            continue
        if not isinstance(cards, list):
            raise InputError(f"{source}: section {section} should be a list of cards with quantities, "
                             f"not {_a_kind(cards)}.")
        for number, entry in enumerate(cards, start=1):
            if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
                raise InputError(f"{source}: entry {number} of section {section} needs a name and a quantity.")
            name = entry["name"].strip()
            check_text(name, f"{source}: entry {number} of section {section}", MAX_CARD_NAME)
            quantity = entry.get("quantity", 1)
            bound = "a whole number" if not isinstance(quantity, int) or isinstance(quantity, bool) else None
            bound = bound or quantity_bound(quantity)
            if bound:
                shown = shown_number(str(quantity)) if isinstance(quantity, int) else repr(quantity)[:40]
                raise InputError(f"{source}: {name} has quantity {shown}; a quantity is {bound}.")
            key = (section.casefold(), name.casefold())
            totals[key] = totals.get(key, 0) + quantity
            if totals[key] > MAX_QUANTITY:
                raise InputError(f"{source}: the copies of {name} in section {section} add up to more than "
                                 f"{MAX_QUANTITY:,}, the largest quantity.")
            parsed.entries.append(Entry(name=name, quantity=quantity, section=section.casefold()))
    if not parsed.entries:
        raise InputError(f"{source} names no cards.")
    return parsed


def _a_kind(value: Any) -> str:
    """``a number``, ``a list``...: what a value from a JSON or YAML file is, for a sentence."""
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number"
    return {"list": "a list", "dict": "a mapping", "str": "text", "NoneType": "empty"}.get(type(value).__name__,
                                                                                          f"a {type(value).__name__}")


def deck_document(deck: Deck) -> dict[str, Any]:
    """A deck as the JSON/YAML export: game, name, format, and each section's cards."""
    return {
        "game": deck.game, "name": deck.name, "format": deck.format,
        "sections": {section: [{"name": card.name, "quantity": quantity} for card, quantity in entries]
                     for section, entries in deck.sections.items() if entries},
    }


def format_decklist(deck: Deck) -> str:
    """The deck as decklist text; parsing it back gives the same deck."""
    lines = [f"game: {deck.game}", f"name: {deck.name}"]
    if deck.format != "official":
        lines.append(f"format: {deck.format}")
    ordered = [MAIN, *(section for section in deck.sections if section != MAIN)]
    for section in ordered:
        entries = deck.entries(section)
        if not entries:
            continue
        if section != MAIN:
            lines.append(f"[{section}]")
        lines.extend(f"{quantity} {card.name}" for card, quantity in entries)
    return "\n".join(lines) + "\n"


EXPORT_FORMATS = ("text", "json", "yaml")


def export_deck(deck: Deck, file_format: str = "text") -> str:
    """The deck as decklist text, JSON or YAML; :func:`read_decklist` reads each back.

    :raises InputError: for another format.
    """
    chosen = file_format.strip().casefold()
    if chosen == "text":
        return format_decklist(deck)
    if chosen == "json":
        import json

        return json.dumps(deck_document(deck), indent=2, ensure_ascii=False) + "\n"
    if chosen == "yaml":
        import yaml

        return yaml.safe_dump(deck_document(deck), sort_keys=False, allow_unicode=True)
    raise InputError(f"'{file_format}' is not an export format; the formats are {', '.join(EXPORT_FORMATS)}.")
