# Cython declarations augmenting magewarfare.py (pure-Python mode: the .py stays plain Python and plays the same
# games without Cython). What the compiled engine spent its time on was CPython's generic attribute lookups
# (``u.damage`` on a plain class with ``__slots__``); here the hot classes become extension types (C structs) with
# typed attributes, and the hot methods cpdef with typed arguments and C-typed locals, so that those reads are C field
# reads and those calls C calls.
# - The classes are extension types, final (nothing derives from them). MageState follows the core.GameState protocol
#   without subclassing it (an extension type cannot derive from a plain Python class): it holds rng/log/turn/max_turns
#   itself and takes ``say`` from GameState, as ward.py's WardState does.
# - A typed variable or attribute may be None only where the .py tests for None before using it (an attribute of None
#   is a crash here, not an AttributeError).
# - C ints hold only small values (stats, Defense, HP, Flesh, counts, ids, ranges, phases); ``long`` for the stamps,
#   serials and versions, which count up for a whole process. Values that may be None (``return_to``, ``result``,
#   ``sig``) or may hold another kind (a target: a card or a seat) stay objects; policy scores are doubles (they are
#   floats in the .py: the same arithmetic).
# - A bint attribute holds only True/False in the .py (reading one gives a bool, as before).
# - Static methods cannot be cpdef: the hot ones (MageState._roster and _payable, Greedy._reaction_options,
#   _try_effects, _undo and _bounds) are plain methods in the .py (they were always called through an instance).
# - Cython compiles no closure (a generator expression, a lambda) inside a cpdef method: the .py keeps those of the
#   methods declared here in small module functions (_has_aura_spell, _damage_sum, _weakest, ...).
# - A method declared here must keep its arguments; a new attribute of a class here needs a declaration here (an
#   extension type has no __dict__: without one it is an AttributeError in the compiled engine only).
cimport cython

# the game's int constants as C values (magewarfare.py publishes them as module attributes too)
cdef int START_HP, MAGE_DEX, HAND, BATTLE_CAP, LONG, MEDIUM, CLOSE, CREATURE, GUARD, DEVICE, SHIELD, SPELL, HEX
cdef int FLYER, STEALTH, SLOW, DOUBLE, CLOAK, EXP_TURN, EXP_BATTLE, OPENING, MAINT, DRAW, EQUIP, DECLARE, BLOCK
cdef int BATTLE, PLAY, DISCARD, ENDTURN, ADVANCE, STRIKE, ADVANCE_STRIKE, RETREAT, WAIT, UNSTEALTH, INF
# the shared tables the policy reads on every decision (published likewise)
cdef dict MOVES, _LET_THROUGH
cdef list _MOVE_AT, _SIGS


cdef class Facts
cdef class Unit
cdef class Gear
cdef class Battle
cdef class Side
cdef class MageState


@cython.final
cdef class Cond:
    cdef public object classes, alignment, reality, role
    cdef public int bits
    cdef public Cond sub

    cpdef bint ok(self, Facts facts, flags=*)


@cython.final
cdef class Eff:
    cdef public str kind
    cdef public object trigger, tw, dur, pile, counter, cap_base
    cdef public int amount, bits, blood, flesh, bcost
    cdef public tuple idxs, caps
    cdef public Cond cond
    cdef public bint deploy, others, harmful, targeted
    cdef public double penalty


@cython.final
cdef class Facts:
    cdef public object card, reality, user, pump_gain
    cdef public str name, alignment
    cdef public int type, cls, cost, half, maint, flags, blood, uses, base_best, gear_gain
    cdef public bint unit, guard, trinket, sharable, complex, harmful, chains, reaction, pump, engage
    cdef public tuple stats, card_caps
    cdef public list base, base_atk, on_play, activated, self_mods, auras, user_mods, shield_mods, hex_mods, prevent
    cdef public dict triggers, fits
    cdef public Eff attach, pick
    cdef public double ub


@cython.final
cdef class Unit:
    cdef public Facts facts
    cdef public int uid, owner, ctrl, damage, tokens, bloodc, chains, lent, retreats, flags, bloodn, best, red, bphase
    cdef public long stamp
    cdef public bint deployed, disabled, cloaked, blocked
    cdef public list devices, hexes, mods, helping, st, atk
    cdef public Gear shield
    cdef public object return_to, decl
    cdef public tuple sig


@cython.final
cdef class Gear:
    cdef public Facts facts
    cdef public int gid, owner, ctrl, damage, moved
    cdef public Unit unit
    cdef public list lent, hexes
    cdef public bint deployed


@cython.final
cdef class Hex:
    cdef public Facts facts
    cdef public int hid, owner
    cdef public object host  # (a Unit, or a Gear for a Device Hex)


@cython.final
cdef class TableSpell:
    cdef public Facts facts
    cdef public int sid, owner, uses
    cdef public bint active


@cython.final
cdef class Side:
    cdef public int seat, hp, flesh, dex, size, roster
    cdef public list barracks, armory, spellbook, hand, graveyard, removed, units, ground, table, hexes
    cdef public bint alive, dummy
    cdef public tuple kept


@cython.final
cdef class Battle:
    cdef public list u, nothing, stealth
    cdef public int range, mover, moves
    cdef public bint hurt


@cython.final
cdef class MageState:
    cdef public object rng, log, result, stack, cache
    cdef public int turn, max_turns, n, active, phase, ai, cur_seat, next_id, aura_stamp, attacks_begun, reactor, first
    cdef public long stamp, serial, version
    cdef public list sides, pending, declared, maint_queue, opening, order, aura_sides, aura_units, gear_acts
    cdef public Battle battle
    cdef public Unit cur
    cdef public dict objs
    cdef public bint over, goldfish, recheck, gear_upkeep, expiring, capped
    cdef public bint deployed_block, battle_window  # the readings deployed-block and reactive-windows

    cpdef int current_player(self)
    cpdef bint is_terminal(self)

    @cython.locals(f=Facts, t=cython.int, st=tuple, s=list, i=cython.int, flags=cython.int, blood=cython.int,
                   amount=cython.int, bits=cython.int, extra=cython.int, h=Hex, e=Eff, devices=list,
                   best_long=cython.int, best_medium=cython.int, close=cython.int, red=cython.int, g=Gear, gf=Facts,
                   gl=cython.int, gm=cython.int, gc=cython.int, gd=cython.int, shield=Gear, off=bint, c=Cond,
                   long_=cython.int, medium=cython.int, atk=list)
    cpdef _refresh(self, Unit u)

    @cython.locals(f=Facts, o=Unit, e=Eff, i=cython.int, spell=TableSpell)
    cpdef tuple _aura_bonus(self, Unit u, list s, int flags, int blood)

    @cython.locals(stats=tuple, s=list, h=Hex, e=Eff, i=cython.int)
    cpdef tuple _gear_attacks(self, Gear g)

    cpdef list stats(self, Unit u)
    cpdef int flags(self, Unit u)
    cpdef list attacks(self, Unit u)
    cpdef int reduction(self, Unit u)
    cpdef int defense_left(self, Unit u)

    @cython.locals(total=cython.int, e=Eff, c=Cond)
    cpdef int shield_defense(self, Gear g)

    @cython.locals(used=cython.int, g=Gear)
    cpdef int free_dex(self, Unit u)

    @cython.locals(devices=list, g=Gear, used=cython.int, gf=Facts)
    cpdef _can_use(self, Unit u, Facts f, bint creating)

    cpdef legal_actions(self)
    cpdef list _options(self)
    cpdef list _draw_options(self, Side side, bint spellbook=*)
    cpdef _set_phase(self, int phase)

    @cython.locals(side=Side, g=Gear, f=Facts, u=Unit, moves=list, turn=cython.int)
    cpdef list _equip_moves(self, int p)

    cpdef list _attackers(self, int p)

    @cython.locals(u=Unit)
    cpdef bint _may_declare(self, int p)

    @cython.locals(side=Side, flesh=cython.int, classes=cython.int, later=list, f=Facts, kind=cython.int,
                   c=cython.int, kept=tuple, fits=dict, u=Unit, spell=TableSpell)
    cpdef bint _may_create(self, int p, bint spells_only)

    @cython.locals(moves=list, seats=list, u=Unit)
    cpdef list _declare_moves(self, int p)

    @cython.locals(moves=list)
    cpdef list _play_moves(self, int p, bint spells_only=*)

    @cython.locals(side=Side, kept=tuple)
    cpdef int _classes_in_play(self, int p)

    @cython.locals(kept=tuple, units=list, bits=cython.int, upkeep=cython.int, dearest=cython.int, carriers=list,
                   u=Unit, f=Facts)
    cpdef tuple _roster(self, Side side)

    cpdef bint can_create_unit(self, int p, Facts f)

    @cython.locals(side=Side, flesh=cython.int, moves=list, seen=set, i=cython.int, f=Facts, kind=cython.int, u=Unit,
                   spell=TableSpell)
    cpdef list _creations(self, int p, bint spells_only, bint first=*)

    @cython.locals(cond=Cond, out=list, side=Side, u=Unit, wanted=cython.int, g=Gear)
    cpdef list _target_objects(self, int p, Eff e, bint harmful, bint first=*)

    @cython.locals(cond=Cond)
    cpdef bint can_target(self, int p, Eff e, bint harmful, t)

    @cython.locals(side=Side, flesh=cython.int, out=list, carriers=list, kept=tuple, u=Unit, g=Gear, h=Hex)
    cpdef list ability_sources(self, int p, bint first=*)

    @cython.locals(e=Eff)
    cpdef bint _sources_of(self, int p, obj, Unit u, int flesh, bint first, list out)

    cpdef bint _payable(self, obj, Eff e, Unit u, int flesh)

    @cython.locals(moves=list, e=Eff)
    cpdef list _activations(self, int p, bint first=*)

    cpdef list _blockers(self)

    @cython.locals(attacker=Unit, stamp=cython.long, flyer=cython.int, phase=cython.int, out=list, b=Unit,
                   deployed_block=cython.bint)
    cpdef list _find_blockers(self)

    cpdef bint is_free_to_block(self, Unit b, int phase)
    cpdef list _block_moves(self)

    @cython.locals(side=Side, flesh=cython.int, f=Facts, spell=TableSpell, kept=tuple)
    cpdef bint may_react(self, int p)

    @cython.locals(moves=list)
    cpdef list _reactions(self, int p)

    @cython.locals(b=Battle, s=cython.int, r=cython.int, moves=list, p=cython.int)
    cpdef list _battle_moves(self)

    @cython.locals(unit=Unit, u=Unit)
    cpdef apply(self, action)

    @cython.locals(p=cython.int, b=Battle, u=Unit, cur=Unit)
    cpdef _after_reaction(self)

    @cython.locals(phase=cython.int, u=Unit, cur=Unit, blockers=list, options=list)
    cpdef _proceed(self)

    cpdef bint _key_alive(self, obj)

    @cython.locals(p=cython.int, side=Side, u=Unit, g=Gear, h=Hex, e=Eff)
    cpdef _begin_turn(self)

    cpdef _start_attack(self)

    @cython.locals(declared=list, unit=Unit, seat=cython.int)
    cpdef bint _next_attacker(self)

    cpdef _touch(self, Unit u)

    @cython.locals(o=Unit)
    cpdef _auras_changed(self, int seat)

    cpdef bint _dead(self, Unit u)

    @cython.locals(objs=dict, side=Side, u=Unit)
    cpdef _check_all(self, blame)

    @cython.locals(attacker=Unit, seat=cython.int, amount=cython.int, side=Side)
    cpdef _unblocked(self)

    @cython.locals(b=Battle, stamp=cython.long, sa=cython.int, sd=cython.int)
    cpdef _start_battle(self, Unit a, Unit d)

    @cython.locals(b=Battle, s=cython.int, me=Unit)
    cpdef _move(self, int kind)

    @cython.locals(o=cython.int, me=Unit, opp=Unit, dealt=cython.int, shield=Gear, e=Eff, c=Cond, room=cython.int,
                   take=cython.int, g=Gear)
    cpdef int _hit(self, Battle b, int s, int amount, bint parting, bint free=*)

    @cython.locals(me=Unit, opp=Unit, stamp=cython.long, me_dead=bint, opp_dead=bint, r=cython.int, dead=dict,
                   victim=Unit, killer=Unit, e=Eff, g=Gear, a_dead=bint)
    cpdef bint _battle_deaths(self, Battle b, int s)

    @cython.locals(o=cython.int, me=Unit, other=Unit, free=cython.int)
    cpdef _retreat(self, Battle b, int s)

    @cython.locals(u=Unit, kept=list, objs=dict, a=Unit)
    cpdef _end_battle(self, Battle b, bint defender_out)

    # the turn, cards entering and leaving play, creating (less frequent than the above, still every turn)
    @cython.locals(side=Side, due=list, kept=tuple, u=Unit, g=Gear, spell=TableSpell, h=Hex)
    cpdef list _maintenance_due(self, int p)

    @cython.locals(p=cython.int, side=Side, queue=list, cost=cython.int, bonus=cython.int)
    cpdef _maintenance_step(self)

    @cython.locals(pile=list)
    cpdef _do_draw(self, Side side, str piles)

    @cython.locals(side=Side, turn=cython.int, u=Unit, g=Gear)
    cpdef bint _has_gear_choice(self, int p)

    @cython.locals(returning=bint, side=Side, u=Unit, kept=list, back=cython.int, spell=TableSpell, seat=cython.int)
    cpdef _end_turn(self)

    cpdef int _new_id(self)

    @cython.locals(u=Unit, side=Side, units=list, kept=tuple, e=Eff)
    cpdef Unit _enter(self, int p, Facts f)

    @cython.locals(x=Unit, amount=cython.int)
    cpdef _equip(self, Gear g, Unit u, plan)

    @cython.locals(u=Unit, x=Unit, amount=cython.int)
    cpdef _unequip(self, Gear g)

    cpdef _drop(self, Gear g, int p)

    @cython.locals(heavy=list)
    cpdef _fit(self, Unit u)

    @cython.locals(side=Side, h=Hex, g=Gear, dropped=list, f=Facts, owner=Side)
    cpdef list _leave(self, Unit u, str zone, bint battle=*)

    @cython.locals(b=Battle)
    cpdef _stop_fighting(self, Unit u)

    @cython.locals(ground=list, h=Hex)
    cpdef _gear_gone(self, Gear g)

    cpdef _hex_gone(self, Hex h)

    @cython.locals(side=Side)
    cpdef _spell_gone(self, TableSpell spell)

    @cython.locals(loser=cython.int, f=Facts, e=Eff, dropped=list, side=Side)
    cpdef list _kill(self, Unit u, killer, bint battle=*)

    @cython.locals(old=cython.int, g=Gear)
    cpdef _steal(self, Unit u, int p, duration)

    @cython.locals(side=Side)
    cpdef _hurt_mage(self, int seat, int amount)

    @cython.locals(p=cython.int, side=Side, spell=TableSpell, f=Facts, kind=cython.int, g=Gear, u=Unit, h=Hex, e=Eff)
    cpdef _create(self, action)

    @cython.locals(negators=list, k=cython.int, seat=cython.int, side=Side)
    cpdef _cast(self, int p, Facts f, target, TableSpell spell)


cpdef _key(obj)

@cython.locals(user=object)
cpdef _fits_user(Facts facts, Facts unit_facts)

cpdef Side _side(int seat, deck, rng, bint vanilla)

@cython.locals(kind=str, dearest=cython.int, low=bint, attack_phase=bint)
cpdef double _effect_cap(Eff e, tuple bound)

@cython.locals(n=cython.int, x=cython.int, take=cython.int, per=cython.int)
cpdef int _hits(int amount, int prevent, int room, int red, int left)

cpdef int _closing(int r, int target, int slow)

@cython.locals(shield=Gear, prevent=cython.int, room=cython.int, e=Eff, c=Cond)
cpdef tuple _toughness(MageState state, Unit victim, Unit source)

@cython.locals(sig=tuple, shield=Gear, shield_damage=cython.int, atk=list, table=dict)
cpdef _signature(MageState state, Unit u)

@cython.locals(stamp=cython.long, guard=Unit, flyer_guard=Unit, guard_key=cython.int, flyer_key=cython.int,
               creatures=list, total=cython.int, b=Unit, best=cython.int, key=cython.int, deployed_block=cython.bint)
cpdef list _blocker_pool(MageState state, Side side)


@cython.final
cdef class Greedy:
    cdef public long _plan_serial, _plan_version
    cdef public int _plan_done
    cdef public list _attack_plan

    @cython.locals(phase=cython.int, declared=list, done=cython.int, plan=list, count=cython.int)
    cpdef decide(self, MageState state)

    @cython.locals(theirs=list, red=cython.int, left=cython.int, to_me=tuple, h0=cython.int, h1=cython.int,
                   h2=cython.int)
    cpdef tuple _threats(self, MageState state, Unit me, Unit opp)

    @cython.locals(stamp=cython.long, mine=list, red=cython.int, left=cython.int, n0=cython.int,
                   n1=cython.int, n2=cython.int, need=tuple, to_opp=tuple, threats=tuple, slow=cython.int,
                   extra=cython.int, cover=cython.int, best_moves=cython.int, best_target=cython.int,
                   target=cython.int, n=cython.int, moves=cython.int)
    cpdef tuple _plan(self, MageState state, Unit me, Unit opp, int r, bint my_stealth, bint opp_stealth)

    @cython.locals(b=Battle, s=cython.int, me=Unit, opp=Unit, key=tuple, moves=dict, entry=tuple)
    cpdef _battle_move(self, MageState state)

    @cython.locals(s=cython.int, r=cython.int, stealth=list, moves=cython.int, target=cython.int)
    cpdef tuple _best_move(self, MageState state, Unit me, Unit opp, Battle b)

    @cython.locals(sa=bint, sb=bint)
    cpdef bint _estimate_holds(self, MageState state, Unit attacker, Unit blocker)

    @cython.locals(attacker=Unit, best=Unit, blockers=list, memo=dict, stamp=cython.long, sig=tuple, sa=cython.int,
                   known=dict, trader=Unit, b=Unit, sb=cython.int, free=cython.int)
    cpdef _block(self, MageState state)

    @cython.locals(to_a=tuple, to_b=tuple, atk=list, need=cython.int, red=cython.int, left=cython.int, hit=cython.int)
    cpdef bint _is_trade(self, MageState state, Unit attacker, Unit b)

    @cython.locals(side=Side, flesh=cython.int, out=list, seen=list, i=cython.int, f=Facts, pick=Eff,
                   spell=TableSpell, sources=list, kept=tuple, u=Unit, e=Eff, done=list, cost=cython.double)
    cpdef list _reaction_options(self, MageState state, int p, tuple wanted)

    @cython.locals(undo=list, e=Eff, kind=str, mod=tuple)
    cpdef list _try_effects(self, MageState state, effects, target, Unit user)

    @cython.locals(t=Unit)
    cpdef _undo(self, MageState state, list undo)

    @cython.locals(s=cython.int, stealth=list, undo=list, kills=bint, wins=bint)
    cpdef _battle_reaction(self, MageState state, Battle b, Unit me, Unit opp)

    @cython.locals(memo=dict, sa=cython.int, known=dict, sb=cython.int)
    cpdef tuple _verdicts(self, MageState state, Unit attacker, Unit b, bint trade)

    @cython.locals(p=cython.int, stamp=cython.long, flyer=cython.int, lethal=bint, wanted=list, phase=cython.int,
                   u=Unit, left=cython.int, deploys=bint, undo=list, used=Unit, score=cython.int)
    cpdef _block_reaction(self, MageState state, Unit attacker, list reach)

    @cython.locals(p=cython.int, declared=list, plan=list, done=cython.int, count=cython.int, uids=set)
    cpdef _declare(self, MageState state)

    @cython.locals(sides=list, stamp=cython.long, attackers=list, mine=cython.int, u=Unit, best=cython.int, foes=list,
                   pools=list, theirs=cython.int, enemy_units=cython.int, side=Side, pool=list, weakest=Side,
                   memo=dict, single=bint, targets=list, plan=list, known=dict, flyer=cython.int, guard=Unit,
                   rest=list, b=Unit, sig=tuple)
    cpdef list _attack_order(self, MageState state, int p)

    @cython.locals(side=Side, hand=list, flesh=cython.int, best_value=cython.double, best_order=cython.int,
                   classes=cython.int, upkeep=cython.int, bound=tuple, rest=list, rest_facts=list, i=cython.int,
                   f=Facts, cost=cython.int, kind=cython.int, kept=tuple, value=cython.double, u=Unit, fits=dict,
                   caps=tuple, ceiling=cython.double, spell=TableSpell, done=set, dearest=cython.int,
                   gear_acts=cython.int, carriers=list, acts=list, e=Eff, penalty=cython.double, g=Gear, h=Hex)
    cpdef tuple _candidates(self, MageState state, int p, bint attack_phase)

    @cython.locals(e=Eff, caps=tuple)
    cpdef tuple _score_sources(self, MageState state, int p, obj, Unit user, int flesh, bint attack_phase, tuple bound,
                               best, double best_value, set done)

    @cython.locals(penalty=cython.double, value=cython.double)
    cpdef tuple _score_ability(self, MageState state, int p, Eff e, Unit user, obj, bint attack_phase, best,
                               double best_value, set done)

    @cython.locals(best_value=cython.double, cond=Cond, amount=cython.int, stamp=cython.long, side=Side, u=Unit,
                   value=cython.double)
    cpdef tuple _best_target(self, MageState state, int p, Eff e, Unit this, bint attack_phase, double penalty,
                             double floor)

    @cython.locals(entries=list, base=cython.double, best_value=cython.double, pick=Eff, keyword=cython.int,
                   side=Side, e=Eff, value=cython.double)
    cpdef tuple _card_target(self, MageState state, int p, Facts f, bint attack_phase)

    @cython.locals(side=Side, total=cython.int, u=Unit, g=Gear, spell=TableSpell, h=Hex)
    cpdef int _upkeep(self, MageState state, int p)

    @cython.locals(atk=list, stats=tuple, gain=cython.int, value=cython.double)
    cpdef double _device_value(self, MageState state, Facts f, Unit u, bint share=*)

    @cython.locals(kind=str, value=cython.double, side=Side, u=Unit, left=cython.int, sign=cython.int,
                   size=cython.int, mine=bint)
    cpdef double _effect_value(self, MageState state, int p, Eff e, target, Unit this, bint attack_phase)

    @cython.locals(dearest=cython.int, low=bint, side=Side, kept=tuple)
    cpdef tuple _bounds(self, MageState state, int p, bint attack_phase)

    @cython.locals(side=Side, hand=list, classes=cython.int, fighters=cython.int, gear=cython.int, f=Facts,
                   c=cython.int, wanted=tuple)
    cpdef _draw(self, MageState state, list options)

    @cython.locals(best_value=cython.double, g=Gear, u=Unit, value=cython.double)
    cpdef _equip(self, MageState state)

    @cython.locals(side=Side, hand=list, classes=cython.int, f=Facts, value=cython.double, fits=dict, u=Unit)
    cpdef _discard(self, MageState state)


# copies of a game (clone, determinize): see _copy_state
cpdef tuple _canon(Facts f)
cpdef _copy_rng(rng)

@cython.locals(n=Unit)
cpdef Unit _copy_unit(Unit u)

@cython.locals(n=Gear)
cpdef Gear _copy_gear(Gear g)

@cython.locals(h=Hex, spell=TableSpell)
cpdef _copy_obj(obj)

cpdef _mapped(dict memo, obj)

@cython.locals(out=list)
cpdef list _mapped_list(dict memo, list objs)

cpdef _link(dict memo, obj, new)

@cython.locals(sig=tuple)
cpdef _link_unit(dict memo, Unit u, Unit n)

cpdef _link_gear(dict memo, Gear g, Gear n)

cpdef _mapped_context(dict memo, context)

@cython.locals(objs=dict, twin=MageState, sides=list, side=Side, s=Side, kept=tuple, n=cython.int, b=Battle,
               nb=Battle)
cpdef MageState _copy_state(MageState state, rng, log)

cpdef tuple _gear_view(Gear g)
cpdef _context_view(context)
