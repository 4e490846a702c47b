"""The effect kinds Warcardz's engine models (:data:`EFFECTS`), checked down to the values the engine understands.

The kinds read from a card's facts (passives, attacks' modifiers, and the instants a combat's tactics window
records: :mod:`.facts`, :mod:`.combat`) are declared first, without a handler; each kind that does something when
it resolves (a before-combat card's effects, a character's on-enter or on-win effects) is declared with its
handler (``@EFFECTS.handles``), which the turn's ``effect`` step calls as
``EFFECTS.handlers[entry["effect"]](state, player, entry, context)``. See ``docs/engines.md``, "Adding an effect
kind"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from decklab.catalog.cards import Card

from ..effects import EffectRegistry
from .board import ATTRIBUTES, DIRECTIONS, ROW_SQUARES, SIDES, SQUARE_NAMES, STATS, Choose, PlayerAction
from .conditions import Entry

if TYPE_CHECKING:
    from .facts import Facts
    from .state import WarcardzState

Context = dict[str, Any]
"""Where a resolving effect comes from: ``source`` (its card's facts), ``fighter`` (the character it belongs to),
``target`` (what the card picked when played) and ``vacated`` (the square a Fall Back emptied)."""

_FIGHTER_CONDITIONS = {"faction", "class", "position", "attribute", "max_value"}
_COMBAT_TARGETS = {"own_fighter_in_combat", "own_fighters_in_combat", "defending_own_fighter"}
_COMBAT_KINDS = {"modify", "add_frenzy", "preferred_position", "ignore_variable", "negate", "prevent_removal"}
_DURATIONS = {"this_combat", "this_turn", "while_in_play", "while_active"}


# Entries whose target the player picks when the card is played.
PICKED = {"own_fighter", "enemy_fighter", "two_adjacent_own_fighters", "own_fighter_in_combat"}


def is_targeted(entry: Entry) -> bool:
    """Whether the player picks the entry's target (or, for a Tactical Scan, the attribute) when playing its card."""
    return entry.get("target") in PICKED or (entry["effect"] == "choose_attribute" and entry.get("from") == "deck")


class _Registry(EffectRegistry):
    """The effect kinds, checked down to the values the engine understands (stats, sides, sources)."""

    def supports(self, entry: Entry) -> bool:
        if not super().supports(entry):
            return False
        kind, trigger, target = entry["effect"], entry["trigger"], entry.get("target")  # (a supported entry has one)
        if "duration" in entry and entry["duration"] not in _DURATIONS:
            return False
        if kind == "modify":
            if entry.get("stat") not in STATS or not isinstance(entry.get("amount"), int):
                return False
            if entry.get("side", "both") not in SIDES:
                return False
            if (entry["stat"] == "combat_score") != (target == "all_fighters"):
                return False
            return {"passive": {"this", "adjacent_own_fighters", "other_own_fighters", "all_fighters"},
                    "on_attack": {"this"}, "on_play": _COMBAT_TARGETS}[trigger].__contains__(target)
        if kind == "add_frenzy":
            return (trigger, target) in {("on_attack", "this"), ("on_play", "own_fighters_in_combat"),
                                         ("on_play", "own_fighter_in_combat")}
        if kind == "set_attribute":
            return entry.get("attribute") in ATTRIBUTES
        if kind == "choose_attribute":
            return entry.get("from", "top") in ("top", "deck") and bool(
                entry.get("from", "top") == "top" or entry.get("choice", "named_attribute") == "named_attribute")
        if kind == "move":
            return bool(entry.get("destination", "any_vacant_own_position") == "any_vacant_own_position")
        if kind == "grant_direction":
            return bool(entry.get("directions")) and set(entry["directions"]) <= set(DIRECTIONS)
        if kind == "prevent_removal":
            return bool(entry.get("instead", "return_to_reserve") == "return_to_reserve")
        if kind == "deploy_reserve":
            return isinstance(entry.get("amount", 1), int)
        return True

    def is_modeled(self, card: Card) -> bool:
        if not super().is_modeled(card):
            return False
        if card.type == "tactics":
            plays = [e for e in card.effects if e.get("trigger") == "on_play"]
            if len(plays) != len(card.effects):
                return False
            instant = card.get("timing") == "instant"
            if any((e["effect"] in _COMBAT_KINDS) != instant for e in plays):
                return False
            if sum(1 for e in plays if is_targeted(e)) > 1:
                return False
        elif card.type == "character":
            return all(e.get("trigger") in ("passive", "on_attack", "on_win", "on_enter")
                       and e.get("target") != "all_fighters" for e in card.effects)
        elif card.type == "attribute":
            return all(e["effect"] == "set_attribute" for e in card.effects)
        elif card.type == "variable":
            return all(e["effect"] == "modify" and e.get("target") == "all_fighters" for e in card.effects)
        return True


EFFECTS = _Registry("warcardz")

# Read from a card's facts (``Facts``: passives, attacks' modifiers) and recorded into a combat by its tactics window
# (``combat.record_instant``), or answered at their own moment (Countermand, Last Stand), not resolved:
EFFECTS.kind("set_attribute", triggers={"passive"}, keys={"attribute", "frenzy", "duration"})
EFFECTS.kind("modify", triggers={"passive", "on_attack", "on_play"},
             targets={"this", "adjacent_own_fighters", "other_own_fighters", "all_fighters", *_COMBAT_TARGETS},
             keys={"stat", "amount", "duration", "side"},
             conditions={*_FIGHTER_CONDITIONS, "attacking_with", "attacking_alone"})
EFFECTS.kind("add_frenzy", triggers={"on_attack", "on_play"},
             targets={"this", "own_fighters_in_combat", "own_fighter_in_combat"}, keys={"duration"},
             conditions=_FIGHTER_CONDITIONS)
EFFECTS.kind("negate", triggers={"on_play"}, targets={"enemy_tactic"})
EFFECTS.kind("ignore_variable", triggers={"on_play"}, keys={"duration"})
EFFECTS.kind("prevent_removal", triggers={"on_play"}, targets={"defending_own_fighter"}, keys={"instead", "duration"})
EFFECTS.kind("preferred_position", triggers={"on_play"}, targets={"own_fighter_in_combat"}, keys={"duration"})

# --- resolved, each by its handler ----------------------------------------------------------------------------


@EFFECTS.handles("flip_attribute", triggers={"on_play", "on_win", "on_enter"}, keys={"optional"})
def _flip_attribute(state: WarcardzState, player: int, entry: Entry, context: Context) -> None:
    _flip(state, player, entry, context, "attribute")


@EFFECTS.handles("flip_variable", triggers={"on_play", "on_win", "on_enter"}, keys={"optional"})
def _flip_variable(state: WarcardzState, player: int, entry: Entry, context: Context) -> None:
    _flip(state, player, entry, context, "variable")


def _flip(state: WarcardzState, player: int, entry: Entry, context: Context, deck: str) -> None:
    """Flip the ``deck`` side deck's card (an optional flip asks its player first)."""
    if entry.get("optional"):
        current = state.attr_card if deck == "attribute" else state.var_card
        assert current is not None
        state.ask(player, [Choose(True, f"flip the {deck} card ({current.name})"),
                           Choose(False, f"keep {current.name}")], "flip", deck)
        return
    state.flip_attribute() if deck == "attribute" else state.flip_variable()


def answer_flip(state: WarcardzState, player: int, action: Choose, deck: str) -> None:
    """The answer to an optional flip."""
    if action.option is True:
        if state.log is not None:
            state.say(f"P{player + 1} flips the {deck} card")
        state.flip_attribute() if deck == "attribute" else state.flip_variable()


@EFFECTS.handles("choose_attribute", triggers={"on_play"}, keys={"from", "count", "choice"})
def _choose_attribute(state: WarcardzState, player: int, entry: Entry, context: Context) -> None:
    pile = state.attr_pile
    if entry.get("from") == "deck":
        wanted = context["target"]
        pile.append(state.attr_card)
        for i, facts in enumerate(pile):
            if facts.attribute == wanted:
                revealed = pile[:i]
                del pile[:i + 1]
                pile.extend(revealed)
                state.set_attribute(facts)
                return
        return
    count = min(entry.get("count", 3), len(pile))
    if count:
        state.ask(player, survey_choices(pile, count), "survey", count)


def survey_choices(pile: list[Facts], count: int) -> list[PlayerAction]:
    """Field Survey: which of the top ``count`` cards of the attribute deck to put in play."""
    return [Choose(i, f"make {pile[i].name} the attribute card") for i in range(count)]


def answer_survey(state: WarcardzState, player: int, action: Choose, count: int) -> None:
    """The answer to a Field Survey: the chosen card in play, the others and the old one at the bottom."""
    pile = state.attr_pile
    chosen = pile.pop(action.option)
    others = pile[:count - 1]
    del pile[:count - 1]
    pile.append(state.attr_card)
    pile.extend(others)
    state.set_attribute(chosen)


@EFFECTS.handles("swap_positions", triggers={"on_play"}, targets={"two_adjacent_own_fighters"})
def _swap_positions(state: WarcardzState, player: int, entry: Entry, context: Context) -> None:
    a, b = context["target"]
    board = state.board
    first, second = board[a], board[b]
    board[a], board[b] = second, first
    first.move_to(b)
    second.move_to(a)
    state.changed = True
    state.cache.clear()
    if state.log is not None:
        state.say(f"{first.facts.name} and {second.facts.name} swap positions")


@EFFECTS.handles("move", triggers={"on_play"}, targets={"own_fighter"}, keys={"destination"},
                 conditions=_FIGHTER_CONDITIONS)
def _move(state: WarcardzState, player: int, entry: Entry, context: Context) -> None:
    src, dst = context["target"]
    fighter = state.board[src]
    if fighter is not None and state.board[dst] is None:
        state.relocate(fighter, dst)
        if state.log is not None:
            state.say(f"{fighter.facts.name} moves to {SQUARE_NAMES[dst]}")


@EFFECTS.handles("return_to_reserve", triggers={"on_play"}, targets={"own_fighter", "enemy_fighter"},
                 conditions=_FIGHTER_CONDITIONS)
def _return_to_reserve(state: WarcardzState, player: int, entry: Entry, context: Context) -> None:
    fighter = state.board[context["target"]]
    if fighter is not None:
        context["vacated"] = fighter.sq
        state.to_reserve(fighter)


@EFFECTS.handles("deploy_reserve", triggers={"on_play"}, targets={"controller"}, keys={"amount", "optional"})
def _deploy_reserve(state: WarcardzState, player: int, entry: Entry, context: Context) -> None:
    options = deploy_choices(state, player, context)
    if options is not None:
        state.ask(player, options, "deploy", (entry, context, entry.get("amount", 1)))


def deploy_choices(state: WarcardzState, player: int, context: Context) -> list[PlayerAction] | None:
    """The reserves a tactics card may place and where, then "no more" (None: none can be placed)."""
    vacated = context.get("vacated")
    if vacated is not None:  # Fall Back: "place one of your reserves in the vacant position"
        squares = [vacated] if vacated in ROW_SQUARES[player] and state.board[vacated] is None else []
    else:
        squares = None
    options: list[PlayerAction] = [Choose((d.index, d.square), f"place {d.name} at {SQUARE_NAMES[d.square]}")
                                   for d in state.deploys(player, squares)]
    if not options:
        return None
    options.append(Choose(None, "place no more reserves"))
    return options


def answer_deploy(state: WarcardzState, player: int, action: Choose, data: tuple[Entry, Context, int]) -> None:
    """The answer to a deploy: place the chosen reserve (and queue the deploys still to come), or none."""
    if action.option is None:
        return
    entry, context, remaining = data
    index, square = action.option
    facts = state.sides[player].reserves.pop(index)
    if remaining > 1:
        state.tasks.append(("effect", player, {**entry, "amount": remaining - 1}, context))
    state.place(facts, player, square, True)


@EFFECTS.handles("grant_direction", triggers={"on_play"}, targets={"own_fighter"}, keys={"directions", "duration"},
                 conditions=_FIGHTER_CONDITIONS)
def _grant_direction(state: WarcardzState, player: int, entry: Entry, context: Context) -> None:
    fighter = state.board[context["target"]]
    if fighter is not None:
        state.grant(fighter, sum(1 << DIRECTIONS.index(d) for d in entry["directions"]))
        if state.log is not None:
            state.say(f"{fighter.facts.name} may also attack "
                      f"{', '.join(d.replace('_', ' ') for d in entry['directions'])} this turn")
