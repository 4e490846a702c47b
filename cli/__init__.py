"""The decklab command line: a thin layer over the library."""
