"""Reading set files (YAML, JSON, CSV) into validated card records.

Nothing here touches the database: :func:`read_set_file` either returns a
:class:`SetFile` whose every card passed its game's schema, or raises an
:class:`~decklab.catalog.errors.InputError` naming the file, the card, the
field and what was expected.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from .errors import InputError, did_you_mean, read_text
from .games import Game, get_game
from .schemas.base import CardModel

TOP_LEVEL_KEYS = ("game", "set", "cards", "banlist")
BANLIST_KEYS = ("banned", "limited")


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
    label = path.name
    raw = read_text(path, "a set file")
    if not raw.strip():
        raise InputError(f"{label} is empty; a set file needs game, set and cards.")
    suffix = path.suffix.casefold()
    if suffix in (".yaml", ".yml"):
        document = _load_yaml(raw, label)
    elif suffix == ".json":
        document = _load_json(raw, label)
    elif suffix == ".csv":
        document = _load_csv(raw, label, game=game, set_code=set_code)
    else:
        raise InputError(f"{label}: decklab reads set files ending in .yaml, .yml, .json or .csv, not '{path.suffix}'.")
    return parse_set(document, source=label, game=game)


def _load_yaml(raw: str, label: str) -> Any:
    """Parse YAML 1.2 (so ``name: No`` stays the text "No") with the Rust-backed fast_yaml."""
    import re

    import fast_yaml

    try:
        return fast_yaml.safe_load(raw)
    except (ValueError, fast_yaml.YAMLError) as exc:
        detail = str(exc).rsplit("error: ", 1)[-1].strip().rstrip(".")
        found = re.search(r"^(.*?)\s+at line (\d+),? column (\d+)", detail)
        if found:
            problem, line, column = found.groups()
            raise InputError(f"{label} is not valid YAML at line {line}, column {column}: {problem}.") from None
        raise InputError(f"{label} is not valid YAML: {detail}.") from None


def _load_json(raw: str, label: str) -> Any:
    try:
        return json.loads(raw)
    except json.JSONDecodeError as exc:
        raise InputError(f"{label} is not valid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}.") from None


def _load_csv(raw: str, label: str, *, game: str | None, set_code: str | None) -> dict[str, Any]:
    """A flat set: one row a card, columns = fields; ``game``, ``set``, ``set_name`` columns optional."""
    reader = csv.DictReader(io.StringIO(raw))
    header = [name.strip() for name in reader.fieldnames or []]
    if "name" not in header or "type" not in header:
        raise InputError(f"{label}: a CSV set file needs a header row with at least the columns name and type.")
    reader.fieldnames = header
    meta: dict[str, set[str]] = {"game": set(), "set": set(), "set_name": set()}
    cards = []
    for line, row in enumerate(reader, start=2):
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
    return document


def _csv_cell(cell: str, column: str, label: str, line: int) -> Any:
    if column == "effects":
        try:
            return json.loads(cell)
        except json.JSONDecodeError:
            raise InputError(f"{label}: line {line}: the effects cell is not a JSON list.") from None
    return cell


def parse_set(document: Any, *, source: str, game: str | None = None) -> SetFile:
    """Validate an already-loaded set document (a mapping with game, set and cards)."""
    if not isinstance(document, dict):
        kind = type(document).__name__
        raise InputError(f"{source} should hold a mapping with game, set and cards, not a {_kind(kind)}.")
    for key in document:
        if key not in TOP_LEVEL_KEYS:
            raise InputError(
                f"{source}: '{key}' is not a set-file key{did_you_mean(str(key), TOP_LEVEL_KEYS)}; "
                f"the keys are {', '.join(TOP_LEVEL_KEYS)}."
            )
    game_name = document.get("game") or game
    if not game_name:
        raise InputError(f"{source} does not say which game it is for: add 'game:' or pass --game.")
    try:
        the_game = get_game(str(game_name))
    except InputError as exc:
        raise InputError(f"{source}: {exc}") from None
    if game and get_game(game) is not the_game:
        raise InputError(f"{source} is a {the_game.id} set, but --game says {get_game(game).id}.")
    code, name = _set_header(document.get("set"), source)
    raw_cards = document.get("cards")
    if not isinstance(raw_cards, list) or not raw_cards:
        raise InputError(f"{source} has no cards: 'cards:' should be a list of cards.")
    models, keys = _validate_cards(raw_cards, the_game, source)
    if document.get("banlist") is not None and not the_game.has_banlist:
        raise InputError(f"{source}: {the_game.name} sets have no banlist; only Ward sets carry one.")
    banlist = _banlist(document.get("banlist"), keys, models, source)
    return SetFile(source=source, game=the_game, code=code, name=name, models=models, keys=keys, banlist=banlist)


def _kind(name: str) -> str:
    return {"list": "list", "str": "single text", "int": "number", "float": "number"}.get(name, name)


def _set_header(value: Any, source: str) -> tuple[str, str]:
    if isinstance(value, str) and value.strip():
        return value.strip(), value.strip()
    if not isinstance(value, dict) or not str(value.get("code") or "").strip():
        raise InputError(f"{source}: 'set:' should give the set's code and name, e.g. set: {{code: WRD1, name: Ward Core Set}}.")
    unknown = set(value) - {"code", "name"}
    if unknown:
        raise InputError(f"{source}: 'set:' takes code and name, not {', '.join(sorted(map(str, unknown)))}.")
    code = str(value["code"]).strip()
    return code, str(value.get("name") or code).strip()


def _validate_cards(raw_cards: list, game: Game, source: str) -> tuple[list[CardModel], list[str]]:
    """Validate every card with its type's schema, a whole type at a time.

    :returns: the validated cards and their case-folded names, in file order.
    :raises InputError: naming the first problem (by card number) and counting the rest.
    """
    from pydantic import ValidationError

    problems: list[tuple[int, str]] = []
    batches: dict[type, list[int]] = {}
    models = game.card_models
    for index, raw in enumerate(raw_cards):
        if not isinstance(raw, dict):
            problems.append((index, f"{_where(index, raw)} is not a mapping of fields"))
            continue
        card_type = raw.get("type")
        model = models.get(card_type.strip().casefold()) if isinstance(card_type, str) else None
        if model is None:
            problem = "has no type" if card_type is None else f"type '{card_type}' is not a {game.name} card type"
            problems.append((index, f"{_where(index, raw)} {problem}; expected one of {', '.join(game.card_types)}"))
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
                index = indexes[error["loc"][0]]
                error["loc"] = error["loc"][1:]
                problems.append((index, f"{_where(index, raw_cards[index])}: {_describe(error, game, model)}"))
            continue
        for index, card in zip(indexes, validated):
            records[index] = card
    first_seen: dict[str, int] = {}
    keys: list[str] = []
    for index, record in enumerate(records):
        if record is None:
            continue
        key = record.name.casefold()
        if key in first_seen:
            problems.append((index, f"card {index + 1} '{record.name}' has the same name as card {first_seen[key] + 1}"))
        first_seen.setdefault(key, index)
        keys.append(key)
    if problems:
        problems.sort(key=lambda problem: problem[0])
        more = len(problems) - 1
        tail = f" ({more} more problem{'s' if more > 1 else ''} in this file)" if more else ""
        raise InputError(f"{source}: {problems[0][1]}{tail}.")
    return records, keys


def _where(index: int, raw: Any) -> str:
    name = raw.get("name") if isinstance(raw, dict) else None
    if isinstance(name, str) and name.strip():
        return f"card {index + 1} '{name.strip()}'"
    return f"card {index + 1}"


def _describe(error: dict[str, Any], game: Game, model) -> str:
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
        return f"'{field_name}' is not a field of a {game.name} {model.card_type}{did_you_mean(field_name, fields)}"
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
        expected = f"at least {ctx.get('ge')}"
    elif kind == "less_than_equal":
        expected = f"at most {ctx.get('le')}"
    elif kind == "string_too_short":
        return f"{subject} should not be empty"
    elif kind == "string_too_long":
        expected = f"at most {ctx.get('max_length')} characters"
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
    return f"{subject} should be {expected}, got {given!r}"


def _banlist(value: Any, keys: list[str], cards: list[CardModel], source: str) -> dict[str, list[str]] | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise InputError(f"{source}: 'banlist:' should be a mapping with banned and limited lists.")
    names = {key: card.name for key, card in zip(keys, cards)}
    result: dict[str, list[str]] = {}
    for section, listed in value.items():
        if section not in BANLIST_KEYS:
            raise InputError(f"{source}: the banlist has '{section}'{did_you_mean(str(section), BANLIST_KEYS)}; it takes banned and limited.")
        if not isinstance(listed, list):
            raise InputError(f"{source}: banlist '{section}' should be a list of card names.")
        resolved = []
        for name in listed:
            key = str(name).strip().casefold()
            if key not in names:
                raise InputError(f"{source}: the banlist names '{name}', which is not a card of this set{did_you_mean(str(name), names.values())}.")
            resolved.append(names[key])
        result[section] = resolved
    both = set(result.get("banned", ())) & set(result.get("limited", ()))
    if both:
        raise InputError(f"{source}: '{sorted(both)[0]}' is both banned and limited.")
    return result
