"""Reading set files (YAML, JSON, CSV) into validated card records.

Nothing here touches the database: :func:`read_set_file` either returns a
:class:`SetFile` whose every card passed its game's schema, or raises an
:class:`~decklab.catalog.errors.InputError` naming the file, the line (YAML,
CSV, and JSON where it can be found), the card, the field and what was expected.

Input is bounded at the edge: a file of at most 64 MiB, nested at most 32
levels; every number a card stat's documented range; names and texts within
their database columns and free of control characters.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from .cards import MAX_SET_CODE, MAX_SET_NAME, MAX_TEXT
from .errors import InputError, did_you_mean
from .games import Game, get_game
from .inputs import CONTROL, MAX_NESTING, check_text, control_character, csv_rows, load_json, load_yaml, read_text
from .schemas.base import CardModel

TOP_LEVEL_KEYS = ("game", "set", "cards", "banlist")
BANLIST_KEYS = ("banned", "limited")

MAX_EFFECT_NUMBER = 200
"""Numbers inside ``effects`` are whole numbers from -200 to 200 (the Wentworth engine's block search recurses once
per attack, so an ``extra_combat`` of about 500 or more could exhaust the stack)."""

PROSE_FIELDS = ("text", "flavor")
"""Fields whose text may hold tabs and line breaks (every other text is one line; see the schemas' Prose)."""

Locator = Callable[[int, tuple], "int | None"]
"""Finds the line of a card's field: ``(card index, field path) -> line number`` (None when unknown)."""


@dataclass
class SetFile:
    """A validated card set: its game, code, name, optional banlist, and validated cards.

    ``models`` are the schema objects in file order and ``keys`` their
    case-folded names; :attr:`cards` gives the same cards as plain records.
    """

    source: str
    game: Game
    code: str
    name: str
    models: list[CardModel]
    keys: list[str]
    banlist: dict[str, list[str]] | None = None

    @cached_property
    def cards(self) -> list[dict[str, Any]]:
        return [model.record() for model in self.models]


def read_set_file(path: str | Path, *, game: str | None = None, set_code: str | None = None) -> SetFile:
    """Parse and validate one set file; ``game`` and ``set_code`` fill in what a CSV file lacks.

    :raises InputError: for an unreadable, empty or invalid file.
    """
    path = Path(path)
    raw = read_text(path, "a set file")
    kind = {".yaml": "yaml", ".yml": "yaml", ".json": "json", ".csv": "csv"}.get(path.suffix.casefold())
    if kind is None and raw.strip():
        raise InputError(f"{path.name}: decklab reads set files ending in .yaml, .yml, .json or .csv, "
                         f"not '{path.suffix}'.")
    return read_set_text(raw, source=path.name, kind=kind, game=game, set_code=set_code)


def read_set_text(raw: str, *, source: str, kind: str | None = None, game: str | None = None,
                  set_code: str | None = None) -> SetFile:
    """Parse and validate a set file's text already read (from stdin, say) as ``kind`` (``yaml``, ``json`` or
    ``csv``; by default told from the text: :func:`sniff_set_format`); ``source`` names it in messages.

    :raises InputError: for an empty or invalid set, or another ``kind``.
    """
    if not raw.strip():
        raise InputError(f"{source} is empty; a set file needs game, set and cards.")
    chosen = (kind or sniff_set_format(raw)).strip().casefold()
    if chosen == "yaml":
        document, locate = load_yaml(raw, source), _node_locator(raw)
    elif chosen == "json":
        document, locate = load_json(raw, source), _node_locator(raw)
    elif chosen == "csv":
        document, lines = _load_csv(raw, source, game=game, set_code=set_code)
        locate = lambda index, _loc: lines[index] if index < len(lines) else None  # noqa: E731
    else:
        raise InputError(f"'{kind}' is not a set file's format; a set file is YAML, JSON or CSV.")
    return parse_set(document, source=source, game=game, locate=locate)


def sniff_set_format(text: str) -> str:
    """What a set file read from stdin is written in: ``json`` when it opens with ``{``, ``csv`` when its first line
    is a header (commas, no colon), else ``yaml``. (Decklists and collections are told apart by the library:
    :func:`~decklab.catalog.decklists.sniff_decklist`, :func:`~decklab.catalog.collection.sniff_import`.)

    >>> [sniff_set_format(t) for t in ('{"cards": []}', 'name,type,hp\\nBear,creature,4', 'game: ward\\ncards: []')]
    ['json', 'csv', 'yaml']
    """
    stripped = text.lstrip()
    if stripped.startswith("{"):
        return "json"
    first = next((line for line in stripped.split("\n") if line.strip() and not line.startswith("#")), "")
    return "csv" if "," in first and ":" not in first else "yaml"


def _node_locator(raw: str) -> Locator:
    """The line of a card's field in YAML or JSON text (only asked when a card is refused).

    The text is read again as a stream of PyYAML parser events, which carry positions: no tree is built, so
    memory stays flat for a large file, and the reading stops at the end of the card. The line of the field
    (or of the deepest part of its path found, at worst the card's) or None when the text cannot be read so.
    """

    def locate(index: int, loc: tuple) -> int | None:
        import yaml

        target = ("cards", index, *loc)
        best = None
        frames: list[list] = []  # per open mapping or list: [its path, is a mapping, key or index, awaiting a key]
        try:
            for event in yaml.parse(raw, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
                if isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                    if frames.pop()[0] == target[:2]:
                        return best  # the card ended before the field was found
                    continue
                if not isinstance(event, yaml.NodeEvent):
                    continue
                path = None
                if not frames:
                    path = ()
                elif frames[-1][1] and frames[-1][3]:  # a mapping's key
                    frames[-1][2], frames[-1][3] = getattr(event, "value", None), False
                elif frames[-1][0] is not None:
                    frame = frames[-1]
                    if frame[1]:
                        path, frame[3] = (*frame[0], frame[2]), True
                    else:
                        frame[2] += 1
                        path = (*frame[0], frame[2])
                if path is not None and path == target[:len(path)] and event.start_mark is not None:
                    best = event.start_mark.line + 1
                    if len(path) == len(target):
                        return best
                if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                    on_target = path is not None and path == target[:len(path)]
                    frames.append([path if on_target else None, isinstance(event, yaml.MappingStartEvent), -1, True])
        except (yaml.YAMLError, ValueError):
            pass
        return best

    return locate


def _load_csv(raw: str, label: str, *, game: str | None, set_code: str | None) -> tuple[dict[str, Any], list[int]]:
    """A flat set: one row a card, columns = fields; ``game``, ``set``, ``set_name`` columns optional.

    :returns: the set document and the line each card's row starts on.
    """
    header, rows = csv_rows(raw, label)
    if "name" not in header or "type" not in header:
        raise InputError(f"{label}: a CSV set file needs a header row with at least the columns name and type.")
    meta: dict[str, set[str]] = {"game": set(), "set": set(), "set_name": set()}
    cards = []
    lines = []
    for line, row in rows:
        if None in row:
            raise InputError(f"{label}: line {line} has more cells than the header has columns.")
        card = {}
        for column, cell in row.items():
            cell = (cell or "").strip()
            if column in meta:
                if cell:
                    meta[column].add(cell)
            elif cell:
                card[column] = _csv_cell(cell, column, label, line)
        cards.append(card)
        lines.append(line)
    for column, values in meta.items():
        if len(values) > 1:
            raise InputError(f"{label}: the column {column} must hold one value for every row, not {sorted(values)}.")
    code = set_code or next(iter(meta["set"]), None)
    if code is None:
        raise InputError(f"{label}: say which set the cards belong to, with a 'set' column or --set CODE.")
    document: dict[str, Any] = {
        "set": {"code": code, "name": next(iter(meta["set_name"]), code)},
        "cards": cards,
    }
    found_game = game or next(iter(meta["game"]), None)
    if found_game:
        document["game"] = found_game
    return document, lines


def _csv_cell(cell: str, column: str, label: str, line: int) -> Any:
    if column == "effects":
        try:
            return json.loads(cell)
        except (ValueError, RecursionError):
            raise InputError(f"{label}: line {line}: the effects cell is not a JSON list.") from None
    return cell


def parse_set(document: Any, *, source: str, game: str | None = None, locate: Locator | None = None) -> SetFile:
    """Validate an already-loaded set document (a mapping with game, set and cards); ``locate`` finds the line
    of a refused card's field for the message."""
    if not isinstance(document, dict):
        kind = type(document).__name__
        raise InputError(f"{source} should hold a mapping with game, set and cards, not a {_kind(kind)}.")
    for key in document:
        if key not in TOP_LEVEL_KEYS:
            raise InputError(
                f"{source}: {_shown(key)} is not a set-file key{did_you_mean(str(key), TOP_LEVEL_KEYS)}; "
                f"the keys are {', '.join(TOP_LEVEL_KEYS)}."
            )
    game_name = document.get("game") or game
    if not game_name:
        raise InputError(f"{source} does not say which game it is for: add 'game:' or pass --game.")
    if not isinstance(game_name, str):
        raise InputError(f"{source}: 'game:' should be a game id such as ward, "
                         f"not a {_kind(type(game_name).__name__)}.")
    check_text(game_name, f"{source}: 'game:'")
    try:
        the_game = get_game(game_name)
    except InputError as exc:
        raise InputError(f"{source}: {exc}") from None
    if game and get_game(game) is not the_game:
        raise InputError(f"{source} is a {the_game.id} set, but --game says {get_game(game).id}.")
    code, name = _set_header(document.get("set"), source)
    raw_cards = document.get("cards")
    if not isinstance(raw_cards, list) or not raw_cards:
        raise InputError(f"{source} has no cards: 'cards:' should be a list of cards.")
    models, keys = _validate_cards(raw_cards, the_game, source, locate)
    if document.get("banlist") is not None and not the_game.has_banlist:
        raise InputError(f"{source}: {the_game.name} sets have no banlist; only Ward sets carry one.")
    banlist = _banlist(document.get("banlist"), keys, models, source)
    return SetFile(source=source, game=the_game, code=code, name=name, models=models, keys=keys, banlist=banlist)


def _kind(name: str) -> str:
    return {"list": "list", "str": "single text", "int": "number", "float": "number"}.get(name, name)


def _set_header(value: Any, source: str) -> tuple[str, str]:
    """The set's code and name, each a line of text within its column (64 and 200 characters)."""
    if isinstance(value, str) and value.strip():
        value = {"code": value}
    if not isinstance(value, dict) or not isinstance(value.get("code"), (str, int)) or not str(value["code"]).strip():
        raise InputError(f"{source}: 'set:' should give the set's code and name, "
                         "e.g. set: {code: WRD1, name: Ward Core Set}.")
    unknown = set(value) - {"code", "name"}
    if unknown:
        raise InputError(f"{source}: 'set:' takes code and name, not {', '.join(sorted(map(_shown, unknown)))}.")
    code = str(value["code"]).strip()
    name = value.get("name") or code
    if not isinstance(name, (str, int)) or isinstance(name, bool):
        raise InputError(f"{source}: the set's name should be text, not a {_kind(type(name).__name__)}.")
    name = str(name).strip()
    return check_text(code, f"{source}: the set's code", MAX_SET_CODE), check_text(name, f"{source}: the set's name",
                                                                                  MAX_SET_NAME)


def _validate_cards(raw_cards: list, game: Game, source: str,
                    locate: Locator | None = None) -> tuple[list[CardModel], list[str]]:
    """Validate every card with its type's schema, a whole type at a time.

    :returns: the validated cards and their case-folded names, in file order.
    :raises InputError: naming the first problem (by line where ``locate`` finds it, and card number) and
        counting the rest.
    """
    from pydantic import ValidationError

    problems: list[tuple[int, tuple, str]] = []
    batches: dict[type[CardModel], list[int]] = {}
    models = game.card_models
    for index, raw in enumerate(raw_cards):
        if not isinstance(raw, dict):
            problems.append((index, (), f"{_where(index, raw)} is not a mapping of fields"))
            continue
        found = _bad_value(raw)
        if found:
            problems.append((index, found[0], f"{_where(index, raw)}: {found[1]}"))
            continue
        card_type = raw.get("type")
        model = models.get(card_type.strip().casefold()) if isinstance(card_type, str) else None
        if model is None:
            problem = "has no type" if card_type is None else f"type {_shown(card_type)} is not a {game.name} card type"
            problems.append((index, ("type",), f"{_where(index, raw)} {problem}; "
                                               f"expected one of {', '.join(game.card_types)}"))
            continue
        raw["type"] = model.card_type
        batches.setdefault(model, []).append(index)
    records: list[CardModel | None] = [None] * len(raw_cards)
    for model, indexes in batches.items():
        adapter = model.list_adapter()
        batch = [raw_cards[index] for index in indexes]
        try:
            validated = adapter.validate_python(batch)
        except ValidationError as exc:
            errors = sorted(exc.errors(), key=lambda error: (error["loc"][0], error["type"] != "extra_forbidden"))
            for error in errors:
                index = indexes[int(error["loc"][0])]  # the card's position in the batch
                error["loc"] = error["loc"][1:]
                problems.append((index, _field_path(error["loc"]),
                                 f"{_where(index, raw_cards[index])}: {_describe(error, game, model)}"))
            continue
        for index, card in zip(indexes, validated, strict=True):
            records[index] = card
    first_seen: dict[str, int] = {}
    keys: list[str] = []
    cards: list[CardModel] = []
    for index, record in enumerate(records):
        if record is None:
            continue
        key = record.name.casefold()
        if key in first_seen:
            problems.append((index, ("name",),
                             f"card {index + 1} '{record.name}' has the same name as card {first_seen[key] + 1}"))
        first_seen.setdefault(key, index)
        keys.append(key)
        cards.append(record)
    if problems:
        problems.sort(key=lambda problem: problem[0])
        index, path, problem = problems[0]
        line = locate(index, path) if locate else None
        more = len(problems) - 1
        tail = f" ({more} more problem{'s' if more > 1 else ''} in this file)" if more else ""
        raise InputError(f"{source}: {f'line {line}: ' if line else ''}{problem}{tail}.")
    return cards, keys


def _field_path(loc: tuple) -> tuple:
    """A pydantic error location as the path of keys and list indexes in the card (validator steps left out)."""
    return tuple(part for part in loc if not (isinstance(part, str) and part.startswith("function-")))


_CARD_NESTING = MAX_NESTING - 2
"""How deeply a card's own values may nest (the card is itself two levels down: ``cards`` and its list)."""


def _bad_value(raw: dict) -> tuple[tuple, str] | None:
    """The first value in a raw card's ``effects`` that decklab refuses, as (field path, clause): a text with a
    control character or over MAX_TEXT characters, values nested too deeply, or a number that is not a whole
    number from -MAX_EFFECT_NUMBER to MAX_EFFECT_NUMBER. (The schema checks every other field: effects are
    free-form.) A fast scan first; the path is worked out only for a bad card."""
    effects = raw.get("effects")
    if type(effects) is not list or _is_plain(effects, 1):
        return None
    return _find_bad(("effects",), effects, 1)


def _is_plain(value: list | dict, depth: int) -> bool:
    """Whether a list or mapping of effects holds nothing :func:`_bad_value` refuses (the fast scan)."""
    if depth > _CARD_NESTING:
        return False
    search = CONTROL.search
    for key, item in (value.items() if type(value) is dict else enumerate(value)):
        kind = type(item)
        if kind is str:
            if len(item) > MAX_TEXT or search(item):
                return False
        elif kind is list or kind is dict:
            if not _is_plain(item, depth + 1):
                return False
        elif kind is float or (kind is int and not -MAX_EFFECT_NUMBER <= item <= MAX_EFFECT_NUMBER):
            return False
        if type(key) is str and search(key):
            return False
    return True


def _find_bad(path: tuple, value: Any, depth: int) -> tuple[tuple, str] | None:
    """The path and clause of the first bad value in ``value`` (file order), for :func:`_bad_value`."""
    if isinstance(value, (dict, list)):
        if depth > _CARD_NESTING:
            return path[:3], f"{_subject(path[:3])} nests lists and mappings more than {MAX_NESTING} levels deep"
        for key, item in (value.items() if isinstance(value, dict) else enumerate(value)):
            if isinstance(key, str) and control_character(key):
                where = f"{_subject(path)} has a key that" if path else "a field name"
                return path, (f"{where} contains {control_character(key)}; "
                              "names and text may not hold control characters")
            found = _find_bad((*path, key), item, depth + 1)
            if found:
                return found
        return None
    if isinstance(value, str):
        character = control_character(value)
        if character:
            return path, f"{_subject(path)} contains {character}; names and text may not hold control characters"
        if len(value) > MAX_TEXT:
            return path, f"{_subject(path)} has {len(value):,} characters; a text may have at most {MAX_TEXT:,}"
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        if not isinstance(value, int) or not -MAX_EFFECT_NUMBER <= value <= MAX_EFFECT_NUMBER:
            return path, (f"{_subject(path)} should be a whole number from {-MAX_EFFECT_NUMBER:,} to "
                          f"{MAX_EFFECT_NUMBER:,}, got {_shown(value)}")
    return None


def _subject(path: tuple) -> str:
    """``field 'effects' item 2.amount``: a field path in the words of :func:`_describe`."""
    items = "".join(f" item {part + 1}" if isinstance(part, int) else f".{part}" for part in path[1:])
    return f"field '{path[0]}'{items}"


def _shown(value: Any) -> str:
    """A refused value for a sentence: its repr, cut to 40 characters."""
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:37]}..."


def _where(index: int, raw: Any) -> str:
    """``card 3 'Grizzly Bear'``: the card's number, and its name when it has one (a name with control
    characters or too long to read is shown escaped and cut)."""
    name = raw.get("name") if isinstance(raw, dict) else None
    if isinstance(name, str) and name.strip():
        return f"card {index + 1} {_shown(name.strip())}"
    return f"card {index + 1}"


def _describe(error: Mapping[str, Any], game: Game, model) -> str:
    """One clause for a pydantic error: the field, what was expected, what was given."""
    loc = [part for part in error["loc"] if not (isinstance(part, str) and part.startswith("function-"))]
    field_name = str(loc[0]) if loc else ""
    if field_name.endswith("_") and field_name[:-1] in ("class",):
        field_name = field_name[:-1]
    items = "".join(f" item {part + 1}" if isinstance(part, int) else f".{part}" for part in loc[1:])
    kind = error["type"]
    given = error.get("input")
    ctx = error.get("ctx") or {}
    subject = f"field '{field_name}'{items}"
    if kind == "extra_forbidden":
        fields = [info.alias or name for name, info in model.model_fields.items()]
        return (f"{_shown(field_name)} is not a field of a {game.name} {model.card_type}"
                f"{did_you_mean(field_name, fields)}")
    if kind == "missing":
        if field_name == "effects" and loc[-1] == "effect":
            return f"effect {loc[1] + 1} has no 'effect' kind"
        return f"field '{field_name}' is missing"
    if kind in ("int_parsing", "int_type", "int_from_float"):
        expected = "a whole number"
    elif kind in ("bool_parsing", "bool_type"):
        expected = "true or false"
    elif kind == "literal_error":
        expected = f"one of {ctx.get('expected', '')}"
    elif kind == "greater_than_equal":
        expected = f"at least {ctx.get('ge'):,}"
    elif kind == "less_than_equal":
        expected = f"at most {ctx.get('le'):,}"
    elif kind == "string_too_short":
        return f"{subject} should not be empty"
    elif kind == "string_pattern_mismatch":  # the schemas' only patterns refuse control characters
        found = control_character(str(given), prose=field_name in PROSE_FIELDS) or "a control character"
        return f"{subject} contains {found}; names and text may not hold control characters"
    elif kind == "string_too_long":
        expected = f"at most {ctx.get('max_length'):,} characters"
    elif kind == "too_short":
        expected = f"at least {ctx.get('min_length')} item{'s' if ctx.get('min_length') != 1 else ''}"
    elif kind in ("list_type",):
        expected = "a list"
    elif kind in ("string_type",):
        expected = "text"
    elif kind in ("dict_type", "model_type"):
        expected = "a mapping"
    elif kind == "value_error":
        message = str(ctx.get("error", error["msg"]))
        if not field_name:
            return message
        return f"{subject}: {message}"
    else:
        message = error["msg"]
        return f"{subject}: {message[:1].lower()}{message[1:]}"
    return f"{subject} should be {expected}, got {_shown(given)}"


def _banlist(value: Any, keys: list[str], cards: list[CardModel], source: str) -> dict[str, list[str]] | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise InputError(f"{source}: 'banlist:' should be a mapping with banned and limited lists.")
    names = {key: card.name for key, card in zip(keys, cards, strict=True)}
    result: dict[str, list[str]] = {}
    for section, listed in value.items():
        if section not in BANLIST_KEYS:
            raise InputError(f"{source}: the banlist has {_shown(section)}{did_you_mean(str(section), BANLIST_KEYS)}; "
                             "it takes banned and limited.")
        if not isinstance(listed, list) or not all(isinstance(name, str) for name in listed):
            raise InputError(f"{source}: banlist '{section}' should be a list of card names.")
        resolved = []
        for name in listed:
            key = str(name).strip().casefold()
            if key not in names:
                raise InputError(f"{source}: the banlist names {_shown(name)}, which is not a card of this set"
                                 f"{did_you_mean(str(name), names.values())}.")
            resolved.append(names[key])
        result[section] = resolved
    both = set(result.get("banned", ())) & set(result.get("limited", ()))
    if both:
        raise InputError(f"{source}: '{sorted(both)[0]}' is both banned and limited.")
    return result
