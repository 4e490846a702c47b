# Cython declarations augmenting wentworth.py (pure-Python mode): C types for the hot classes, attributes,
# arguments and locals. Nothing here changes a result: the plain .py plays the same games.
# - The classes are extension types (C structs; final except Greedy); a typed variable may be None only where
#   the .py tests for None before using it (an attribute of None is a crash here, not an AttributeError).
# - C ints hold only small values (life, costs, dice, counts, ALL_DAMAGE); float values stay objects or doubles.
# - Cython 3.3 miscompiled a value-producing `x == GLOBAL and c_bool and ...` chain inside a conditional
#   expression (it cast a C int to an object pointer): keep such tests as plain if/elif statements.
cimport cython

# the game's int constants as C values (wentworth.py publishes them as module attributes too)
cdef int START_LIFE, HAND_SIZE, RECHARGE, MAX_GUARDIANS, ATTACK, DEFENSE, ADD, MUL, HALVE, SELF, ATTACHED
cdef int BOUND, OTHERS, FRIENDLY, ENEMY, ALL, P_CTRL, P_BOUND, P_ALL, P_ROLL, P_LIFE, P_RP, P_HASTE, P_NOENTRY
cdef int P_NOATTACK, P_NODEFEND, P_EXTRA, P_PREVENT_G, P_PREVENT_P, P_COST, W_MAIN, W_ROLL, W_BOTH, ALL_DAMAGE
cdef int REDRAWING, REBUFF, COMBAT, DEFEND, ROLL, REINFORCE, RESPOND, _SETTLE, _RICH, _PATIENCE
cdef int K_DAMAGE, K_HEAL, K_RETURN_TO_HAND, K_REST, K_READY, K_ENTRY_ATTACK, K_EXTRA_COMBAT, K_MODIFY_ROLL, K_REROLL
cdef int K_PREVENT_DAMAGE, K_RESTRICT, K_DRAW, K_GAIN_INFLUENCE, K_LOSE_INFLUENCE, K_DISCARD, K_SEARCH_DECK, K_RECOVER
cdef int K_MODIFY_COST, K_DESTROY

cdef class WentworthState
cdef class Guardian
cdef class Facts


@cython.final
cdef class Cond:
    cdef public object attacking, cost_max, cost_min, faction, friendly_min, has_binding, in_combat
    cdef public object resting, rp_max, rp_min
    cdef public bint dynamic, plain

    cpdef bint card_ok(self, Facts facts)

    @cython.locals(facts=Facts, rp=cython.int)
    cpdef bint ok(self, WentworthState state, Guardian g)


@cython.final
cdef class Eff:
    cdef public object entry, trigger, target, duration, stat, minimum, mode, card_type, dice, keep, whose
    cdef public object action, scope, static
    cdef public str kind
    cdef public int amount, op, applies, look, take, pay, window, code
    cdef public Cond cond
    cdef public bint optional, rest, rest_attached, once, choice, gchoice, any_guardian
    cdef public double gmax_rebuff, gmax_main


@cython.final
cdef class Facts:
    cdef public object card, triggers
    cdef public str name, type, faction
    cdef public int cost, rp, life, window, sign
    cdef public bint bind_player, has_end, has_attack, has_defend, has_win, has_defeated, listed, main_useful
    cdef public bint haste, gchoice, is_roll, main_skip, has_start, has_potion, trick
    cdef public tuple passives, p_self, p_attached, p_bound, p_global, p_player, activated, plays, delayed
    cdef public Eff choice


@cython.final
cdef class Guardian:
    cdef public Facts facts
    cdef public int uid, owner, damage, entered, attacks, shields, bonus_life, bonus_rp
    cdef public int haste_turn, noattack_turn, nodefend_turn, extra_turn, extra, rp, life_max, xtra, prevent
    cdef public bint resting, alive, haste, noattack, nodefend, noentry
    cdef public list bindings, temps, m_att, m_def, dyn
    cdef public object est_a, est_d


@cython.final
cdef class Binding:
    cdef public Facts facts
    cdef public int uid, owner, player
    cdef public Guardian host


@cython.final
cdef class Env:
    cdef public Facts facts
    cdef public int uid, owner
    cdef public bint alive


@cython.final
cdef class Side:
    cdef public int seat, life, influence, shield, size, lo, hi, seen
    cdef public list deck, hand, discard, guardians, bound, cost_temp
    cdef public tuple cards
    cdef public Env env
    cdef public bint out, had_turn, shield_all, dummy


@cython.final
cdef class Ctx:
    cdef public int controller, opp_p, that
    cdef public object source, target
    cdef public Facts facts
    cdef public Guardian host, opp_g
    cdef public bint in_combat


@cython.final
cdef class WentworthState:
    cdef public object rng, log, c_adice, c_ddice, c_protect, result
    cdef public int turn, max_turns, active, c_ap, c_dp, c_index, c_passes, c_prio, first, n, next_uid, phase
    cdef public int redraw_seat, w_after
    cdef public list block_idx, block_seats, blocks, c_mods, c_rolltime, decl, delayed, glob, pending, queue
    cdef public list resume, sides, src_act, src_ract, src_cost, src_potion, src_prevent, src_turn, c_order, w_seats
    cdef public Guardian c_att, c_def
    cdef public bint c_defended, c_rolled, count_sensitive, dirty, env_attack, goldfish, hurt, over
    # the readings (READINGS), set at setup: read on the hot paths as C flags, no dict lookups
    cdef public bint undefended_damage, attackers_stand
    cdef public dict used
    cdef public tuple views

    cpdef int current_player(self)

    @cython.locals(players=list, glob=list, acts=list, potion=list, turn=list, side=Side, g=Guardian, facts=Facts,
                   b=Binding, env=Env, kind=cython.int, scope=cython.int, eff=Eff, slot=cython.int)
    cpdef _rebuild(self)

    @cython.locals(facts=Facts, is_binding=bint, kind=cython.int, scope=cython.int, eff=Eff, slot=cython.int)
    cpdef _list(self, obj)
    cpdef _unlist(self, tuple gone)

    @cython.locals(env_attack=bint, side=Side)
    cpdef _restat(self, bint stats=*)

    @cython.locals(facts=Facts, glob=list, kind=cython.int, scope=cython.int, eff=Eff)
    cpdef _entered(self, Guardian g)

    @cython.locals(listed=bint, spread=bint, b=Binding, gone=tuple)
    cpdef _left(self, Guardian g, list bindings)

    @cython.locals(facts=Facts)
    cpdef _rebound(self, Binding b, Guardian g, int seat, bint attached)

    @cython.locals(sides=list, g=Guardian, facts=Facts, owner=cython.int, entries=list, b=Binding, kind=cython.int,
                   eff=Eff, ctrl=cython.int, source=object, scope=cython.int, rp=cython.int, dyn=list, cond=Cond,
                   att=list, dfn=list, life=cython.int, haste=bint, noattack=bint, nodefend=bint, noentry=bint,
                   extra=cython.int, prevent=cython.int, touched=bint, side=Side)
    cpdef _stats(self, list guardians, list glob)

    @cython.locals(total=cython.int, k=cython.int, eff=Eff, ctrl=cython.int)
    cpdef int _dynamic(self, Guardian g, int kind)

    @cython.locals(extra=cython.int, total=cython.int, kind=cython.int, eff=Eff, ctrl=cython.int)
    cpdef int roll_power(self, Guardian g)
    cpdef int max_life(self, Guardian g)
    cpdef int life_left(self, Guardian g)
    cpdef int extra_attacks(self, Guardian g)
    cpdef bint may_attack(self, Guardian g)
    cpdef bint may_defend(self, Guardian g)

    @cython.locals(mods=list, kind=cython.int, eff=Eff, ctrl=cython.int, op=cython.int, amount=cython.int,
                   applies=cython.int)
    cpdef list roll_mods(self, Guardian g, int mask)

    @cython.locals(mods=list, op=cython.int, amount=cython.int)
    cpdef roll_total(self, Guardian g, dice, int mask)
    cpdef double estimate(self, Guardian g, int mask)

    @cython.locals(sources=list, side=Side, temp=list, delta=cython.int, ctrl=cython.int, scope=cython.int, eff=Eff,
                   total=cython.int, bound=Binding)
    cpdef int cost(self, int player, Facts facts)

    @cython.locals(deltas=dict, ctrl=cython.int, scope=cython.int, eff=Eff, side=Side, bound=Binding)
    cpdef cost_deltas(self, int player)

    @cython.locals(total=cython.int, ctrl=cython.int, scope=cython.int, eff=Eff)
    cpdef int _prevent_player(self, int player)

    @cython.locals(found=list, view=tuple, side=Side, g=Guardian)
    cpdef list bindings(self, int player=*)

    @cython.locals(side=Side, g=Guardian)
    cpdef Guardian _guardian(self, uid)

    @cython.locals(side=Side, g=Guardian, b=Binding)
    cpdef Binding _binding(self, uid)

    @cython.locals(n=cython.int, sides=list, found=list, k=cython.int, seat=cython.int)
    cpdef list _opponents(self, int player)

    cpdef tuple seen_by(self, int player)

    @cython.locals(att=Guardian, d=Guardian, pool=list, cond=Cond, found=list, side=Side, g=Guardian)
    cpdef list targets(self, int player, Eff eff, source=*, exclude=*)

    @cython.locals(g=Guardian)
    cpdef bint _ability_ok(self, int player, obj, Eff eff, int slot)

    @cython.locals(g=Guardian)
    cpdef _ability_targets(self, int player, obj, Eff eff, bint in_roll)

    @cython.locals(side=Side, influence=cython.int, moves=list, index=cython.int, facts=Facts, eff=Eff, b=Binding)
    cpdef list _main_actions(self, int player)

    @cython.locals(per=list, moves=list, choices=list, g=Guardian, uid=cython.int, attacks=tuple, parts=list)
    cpdef list _declarations(self, int player)

    @cython.locals(g=Guardian)
    cpdef bint _any_attack(self, int player)

    @cython.locals(side=Side, influence=cython.int, plain=bint, facts=Facts, eff=Eff, att=Guardian, d=Guardian,
                   user=cython.int, slot=cython.int, hand=list)
    cpdef bint _has_roll_play(self, int player)

    cpdef apply(self, action)

    @cython.locals(queue=list, resume=list, eff=Eff, ctx=Ctx, step=str)
    cpdef _drain(self)

    @cython.locals(queue=list, first=cython.int, index=cython.int, tail=list, ordered=list, n=cython.int,
                   active=cython.int, k=cython.int, seat=cython.int)
    cpdef _in_turn_order(self, int start)

    cpdef _pass(self, action=*)

    @cython.locals(order=list, index=cython.int)
    cpdef int _next_prio(self, int p)

    @cython.locals(side=Side, influence=cython.int, moves=list, index=cython.int, facts=Facts, eff=Eff)
    cpdef list _respond_actions(self, int player)

    @cython.locals(b=Binding)
    cpdef _rebinds(self, int player, int influence, list moves)

    @cython.locals(side=Side, influence=cython.int, hand=list, plain=bint, facts=Facts, eff=Eff, other=Side,
                   guardians=cython.int, b=Binding, g=Guardian)
    cpdef bint _has_step_play(self, int player)

    @cython.locals(side=Side)
    cpdef bint _has_target(self, int player, Eff eff)

    @cython.locals(seats=list, n=cython.int, active=cython.int, k=cython.int, seat=cython.int, side=Side)
    cpdef _open_window(self, int after)

    @cython.locals(seats=list)
    cpdef _window_advance(self)

    @cython.locals(side=Side, src_ract=list)
    cpdef bint _window_wanted(self)

    @cython.locals(side=Side, deck=list, hand=list)
    cpdef _draw(self, int seat, int count)

    @cython.locals(p=cython.int, side=Side, queue=list, start=cython.int, g=Guardian, eff=Eff, facts=Facts,
                   binding=bint)
    cpdef _start_turn(self)

    @cython.locals(side=Side)
    cpdef _draw_step(self)

    @cython.locals(side=Side, g=Guardian)
    cpdef _to_reinforce(self)

    @cython.locals(p=cython.int, other=Side, b=Binding, g=Guardian)
    cpdef bint _nothing_free(self, Side side)

    @cython.locals(p=cython.int, queue=list, start=cython.int, g=Guardian, eff=Eff, facts=Facts, binding=bint,
                   side=Side)
    cpdef _end_turn(self)

    @cython.locals(side=Side)
    cpdef _end_turn_limit(self)

    @cython.locals(side=Side, g=Guardian, n=cython.int, k=cython.int, seat=cython.int, stand=bint)
    cpdef _next_turn(self)

    @cython.locals(p=cython.int, side=Side, facts=Facts, paid=cython.int, g=Guardian, b=Binding, old=Env, env=Env,
                   glob=list, kind_=cython.int, scope=cython.int, eff=Eff, choice=Eff, index=cython.int)
    cpdef _play(self, action)

    cpdef _responded(self)

    @cython.locals(choice=Eff, eff=Eff)
    cpdef _fire_played(self, Facts facts, int p, source, target)

    @cython.locals(facts=Facts, is_binding=bint, eff=Eff, start=cython.int)
    cpdef _potion_triggers(self, int p)

    @cython.locals(g=Guardian)
    cpdef _attach(self, Binding b, target)

    @cython.locals(g=Guardian, seat=cython.int)
    cpdef _detach(self, Binding b)

    @cython.locals(p=cython.int, mine=list, decl=list, seats=list, seat=cython.int, g=Guardian, block_seats=list,
                   side=Side)
    cpdef _declare(self, action)

    @cython.locals(seat=cython.int)
    cpdef _ask_blocks(self)

    @cython.locals(mine=list, blocks=list, index=cython.int, g=Guardian)
    cpdef _block(self, action)

    @cython.locals(decl=list, blocks=list, sides=list, turn=cython.int, index=cython.int, g=Guardian, seat=cython.int,
                   d=Guardian, side=Side)
    cpdef _next_combat(self)

    @cython.locals(ap=cython.int, dp=cython.int, sides=list, sa=Side, sd=Side, a_sum=cython.int, v_sum=cython.int,
                   b=Binding, r=cython.double)
    cpdef bint _quick_combat(self, Guardian att, Guardian d)

    @cython.locals(att=Guardian, ap=cython.int, dp=cython.int, queue=list, start=cython.int, eff=Eff, b=Binding,
                   side=Side, env=Env)
    cpdef _defended(self, Guardian d)

    @cython.locals(att=Guardian, d=Guardian, sa=Side, sd=Side)
    cpdef bint _combat_valid(self)

    @cython.locals(att=Guardian, d=Guardian, g=Guardian)
    cpdef _roll(self)

    @cython.locals(p=cython.int)
    cpdef _roll_advance(self)

    @cython.locals(favour=bint)
    cpdef _reroll(self, Guardian g, Eff eff, int controller)

    cpdef _resolve_combat(self)

    @cython.locals(att=Guardian, d=Guardian, ap=cython.int, dp=cython.int, winner=Guardian, loser=Guardian,
                   opp_p=cython.int, queue=list, start=cython.int, eff=Eff, b=Binding)
    cpdef _settle(self, int a, int v)

    cpdef _end_combat(self)

    @cython.locals(used=cython.int)
    cpdef int _reduce(self, Guardian g, int amount)

    @cython.locals(left=cython.int)
    cpdef _combat_damage(self, Guardian g, int amount, Guardian killer)
    cpdef damage_guardian(self, Guardian g, int amount)

    @cython.locals(side=Side, used=cython.int)
    cpdef _damage_player(self, int seat, int amount)

    @cython.locals(side=Side, bindings=list, b=Binding, opp_p=cython.int, queue=list, start=cython.int, eff=Eff)
    cpdef _defeat(self, Guardian g, Guardian killer, bint in_combat)

    @cython.locals(side=Side, g=Guardian)
    cpdef _check_lives(self)

    @cython.locals(side=Side, dead=list, seat=cython.int, alive=list)
    cpdef _check_players(self)

    @cython.locals(side=Side, sides=list, g=Guardian, b=Binding, other=Side, kept=list)
    cpdef _eliminate(self, int seat)

    @cython.locals(cond=Cond, options=list, side=Side)
    cpdef _resolve(self, Eff eff, Ctx ctx)

    @cython.locals(g=Guardian, pool=list, host=Guardian, ctrl=cython.int, sides=list, cond=Cond)
    cpdef list _gtargets(self, Eff eff, Ctx ctx)

    @cython.locals(ctrl=cython.int, seats=list)
    cpdef list _ptargets(self, Eff eff, Ctx ctx)


@cython.locals(total=cython.int, plain=bint, op=cython.int, amount=cython.int, a=cython.int, up=cython.int,
               down=cython.int, items=list)
cpdef _order(value, list ops, bint maximize)

@cython.locals(op=cython.int, amount=cython.int, own=list, k=cython.int, seat=cython.int, group=list)
cpdef sequence(value, list mods, int owner, int seats)

@cython.locals(deck=list, lo=cython.int, hi=cython.int, end=cython.int, i=cython.int, j=cython.int,
               r=cython.double)
cpdef _fix(Side side, rng, int count)

@cython.locals(g=Guardian, b=Binding, env=Env)
cpdef str _describe(obj)

@cython.locals(cards=list, side=Side)
cpdef Side _side(int seat, deck, rng, bint vanilla)
cpdef _shuffle(Side side, rng)

@cython.locals(state=WentworthState)
cpdef WentworthState _state(list sides, rng, int first, int max_turns, bint log, bint goldfish,
                            bint undefended_damage=*, bint attackers_stand=*)

# copies (clone, determinize)
@cython.locals(c=Guardian)
cpdef Guardian _copy_guardian(Guardian g, list table)
@cython.locals(c=Binding)
cpdef Binding _copy_binding(Binding b, list table)
@cython.locals(c=Env)
cpdef Env _copy_env(Env env, list table)
@cython.locals(g=Guardian, b=Binding, env=Env)
cpdef _twin(obj, list table)
@cython.locals(c=Ctx)
cpdef Ctx _copy_ctx(Ctx ctx, list table, dict ctxs)
@cython.locals(c=Side)
cpdef Side _copy_side(Side side, list table)
@cython.locals(c=WentworthState, table=list, sides=list, ctxs=dict)
cpdef WentworthState _copy_state(WentworthState state, bint keep_log)
@cython.locals(top=cython.int)
cpdef int _shown(WentworthState state, int seat)
@cython.locals(present=set, found=list, facts=Facts)
cpdef list _canonical(Side side, list cards)
@cython.locals(deck=list, bottom=cython.int, end=cython.int)
cpdef _redraw_own(WentworthState state, Side side, rng)
@cython.locals(hand=list, count=cython.int, pool=list, pending=list, index=cython.int, seat=cython.int, looked=list,
               options=list)
cpdef _redraw_other(WentworthState state, Side side, rng)
cpdef str _label(Guardian g)

@cython.locals(total=cython.int)
cpdef int _pips(dice)

# the effect handlers
@cython.locals(seat=cython.int, g=Guardian)
cpdef _damage(WentworthState state, Eff eff, Ctx ctx)
@cython.locals(seat=cython.int, g=Guardian)
cpdef _heal(WentworthState state, Eff eff, Ctx ctx)
@cython.locals(g=Guardian)
cpdef _modify_roll(WentworthState state, Eff eff, Ctx ctx)
@cython.locals(g=Guardian)
cpdef _reroll(WentworthState state, Eff eff, Ctx ctx)
@cython.locals(g=Guardian)
cpdef _modify(WentworthState state, Eff eff, Ctx ctx)
@cython.locals(seat=cython.int, side=Side, g=Guardian)
cpdef _prevent(WentworthState state, Eff eff, Ctx ctx)
@cython.locals(seat=cython.int)
cpdef _draw(WentworthState state, Eff eff, Ctx ctx)
@cython.locals(seat=cython.int, side=Side, facts=Facts)
cpdef _discard(WentworthState state, Eff eff, Ctx ctx)
@cython.locals(seat=cython.int, side=Side, deck=list, count=cython.int)
cpdef _search(WentworthState state, Eff eff, Ctx ctx)
@cython.locals(side=Side)
cpdef _recover(WentworthState state, Eff eff, Ctx ctx, remaining=*)
@cython.locals(seat=cython.int)
cpdef _gain_influence(WentworthState state, Eff eff, Ctx ctx)
@cython.locals(seat=cython.int, side=Side)
cpdef _lose_influence(WentworthState state, Eff eff, Ctx ctx)
@cython.locals(seat=cython.int)
cpdef _modify_cost(WentworthState state, Eff eff, Ctx ctx)
@cython.locals(g=Guardian)
cpdef _haste(WentworthState state, Eff eff, Ctx ctx)
@cython.locals(g=Guardian)
cpdef _extra_combat(WentworthState state, Eff eff, Ctx ctx)
@cython.locals(g=Guardian)
cpdef _restrict(WentworthState state, Eff eff, Ctx ctx)
@cython.locals(g=Guardian)
cpdef _rest(WentworthState state, Eff eff, Ctx ctx)
@cython.locals(g=Guardian)
cpdef _ready(WentworthState state, Eff eff, Ctx ctx)
@cython.locals(b=Binding, side=Side, env=Env)
cpdef _destroy(WentworthState state, Eff eff, Ctx ctx)
@cython.locals(g=Guardian, side=Side, index=cython.int)
cpdef _return_to_hand(WentworthState state, Eff eff, Ctx ctx)

# the cards that may be played in a roll window, and those that cost nothing printed
cdef set _ROLL_FACTS, _FREE_FACTS

@cython.locals(turn=cython.int, attackers=list, g=Guardian, d=Guardian, sides=list, n=cython.int, other=Side,
               defenders=cython.int, count=cython.int, threshold=cython.double, seat=cython.int, uids=list, names=list,
               plain=bint, infos=list, k=cython.int, tie=cython.double, attacks=list, values=list, value=cython.double,
               extra=cython.int, chosen_value=cython.double, number=cython.int)
cpdef _declare_action(WentworthState state, int p, list guardians)

@cython.locals(dp=cython.int, side=Side, turn=cython.int, plain=bint, defenders=list, stats=list, d=Guardian,
               left=cython.int, life=cython.int, decl=list, unblocked_values=list, rows=list, index=cython.int,
               g=Guardian, row=list, worth=cython.double, count=cython.int, size=cython.int, best=cython.int,
               best_score=cython.double, k=cython.int, total=cython.double, unblocked=cython.double, bounds=list,
               found=list, parts=list, uids=list, undefended=bint)
cpdef _blocks_action(WentworthState state)

@cython.locals(found=list, user=cython.int, slot=cython.int, eff=Eff)
cpdef list _abilities_of(WentworthState state, int p, bint in_roll)

@cython.locals(count=cython.int, facts=Facts)
cpdef int _cheap_guardians(list hand)

@cython.locals(count=cython.int, k=cython.int, row=list)
cdef void _block_search(int position, double total, list rows, list unblocked_values, list bounds, list used,
                        list picks, list found)

@cython.locals(code=cython.int, amount=cython.int, mine=bint, left=cython.int, worth=cython.double, healed=cython.int)
cpdef double _g_value(WentworthState state, int p, Eff eff, Guardian g, bint rebuff)

@cython.locals(cost=cython.int, bound=cython.int, side=Side, g=Guardian)
cpdef tuple _most_of(WentworthState state)

@cython.locals(code=cython.int, cost=cython.int, bound=cython.int)
cpdef double _g_bound(Eff eff, bint rebuff, tuple most)

@cython.locals(sides=list)
cpdef list _pool_of(WentworthState state, int p, Eff eff, target, source)

@cython.locals(guardians=list, least=cython.int, g=Guardian)
cpdef double _guardian_base_of(WentworthState state, int p, Facts facts)

cpdef bint _pays(double value, Facts facts)

@cython.locals(side=Side, best=cython.int, best_cost=cython.int, index=cython.int, facts=Facts, price=cython.int)
cpdef int _dig_index(WentworthState state, int p)

@cython.locals(power=cython.int, g=Guardian)
cpdef double _threat_of(WentworthState state, Side side)

@cython.locals(power=cython.int, g=Guardian)
cpdef double _tie_of(Side side)

@cython.locals(conds=tuple, effs=list, found=list, eff=Eff)
cpdef tuple _binding_conds(Facts facts)


cdef class Greedy:
    cpdef act(self, WentworthState state)

    @cython.locals(p=cython.int, side=Side, hand=list, influence=cython.int, rebuff=bint, plain=bint, guardians=list,
                   count=cython.int, lo=cython.int, least=cython.int, g0=Guardian, g1=Guardian, g2=Guardian,
                   g3=Guardian, best_score=cython.double, best_index=cython.int, exact=bint, index=cython.int,
                   facts=Facts, delta=cython.int, c=cython.int, eff=Eff, value=cython.double, targets=list,
                   base=cython.double, host_value=cython.double, user=cython.int, slot=cython.int, rests=bint,
                   penalty=cython.double, g=Guardian)
    cpdef _act_main(self, WentworthState state, dict cache)

    @cython.locals(helpful=bint, best=object, side=Side, g=Guardian, value=cython.double)
    cpdef tuple _best_host(self, WentworthState state, int p, Facts facts, dict cache)

    @cython.locals(p=cython.int, side=Side, influence=cython.int, plain=bint, best_score=cython.double,
                   index=cython.int, facts=Facts, eff=Eff, value=cython.double, slot=cython.int,
                   combatants=list)
    cpdef _act_roll(self, WentworthState state, dict cache)

    @cython.locals(p=cython.int, side=Side, influence=cython.int, best_score=cython.double, index=cython.int,
                   facts=Facts, eff=Eff, value=cython.double, plain=bint)
    cpdef _act_window(self, WentworthState state, dict cache)

    cpdef bint _dead(self, WentworthState state, int p, Facts facts)

    @cython.locals(choice=Eff, value=cython.double, eff=Eff)
    cpdef double _card_value(self, WentworthState state, int p, Facts facts, target, dict cache)

    @cython.locals(g=Guardian, value=cython.double)
    cpdef double _ability_value(self, WentworthState state, int p, obj, Eff eff, target, dict cache)

    @cython.locals(code=cython.int, amount=cython.int, value=cython.double, sign=cython.double, other=Side, pool=list,
                   rebuff=bint, g=Guardian, mine=bint, left=cython.int, worth=cython.double, healed=cython.int)
    cpdef double _effect_value(self, WentworthState state, int p, Eff eff, target, dict cache, source=*)

    @cython.locals(att=Guardian, d=Guardian)
    cpdef tuple _combat_now(self, WentworthState state, dict cache)

    @cython.locals(prev_att=cython.int, prev_def=cython.int, shielded=bint, att=Guardian, d=Guardian,
                   value=cython.double, life_att=cython.int, life_def=cython.int)
    cpdef double _outcome(self, WentworthState state, int p, a, v, tuple adjust)

    @cython.locals(att=Guardian, d=Guardian, prev_att=cython.int, prev_def=cython.int, shielded=bint, cancelled=bint,
                   touched=bint, rerolled_a=bint, rerolled_d=bint, eff=Eff, code=cython.int, g=Guardian, is_att=bint,
                   favour=bint, n=cython.int, after=cython.double, gain=cython.double, penalty=cython.double,
                   life_att=cython.int, life_def=cython.int, removed=bint, bonus=cython.double, healed=cython.int,
                   amount=cython.int, left=cython.int, worth=cython.double)
    cpdef double _roll_value(self, WentworthState state, int p, tuple effs, target, source, Facts facts, dict cache)

@cython.locals(b=Binding)
cpdef bint _has_attack(list bindings)

@cython.locals(b=Binding)
cpdef bint _has_defend(list bindings)
