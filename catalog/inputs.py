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
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, NoReturn

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
    return _decoded(data, name=str(path), what=what, larger="it is larger than")


def read_stream(stream: Any, what: str, *, name: str = "stdin") -> str:
    """The UTF-8 text of an open stream (stdin), checked as :func:`read_text` checks a file; ``what`` names the
    kind of input in the error ("a decklist").

    :raises InputError: when the stream is a terminal (nothing piped), empty, larger than :data:`MAX_FILE_BYTES`,
        or not UTF-8 (naming the byte offset and line of the first bad byte).
    """
    if stream is None or stream.isatty():
        raise InputError(f"'-' reads {what} from {name}, but nothing was piped in; pipe a file in "
                         "(cat deck.txt | decklab ...) or give its name.")
    buffer = getattr(stream, "buffer", None)
    data = buffer.read(MAX_FILE_BYTES + 1) if buffer is not None else stream.read(MAX_FILE_BYTES + 1).encode("utf-8")
    text = _decoded(data, name=name, what=what, larger="it holds more than")
    if not text.strip():
        raise InputError(f"{name} is empty; pipe {what} in.")
    return text


def _decoded(data: bytes, *, name: str, what: str, larger: str) -> str:
    """``data`` read from ``name`` as text: at most :data:`MAX_FILE_BYTES` (it was read with one byte more), a
    byte-order mark dropped, UTF-8, line ends made ``\\n``."""
    if len(data) > MAX_FILE_BYTES:
        raise InputError(f"cannot read {name}: {larger} {MAX_FILE_BYTES // 2**20} MiB, the most decklab reads from "
                         f"{what}.")
    skip = len(_BOM) if data.startswith(_BOM) else 0
    try:
        text = data[skip:].decode("utf-8")
    except UnicodeDecodeError as exc:
        offset = skip + exc.start
        line = data.count(b"\n", 0, offset) + 1
        raise InputError(f"cannot read {name}: it is not UTF-8 text (byte 0x{data[offset]:02X} at offset {offset}, "
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
        children: Iterable[Any]
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


def check_quantity(quantity: int, *, zero: bool = False) -> int:
    """``quantity`` when it is one: a whole number from 1 (0 too with ``zero``) to :data:`MAX_QUANTITY`.

    :raises InputError: one sentence naming the bound broken.

    >>> check_quantity(3), check_quantity(0, zero=True)
    (3, 0)
    """
    if zero and quantity < 0:
        raise InputError(f"a quantity cannot be negative, not {quantity}.")
    bound = None if zero and quantity == 0 else quantity_bound(quantity)
    if bound:
        raise InputError(f"a quantity is {bound}, not {quantity}.")
    return quantity


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


MAX_ALIAS_VALUES = 1_000_000
"""How many values YAML aliases may add to a document (``*name`` repeats the values ``&name`` marked)."""

_YAML_INT = re.compile(r"[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+")
_YAML_FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
                         r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)")
_YAML_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_YAML_NULL = frozenset(("", "~", "null", "Null", "NULL"))
_NUMBER_START = frozenset("-+.0123456789")
_TAG = "tag:yaml.org,2002:"


def yaml_scalar(value: str) -> Any:
    """A plain (unquoted, untagged) YAML scalar as YAML 1.2's core schema reads it.

    Only ``true``/``false`` are booleans (YAML 1.1's ``yes``, ``no``, ``on``, ``off`` stay text), ``010`` is
    ten (``0o10`` is eight, ``0x1F`` 31), ``1e3``, ``.5`` and ``.inf`` are numbers, ``null``, ``~`` and
    nothing are None; ``1:20``, ``1_000``, ``0b101`` and ``2024-05-01`` stay text.

    :raises ValueError: for a whole number of more than 4,300 digits (Python's limit on reading one).

    >>> [yaml_scalar(v) for v in ("No", "yes", "on", "true", "1:20", "010", "0o10", "0x1F", "1e3", ".inf", "~")]
    ['No', 'yes', 'on', True, '1:20', 10, 8, 31, 1000.0, inf, None]
    """
    if value in _YAML_NULL:
        return None
    if value[0] in _NUMBER_START:
        if _YAML_INT.fullmatch(value):
            if value[:2] in ("0o", "0x"):
                return int(value[2:], 8 if value[1] == "o" else 16)
            return int(value)
        if _YAML_FLOAT.fullmatch(value):
            return float(value.replace(".", "", 1)) if value[-3:].lower() in ("inf", "nan") else float(value)
        return value
    return _YAML_BOOL.get(value, value)


def load_yaml(raw: str, label: str) -> Any:
    """Parse one YAML document: libyaml's parser (PyYAML's C parser; its pure-Python one when libyaml is
    missing) with plain scalars read as YAML 1.2's core schema (see :func:`yaml_scalar`), so ``name: No``
    stays the text "No". Anchors, aliases and merge keys (``<<: *defaults``) work; tags other than the
    core ones (``!!str``, ``!!int``, ``!!float``, ``!!bool``, ``!!null``, ``!!map``, ``!!seq``) are refused.

    :raises InputError: for invalid YAML (with its line and column), nesting past libyaml's 1,000 levels, an
        alias inside what it names, or aliases adding more than :data:`MAX_ALIAS_VALUES` values.
    """
    import yaml

    try:
        return _build_yaml(raw, yaml)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = (exc.problem or exc.context or "unreadable").rstrip(".")
        if "nesting depth" in problem:
            raise InputError(f"{label} cannot be read {where}: lists and mappings exceed libyaml's maximum nesting "
                             f"depth (decklab reads at most {MAX_NESTING} levels).") from None
        if problem.startswith(("holds", "has")):
            raise InputError(f"{label} {problem} ({where.replace('at ', '')}).") from None
        context = f" ({exc.context})" if exc.problem and exc.context else ""
        raise InputError(f"{label} is not valid YAML {where}: {problem}{context}.") from None
    except yaml.reader.ReaderError as exc:
        line = raw.count("\n", 0, exc.position) + 1
        raise InputError(f"{label} cannot be read at line {line}: character U+{exc.character:04X} is not allowed "
                         "in YAML (control characters must be written as escapes in double quotes).") from None
    except yaml.YAMLError as exc:
        raise InputError(f"{label} is not valid YAML: {str(exc).splitlines()[0].rstrip('.')}.") from None


def _build_yaml(raw: str, yaml: Any) -> Any:
    """The document of ``raw``, built from libyaml's events in one pass (no node tree, no recursion).

    :raises yaml.MarkedYAMLError: for a problem at a place in the text.
    """
    from yaml import events

    def refuse(problem: str, event) -> NoReturn:
        raise yaml.MarkedYAMLError(None, None, problem, event.start_mark)

    scalar_event, alias_event = events.ScalarEvent, events.AliasEvent
    mapping_start, sequence_start = events.MappingStartEvent, events.SequenceStartEvent
    mapping_end, sequence_end = events.MappingEndEvent, events.SequenceEndEvent
    no_key, merge_key = _NO_KEY, _MERGE
    plain = _PlainScalars()
    parser = getattr(yaml, "CSafeLoader", yaml.SafeLoader)(raw)
    try:
        get_event = parser.get_event
        documents = 0
        root: Any = None
        # the open list or mapping (``top``) and the key awaiting its value (``key``; no_key when a key comes
        # next); for each enclosing one below them: (container, key, anchor, values before it, merge sources)
        top: Any = None
        key: Any = no_key
        stack: list[tuple] = []
        anchors: dict[str, tuple[Any, int]] = {}  # name -> (value, how many values it holds)
        opened: set[str] = set()  # anchors of the lists and mappings still open
        values = 0  # values so far, aliases expanded
        added = 0  # values added by aliases
        merges: list | None = None
        while True:
            event = get_event()
            kind = event.__class__
            if kind is scalar_event:
                value = event.value
                tag = event.tag
                if tag is None:
                    if event.implicit[0]:  # plain, not quoted
                        try:
                            value = plain[value]
                        except ValueError:
                            refuse("holds a number of more than 4,300 digits, which no card or deck has", event)
                elif tag != "!":  # "!" is text
                    value = _tagged(value, tag, event, refuse)
                values += 1
                if event.anchor is not None:
                    anchors[event.anchor] = (value, 1)
            elif kind is mapping_end or kind is sequence_end:
                value = top
                if merges:
                    explicit = dict(value)
                    value.clear()
                    for source in reversed(merges):
                        value.update(source)
                    value.update(explicit)
                top, key, anchor, before, merges = stack.pop()
                if anchor is not None:
                    opened.discard(anchor)
                    anchors[anchor] = (value, values - before)
            elif kind is mapping_start or kind is sequence_start:
                if event.tag not in (None, "!", _TAG + ("map" if kind is mapping_start else "seq")):
                    refuse(f"the tag {event.tag} is not one decklab reads", event)
                stack.append((top, key, event.anchor, values, merges))
                if event.anchor is not None:
                    opened.add(event.anchor)
                top, key, merges = ({} if kind is mapping_start else []), no_key, None
                values += 1
                continue
            elif kind is alias_event:
                if event.anchor in opened:
                    refuse(f"the alias *{event.anchor} is inside the list or mapping it names, so it would repeat "
                           "without end", event)
                if event.anchor not in anchors:
                    refuse(f"found undefined alias *{event.anchor}", event)
                value, size = anchors[event.anchor]
                values += size
                added += size - 1
                if added > MAX_ALIAS_VALUES:
                    refuse(f"has aliases that repeat more than {MAX_ALIAS_VALUES:,} values, the most decklab "
                           "expands", event)
            elif kind is events.DocumentStartEvent:
                documents += 1
                if documents > 1:
                    refuse("holds more than one document (a second '---'); a file holds one", event)
                continue
            elif kind is events.StreamEndEvent:
                return root
            else:  # stream start, document end
                continue
            # place ``value`` in the open mapping or list
            if top.__class__ is dict:
                if key is no_key:
                    if kind is not scalar_event and (value.__class__ is dict or value.__class__ is list):
                        refuse("a mapping's key is a list or mapping; keys are texts or numbers", event)
                    merging = value == "<<" and kind is scalar_event and event.tag is None and event.implicit[0]
                    key = merge_key if merging else value
                    continue
                if key is merge_key:
                    sources = value if value.__class__ is list else [value]
                    if any(source.__class__ is not dict for source in sources):
                        refuse("a merge key '<<' takes a mapping or a list of mappings", event)
                    merges = [*(merges or ()), *sources]
                else:
                    top[key] = value
                key = no_key
            elif top.__class__ is list:
                top.append(value)
            else:
                root = value
    finally:
        parser.dispose()


def dump_yaml(document: Any) -> str:
    """``document`` as YAML (block style, keys in order, Unicode as is) that :func:`load_yaml` reads back the same.

    PyYAML writes for YAML 1.1 readers: it quotes ``"yes"`` and ``"010"`` but would leave ``1e3`` and ``0o10``
    plain, which YAML 1.2 reads as numbers; here every text that either version reads as something else is quoted.

    >>> print(dump_yaml({"name": "1e3", "other": "0o10", "count": 3}), end="")
    name: '1e3'
    other: '0o10'
    count: 3
    """
    import yaml

    return yaml.dump(document, Dumper=_yaml_dumper(), sort_keys=False, allow_unicode=True)


_DUMPER: list[type] = []


def _yaml_dumper() -> type:
    import yaml

    if not _DUMPER:
        base = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
        dumper: Any = type("Yaml12SafeDumper", (base,), {})
        for tag, pattern in (("int", _YAML_INT), ("float", _YAML_FLOAT)):
            dumper.add_implicit_resolver(_TAG + tag, re.compile(f"^(?:{pattern.pattern})$"), list("-+.0123456789"))
        _DUMPER.append(dumper)
    return _DUMPER[0]


class _PlainScalars(dict):
    """Plain scalars read so far, by their text (a card file repeats its keys and small numbers)."""

    def __missing__(self, text: str) -> Any:
        value = self[text] = yaml_scalar(text) if text else None
        return value


_NO_KEY = object()
_MERGE = object()


def _tagged(value: str, tag: str, event, refuse) -> Any:
    """A scalar with an explicit core tag (``!!str 010``, ``!!int "3"``...)."""
    kind = tag[len(_TAG):] if tag.startswith(_TAG) else None
    if kind == "str":
        return value
    if kind == "null" and value in _YAML_NULL:
        return None
    if kind == "bool" and value in _YAML_BOOL:
        return _YAML_BOOL[value]
    if kind in ("int", "float") and value and value[0] in _NUMBER_START:
        try:
            number = yaml_scalar(value)
        except ValueError:
            refuse("holds a number of more than 4,300 digits, which no card or deck has", event)
        if number.__class__ is int or (kind == "float" and number.__class__ is float):
            return float(number) if kind == "float" else number
    expected = {"null": "null", "bool": "true or false", "int": "a whole number", "float": "a number"}.get(kind or "")
    if expected:
        refuse(f"'{value}' is tagged !!{kind} but is not {expected}", event)
    refuse(f"the tag {tag} is not one decklab reads", event)


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


def csv_rows(text: str, label: str, *,
             casefold: bool = False) -> tuple[list[str], Iterator[tuple[int, dict[str, str | None]]]]:
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
                row: dict[str, str | None] = dict(zip(header, cells, strict=False))  # extra or missing cells below
                if len(cells) > len(header):
                    row[None] = cells[len(header):]  # type: ignore[index,assignment]
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
