"""Ward's effect kinds: one declaration and at most one handler a kind (engine/ward/effects.py), and a kind added
as one decorated handler is played from then on."""

from __future__ import annotations

from decklab.engine.ward import EFFECTS, Choose, Play

from .ward_helpers import act, give, magic, state

RESOLVED = {"modify", "damage", "damage_over_time", "heal", "heal_over_time", "multiply_damage", "strike_first",
            "prevent", "negate", "draw", "discard", "reroll"}
ASKED = {"search_deck", "revive", "summon", "destroy"}
UNHANDLED = {"attach", "return_to_hand"}  # read from the card's facts, or played by the response chain alone


def test_each_kind_is_declared_once_with_at_most_one_handler():
    assert set(EFFECTS.kinds) == RESOLVED | ASKED | UNHANDLED
    assert set(EFFECTS.handlers) == RESOLVED | ASKED
    assert EFFECTS.asking == ASKED
    assert all(EFFECTS.at_once(kind) is None for kind in ASKED | UNHANDLED)


def test_a_kind_added_as_one_handler_is_played():
    """A handler that resolves at once, declared with ``@EFFECTS.handles``: the card is modeled and its effect
    resolves when it is played (taken back out afterwards)."""
    played = []

    @EFFECTS.handles("ping", triggers={"on_play"}, targets={"controller"}, keys={"amount"})
    def ping(game, player, entry, ctx) -> None:
        played.append((player, entry["amount"]))

    try:
        card = magic("Ping", effects=[{"effect": "ping", "trigger": "on_play", "target": "controller", "amount": 3}])
        assert EFFECTS.is_modeled(card)
        game = state()
        give(game, 0, card)
        act(game, Play, name="Ping")
        assert played == [(0, 3)]
    finally:
        EFFECTS.kinds.pop("ping", None)
        EFFECTS.handlers.pop("ping", None)


def test_a_kind_added_as_one_asking_handler_asks_its_controller():
    """A handler that asks its controller to choose, declared with ``@EFFECTS.handles(..., asks=True)``: a generator
    that yields the decision (player, kind, options) and receives the action chosen."""
    chosen = []

    @EFFECTS.handles("pick_one", triggers={"on_play"}, keys={"amount"}, asks=True)
    def pick_one(game, player, entry, ctx):
        choice = yield (player, "search", [Choose("a", "a"), Choose("b", "b")])
        chosen.append(choice.option)

    try:
        card = magic("Pick", effects=[{"effect": "pick_one", "trigger": "on_play", "amount": 1}])
        assert EFFECTS.is_modeled(card)
        game = state()
        give(game, 0, card)
        act(game, Play, name="Pick")
        assert game.who == 0 and game.kind == "search"
        game.apply(game.legal_actions()[1])
        assert chosen == ["b"]
    finally:
        EFFECTS.kinds.pop("pick_one", None)
        EFFECTS.handlers.pop("pick_one", None)
        EFFECTS.asking.discard("pick_one")
