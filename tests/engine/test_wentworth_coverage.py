"""Every starter-set card is played by the greedy player in some game of a deck that holds it (issue 21)."""

from __future__ import annotations

from decklab.engine import engines
from decklab.engine.wentworth import Activate, Play, new_match

from .test_wentworth_fuzz import random_decks

ENGINE = engines()["wentworth"]
GAMES = 1500  # greedy against greedy: each pairing of the three decks, from both seats


def test_greedy_plays_every_starter_card(starter):
    """Three legal decks that hold every starter card between them (the fuzz tests' deals), greedy against
    greedy: every card is played (or its ability used) by the greedy player in some game."""
    decks = random_decks(starter, 3, seed=2026)
    dealt = {card.name for deck in decks for card, _ in deck.sections["main"]}
    assert dealt == {card.name for card in starter}
    greedy = ENGINE.policies["greedy"]()
    played: set = set()
    pairs = [(0, 1), (1, 2), (2, 0)]
    for index in range(GAMES):
        a, b = pairs[index % 3]
        state = new_match([decks[a], decks[b]], seed=index, first=(index // 3) % 2)
        while not state.is_terminal():
            action = greedy.act(state)
            if type(action) is Play or type(action) is Activate:
                played.add(action.name)
            state.apply(action)
    never = sorted(card.name for card in starter if card.name not in played)
    assert not never, f"never played by greedy in {GAMES} games of decks that hold them: {never}"
