"""Reading what the user hands decklab (set files, decklists, collection CSVs) within bounds.

Every input file goes through :func:`read_text`: a regular file of at most
:data:`MAX_FILE_BYTES`, UTF-8 with or without a byte-order mark. Text taken
from a file is checked by :func:`check_text` (names and text may not carry
terminal control codes, and fit their database columns), CSV rows come from :func:`csv_rows` (a broken
row is a sentence naming its line), and quantities from :func:`parse_quantity` and
:func:`quantity_bound` (a whole number from 1 to :data:`~decklab.catalog.cards.MAX_QUANTITY`).
Every check raises :class:`~decklab.catalog.errors.InputError` with one sentence.
"""

from __future__ import annotations

import csv
import io
import re
import stat
from pathlib import Path
from typing import Any, Iterator

from .cards import MAX_QUANTITY
from .errors import InputError

MAX_FILE_BYTES = 64 * 1024 * 1024
"""The largest input file decklab reads (64 MiB): a set file of 100,000 cards is about 30 MiB."""

MAX_CSV_CELL = csv.field_size_limit()
"""The longest CSV cell, in characters (Python's csv limit, 131,072)."""

MAX_NESTING = 32
"""How deeply a JSON or YAML input file may nest mappings and lists (a set file needs about 6 levels)."""

_BOM = b"\xef\xbb\xbf"

CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
"""A control character: C0 codes (NUL, BEL, ESC, tab, line break...), DEL and C1 codes."""

CONTROL_IN_PROSE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
"""A control character other than tab and line break (which prose, such as rules text, may hold)."""
_CONTROL_NAMES = {0x00: "NUL", 0x07: "BEL", 0x08: "backspace", 0x09: "tab", 0x0A: "line break", 0x0D: "carriage return",
                  0x1B: "ESC", 0x7F: "DEL"}


def read_text(path: str | Path, what: str) -> str:
    """The UTF-8 text of the regular file ``path`` (a leading byte-order mark dropped); ``what`` names the
    kind of file in the error ("a set file").

    :raises InputError: when the file is missing, a folder, a device, pipe or socket, larger than
        :data:`MAX_FILE_BYTES`, unreadable, or not UTF-8 (naming the byte offset and line of the first bad byte).
    """
    path = Path(path)
    try:
        mode = path.stat().st_mode
        if stat.S_ISDIR(mode):
            raise InputError(f"cannot read {path}: it is a folder, not {what}.")
        if not stat.S_ISREG(mode):
            raise InputError(f"cannot read {path}: it is not a regular file (a device, pipe or socket), so not {what}.")
        with path.open("rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise InputError(f"cannot read {path}: no such file.") from None
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror or exc}.") from None
    if len(data) > MAX_FILE_BYTES:
        raise InputError(f"cannot read {path}: it is larger than {MAX_FILE_BYTES // 2**20} MiB, "
                         f"the most decklab reads from {what}.")
    skip = len(_BOM) if data.startswith(_BOM) else 0
    try:
        text = data[skip:].decode("utf-8")
    except UnicodeDecodeError as exc:
        offset = skip + exc.start
        line = data.count(b"\n", 0, offset) + 1
        raise InputError(f"cannot read {path}: it is not UTF-8 text (byte 0x{data[offset]:02X} at offset {offset}, "
                         f"line {line}).") from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def control_character(text: str, *, prose: bool = False) -> str | None:
    """Describe the first control character in ``text`` ("ESC (U+001B)"), or None when there is none.

    C0 codes, DEL and C1 codes count; ``prose`` (rules text, notes) allows tabs and line breaks.

    >>> control_character("Grizzly\\x1b[31m Bear")
    'ESC (U+001B)'
    >>> control_character("line one\\nline two", prose=True) is None
    True
    """
    found = (CONTROL_IN_PROSE if prose else CONTROL).search(text)
    if found is None:
        return None
    code = ord(found.group())
    name = _CONTROL_NAMES.get(code, "a control character")
    return f"{name} (U+{code:04X})"


def check_text(text: str, what: str, limit: int | None = None, *, prose: bool = False) -> str:
    """Return ``text`` when it holds no control character (see :func:`control_character`) and has at most
    ``limit`` characters; else raise one sentence naming ``what`` ("bad.deck: line 2: the deck's name").

    :raises InputError: for a control character or a text that is too long.

    >>> check_text("Bear Rush", "the deck's name", 200)
    'Bear Rush'
    """
    found = control_character(text, prose=prose)
    if found:
        raise InputError(f"{what} contains {found}; names and text may not hold control characters.")
    if limit is not None and len(text) > limit:
        raise InputError(f"{what} has {len(text):,} characters; it may have at most {limit:,}.")
    return text


def nesting_depth_exceeds(value: object, limit: int = MAX_NESTING) -> bool:
    """Whether mappings and lists in ``value`` nest more than ``limit`` levels deep (checked without recursion).

    >>> nesting_depth_exceeds({"a": [[1]]}, 3), nesting_depth_exceeds({"a": [[1]]}, 2)
    (False, True)
    """
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return False


def parse_quantity(text: str) -> int:
    """The whole number a file writes as a quantity: ASCII digits with an optional sign, not yet range-checked
    (see :func:`quantity_bound`). A number of more than 20 digits reads as ``MAX_QUANTITY + 1`` (or its negative).

    :raises ValueError: when ``text`` is not a whole number.

    >>> parse_quantity("3"), parse_quantity("+12"), parse_quantity("9" * 5000) == MAX_QUANTITY + 1
    (3, 12, True)
    """
    written = text.strip()
    digits = written[1:] if written[:1] in ("+", "-") else written
    if not digits.isascii() or not digits.isdigit():
        raise ValueError(f"'{written}' is not a whole number")
    value = int(digits) if len(digits) <= 20 else MAX_QUANTITY + 1
    return -value if written.startswith("-") else value


def quantity_bound(quantity: int) -> str | None:
    """The bound ``quantity`` breaks ("at least 1", "at most 2,147,483,647"), or None when it is a quantity.

    >>> quantity_bound(0), quantity_bound(2**63), quantity_bound(3) is None
    ('at least 1', 'at most 2,147,483,647', True)
    """
    if quantity < 1:
        return "at least 1"
    if quantity > MAX_QUANTITY:
        return f"at most {MAX_QUANTITY:,}"
    return None


def shown_number(text: str) -> str:
    """A number as written in a file, for a sentence: long ones are summarised by their digit count (other long
    text is cut).

    >>> shown_number("12"), shown_number("9" * 40), shown_number("many " * 10)
    ('12', 'a number of 40 digits', 'many many many many many...')
    """
    written = text.strip()
    if len(written) <= 24:
        return written
    digits = written.lstrip("+-")
    return f"a number of {len(digits):,} digits" if digits.isascii() and digits.isdigit() else f"{written[:24]}..."


def load_yaml(raw: str, label: str) -> Any:
    """Parse YAML 1.2 (so ``name: No`` stays the text "No") with the Rust-backed fast_yaml.

    :raises InputError: for invalid YAML (with its line and column), or YAML past the parser's resource limits
        (nesting over 255 levels, aliases expanding past 64 MiB).
    """
    import fast_yaml

    try:
        document = fast_yaml.safe_load(raw)
    except RecursionError:
        raise too_deep(label) from None
    except (ValueError, fast_yaml.YAMLError) as exc:
        detail = str(exc).rsplit("error: ", 1)[-1].strip().rstrip(".")
        found = re.search(r"^(.*?)\s+at line (\d+),? column (\d+)(?::\s*(.*))?", detail)
        if found:
            problem, line, column, reason = found.groups()
            if "resource limit" in problem and reason:
                reason = reason.split(", which")[0]
                raise InputError(f"{label} cannot be read at line {line}, column {column}: {reason}.") from None
            raise InputError(f"{label} is not valid YAML at line {line}, column {column}: {problem}.") from None
        raise InputError(f"{label} is not valid YAML: {detail}.") from None
    return document


def load_json(raw: str, label: str) -> Any:
    """Parse JSON.

    :raises InputError: for invalid JSON (with its line and column), nesting too deep for the parser (about
        1,000 levels), or a number of thousands of digits.
    """
    import json

    try:
        document = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise InputError(f"{label} is not valid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}.") from None
    except RecursionError:
        raise too_deep(label) from None
    except ValueError:
        raise InputError(f"{label} holds a number of more than 4,300 digits, which no card or deck has.") from None
    return document


def too_deep(label: str) -> InputError:
    """The sentence for a file nested deeper than :data:`MAX_NESTING` levels."""
    return InputError(f"{label} nests lists and mappings more than {MAX_NESTING} levels deep; "
                      "a card-set or deck file needs only a few.")


def csv_rows(text: str, label: str, *, casefold: bool = False) -> tuple[list[str], Iterator[tuple[int, dict[str, str | None]]]]:
    """The header of CSV ``text`` (cells stripped, and case-folded with ``casefold``) and its rows as
    ``(line, {column: cell})``.

    ``line`` is the line the row starts on; blank lines are skipped. A row with more cells than the header
    has a ``None`` key (as :class:`csv.DictReader` gives it).

    :raises InputError: naming the line of a cell over :data:`MAX_CSV_CELL` characters or another broken row
        (raised while iterating).
    """
    reader = csv.reader(io.StringIO(text))
    try:
        header = [cell.strip().casefold() if casefold else cell.strip() for cell in next(reader, [])]
    except csv.Error as exc:
        raise _csv_error(exc, label, reader.line_num) from None

    def rows() -> Iterator[tuple[int, dict[str, str | None]]]:
        start = reader.line_num + 1
        while True:
            try:
                cells = next(reader)
            except StopIteration:
                return
            except csv.Error as exc:
                raise _csv_error(exc, label, reader.line_num) from None
            if cells:
                row: dict[str, str | None] = dict(zip(header, cells))
                if len(cells) > len(header):
                    row[None] = cells[len(header):]  # type: ignore[index]
                for column in header[len(cells):]:
                    row.setdefault(column, None)
                yield start, row
            start = reader.line_num + 1

    return header, rows()


def _csv_error(exc: csv.Error, label: str, line: int) -> InputError:
    if "field larger than field limit" in str(exc):
        return InputError(f"{label}: line {line} has a cell longer than {MAX_CSV_CELL:,} characters, "
                          "the most a CSV cell may hold.")
    return InputError(f"{label}: line {line} is not valid CSV: {str(exc).rstrip('.')}.")
