# Augmenting declarations for compiling engine/ward.py with Cython (pure-Python mode: ward.py stays plain
# Python and runs without Cython). The hot classes become extension types with typed attributes, the greedy
# policy a cdef class with cpdef methods, and WardState's plain methods (module functions ``_w_*`` taking the
# state first) cpdef functions with C-typed locals. WardState itself stays a Python class (its base, GameState,
# is one); its generators get typed locals by inference from ``_side`` and ``_as_creature``.
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


@cython.locals(damage=double, temp=list, reduction=object, dice_count=int, chance=object)
cpdef double _expected(state, Creature a, Creature d, pa, pd, bint stable=*)

@cython.locals(gain=double, stat=int, amount=int)
cpdef double _equip_gain(Facts facts)

@cython.locals(total=int, j=int)
cpdef int _hp_sum(list hand, indices)

@cython.locals(d0=int, d1=int, low=bint, high=bint, die=int)
cpdef tuple judge_hit(list dice, int bonus, int al)


cdef class Greedy:
    cpdef act(self, state)

    @cython.locals(me=int, sides=list, side=Side, hand=list, mine=Creature, theirs=Creature, can_battle=bint,
                   battle_soon=bint, early=bint, best_score=double, seen=list, top=double, index=Py_ssize_t,
                   facts=Facts, kind=int, their=Facts, dealt=int, hp=int, value=double, amount=int, missing=int,
                   primary=bint, sacrifices=tuple)
    cpdef _best_main(self, state, bint second)

    cpdef choose(self, state, actions)

    @cython.locals(me=int, side=Side, enemy=Creature, creature=Creature, value=double)
    cpdef _combat(self, state, best=*, double best_score=*, double scale=*)

    @cython.locals(sepoch=int, plain=bint, out=double, back=double, hp=int, value=double)
    cpdef double _attack_value(self, state, Creature creature, Creature enemy)

    cpdef double _main(self, state, int me, action)

    @cython.locals(side=Side, primary=Creature, best=double, facts=Facts, current=double)
    cpdef double _summon_bound(self, state, int me)

    cpdef double _activate_value(self, state, int me, Creature creature)

    @cython.locals(side=Side, facts=Facts, value=double, j=int, sacrificed=Facts, primary=Creature, current=double)
    cpdef double _summon_value(self, state, int me, int index, tuple sacrifices, bint field)

    @cython.locals(side=Side, mine=Creature, theirs=Creature, battle_soon=bint)
    cpdef double _card_value(self, state, int me, Facts facts, target)

    @cython.locals(side=Side, value=double, host=Creature, gain=double)
    cpdef double _value(self, state, int me, Facts facts, target, bint battle_soon, Creature mine, Creature theirs)

    @cython.locals(side=Side, value=double, mine=Creature, theirs=Creature)
    cpdef double _field_value(self, state, int me, Facts facts)

    @cython.locals(hand=list, low=int, creatures=int, f=Facts, redo=bint)
    cpdef double _mulligan(self, state, int me, action)

    @cython.locals(facts=Facts)
    cpdef double _discard(self, state, int me, action)

    cpdef double _replace(self, state, int me, action)

    @cython.locals(creature=Creature)
    cpdef double _promote(self, state, int me, action)

    @cython.locals(facts=Facts)
    cpdef double _pick_card(self, state, int me, action)

    @cython.locals(magic=Magic)
    cpdef double _destroy(self, state, int me, action)

    cpdef double _yes(self, state, int me, action)

    @cython.locals(side=Side, facts=Facts, bonus=double, mine=Creature)
    cpdef double _respond(self, state, int me, action)


# --- WardState's plain methods, as module functions (state stays a Python object) ---

@cython.locals(dice=list, value=double)
cpdef list _w_roll(state, int count)

cpdef int _w_die(state)

@cython.locals(count=Py_ssize_t, i=Py_ssize_t, j=Py_ssize_t, value=double)
cpdef _w_shuffle(state, list items)

@cython.locals(battle=Battle)
cpdef bint _w_effects_on(state, Creature creature)

@cython.locals(facts=Facts, battle=Battle, temps=list, stats=list, temp=list)
cpdef object _w_profile(state, Creature creature)

cpdef list _clamped(list stats)

@cython.locals(facts=Facts, stats=list, on=bint, magic=Magic, magic_facts=Facts, ctype=str)
cpdef _w_static(state, Creature creature, int key)

@cython.locals(facts=Facts, battle=Battle, stats=list, temp=list, magic=Magic, extra=list)
cpdef object _w_full_profile(state, Creature creature)

@cython.locals(facts=Facts, temp=list, magic=Magic)
cpdef bint _w_strikes_first(state, Creature creature)

@cython.locals(facts=Facts, battle=Battle, temp=list)
cpdef object _w_armor(state, Creature creature, int attacker_al)

@cython.locals(facts=Facts, temp=list, magic=Magic)
cpdef object _w_full_armor(state, Creature creature, int attacker_al)

cpdef bint _w_immune_to(state, Creature creature, int player)

@cython.locals(dealt=int)
cpdef int _w_hurt(state, Creature creature, int amount, int kind, Creature by=*)

@cython.locals(magic=Magic, temp=list)
cpdef bint _w_no_instant(state, Creature creature)

@cython.locals(healed=int)
cpdef int _w_heal(state, Creature creature, int amount)

cpdef _w_to_cemetery(state, Side side, Facts facts, bint check=*)

cpdef _w_from_cemetery(state, Side side, Facts facts)

@cython.locals(side=Side, magic=Magic)
cpdef _w_leave(state, Creature creature)

@cython.locals(side=Side)
cpdef _w_remove_magic(state, Magic magic)

@cython.locals(other=Side, limited=Creature)
cpdef _w_release(state, anchor)

@cython.locals(creature=Creature, side=Side)
cpdef Creature _w_enter(state, int player, Facts facts, bint limited=*, anchor=*)

@cython.locals(drawn=int)
cpdef int _w_draw_cards(state, Side side, int count)

@cython.locals(side=Side, hand=list, primary=Creature, facts=Facts, f=Facts, g=Facts, h=Facts, creatures=list,
               room=int, field=bint, options=list, seen=set, i=Py_ssize_t, j=Py_ssize_t, k=Py_ssize_t,
               a=Py_ssize_t, b=Py_ssize_t, need=int, others=list)
cpdef list _w_summon_options(state, int player, bint normal)

@cython.locals(count=int, low=bint, facts=Facts)
cpdef bint _w_has_summon(state, Side side)

@cython.locals(side=Side, primary=Creature, creature=Creature)
cpdef bint _w_can_battle(state, int player)

@cython.locals(side=Side, target=Creature, creature=Creature, moves=list)
cpdef list _w_combat_moves(state, int player)

@cython.locals(cost=int)
cpdef bint _w_can_activate(state, Creature creature)

@cython.locals(side=Side, enemy=Side, primary=Creature, c=Creature, memo=dict, f=Facts)
cpdef object _w_play_targets(state, int player, Facts facts)

@cython.locals(one=Side, two=Side)
cpdef _w_check_loss_quiet(state)

@cython.locals(side=Side, primary=Creature, theirs=Creature, facts=Facts)
cpdef bint _w_main2_possible(state, int player)

@cython.locals(side=Side, creature=Creature)
cpdef Creature _w_creature(state, uid)

@cython.locals(side=Side, magic=Magic)
cpdef Magic _w_magic(state, uid)

@cython.locals(side=Side)
cpdef bint _w_unsettled(state)

@cython.locals(side=Side)
cpdef bint _w_creature_on(state, Creature creature)

@cython.locals(side=Side, facts=Facts, item=Item, magic=Magic, ctx=Ctx)
cpdef _w_play_plain(state, int player, action)

@cython.locals(magic=Magic)
cpdef Magic _w_place(state, int player, Facts facts, Creature host)

@cython.locals(side=Side, enemy=Side)
cpdef bint _w_resolvable(state, int player, Facts facts)

@cython.locals(side=Side, facts=Facts, primary=Creature, creature=Creature)
cpdef bint _w_can_answer(state, int player, int event, item=*)

@cython.locals(side=Side, options=list, seen=list, first_cycle=bint, index=Py_ssize_t, facts=Facts,
               creature=Creature)
cpdef list _w_responses(state, int player, int event, answers)

@cython.locals(side=Side, enemy=Side, is_item=bint)
cpdef bint _w_response_ok(state, int player, Facts facts, int event, answers, Creature creature=*)

@cython.locals(magic=Magic, primary=Creature)
cpdef list _w_targets(state, int player, entry, Ctx ctx)

cpdef bint _w_live(state, Creature creature)

@cython.locals(side=Side, magic=bint)
cpdef bint _w_affected(state, Creature creature, int player, Ctx ctx)

@cython.locals(side=Side, primary=Creature, magic=Magic)
cpdef bint _w_start_triggers(state, int player)

@cython.locals(side=Side, primary=Creature, magic=Magic)
cpdef bint _w_combat_ends(state, int player)

@cython.locals(magic=Magic)
cpdef bint _w_equips_quiet(state, Creature creature)

@cython.locals(fa=bint, fb=bint, sepoch=int, battle=Battle, plain=bint, sa=int, sb=int, ra=int, rb=int)
cpdef tuple _w_order(state, Creature a, Creature b)

@cython.locals(side=Side, facts=Facts, mask=int)
cpdef int _w_hand_mask(state, int player)

@cython.locals(battle=Battle, sepoch=int, plain=bint, bonus=int, al=int, v0=double, v1=double, d0=int, d1=int,
               dice=list, hit=bint, crit_hit=bint, crit_miss=bint)
cpdef bint _w_strike_plain(state, Creature a, Creature d)

@cython.locals(battle=Battle, damage=int, value=double, dealt=int)
cpdef int _w_attack_damage(state, Creature a, Creature d, stats, bint crit_hit)

@cython.locals(side=Side, moves=list, seen=list, index=Py_ssize_t, facts=Facts, hand=list)
cpdef list _w_main_moves(state, int player, bint second)

@cython.locals(key=str)
cpdef bint _matches(Facts facts, condition)

@cython.locals(f=Facts)
cpdef bint _any_match(list cards, condition, Facts skip)

cpdef Side _side(state, int player)

@cython.locals(turn=int, expired=bint, each=Side, creature=Creature, magic=Magic, used=list)
cpdef _w_new_turn(state)

@cython.locals(attacker=Creature, defender=Creature, fa=bint, fb=bint, sepoch=int, plain=bint, sa=int, sb=int)
cpdef Creature _w_first(state, Battle battle)

cpdef Creature _as_creature(Creature creature)
