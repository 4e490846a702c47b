# Augmenting declarations for compiling engine/ward.py with Cython (pure-Python mode: ward.py stays plain
# Python and runs without Cython). The hot classes become extension types with typed attributes, the greedy
# policy a cdef class with cpdef methods, and WardState's plain methods (module functions ``_w_*`` taking the
# state first) cpdef functions with C-typed locals. WardState is an extension type too: it follows the
# core.GameState protocol without subclassing it (it holds rng/log/turn/max_turns itself and takes ``say`` from
# GameState), and keeps the ``_w_*`` functions as methods by class-body assignments; its generators get typed
# locals by inference from ``_side`` and ``_as_creature``.
# C ints only hold small values (HP, AL, dice, counts, uids, turn numbers, the profile epoch).
cimport cython


cdef class Facts:
    cdef public object card, attach, first, qsteady, quick, quick_all
    cdef public str name, ctype, magic_type, sub_type
    cdef public int al, spd, hp, dice, mod, need, resp, cost_damage, cost_discard, expire_cycles, qkind, qamount
    cdef public double worth
    cdef public bint is_creature, infinite, lightning, equip, field, no_instant, immune, attached_no_instant
    cdef public bint attached_first, hostile, hits_enemy, damaging, negates, has_effects, main_play, cacheable
    cdef public bint armor_stable, on_hit_taken, end_combat, start, pact, simple, rerolls, strike_busy
    cdef public tuple base, responses, plays, checks, attack_negates, attack_others, on_hit, on_equip, steps, needs
    cdef public list self_mods, armor, attached_mods, attached_armor, aura_mods, aura_armor
    cdef public dict triggers
    cdef public object activated, pick  # (card data: any mapping)


cdef class Creature:
    cdef public Facts facts
    cdef public int uid, owner, hp, used, skey
    cdef public bint limited, blank, battled
    cdef public object anchor, sval, pval, aval, xkey, xval
    cdef public list temps, equips, dot, hot
    cdef public Creature killer


cdef class Magic:
    cdef public Facts facts
    cdef public int uid, owner, expires, used
    cdef public Creature host


cdef class Side:
    cdef public int player, cem_hp, size
    cdef public list deck, hand, cemetery, limited, limbo
    cdef public Creature primary
    cdef public object magics  # (a Magics, whose list methods bump the profile epoch: not typed list)
    cdef public bint summoned, started, fielded, dummy


cdef class Item:
    cdef public int player
    cdef public Facts facts
    cdef public Creature creature
    cdef public bint is_magic, negated, destroy_after, summon
    cdef public object target, answers, entries


cdef class Battle:
    cdef public Creature attacker, defender, first
    cdef public dict mods, mults
    cdef public set negated
    cdef public bint cancelled


cdef class Strike:
    cdef public Creature attacker, defender
    cdef public list dice
    cdef public int bonus
    cdef public bint negated, reroll
    cdef public Battle battle


cdef class Ctx:
    cdef public Creature creature, opponent, summoned
    cdef public Magic magic
    cdef public object target
    cdef public Item item
    cdef public Strike strike


cdef class WardState:
    cdef public object rng, log, config, draw, draw_many, rec, rnd, gen, options, result, topic, window, resume
    cdef public tuple fixes
    cdef public object snap
    cdef public int turn, max_turns, active, who, next_uid, phase, sepoch, expiring, own_turns
    cdef public str kind
    cdef public Battle battle
    cdef public bint combat_over, goldfish, over, time_out, setup_draw
    cdef public list dead, draws, history, sides, used_magics

    @cython.locals(factors=list, battle=Battle)
    cpdef list multipliers(self, Creature creature)

    @cython.locals(primary=bint)
    cpdef bint _affects(self, Item item, Creature creature)

    @cython.locals(magic=Magic)
    cpdef _rerolls(self, Creature creature)


@cython.locals(damage=double, temp=list, reduction=object, dice_count=int, chance=object)
cpdef double _expected(WardState state, Creature a, Creature d, pa, pd, bint stable=*)

@cython.locals(gain=double, stat=int, amount=int)
cpdef double _equip_gain(Facts facts)

@cython.locals(total=int, j=int)
cpdef int _hp_sum(list hand, indices)

@cython.locals(d0=int, d1=int, low=bint, high=bint, die=int)
cpdef tuple judge_hit(list dice, int bonus, int al)


cdef class Greedy:
    cpdef act(self, WardState state)

    @cython.locals(me=int, sides=list, side=Side, hand=list, mine=Creature, theirs=Creature, can_battle=bint,
                   battle_soon=bint, early=bint, best_score=double, seen=list, top=double, index=Py_ssize_t,
                   facts=Facts, kind=int, their=Facts, dealt=int, hp=int, value=double, amount=int, missing=int,
                   primary=bint, sacrifices=tuple, soon=int)
    cpdef _best_main(self, WardState state, bint second)

    cpdef choose(self, WardState state, actions)

    @cython.locals(me=int, side=Side, enemy=Creature, creature=Creature, value=double)
    cpdef _combat(self, WardState state, best=*, double best_score=*, double scale=*)

    @cython.locals(sepoch=int, plain=bint, out=double, back=double, hp=int, value=double)
    cpdef double _attack_value(self, WardState state, Creature creature, Creature enemy)

    cpdef double _main(self, WardState state, int me, action)

    @cython.locals(side=Side, primary=Creature, best=double, facts=Facts, current=double)
    cpdef double _summon_bound(self, WardState state, int me)

    cpdef double _activate_value(self, WardState state, int me, Creature creature)

    @cython.locals(side=Side, facts=Facts, value=double, j=int, sacrificed=Facts, primary=Creature, current=double)
    cpdef double _summon_value(self, WardState state, int me, int index, tuple sacrifices, bint field)

    @cython.locals(side=Side, mine=Creature, theirs=Creature, battle_soon=bint)
    cpdef double _card_value(self, WardState state, int me, Facts facts, target)

    @cython.locals(side=Side, value=double, host=Creature, gain=double)
    cpdef double _value(self, WardState state, int me, Facts facts, target, bint battle_soon, Creature mine, Creature theirs)

    @cython.locals(side=Side, value=double, mine=Creature, theirs=Creature)
    cpdef double _field_value(self, WardState state, int me, Facts facts)

    @cython.locals(side=Side, foe=Side, creature=Creature, magic=Magic)
    cpdef _entry_value(self, WardState state, int me, entry, target, bint battle_soon, Creature mine,
                       Creature theirs)

    @cython.locals(hand=list, low=int, creatures=int, f=Facts, redo=bint)
    cpdef double _mulligan(self, WardState state, int me, action)

    @cython.locals(facts=Facts)
    cpdef double _discard(self, WardState state, int me, action)

    cpdef double _replace(self, WardState state, int me, action)

    @cython.locals(creature=Creature)
    cpdef double _promote(self, WardState state, int me, action)

    @cython.locals(facts=Facts)
    cpdef double _pick_card(self, WardState state, int me, action)

    @cython.locals(magic=Magic)
    cpdef double _destroy(self, WardState state, int me, action)

    cpdef double _yes(self, WardState state, int me, action)

    @cython.locals(side=Side, facts=Facts, bonus=double, mine=Creature)
    cpdef double _respond(self, WardState state, int me, action)


# --- WardState's plain methods, as module functions (the state typed) ---

@cython.locals(dice=list, value=double)
cpdef list _w_roll(WardState state, int count)

cpdef int _w_die(WardState state)

@cython.locals(count=Py_ssize_t, i=Py_ssize_t, j=Py_ssize_t, value=double)
cpdef _w_shuffle(WardState state, list items)

@cython.locals(battle=Battle)
cpdef bint _w_effects_on(WardState state, Creature creature)

@cython.locals(facts=Facts, battle=Battle, temps=list, stats=list, temp=list)
cpdef object _w_profile(WardState state, Creature creature)

cpdef list _clamped(list stats)

@cython.locals(facts=Facts, stats=list, on=bint, magic=Magic, magic_facts=Facts, ctype=str)
cpdef _w_static(WardState state, Creature creature, int key)

@cython.locals(facts=Facts, battle=Battle, stats=list, temp=list, magic=Magic, extra=list)
cpdef object _w_full_profile(WardState state, Creature creature)

@cython.locals(facts=Facts, temp=list, magic=Magic)
cpdef bint _w_strikes_first(WardState state, Creature creature)

@cython.locals(facts=Facts, battle=Battle)
cpdef object _w_armor(WardState state, Creature creature, int attacker_al)

@cython.locals(facts=Facts, magic=Magic)
cpdef object _w_full_armor(WardState state, Creature creature, int attacker_al)

@cython.locals(temp=list)
cpdef object _w_temp_armor(Creature creature, int total)

cpdef bint _w_immune_to(WardState state, Creature creature, int player)

@cython.locals(dealt=int)
cpdef int _w_hurt(WardState state, Creature creature, int amount, int kind, Creature by=*)

@cython.locals(magic=Magic, temp=list)
cpdef bint _w_no_instant(WardState state, Creature creature)

@cython.locals(healed=int)
cpdef int _w_heal(WardState state, Creature creature, int amount)

cpdef _w_to_cemetery(WardState state, Side side, Facts facts, bint check=*)

cpdef _w_from_cemetery(WardState state, Side side, Facts facts)

@cython.locals(side=Side, magic=Magic)
cpdef _w_leave(WardState state, Creature creature)

@cython.locals(side=Side)
cpdef _w_remove_magic(WardState state, Magic magic)

@cython.locals(other=Side, limited=Creature)
cpdef _w_release(WardState state, anchor)

@cython.locals(creature=Creature, side=Side)
cpdef Creature _w_enter(WardState state, int player, Facts facts, bint limited=*, anchor=*)

@cython.locals(drawn=int)
cpdef int _w_draw_cards(WardState state, Side side, int count)

@cython.locals(side=Side, hand=list, primary=Creature, facts=Facts, f=Facts, g=Facts, h=Facts, creatures=list,
               room=int, field=bint, options=list, seen=set, i=Py_ssize_t, j=Py_ssize_t, k=Py_ssize_t,
               a=Py_ssize_t, b=Py_ssize_t, need=int, others=list)
cpdef list _w_summon_options(WardState state, int player, bint normal)

@cython.locals(count=int, low=bint, facts=Facts)
cpdef bint _w_has_summon(WardState state, Side side)

@cython.locals(side=Side, primary=Creature, creature=Creature)
cpdef bint _w_can_battle(WardState state, int player)

@cython.locals(side=Side, target=Creature, creature=Creature, moves=list)
cpdef list _w_combat_moves(WardState state, int player)

@cython.locals(cost=int)
cpdef bint _w_can_activate(WardState state, Creature creature)

@cython.locals(side=Side, enemy=Side, primary=Creature, c=Creature, memo=dict, f=Facts)
cpdef object _w_play_targets(WardState state, int player, Facts facts)

cpdef list _w_field_magics(WardState state, int player)

@cython.locals(one=Side, two=Side)
cpdef _w_check_loss_quiet(WardState state)

@cython.locals(side=Side, primary=Creature, theirs=Creature, facts=Facts)
cpdef bint _w_main2_possible(WardState state, int player)

@cython.locals(side=Side, creature=Creature)
cpdef Creature _w_creature(WardState state, uid)

@cython.locals(side=Side, magic=Magic)
cpdef Magic _w_magic(WardState state, uid)

@cython.locals(side=Side)
cpdef bint _w_unsettled(WardState state)

@cython.locals(side=Side)
cpdef bint _w_creature_on(WardState state, Creature creature)

@cython.locals(side=Side, facts=Facts, item=Item, magic=Magic, ctx=Ctx)
cpdef _w_play_plain(WardState state, int player, action)

@cython.locals(magic=Magic)
cpdef Magic _w_place(WardState state, int player, Facts facts, Creature host)

@cython.locals(side=Side, enemy=Side)
cpdef bint _w_resolvable(WardState state, int player, Facts facts)

@cython.locals(side=Side, facts=Facts, primary=Creature, creature=Creature)
cpdef bint _w_can_answer(WardState state, int player, int event, item=*)

@cython.locals(side=Side, options=list, seen=list, first_cycle=bint, index=Py_ssize_t, facts=Facts,
               creature=Creature)
cpdef list _w_responses(WardState state, int player, int event, answers)

@cython.locals(side=Side, enemy=Side, is_item=bint)
cpdef bint _w_response_ok(WardState state, int player, Facts facts, int event, answers, Creature creature=*)

@cython.locals(magic=Magic, primary=Creature)
cpdef list _w_targets(WardState state, int player, entry, Ctx ctx)

cpdef bint _w_live(WardState state, Creature creature)

@cython.locals(side=Side, magic=bint)
cpdef bint _w_affected(WardState state, Creature creature, int player, Ctx ctx)

@cython.locals(side=Side, primary=Creature, magic=Magic)
cpdef bint _w_start_triggers(WardState state, int player)

@cython.locals(side=Side, primary=Creature, magic=Magic)
cpdef bint _w_combat_ends(WardState state, int player)

@cython.locals(magic=Magic)
cpdef bint _w_equips_quiet(WardState state, Creature creature)

@cython.locals(fa=bint, fb=bint, sepoch=int, battle=Battle, plain=bint, sa=int, sb=int, ra=int, rb=int)
cpdef tuple _w_order(WardState state, Creature a, Creature b)

@cython.locals(side=Side, facts=Facts, mask=int)
cpdef int _w_hand_mask(WardState state, int player)

cpdef int _w_quick_strike(WardState state, Creature striker, Creature struck, list masks)

@cython.locals(battle=Battle, sepoch=int, plain=bint, bonus=int, al=int, v0=double, v1=double, d0=int, d1=int,
               dice=list, hit=bint, crit_hit=bint, crit_miss=bint)
cpdef bint _w_strike_plain(WardState state, Creature a, Creature d)

@cython.locals(battle=Battle, damage=int, value=double, dealt=int)
cpdef int _w_attack_damage(WardState state, Creature a, Creature d, stats, bint crit_hit)

@cython.locals(side=Side, moves=list, seen=list, index=Py_ssize_t, facts=Facts, hand=list)
cpdef list _w_main_moves(WardState state, int player, bint second)

@cython.locals(key=str)
cpdef bint _matches(Facts facts, condition)

@cython.locals(f=Facts)
cpdef bint _any_match(list cards, condition, Facts skip)

cpdef Side _side(WardState state, int player)

@cython.locals(turn=int, expired=bint, each=Side, creature=Creature, magic=Magic, used=list)
cpdef _w_new_turn(WardState state)

@cython.locals(attacker=Creature, defender=Creature, fa=bint, fb=bint, sepoch=int, plain=bint, sa=int, sb=int)
cpdef Creature _w_first(WardState state, Battle battle)

cpdef Creature _as_creature(Creature creature)

# --- the effect handlers (called through _HANDLERS; entries stay any mapping) ---

cpdef _expiry(WardState state, entry)

@cython.locals(creature=Creature, battle=Battle, extra=list)
cpdef _do_modify(WardState state, int player, entry, Ctx ctx)

@cython.locals(creature=Creature)
cpdef _do_damage(WardState state, int player, entry, Ctx ctx)

@cython.locals(hot=bint, creature=Creature, record=list)
cpdef _do_over_time(WardState state, int player, entry, Ctx ctx)

@cython.locals(creature=Creature)
cpdef _do_heal(WardState state, int player, entry, Ctx ctx)

@cython.locals(creature=Creature, battle=Battle)
cpdef _do_multiply(WardState state, int player, entry, Ctx ctx)

@cython.locals(creature=Creature)
cpdef _do_strike_first(WardState state, int player, entry, Ctx ctx)

@cython.locals(creature=Creature)
cpdef _do_prevent(WardState state, int player, entry, Ctx ctx)

@cython.locals(battle=Battle)
cpdef _do_negate(WardState state, int player, entry, Ctx ctx)

cpdef _do_draw(WardState state, int player, entry, Ctx ctx)

@cython.locals(side=Side, facts=Facts)
cpdef _do_discard(WardState state, int player, entry, Ctx ctx)

cpdef _do_reroll(WardState state, int player, entry, Ctx ctx)

cpdef Item _as_item(Item item)

@cython.locals(damage=double)
cpdef double expected_strike(WardState state, Creature a, Creature d)

cpdef bint _summoned_type_ok(entry, Facts summoned)

cpdef WardState _blank_state()
