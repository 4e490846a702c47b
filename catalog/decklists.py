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

from .cards import MAIN, Deck
from .errors import InputError, read_text

HEADERS = ("game", "name", "format")
_HEADER = re.compile(r"^(game|name|format)\s*:\s*(.*)$", re.IGNORECASE)
_SECTION = re.compile(r"^\[\s*([^\]]*?)\s*\]$")
_QUANTITY = re.compile(r"^([+-]?\d+)\s*[xX]?\s+(\S.*)$")


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

    :raises InputError: for a quantity below 1, an empty section name, or a deck with no cards.
    """
    parsed = DecklistText(source=source)
    section = MAIN
    for number, raw in enumerate(text.splitlines(), start=1):
        line = _strip_comment(raw)
        if not line:
            continue
        header = _HEADER.match(line)
        if header and not parsed.entries:
            setattr(parsed, header[1].casefold(), header[2].strip() or None)
            continue
        found = _SECTION.match(line)
        if found:
            section = found[1].casefold()
            if not section:
                raise InputError(f"{source}: line {number} opens a section with no name.")
            continue
        quantity, name = 1, line
        counted = _QUANTITY.match(line)
        if counted:
            quantity, name = int(counted[1]), counted[2].strip()
            if quantity < 1:
                raise InputError(f"{source}: line {number} asks for {quantity} of {name}; a quantity is at least 1.")
        parsed.entries.append(Entry(name=name, quantity=quantity, section=section, line=number))
    if not parsed.entries:
        raise InputError(f"{source} names no cards.")
    return parsed


def _strip_comment(line: str) -> str:
    """Drop a whole-line ``#`` comment, or one after a space."""
    stripped = line.strip()
    if stripped.startswith("#"):
        return ""
    return re.split(r"\s#", stripped, maxsplit=1)[0].strip()


def read_decklist(path: str | Path) -> DecklistText:
    """Read a decklist file: text (any extension), or the JSON/YAML that ``deck export`` writes."""
    path = Path(path)
    text = read_text(path, "a decklist")
    if path.suffix.casefold() in (".json", ".yaml", ".yml"):
        return _from_document(_load_document(text, path), source=path.name)
    return parse_decklist(text, source=path.name)


def _load_document(text: str, path: Path) -> Any:
    if path.suffix.casefold() == ".json":
        import json

        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputError(f"{path.name} is not valid JSON at line {exc.lineno}: {exc.msg}.") from None
    import fast_yaml

    try:
        return fast_yaml.safe_load(text)
    except (ValueError, fast_yaml.YAMLError):
        raise InputError(f"{path.name} is not valid YAML.") from None


def _from_document(document: Any, *, source: str) -> DecklistText:
    """The structure ``deck export --format json|yaml`` writes: game, name, format, sections."""
    if not isinstance(document, dict) or not isinstance(document.get("sections"), dict):
        raise InputError(f"{source} should hold a deck: a mapping with game, name and sections.")
    parsed = DecklistText(source=source, game=document.get("game"), name=document.get("name"),
                          format=document.get("format"))
    for section, cards in document["sections"].items():
        for number, entry in enumerate(cards or [], start=1):
            if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
                raise InputError(f"{source}: entry {number} of section {section} needs a name and a quantity.")
            quantity = entry.get("quantity", 1)
            if not isinstance(quantity, int) or isinstance(quantity, bool) or quantity < 1:
                raise InputError(f"{source}: {entry['name']} has quantity {quantity!r}; a quantity is a whole number of at least 1.")
            parsed.entries.append(Entry(name=entry["name"], quantity=quantity, section=str(section).casefold()))
    if not parsed.entries:
        raise InputError(f"{source} names no cards.")
    return parsed


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
