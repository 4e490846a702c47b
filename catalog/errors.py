"""Errors that reach the user as one sentence."""


class DecklabError(Exception):
    """A problem the user can fix: bad input, an unknown name, an unusable database.

    The message is one sentence a player understands; the CLI prints it on
    stderr and exits with :attr:`exit_code`.
    """

    exit_code = 2


class InputError(DecklabError):
    """Bad input: an unreadable or invalid file, an unknown name, a bad option."""


class SimulationError(DecklabError):
    """A simulated game that could not be played to the end (an engine error, or an illegal action in checked
    play): the sentence names the game, its seed and the command that replays it."""


class DatabaseError(DecklabError):
    """The database cannot be opened, or is at a revision this decklab cannot use."""


def close_matches(word: str, candidates, *, n: int = 3) -> list[str]:
    """Return up to ``n`` candidates that look like ``word`` (case-insensitive).

    >>> close_matches("grizly bear", ["Grizzly Bear", "Backstab"])
    ['Grizzly Bear']
    """
    import difflib

    by_key = {}
    for candidate in candidates:
        by_key.setdefault(candidate.casefold(), candidate)
    keys = difflib.get_close_matches(word.casefold(), list(by_key), n=n, cutoff=0.6)
    return [by_key[key] for key in keys]


def did_you_mean(word: str, candidates) -> str:
    """Return ``" (did you mean 'x'?)"`` for a close match, else an empty string."""
    matches = close_matches(word, candidates, n=1)
    return f" (did you mean '{matches[0]}'?)" if matches else ""


def suggestion(word: str, candidates) -> str:
    """The end of a "not found" sentence: ``"; did you mean 'a' or 'b'?"``, or ``"."``.

    >>> suggestion("Grizly Bear", ["Grizzly Bear"])
    "; did you mean 'Grizzly Bear'?"
    """
    matches = close_matches(word, candidates)
    return f"; did you mean {' or '.join(repr(m) for m in matches)}?" if matches else "."


def read_text(path, what: str) -> str:
    """The UTF-8 text of ``path``; ``what`` names the kind of file in the error.

    :raises InputError: when the file is missing, a folder, not UTF-8 or unreadable.
    """
    from pathlib import Path

    path = Path(path)
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"cannot read {path}: no such file.") from None
    except IsADirectoryError:
        raise InputError(f"cannot read {path}: it is a folder, not {what}.") from None
    except UnicodeDecodeError:
        raise InputError(f"cannot read {path}: it is not UTF-8 text.") from None
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror or exc}.") from None
