"""``python -m decklab.engine``: whether each engine runs compiled; exit 1 unless all do."""

import sys

from decklab.engine import native

sys.exit(native.report())
