# Cython declarations augmenting warcardz.py (pure-Python mode): C types for the engine's hot classes, their
# attributes, and the arguments and locals of the hottest functions. Nothing here changes a result: the plain .py
# plays the same games.
# - Cond, Facts, Fighter, Side, Combat and WarcardzState are extension types (C structs, final). WarcardzState
#   follows the core.GameState protocol without subclassing it (an extension type cannot derive from a plain Python
#   class): it holds rng/log/turn/max_turns itself and takes ``say`` from GameState.
# - Of the greedy policy only the hottest methods are declared (see its section at the end); its other methods, and
#   any it gains, are ordinary Python methods of the compiled class.
# - A function holding a generator expression, a lambda or a nested function cannot be cpdef ("closures inside
#   cpdef functions not yet supported"): such functions stay ordinary ones (has_way_to_attack, army_value,
#   value_in_play, _attacks, _declare, _targets, clone, _answer_save; the greedy's _slot, _answer, _window, _discard).
# - A typed variable may be None only where the .py tests for None before using it (an attribute of None is a crash
#   here, not an AttributeError); a value read from a cache with .get() is an object until tested.
# - C ints hold only small values: squares, uids, turns, stats, scores, card values, direction bits, serials. The
#   score-cache keys that shift a serial by 24 or 32 bits (``var_base``, ``skey``) stay Python ints, and so does
#   every expression that adds them. The greedy's plan values are C doubles (the same IEEE arithmetic as Python's
#   floats).
cimport cython

# the module's private tables as C-typed globals (compiled, they are not module attributes; nothing outside reads
# them): the per-process caches of compiled conditions, facts and score parts, the steps and answers by name
cdef dict _CONDS, _FACTS, _OWN, _VARIABLE, _BASE, _GAINS, _DECKS, _STANDARD, _TASKS, _HANDLERS, _EFFECT_HANDLERS
cdef dict _NO_MODS  # (a combat's modifiers before a card changes them)
cdef long long _IN_GROUP  # (2 ** 31 + 1: a _BASE key's part for an attacker in a group)


@cython.final
cdef class Cond:
    cdef public object alone, attrs, faction, klass, max_value  # (None: no such condition)
    cdef public int position
    cdef public Cond with_


@cython.final
cdef class Facts:
    cdef public object card, key, before, gains, targeted, window, with_mods  # (with_mods, window, gains: or None)
    cdef public str name, type, faction, klass
    cdef public int value, attack, defense, frenzy, pos, dirs, attribute, serial, frenzy_cap, aura_frenzy
    cdef public bint instant, negates, saves, attr_frenzy, grouped, aura_grouped, attr_dependent
    cdef public tuple attrs, self_mods, adj_mods, auras, attack_mods, attack_frenzy, on_win, on_enter, plays
    cdef public tuple var_mods, compiled_plays


@cython.final
cdef class Fighter:
    cdef public Facts facts
    cdef public int owner, rank, sq, uid

    cpdef move_to(self, int sq)


@cython.final
cdef class Side:
    cdef public list hand, reserves, played, discards, removed
    cdef public bint dummy
    cdef public int size


@cython.final
cdef class Combat:
    cdef public int player, target, priority, passes, attack, defense
    cdef public list attackers
    cdef public Fighter defender
    cdef public dict mods  # (the shared empty _NO_MODS until a card changes it)
    cdef public object frenzy, home  # (a set, or the shared empty frozenset _NOBODY)
    cdef public bint no_variable, saved, plain
    cdef public object totals  # (a tuple, or None)


@cython.final
cdef class WarcardzState:
    # the GameState protocol's own attributes
    cdef public object rng, log
    cdef public int turn, max_turns
    cdef public int active, attr, next_uid, quiet, tindex, var_attr
    cdef public object var_base, skey  # (serials shifted by 24 and 56 bits: beyond a C long)
    cdef public object pending, result, surrendered  # (None, or a tuple / a seat)
    cdef public bint changed, discarded, frenzy_on, goldfish, over, slot_used, unresolved
    cdef public bint several, twins_always, surrenders  # (the switches of READINGS, set up with the game)
    cdef public list attr_pile, var_pile, auras, board, medics, sides, tasks, units
    cdef public dict acache, cache, granted
    cdef public Facts attr_card, var_card
    cdef public tuple var_mods
    cdef public Combat combat

    cpdef int current_player(self)
    cpdef bint is_terminal(self)
    cpdef winner(self)
    cpdef bint is_unresolved(self)

    # -- scores (keys of the per-game caches are Python ints; a score or a packed score read from a cache is an
    #    object until it is known not to be None)
    @cython.locals(key=cython.int, cache=dict, value=object)
    cpdef int score(self, Fighter fighter, bint attacking, group=*, Combat combat=*)

    @cython.locals(f=Facts, sq=cython.int, pos=cython.int, key=object, packed=object, own_key=cython.longlong,
                   own=object, total=cython.int, owner=cython.int, board=list, near=cython.int, other=Fighter)
    cpdef int fresh_score(self, Fighter fighter, bint attacking, group=*)

    @cython.locals(f=Facts, pos=cython.int, key=object, packed=object, own_key=cython.longlong, own=object,
                   total=cython.int)
    cpdef int group_score(self, Fighter fighter, group)

    @cython.locals(f=Facts, uid=cython.int, in_group=bint, sq=cython.int, pos=cython.int, key=cython.longlong,
                   packed=object, total=cython.int, board=list, near=cython.int, other=Fighter)
    cpdef int raw_score(self, Fighter fighter, bint attacking, group, Combat combat)

    @cython.locals(a=cython.int, key=object, bonus=object, want=cython.int, amount=cython.int, side=cython.int, c=Cond)
    cpdef int _variable_bonus(self, Facts f, int pos, bint attacking, Combat combat)

    @cython.locals(f=Facts, key=cython.longlong, cache=dict, bonus=object, grouped=bint, other=Fighter)
    cpdef int _aura_bonus(self, Fighter fighter, bint attacking, int pos, group, int frenzy)

    @cython.locals(f=Facts, a=cython.int, sq=cython.int, pos=cython.int, attr=cython.int, fr=cython.int,
                   base=cython.int, frenzy_on=bint, mods=tuple, auras=list, other=Fighter, board=list,
                   near=cython.int, c=Cond, uid=cython.int, m=tuple, stat=cython.int)
    cpdef int _full_score(self, Fighter fighter, bint attacking, group, Combat combat)

    @cython.locals(totals=tuple, group=list, cache=dict, free=bint, other=Fighter, attack=object, f=Fighter,
                   value=object, defender=Fighter, defense=object)
    cpdef tuple totals(self, Combat combat)

    # -- the board
    @cython.locals(fighter=Fighter)
    cpdef Fighter _place(self, Facts facts, int owner, int sq, bint from_reserve)
    cpdef _take(self, Fighter fighter)

    @cython.locals(cache=dict, fighter=Fighter)
    cpdef _forget_side(self, int owner)

    @cython.locals(cache=dict, board=list, fighter=Fighter, near=cython.int)
    cpdef _forget(self, int sq)

    @cython.locals(cache=dict)
    cpdef _forget_plans(self)
    cpdef grant(self, Fighter fighter, int bits)
    cpdef _expire_grants(self)
    cpdef _remove(self, Fighter fighter, str why=*)
    cpdef _to_reserve(self, Fighter fighter)
    cpdef _relocate(self, Fighter fighter, int sq)

    @cython.locals(a=list, b=list)
    cpdef bint _check_end(self)

    # -- side decks
    cpdef flip_attribute(self)
    cpdef _set_attribute(self, Facts facts)
    cpdef flip_variable(self)
    cpdef _set_variable(self, Facts facts)

    # -- legal actions
    @cython.locals(p=cython.int, moves=list)
    cpdef legal_actions(self)

    @cython.locals(board=list, sq=cython.int)
    cpdef list _open_squares(self, int player)

    @cython.locals(room=cython.int, moves=list, seen=set, index=cython.int, facts=Facts)
    cpdef list _deploys(self, int player, squares=*)

    @cython.locals(board=list, granted=dict, table=tuple, out=list, src=cython.int, fighter=Fighter,
                   lights=cython.int, sq=cython.int, target=Fighter, attackers=list)
    cpdef list reach(self, int player)

    @cython.locals(side=Side, hand=list, moves=list, seen=set, attacking=bint, a=cython.int, index=cython.int,
                   facts=Facts, window=tuple, cond=Cond, f=Fighter, pos=cython.int)
    cpdef list _instant_plays(self, int player, Combat combat)

    @cython.locals(a=cython.int, stat=cython.int, cond=Cond, f=Fighter)
    cpdef bint _playable(self, tuple entries, bint attacking, mine)

    # -- applying
    @cython.locals(pending=tuple, tasks=list, side=Side, facts=Facts, task=tuple)
    cpdef apply(self, action)

    @cython.locals(tasks=list, task=tuple)
    cpdef _advance(self)

    @cython.locals(side=Side, pile=list)
    cpdef _discard(self, action)

    @cython.locals(p=cython.int, side=Side, facts=Facts, entry=list)
    cpdef _play_before(self, action)

    cpdef end_turn(self)

    @cython.locals(side=Side, sq=cython.int)
    cpdef _refill_dummies(self)


cpdef int view(int player, int sq)

@cython.locals(cached=tuple)
cpdef Cond _cond(entry)

@cython.locals(inner=Cond, other=Fighter)
cpdef bint _holds(Cond c, Facts facts, int pos, int attr, group, me)

@cython.locals(bonus=cython.int, stat=cython.int, amount=cython.int, c=Cond)
cpdef int _bonus(tuple mods, Facts f, int pos, int a, int frenzy, bint attacking, group, me)

@cython.locals(f=Fighter, key=object)
cpdef bint is_twin_combat(attackers, Fighter defender)

cpdef bint is_attack_opener(Facts facts)

@cython.locals(facts=Facts)
cpdef bint _has_instant(Side side)

# the steps of a turn (tasks) and the answers to pending choices
cpdef _ask(WarcardzState state, int player, list options, str kind, data=*)
cpdef _task_end(WarcardzState state, task)

@cython.locals(combat=Combat, player=cython.int, attack=cython.int, defense=cython.int, attacking=bint,
               behind=cython.int, options=list)
cpdef _task_window(WarcardzState state, task)

@cython.locals(fixed=cython.int, per_mine=cython.int, frenzies=cython.int, ignores=cython.int,
               extra_frenzy=cython.int, facts=Facts, gains=tuple, total=cython.int, bound=cython.int, f=Fighter)
cpdef int _most_gained(WarcardzState state, int player, Combat combat)

@cython.locals(bound=cython.int, other=Fighter, stat=cython.int, amount=cython.int)
cpdef int _frenzy_bound(WarcardzState state, Fighter fighter, Combat combat)

@cython.locals(combat=Combat, side=Side, facts=Facts, entry=list)
cpdef _answer_window(WarcardzState state, int player, action, data)

@cython.locals(index=cython.int, facts=Facts)
cpdef _countermand(Side side)

@cython.locals(entry=list, responder=cython.int, side=Side)
cpdef _task_respond(WarcardzState state, task)

@cython.locals(side=Side, facts=Facts, counter=list)
cpdef _answer_respond(WarcardzState state, int player, action, entry)

@cython.locals(counter=list, entry=list)
cpdef _task_counter(WarcardzState state, task)

@cython.locals(player=cython.int, facts=Facts, context=dict)
cpdef _task_tactic(WarcardzState state, task)
cpdef _task_check(WarcardzState state, task)

@cython.locals(player=cython.int, facts=Facts)
cpdef _task_instant(WarcardzState state, task)

@cython.locals(a=cython.int, cond=Cond, f=Fighter)
cpdef _record_instant(WarcardzState state, Combat combat, int player, Facts facts, uid)

@cython.locals(combat=Combat, attack=cython.int, defense=cython.int, defender=Fighter, twins=list, fighter=Fighter,
               side=Side, facts=Facts)
cpdef _task_outcome(WarcardzState state, task)

cpdef _task_saved(WarcardzState state, task)

@cython.locals(combat=Combat, defender=Fighter, effects=list, fighter=Fighter)
cpdef _task_win(WarcardzState state, task)

@cython.locals(combat=Combat, square=cython.int, board=list, options=list, f=Fighter)
cpdef _task_move(WarcardzState state, task)

@cython.locals(fighter=Fighter)
cpdef _answer_move(WarcardzState state, int player, action, data)
cpdef _task_effect(WarcardzState state, task)
cpdef _flip(WarcardzState state, int player, entry, context, str deck)

# setting up
@cython.locals(i=cython.int, facts=Facts)
cpdef _field(WarcardzState state, int player, line)

@cython.locals(attr_pile=list, var_pile=list)
cpdef _side_decks(WarcardzState state, list attributes, list variables)


# --- the greedy policy ---------------------------------------------------------------------------------------------
# Only its hottest methods (the attack search and the reserve placement, about half of a greedy game's time) are
# declared; every other method stays an ordinary one that may change freely. A declared method's locals must keep
# their types here when its code changes: a new local is simply an object, a local that comes to hold another type
# (a float in a C int, None in a C number) must change here too.
cdef class Greedy:
    @cython.locals(pending=tuple, p=cython.int, side=Side, cache=dict, attackers=list, target=Fighter, f=Fighter)
    cpdef act(self, WarcardzState state)

    cpdef plan(self, WarcardzState state, int p)

    @cython.locals(enemies=list, board=list, granted=dict, reachers=tuple, best_value=cython.double, cache=dict,
                   free=bint, other=Fighter, won=list, target=Fighter, worth=cython.double, sq=cython.int,
                   attackers=list, src=cython.int, bit=cython.int, f=Fighter, found=list, found_value=cython.double,
                   total=cython.int, value=cython.double, threats=list, twins_always=bint)
    cpdef _plan(self, WarcardzState state, int p, bint nested=*)

    @cython.locals(units=list, reserves=list, room=cython.int, f=Fighter, index=cython.int, top=cython.int,
                   i=cython.int, facts=Facts, board=list, open_squares=list, sq=cython.int, table=tuple,
                   lights=cython.int, home=cython.int, best=cython.int, best_count=cython.int, best_home=bint,
                   count=cython.int, target_sq=cython.int, target=Fighter, ranked=list, entry=tuple)
    cpdef tuple _placements(self, WarcardzState state, int p)

    @cython.locals(board=list, lights=cython.int, table=tuple, now=tuple, there=Fighter, target_sq=cython.int,
                   target=Fighter, exposed=bint)
    cpdef bint _strikes_from(self, WarcardzState state, int p, Fighter fighter, int sq)

    @cython.locals(board=list, reach=list, sq=cython.int, attackers=list, target=Fighter, group=list, index=cython.int,
                   facts=Facts, combat=Combat, attack=cython.int, defense=cython.int, margin=cython.int)
    cpdef _backed_attack(self, WarcardzState state, int p, Side side)

    @cython.locals(square=cython.int, enemy=cython.int, block=bint, best_gain=cython.int, fighter=Fighter,
                   lights=cython.int, before=cython.int, after=cython.int, gain=cython.int)
    cpdef _move(self, WarcardzState state, int player, actions)

@cython.locals(gain=tuple, fixed=cython.int, per_fighter=cython.int, frenzy=bint, bound=cython.int, f=Fighter)
cpdef int _gain_bound(Facts facts, mine)
