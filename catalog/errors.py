"""Errors that reach the user as one sentence."""


class DecklabError(Exception):
    """A problem the user can fix: bad input, an unknown name, an unusable database.

    The message is one sentence a player understands; the CLI prints it on
    stderr and exits with :attr:`exit_code`.
    """

    exit_code = 2


class InputError(DecklabError):
    """Bad input: an unreadable or invalid file, an unknown name, a bad option."""


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
