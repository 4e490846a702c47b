"""Decklist text (DESIGN §5): parsing into named entries, and writing a deck back.

Parsing needs no database: :func:`parse_decklist` checks the syntax and
returns names with quantities per section; :mod:`decklab.catalog.decks`
resolves the names against the catalog.

>>> text = "game: ward\\nname: Bears\\n3 Grizzly Bear\\n2x Backstab\\nExterminatus\\n"
>>> parsed = parse_decklist(text, source="bears.txt")
>>> parsed.game, parsed.name, [(e.quantity, e.name) for e in parsed.entries]
('ward', 'Bears', [(3, 'Grizzly Bear'), (2, 'Backstab'), (1, 'Exterminatus')])

Lines as Moxfield, Archidekt, Arena and MTGO export them are read too: a printing after the name
(``2 Archmage Seline (WRD1) 42``), a finish marker (``*F*`` foil, ``*E*`` etched), section headers
(``Deck``, ``Sideboard``, ``SIDEBOARD:``, ``// Sideboard``, ``Commander``, ``Companion``, Arena's
``About`` block with ``Name ...``) and MTGO's blank line before a sideboard (docs/importing.md).

>>> entry = parse_decklist("Deck\\n2 Archmage Seline (WRD1) 42 *F*\\n", source="arena.txt").entries[0]
>>> entry.name, entry.quantity, entry.section, entry.set_code, entry.number, entry.finish
('Archmage Seline', 2, 'main', 'WRD1', '42', 'foil')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .cards import MAIN, MAX_CARD_NAME, MAX_DECK_NAME, MAX_QUANTITY, Deck
from .errors import InputError
from .inputs import (
    check_text,
    load_json,
    load_yaml,
    nesting_depth_exceeds,
    parse_quantity,
    quantity_bound,
    read_text,
    shown_number,
    too_deep,
)

HEADERS = ("game", "name", "format")
_HEADER = re.compile(r"^(game|name|format)\s*:\s*(.*)$", re.IGNORECASE)
_SECTION = re.compile(r"^\[\s*([^\]]*?)\s*\]$")
_QUANTITY = re.compile(r"^([+-]?\d+)\s*[xX]?\s+(\S.*)$", re.ASCII)
_HEADER_LENGTH = {"game": 32, "name": MAX_DECK_NAME, "format": 32}
_PRINTING = re.compile(r"^(.*?\S)\s+\(([^()\s]{1,32})\)(?:\s+([^()\s*]{1,32}))?$")
"""``Name (SET)`` or ``Name (SET) number``: the printing Moxfield, Archidekt and Arena write after a name."""
_SET_CODE = re.compile(r"[A-Za-z0-9]*[0-9][A-Za-z0-9]*|[A-Z0-9]{2,8}|[a-z0-9]{2,8}")
"""A set code alone in brackets, with no collector number after it (``(WRD1)``, ``(cmr)``): a digit, or one case;
``Bear (Token)`` stays a name."""
_MARKER = re.compile(r"^(.*?\S)\s+\*([A-Za-z]{1,8})\*$")
"""``Name *F*``: a finish marker after a card line."""
_CATEGORY = re.compile(r"^(.*?\S)\s+\[([^\[\]]*)\](?:\s+\^[^^]*\^)?$")
"""``Name [Ramp,Sideboard{noDeck}] ^Tag^``: Archidekt's categories (and tags) after a card line."""
MARKERS = {"F": "foil", "E": "etched"}
"""The finish markers of an exported line (Moxfield's ``*F*`` foil and ``*E*`` etched) and the finish each means."""
_TOOL_HEADER = re.compile(r"^(?://\s*)?([A-Za-z][A-Za-z ]{0,20}?)\s*(?:\(\d{1,6}\))?\s*:?$")
_SIDEBOARD_LINE = re.compile(r"^SB:\s*(\S.*)$", re.IGNORECASE)
"""``SB: 2 Name``: a sideboard line as Magic Workstation and Deckstats write it."""
TOOL_SECTIONS = {
    "deck": MAIN, "main": MAIN, "main deck": MAIN, "maindeck": MAIN, "mainboard": MAIN,
    "sideboard": "sideboard", "side board": "sideboard", "commander": "commander", "commanders": "commander",
    "companion": "companion", "maybeboard": "maybeboard", "about": "about",
}
"""Section headers as collection tools write them (``Sideboard``, ``SIDEBOARD:``, ``// Sideboard``), case-insensitive,
and the section each opens. A section no game has (a sideboard, a commander) is refused when it holds cards."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One decklist line: a card name with its quantity, section and line number; and, as collection tools
    export a line, the printing's set code and collector number and the finish (``*F*``: ``foil``)."""

    name: str
    quantity: int
    section: str = MAIN
    line: int = 0
    set_code: str = ""
    number: str = ""
    finish: str = ""


@dataclass
class DecklistText:
    """A parsed decklist whose names are not yet matched to cards."""

    source: str
    entries: list[Entry] = field(default_factory=list)
    game: str | None = None
    name: str | None = None
    format: str | None = None


def parse_decklist(text: str, *, source: str, owned: bool = False) -> DecklistText:
    """Parse decklist text; ``source`` names the file in error messages.

    Besides decklab's own lines (DESIGN §5) it reads lines as collection tools export them (see the module's
    docstring and docs/importing.md). With ``owned`` the list is of cards you own (``collection import``): the
    cards of a sideboard, commander or companion section, which no game's deck has, are owned all the same and
    join the main list (a maybeboard is still refused: those are cards you might get).

    :raises InputError: for a quantity outside 1 to ``MAX_QUANTITY`` (also as the sum of a card's lines in a
        section), an empty section name, a control character or an over-long name, an unknown finish marker,
        cards in a section no game has (a sideboard, a commander: naming the line), or a deck with no cards.
    """
    parsed = DecklistText(source=source)
    section = MAIN
    totals: dict[tuple[str, str], int] = {}
    opened: dict[str, tuple[int, str]] = {}  # a tool's section -> (the line opening it, its header as written)
    marked = commented = headed = in_about = False
    blank: int | None = None  # the first blank line after a card line, until the next card line
    gaps: list[tuple[int, int]] = []  # (blank line, index of the first entry after it)
    for number, raw in enumerate(text.split("\n"), start=1):
        if not raw.strip():
            if parsed.entries and blank is None:
                blank = number
            in_about = False
            continue
        line = _strip_comment(raw)
        if not line or line.startswith("//") and _tool_section(line) is None:
            commented = True
            continue
        check_text(line, f"{source}: line {number}", prose=True)  # a tab may separate a quantity from its name
        header = _HEADER.match(line)
        if header and not parsed.entries:
            key, value = header[1].casefold(), header[2].strip()
            check_text(value, f"{source}: line {number}: the deck's {key}", _HEADER_LENGTH[key])
            setattr(parsed, key, value or None)
            headed = True
            continue
        found = _SECTION.match(line)
        if found:
            section = found[1].casefold()
            check_text(section, f"{source}: line {number}: the section's name", 32)
            if not section:
                raise InputError(f"{source}: line {number} opens a section with no name.")
            marked = True
            continue
        tool = _tool_section(line)
        if tool is not None:
            marked, in_about = True, tool == "about"
            if tool != "about":
                section = tool
                opened.setdefault(tool, (number, line))
            continue
        if in_about and line[:5].casefold() == "name " and line[5:].strip():
            value = line[5:].strip()
            check_text(value, f"{source}: line {number}: the deck's name", _HEADER_LENGTH["name"])
            parsed.name = parsed.name or value
            continue
        sideboard_line = _SIDEBOARD_LINE.match(line)
        if sideboard_line:
            opened.setdefault("sideboard", (number, "SB:"))
        entry = _entry(sideboard_line[1] if sideboard_line else line, number,
                       "sideboard" if sideboard_line else section, source)
        if entry.section != section and not sideboard_line:  # an Archidekt category naming a section: [Sideboard]
            opened.setdefault(entry.section, (number, f"[{line.rsplit('[', 1)[1].split(']')[0]}]"))
        key = (entry.section, entry.name.casefold())
        totals[key] = totals.get(key, 0) + entry.quantity
        if totals[key] > MAX_QUANTITY:
            raise InputError(f"{source}: line {number} brings the copies of {entry.name} to more than "
                             f"{MAX_QUANTITY:,}, the largest quantity.")
        if blank is not None:
            gaps.append((blank, len(parsed.entries)))
            blank = None
        parsed.entries.append(entry)
    if not parsed.entries:
        raise InputError(f"{source} names no cards.")
    if len(gaps) == 1 and not (marked or commented or headed):
        # MTGO's text export: the deck, a blank line, the sideboard (no header, no comment, nothing else).
        gap, start = gaps[0]
        parsed.entries[start:] = [replace(entry, section="sideboard") for entry in parsed.entries[start:]]
        opened["sideboard"] = (gap, "")
    _refuse_sections_no_game_has(parsed, opened, owned=owned)
    return parsed


def _tool_section(line: str) -> str | None:
    """The section a tool's header line opens (``Sideboard``, ``SIDEBOARD:``, ``// Sideboard``), or None."""
    found = _TOOL_HEADER.match(line)
    return TOOL_SECTIONS.get(" ".join(found[1].casefold().split())) if found else None


def _entry(line: str, number: int, section: str, source: str) -> Entry:
    """One card line: ``[N[x]] Name [(SET) [number]] [*F*]``."""
    quantity, name = 1, line
    counted = _QUANTITY.match(line)
    if counted:
        quantity, name = parse_quantity(counted[1]), counted[2].strip()
        bound = quantity_bound(quantity)
        if bound:
            raise InputError(f"{source}: line {number} asks for {shown_number(counted[1])} of {_name(name)}; "
                             f"a quantity is {bound}.")
    finish = set_code = collector = ""
    category = _CATEGORY.match(name) if counted else None
    if category:
        name = category[1]
        for label in category[2].split(","):
            chosen = TOOL_SECTIONS.get(" ".join(re.sub(r"\{[^}]*\}", "", label).casefold().split()))
            if chosen not in (None, "about"):
                section = chosen
                break
    marker = _MARKER.match(name)
    if marker:
        if marker[2].upper() not in MARKERS:
            shown = ", ".join(f"*{key}* {value}" for key, value in MARKERS.items())
            raise InputError(f"{source}: line {number}: *{marker[2]}* is not a marker decklab reads ({shown}).")
        name, finish = marker[1], MARKERS[marker[2].upper()]
    printing = _PRINTING.match(name)
    if printing and (printing[3] or _SET_CODE.fullmatch(printing[2])):
        name, set_code, collector = printing[1], printing[2], printing[3] or ""
        check_text(set_code, f"{source}: line {number}: the set code", 32)
        check_text(collector, f"{source}: line {number}: the collector number", 32)
    check_text(name, f"{source}: line {number}: the card's name", MAX_CARD_NAME)
    return Entry(name=name, quantity=quantity, section=section, line=number, set_code=set_code, number=collector,
                 finish=finish)


OWNED_SECTIONS = ("sideboard", "commander", "companion")
"""A tool's sections whose cards a list of cards owned counts (a maybeboard's are not owned)."""


def _refuse_sections_no_game_has(parsed: DecklistText, opened: dict[str, tuple[int, str]], *,
                                 owned: bool = False) -> None:
    """Refuse cards in a section a tool opened (a sideboard, a commander) that no registered game's deck has;
    with ``owned``, move those of :data:`OWNED_SECTIONS` into the main list instead."""
    if not any(section != MAIN for section in opened):
        return
    from .games import all_games

    for section, (line, written) in opened.items():
        held = [entry for entry in parsed.entries if entry.section == section]
        if section == MAIN or not held or any(section in game.sections for game in all_games()):
            continue
        if owned and section in OWNED_SECTIONS:
            parsed.entries = [replace(entry, section=MAIN) if entry.section == section else entry
                              for entry in parsed.entries]
            continue
        sides = [f"{game.name}'s {' and '.join(f'[{s}]' for s in game.sections if s not in game.selections)}"
                 for game in all_games() if any(s not in game.selections for s in game.sections)]
        cards = sum(entry.quantity for entry in held)
        count = f"{cards:,} card{'s' if cards != 1 else ''}"
        no_game = f"which no decklab game has (the side decks are {', '.join(sides)})"
        if written:
            what = "a sideboard" if section == "sideboard" else f"a {section} section"
            verb = "marks" if written == "SB:" else "opens"
            them = "them" if cards != 1 else "it"
            raise InputError(f"{parsed.source}: line {line}: '{written}' {verb} {what}, {no_game}; leave out its "
                             f"{count}, or move {them} into the deck or one of those sections.")
        raise InputError(f"{parsed.source}: line {held[0].line}: the {count} after the blank line {line} read as a "
                         f"sideboard (MTGO's text export), {no_game}; leave {'them' if cards != 1 else 'it'} out, or "
                         f"delete the blank line to keep {'them' if cards != 1 else 'it'} in the deck.")


def check_printings(conn: Any, parsed: DecklistText, game: Any) -> None:
    """:func:`check_sets` against the sets of ``game`` (a :class:`~decklab.catalog.games.Game`) in the catalog,
    read on ``conn`` (from :meth:`~decklab.catalog.db.Database.reading`); nothing is read when no line names a set.

    :raises InputError: naming the first line whose set is not one of the game's.
    """
    if not any(entry.set_code for entry in parsed.entries):
        return
    from .db import fetch

    sets = dict(fetch(conn, "SELECT code, name FROM card_set WHERE game = :game", {"game": game.id}))
    check_sets(parsed, game.name, sets)


def check_sets(parsed: DecklistText, game_name: str, sets: dict[str, str]) -> None:
    """Refuse a line whose printing names a set that is not one of ``sets`` (code -> name; a line may give
    either, in any case). The card itself is matched by name: decklab keeps one printing of each card.

    :raises InputError: naming the line, the set and the sets of the game.

    >>> parsed = parse_decklist("2 Archmage Seline (WRD9) 42\\n", source="arena.txt")
    >>> try:  # doctest: +NORMALIZE_WHITESPACE
    ...     check_sets(parsed, "Ward", {"WRD1": "Ward Starter Set"})
    ... except InputError as exc:
    ...     print(exc)
    arena.txt: line 1: the set 'WRD9' of Archmage Seline is not a Ward set in the catalog; its sets are WRD1 (Ward
    Starter Set).
    """
    known = {key.casefold() for code, name in sets.items() for key in (code, name)}
    for entry in parsed.entries:
        if entry.set_code and entry.set_code.casefold() not in known:
            listed = ", ".join(f"{code} ({name})" for code, name in sorted(sets.items())) or "none"
            raise InputError(f"{parsed.source}: line {entry.line}: the set '{entry.set_code}' of {entry.name} is "
                             f"not a {game_name} set in the catalog; its sets are {listed}.")


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
    kind = "json" if suffix == ".json" else "yaml" if suffix in (".yaml", ".yml") else "text"
    return read_decklist_text(text, source=path.name, kind=kind)


DECKLIST_KINDS = ("text", "json", "yaml")
"""What a decklist can be written in: decklist text (decklab's or a collection tool's), or the JSON or YAML
document of ``deck export``."""


def sniff_decklist(text: str) -> str:
    """Which of :data:`DECKLIST_KINDS` ``text`` is written in: ``json`` when it opens with ``{``, ``yaml`` when a
    line opens a ``sections:`` mapping, else ``text``.

    >>> sniff_decklist('{"game": "ward", "sections": {}}'), sniff_decklist("game: ward\\nsections:\\n  main: []\\n")
    ('json', 'yaml')
    >>> sniff_decklist("game: ward\\n3 Ember Whelp\\n")
    'text'
    """
    if text.lstrip().startswith("{"):
        return "json"
    if re.search(r"^sections\s*:\s*(#.*)?$", text, re.MULTILINE):
        return "yaml"
    return "text"


def read_decklist_text(text: str, *, source: str, kind: str | None = None, owned: bool = False) -> DecklistText:
    """Parse a decklist already read (from stdin: ``deck validate -``): ``kind`` is one of
    :data:`DECKLIST_KINDS`, or None to tell it from the text (:func:`sniff_decklist`); ``source`` names it in
    error messages ("stdin"); ``owned`` as :func:`parse_decklist`.

    :raises InputError: for an unknown ``kind`` or bad content, as :func:`read_decklist`.
    """
    chosen = sniff_decklist(text) if kind is None else kind.strip().casefold()
    if chosen not in DECKLIST_KINDS:
        raise InputError(f"'{kind}' is not a decklist format; the formats are {', '.join(DECKLIST_KINDS)}.")
    if chosen == "text":
        return parse_decklist(text, source=source, owned=owned)
    document = load_json(text, source) if chosen == "json" else load_yaml(text, source)
    if nesting_depth_exceeds(document):
        raise too_deep(source)
    return _from_document(document, source=source)


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
    cleaned = {key: (value or "").strip() or None for key, value in headers.items()}
    parsed = DecklistText(source=source, game=cleaned["game"], name=cleaned["name"], format=cleaned["format"])
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
            card_key = (section.casefold(), name.casefold())
            totals[card_key] = totals.get(card_key, 0) + quantity
            if totals[card_key] > MAX_QUANTITY:
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
        from .inputs import dump_yaml

        return dump_yaml(deck_document(deck))
    raise InputError(f"'{file_format}' is not an export format; the formats are {', '.join(EXPORT_FORMATS)}.")
