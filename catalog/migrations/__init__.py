"""Alembic migrations shipped inside the package.

:data:`HEAD` is the newest revision; a test checks it against the scripts,
so opening a database needs no Alembic import when it is already current.
"""

from pathlib import Path

HEAD = "0003"
LOCATION = Path(__file__).parent
