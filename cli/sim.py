"""``decklab sim``: seeded simulated games, a deck alone (goldfish) or decks against each other."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, Annotated

import typer

from .common import (
    GameOption,
    Output,
    PolicyChoice,
    SetOption,
    database,
    db_url,
    listing,
)

if TYPE_CHECKING:
    from decklab.engine.cluster import Cluster

app = typer.Typer(help="Simulate games: goldfish a deck, or match decks over thousands of seeded games.",
                  no_args_is_help=True)

GamesOption = Annotated[int, typer.Option("--games", "-n", help="How many games.")]
SeedOption = Annotated[int, typer.Option("--seed", help="Batch seed: the same seed gives the same results.")]
WorkersOption = Annotated[int, typer.Option("--workers", "-w", help="Worker processes (results do not depend on it).")]
PolicyOption = Annotated[str, PolicyChoice("--policy", "-p", help="The policy of every seat.")]
MaxTurnsOption = Annotated[int | None, typer.Option(
    "--max-turns",
    help="Stop a game after this many turns: unresolved, not a draw (Ward: decided by its Time Out rule, unless "
    "--rule ward.time-out=off).")]
LogOption = Annotated[bool, typer.Option("--log", help="Print one game's play-by-play instead of a batch.")]
IndexOption = Annotated[int, typer.Option("--game-index", help="Which game of the batch --log shows.")]
IllegalOption = Annotated[bool, typer.Option("--allow-illegal",
                                             help="Simulate a deck even if it breaks its deck rules.")]
VanillaOption = Annotated[bool, typer.Option("--vanilla",
                                             help="Play cards whose effects are not modeled without their effects.")]
CheckOption = Annotated[bool, typer.Option(
    "--check", help="Verify every action against the legal ones (slower; a rules or policy bug then stops the run).")]
BudgetOption = Annotated[int | None, typer.Option(
    "--budget", metavar="PLAYOUTS",
    help="The search policy's effort: playouts a decision (default: the game's, 64; Mage Warfare 16). More is "
    "stronger and slower.")]
RuleOption = Annotated[list[str] | None, typer.Option(
    "--rule", metavar="GAME.RULE=VALUE",
    help="Play a reading of an unclear rule other than decklab's, e.g. wh40k.first-draw=second-battle-turn "
    "(repeatable; 'decklab games --rules' lists them).")]
SensitivityOption = Annotated[bool, typer.Option(
    "--sensitivity", help="Play it with greedy and with search in every seat and show them side by side, with the "
    "spread (see 'sim sensitivity').")]
PlotOption = Annotated[bool, typer.Option("--plot/--no-plot", help="Draw the plot under the table (never in --json).")]
SCHEDULER_VARIABLE = "DECKLAB_DASK_SCHEDULER"
ClusterOption = Annotated[str | None, typer.Option(
    "--cluster", metavar="tcp://HOST:8786", envvar=SCHEDULER_VARIABLE, show_envvar=True,
    help="Play the games on the workers of this Dask scheduler instead of here: the same results (needs "
    "'pip install decklab[cluster]' here and on the workers; docs/cluster.md). --workers on the command line "
    "overrides the variable.")]


@app.command("goldfish")
@listing
def goldfish(
    ctx: typer.Context,
    decks: Annotated[list[str], typer.Argument(
        metavar="DECK-OR-FILE", help="A saved deck or a decklist file ('-': read it from stdin); two or more to "
        "compare them on the same games.", show_default=False)],
    games: GamesOption = 1000, seed: SeedOption = 1, workers: WorkersOption = 1, policy: PolicyOption = "greedy",
    max_turns: MaxTurnsOption = None, game: GameOption = None, output: Output = Output.table, log: LogOption = False,
    game_index: IndexOption = 0, allow_illegal: IllegalOption = False, vanilla: VanillaOption = False,
    check: CheckOption = False, budget: BudgetOption = None, rule: RuleOption = None, plot: PlotOption = True,
    cluster: ClusterOption = None,
) -> None:
    """Play a deck alone against an opponent that does nothing: how fast does it win? Give two or more decks (two
    versions of one, say) to play each on the same seeded games and overlay their kill curves."""
    rules = _rules(rule)
    _simulate(ctx, decks, mode="goldfish", games=games, seed=seed, workers=workers, policies=[policy],
              max_turns=max_turns, game=game, output=output, log=log, game_index=game_index,
              allow_illegal=allow_illegal, vanilla=vanilla, check=check, budget=budget, rules=rules, plot=plot,
              cluster=cluster)


@app.command("match")
@listing
def match(
    ctx: typer.Context,
    decks: Annotated[list[str], typer.Argument(
        metavar="DECK-OR-FILE", help="Two (or more) saved decks or decklist files ('-': one read from stdin).",
        show_default=False)],
    games: GamesOption = 1000, seed: SeedOption = 1, workers: WorkersOption = 1,
    policy: Annotated[str | None, PolicyChoice("--policy", "-p",
                                               help="The policy of every seat (default greedy).")] = None,
    policy_a: Annotated[str | None, PolicyChoice("--policy-a", help="The policy of the first deck.")] = None,
    policy_b: Annotated[str | None, PolicyChoice("--policy-b", help="The policy of the second deck.")] = None,
    max_turns: MaxTurnsOption = None, game: GameOption = None, output: Output = Output.table, log: LogOption = False,
    game_index: IndexOption = 0, allow_illegal: IllegalOption = False, vanilla: VanillaOption = False,
    check: CheckOption = False, budget: BudgetOption = None, rule: RuleOption = None, plot: PlotOption = True,
    cluster: ClusterOption = None,
) -> None:
    """Pit decks against each other over many seeded games; the first player rotates."""
    rules = _rules(rule)
    default = policy or "greedy"
    policies = [policy_a or default, policy_b or default] + [default] * max(0, len(decks) - 2)
    _simulate(ctx, decks, mode="match", games=games, seed=seed, workers=workers, policies=policies,
              max_turns=max_turns, game=game, output=output, log=log, game_index=game_index,
              allow_illegal=allow_illegal, vanilla=vanilla, check=check, budget=budget, rules=rules, plot=plot,
              cluster=cluster)


def _simulate(ctx: typer.Context, names: list[str], *, mode: str, games: int, seed: int, workers: int,
              policies: list[str], max_turns: int | None, game: str | None, output: Output, log: bool,
              game_index: int, allow_illegal: bool, vanilla: bool, check: bool, budget: int | None = None,
              rules: dict[str, str] | None = None,
              plot: bool = True, cluster: str | None = None) -> None:
    from decklab.engine.checks import check_batch
    from decklab.engine.runner import Batch, GameFailure, run, summary
    from decklab.validators import validate

    from . import plots, render

    if mode == "goldfish" and len(names) > 1:
        _goldfish_decks(ctx, names, games=games, seed=seed, workers=workers, policy=policies[0],
                        max_turns=max_turns, game=game, output=output, log=log, allow_illegal=allow_illegal,
                        vanilla=vanilla, check=check, budget=budget, rules=rules, plot=plot, cluster=cluster)
        return
    decks = load_decks(ctx, names, game=game)
    reports = [validate(deck) for deck in decks]
    batch = Batch(game=decks[0].game, decks=decks, policies=policies, games=games, seed=seed, mode=mode,
                  max_turns=max_turns, vanilla=vanilla, check=check or None, budget=budget, rules=rules)
    check_batch(batch, workers=workers, reports=reports, allow_illegal=allow_illegal,
                game_index=game_index if log else None)
    replay = Replay(ctx, names, mode=mode, policies=policies, games=games, seed=seed, max_turns=max_turns,
                    allow_illegal=allow_illegal, vanilla=vanilla, budget=budget, rules=rules)
    if log:
        as_json = _log_output(output)
        started: list = []
        try:
            result, state = batch.play_one(game_index, log=True, started=started)
        except GameFailure as failure:
            render.play_by_play(batch, None, started[0].log if started else [], as_json=as_json, index=game_index,
                                failure=failure.document())
            raise replay.error(failure, finished=None) from None
        render.play_by_play(batch, result, state.log or [], as_json=as_json, index=game_index)
        return
    with _on(ctx, cluster, workers) as pool, render.ProgressBar(games, label=f"{mode} {batch.game}") as progress:
        outcome = run(batch, workers=workers, progress=progress, cluster=pool)
    document = summary(batch, outcome)
    if mode == "goldfish":
        plots.goldfish([document], output=output, plot=plot)
    else:
        render.simulation(document, output=output)
        if plot and output is Output.table:
            plots.show(plots.length_histogram, document)
    if outcome.failure is not None:
        raise replay.error(outcome.failure, finished=outcome.games)
    _stop_if_lost(outcome.lost, finished=outcome.games)
    if outcome.interrupted:
        raise typer.Exit(code=130)


def _goldfish_decks(ctx: typer.Context, names: list[str], *, games: int, seed: int, workers: int, policy: str,
                    max_turns: int | None, game: str | None, output: Output, log: bool, allow_illegal: bool,
                    vanilla: bool, check: bool, budget: int | None, rules: dict[str, str] | None, plot: bool,
                    cluster: str | None) -> None:
    """``sim goldfish A B ...``: every deck played alone on the same seeded games, one after the other; shown as one
    table with a column per deck and their kill curves overlaid (JSON: a list of goldfish documents)."""
    from decklab.catalog.errors import InputError
    from decklab.engine.checks import check_batch
    from decklab.engine.runner import Batch, run, summary
    from decklab.validators import validate

    from . import plots, render

    if log:
        raise InputError("--log shows one game of one deck; give one deck with --log.")
    if len(names) > plots.MAX_DECKS:
        raise InputError(f"a goldfish compares at most {plots.MAX_DECKS} decks at once (the plot marks each by a "
                         f"letter), not {len(names)}.")
    decks = load_decks(ctx, names, game=game)
    kinds = list(dict.fromkeys(deck.game for deck in decks))
    if len(kinds) > 1:
        listed = " and ".join(f"{next(d.name for d in decks if d.game == kind)} is a {kind} deck" for kind in kinds[:2])
        raise InputError(f"{listed}; decks compared in one goldfish must be of one game.")
    batches = [Batch(game=deck.game, decks=[deck], policies=[policy], games=games, seed=seed, mode="goldfish",
                     max_turns=max_turns, vanilla=vanilla, check=check or None, budget=budget, rules=rules)
               for deck in decks]
    for batch in batches:
        check_batch(batch, workers=workers, reports=[validate(batch.decks[0])], allow_illegal=allow_illegal)
    total = games * len(batches)
    documents = []
    with _on(ctx, cluster, workers) as pool, \
            render.ProgressBar(total, label=f"goldfish {kinds[0]} ({len(batches)} decks)") as progress:
        for index, batch in enumerate(batches):
            def advance(done: int, _total: int, base: int = index * games) -> None:
                progress(base + done, total)

            outcome = run(batch, workers=workers, progress=advance, cluster=pool)
            documents.append({**summary(batch, outcome), "source": names[index]})
            if outcome.failure is not None or outcome.lost is not None or outcome.interrupted:
                break
    plots.goldfish(documents, names=plots.deck_names(documents), output=output, plot=plot,
                   unplayed=[deck.name for deck in decks[len(documents):]])
    if outcome.failure is not None:
        replay = Replay(ctx, [names[index]], mode="goldfish", policies=[policy], games=games, seed=seed,
                        max_turns=max_turns, allow_illegal=allow_illegal, vanilla=vanilla, budget=budget, rules=rules)
        raise replay.error(outcome.failure, finished=outcome.games)
    _stop_if_lost(outcome.lost, finished=outcome.games)
    if outcome.interrupted:
        raise typer.Exit(code=130)


def load_decks(ctx: typer.Context, names: list[str], *, game: str | None) -> list:
    """The decks ``names`` give: saved decks or decklist files, and ``-`` for a decklist read from stdin (once)."""
    from decklab.catalog.errors import InputError

    from .common import STDIN, load_deck_arg

    if names.count(STDIN) > 1:
        raise InputError("stdin can be read once: give '-' for one deck at most.")
    db = database(ctx)
    return [load_deck_arg(db, name, game=game) for name in names]


def _log_output(output: Output) -> bool:
    """Whether ``--log`` prints its JSON document (``--json``); it has no rows for ``--csv``, ``--tsv`` or ``--nl``."""
    if output not in (Output.table, Output.json):
        from decklab.catalog.errors import InputError

        raise InputError(f"--log prints one game's play-by-play as text or with --json, not with --{output.value}.")
    return output is Output.json


class Replay:
    """How to replay one game of a batch alone with its play-by-play: the command a failure names."""

    def __init__(self, ctx: typer.Context, names: list[str], *, mode: str, policies: list[str], games: int,
                 seed: int, max_turns: int | None = None, allow_illegal: bool = False, vanilla: bool = False,
                 budget: int | None = None, rules: dict[str, str] | None = None) -> None:
        import shlex

        words = ["decklab"]
        url = db_url(ctx)
        if url:
            words += ["--db", url]
        words += ["sim", mode, *names]
        if mode == "goldfish" or len(set(policies)) == 1:
            words += ["--policy", policies[0]]
        else:
            words += ["--policy-a", policies[0], "--policy-b", policies[1]]
        words += ["-n", str(games), "--seed", str(seed)]
        if max_turns:
            words += ["--max-turns", str(max_turns)]
        if budget is not None:
            words += ["--budget", str(budget)]
        for name, value in (rules or {}).items():
            words += ["--rule", f"{name}={value}"]
        words += ["--allow-illegal"] if allow_illegal else []
        words += ["--vanilla"] if vanilla else []
        self.command = shlex.join(words)

    def error(self, failure, *, finished: int | None) -> Exception:
        """The one sentence that a failed game becomes (exit 2), naming the game and how to replay it."""
        from decklab.catalog.errors import SimulationError

        done = "" if finished is None else f"; the {finished} games finished before it are reported"
        return SimulationError(f"{failure}{done}; replay it with: {self.command} --check --log "
                               f"--game-index {failure.index}")


@app.command("gauntlet")
@listing
def gauntlet(
    ctx: typer.Context,
    deck: Annotated[str, typer.Argument(metavar="DECK-OR-FILE", help="The deck to test (saved deck or decklist file; "
                                        "'-': read it from stdin).", show_default=False)],
    opponents: Annotated[list[str], typer.Argument(metavar="OPPONENT", help="The field: one or more opposing decks "
                                                   "(saved decks or decklist files).", show_default=False)],
    games: GamesOption = 1000, seed: SeedOption = 1, workers: WorkersOption = 1, policy: PolicyOption = "greedy",
    max_turns: MaxTurnsOption = None, game: GameOption = None, output: Output = Output.table,
    allow_illegal: IllegalOption = False, vanilla: VanillaOption = False, check: CheckOption = False,
    budget: BudgetOption = None, rule: RuleOption = None, sensitivity: SensitivityOption = False,
    plot: PlotOption = True, cluster: ClusterOption = None,
) -> None:
    """One deck against a field of opponents: its win rate with a 95% interval against each."""
    rules = _rules(rule)
    from decklab.engine.runner import gauntlet as run_gauntlet

    from . import plots, render

    decks = _prepared(ctx, [deck, *opponents], games=games, seed=seed, workers=workers, policy=policy,
                      max_turns=max_turns, game=game, allow_illegal=allow_illegal, vanilla=vanilla, budget=budget,
                      rules=rules, policies=["greedy", "search"] if sensitivity else None)
    if sensitivity:
        _policy_sensitivity(ctx, "gauntlet", decks, [[deck, opponent] for opponent in opponents], games=games,
                            seed=seed, workers=workers, max_turns=max_turns, allow_illegal=allow_illegal,
                            vanilla=vanilla, check=check, budget=budget, rules=rules, output=output, cluster=cluster)
        return
    with _on(ctx, cluster, workers) as pool, \
            render.ProgressBar(games * len(opponents), label=f"gauntlet {decks[0].game}") as progress:
        document = run_gauntlet(decks[0], decks[1:], games=games, seed=seed, policies=[policy], workers=workers,
                                max_turns=max_turns, vanilla=vanilla, check=check or None, budget=budget, rules=rules,
                                progress=progress, cluster=pool)
    render.gauntlet(document, output=output)
    if plot and output is Output.table:
        plots.show(plots.win_rate_bars, document)
    _stop_on_failure(ctx, document, [[deck, opponent] for opponent in opponents], policy=policy, games=games,
                     seed=seed, max_turns=max_turns, allow_illegal=allow_illegal, vanilla=vanilla, budget=budget,
                     rules=rules)
    if document["interrupted"]:
        raise typer.Exit(code=130)


@app.command("matrix")
@listing
def matrix(
    ctx: typer.Context,
    decks: Annotated[list[str], typer.Argument(
        metavar="DECK-OR-FILE", help="Two or more decks (saved decks or decklist files; '-': one read from stdin).",
        show_default=False)],
    games: GamesOption = 1000, seed: SeedOption = 1, workers: WorkersOption = 1, policy: PolicyOption = "greedy",
    max_turns: MaxTurnsOption = None, game: GameOption = None, output: Output = Output.table,
    allow_illegal: IllegalOption = False, vanilla: VanillaOption = False, check: CheckOption = False,
    budget: BudgetOption = None, rule: RuleOption = None, sensitivity: SensitivityOption = False,
    cluster: ClusterOption = None,
) -> None:
    """A round robin: every deck against every other, as a colour-scaled table of win rates."""
    rules = _rules(rule)
    from decklab.engine.runner import matrix as run_matrix

    from . import render

    loaded = _prepared(ctx, decks, games=games, seed=seed, workers=workers, policy=policy, max_turns=max_turns,
                       game=game, allow_illegal=allow_illegal, vanilla=vanilla, budget=budget, rules=rules, minimum=2,
                       policies=["greedy", "search"] if sensitivity else None)
    pairs = [[decks[i], decks[j]] for i in range(len(decks)) for j in range(i + 1, len(decks))]
    if sensitivity:
        _policy_sensitivity(ctx, "matrix", loaded, pairs, games=games, seed=seed, workers=workers,
                            max_turns=max_turns, allow_illegal=allow_illegal, vanilla=vanilla, check=check,
                            budget=budget, rules=rules, output=output, cluster=cluster)
        return
    pairings = len(loaded) * (len(loaded) - 1) // 2
    with _on(ctx, cluster, workers) as pool, \
            render.ProgressBar(games * pairings, label=f"matrix {loaded[0].game}") as progress:
        document = run_matrix(loaded, games=games, seed=seed, policy=policy, workers=workers, max_turns=max_turns,
                              vanilla=vanilla, check=check or None, budget=budget, rules=rules, progress=progress,
                              cluster=pool)
    render.matrix(document, output=output)
    _stop_on_failure(ctx, document, pairs, policy=policy, games=games, seed=seed, max_turns=max_turns,
                     allow_illegal=allow_illegal, vanilla=vanilla, budget=budget, rules=rules)
    if document["interrupted"]:
        raise typer.Exit(code=130)


@app.command("sensitivity",
             short_help="How much a matchup's answer depends on the AI: the win rate under each policy pairing.")
@listing
def sensitivity(
    ctx: typer.Context,
    decks: Annotated[list[str], typer.Argument(
        metavar="DECK-OR-FILE", help="The two decks of the matchup (saved decks or decklist files; '-': one read "
        "from stdin).", show_default=False)],
    games: Annotated[int, typer.Option("--games", "-n", help="How many games for each pairing.")] = 200,
    seed: SeedOption = 1, workers: WorkersOption = 1,
    policies: Annotated[str, typer.Option(
        "--policies", metavar="POLICY,POLICY,...",
        help="The policies to pair, comma-separated (every ordered pair is played).")] = "greedy,search",
    vary_rule: Annotated[list[str] | None, typer.Option(
        "--vary-rule", metavar="GAME.RULE",
        help="Also play every other value of this reading, with every pairing (repeatable).")] = None,
    budget: BudgetOption = None, rule: RuleOption = None, max_turns: MaxTurnsOption = None, game: GameOption = None,
    output: Output = Output.table, allow_illegal: IllegalOption = False, vanilla: VanillaOption = False,
    check: CheckOption = False, cluster: ClusterOption = None,
) -> None:
    """How much a matchup's answer depends on the AI (and, with --vary-rule, on a reading of the rules): the first
    deck's win rate under every pairing of policies (greedy, search, ...), each with its 95% interval, and the
    spread between them."""
    rules = _rules(rule)
    from decklab.catalog.errors import InputError
    from decklab.engine.checks import check_varied
    from decklab.engine.runner import sensitivity as run_sensitivity

    from . import render

    chosen = list(dict.fromkeys(name.strip() for name in policies.split(",") if name.strip()))
    if not chosen:
        raise InputError("--policies names no policy; give one or more, comma-separated (e.g. greedy,search).")
    if len(decks) != 2:
        raise InputError(f"a sensitivity report compares two decks, not {len(decks)}.")
    loaded = _prepared(ctx, decks, games=games, seed=seed, workers=workers, policy=chosen[0], max_turns=max_turns,
                       game=game, allow_illegal=allow_illegal, vanilla=vanilla, budget=budget, rules=rules,
                       policies=chosen)
    check_varied(loaded[0].game, vary_rule or [])
    with _on(ctx, cluster, workers) as pool, \
            render.ProgressBar(games * len(chosen) ** 2, label=f"sensitivity {loaded[0].game}") as progress:
        document = run_sensitivity(loaded, games=games, seed=seed, policies=chosen, vary=vary_rule or (),
                                   workers=workers, max_turns=max_turns, vanilla=vanilla, check=check or None,
                                   budget=budget, rules=rules, progress=progress, cluster=pool)
    render.sensitivity(document, output=output)
    failure = document.get("failure")
    if failure is not None:
        pairing = document["pairings"][failure["pairing"]]["policies"]
        _stop_on_failure(ctx, {**document, "failure": {**failure, "pairing": 0}}, [decks], policy=pairing[0],
                         games=games, seed=seed, max_turns=max_turns, allow_illegal=allow_illegal, vanilla=vanilla,
                         budget=budget, rules=rules, other=pairing[1])
    _stop_if_lost(document.get("lost"), finished=None)
    if document["interrupted"]:
        raise typer.Exit(code=130)


def _policy_sensitivity(ctx: typer.Context, kind: str, decks: list, pairs: list[list[str]], *, games: int, seed: int,
                        workers: int, max_turns: int | None, allow_illegal: bool, vanilla: bool, check: bool,
                        budget: int | None, rules: dict[str, str] | None, output: Output,
                        cluster: str | None) -> None:
    """``gauntlet``/``matrix --sensitivity``: the run under greedy and under search, side by side."""
    from decklab.engine.runner import policy_sensitivity

    from . import render

    pairings = len(decks) - 1 if kind == "gauntlet" else len(decks) * (len(decks) - 1) // 2
    with _on(ctx, cluster, workers) as pool, \
            render.ProgressBar(games * pairings * 2, label=f"{kind} {decks[0].game} sensitivity") as progress:
        document = policy_sensitivity(kind, decks, games=games, seed=seed, workers=workers, max_turns=max_turns,
                                      vanilla=vanilla, check=check or None, budget=budget, rules=rules,
                                      progress=progress, cluster=pool)
    render.policy_sensitivity(document, output=output)
    _stop_on_failure(ctx, document, pairs, policy=document["policies"][-1], games=games, seed=seed,
                     max_turns=max_turns, allow_illegal=allow_illegal, vanilla=vanilla, budget=budget, rules=rules)
    if document["interrupted"]:
        raise typer.Exit(code=130)


def _rules(given: list[str] | None) -> dict[str, str] | None:
    """``--rule GAME.RULE=VALUE`` options as a dict (the engine checks the names and values)."""
    from decklab.catalog.errors import InputError

    rules = {}
    for text in given or []:
        name, equals, value = text.partition("=")
        if not equals or not name.strip() or not value.strip():
            raise InputError(f"--rule takes GAME.RULE=VALUE (e.g. wh40k.first-draw=second-battle-turn), not '{text}'.")
        rules[name.strip()] = value.strip()
    return rules or None


def _stop_on_failure(ctx: typer.Context, document: dict, pairings: list[list[str]], *, policy: str, games: int,
                     seed: int, max_turns: int | None, allow_illegal: bool, vanilla: bool,
                     budget: int | None = None, rules: dict[str, str] | None = None, other: str | None = None) -> None:
    """A gauntlet's or a matrix's failed game as one sentence (exit 2), with the match command that replays it."""
    _stop_if_lost(document.get("lost"), finished=None)
    failure = document.get("failure")
    if failure is None:
        return
    from decklab.engine.runner import GameFailure

    names = pairings[failure["pairing"]]
    replay = Replay(ctx, names, mode="match", policies=[policy, other or policy], games=games, seed=seed,
                    max_turns=max_turns, allow_illegal=allow_illegal, vanilla=vanilla, budget=budget, rules=rules)
    raise replay.error(GameFailure.from_document(document["game"], failure), finished=None)


def _stop_if_lost(lost: str | None, *, finished: int | None) -> None:
    """A batch that lost a worker process (or its cluster) as one sentence (exit 2)."""
    if lost is not None:
        from decklab.catalog.errors import SimulationError

        done = "the games finished before it are reported" if finished is None else (
            f"the {finished} games finished before it are reported")
        raise SimulationError(f"{lost}; {done}; run the batch again.")


def _on_command_line(ctx: typer.Context, name: str) -> bool:
    """Whether option ``name`` was given on the command line (not by default, nor by its environment variable)."""
    source = ctx.get_parameter_source(name)
    return source is not None and source.name == "COMMANDLINE"  # (typer's own copy of click's ParameterSource)


@contextmanager
def _on(ctx: typer.Context, address: str | None, workers: int) -> Iterator[Cluster | None]:
    """The Dask cluster a batch is played on, connected for the command's run (``None``: here, on ``workers``).

    ``--cluster`` and ``--workers`` both on the command line are refused; ``--workers`` on the command line
    plays here even when ``DECKLAB_DASK_SCHEDULER`` names a cluster.
    """
    if not address:
        yield None
        return
    from decklab.catalog.errors import InputError

    if _on_command_line(ctx, "workers"):
        if _on_command_line(ctx, "cluster"):
            raise InputError("--cluster and --workers were both given; the cluster's workers play the games, so "
                             "give one of them.")
        yield None
        return
    from decklab.engine.cluster import connect, quiet

    with suppress(ImportError):  # (connect says what to install)
        quiet()
    with connect(address) as cluster:
        yield cluster


@app.command("coverage")
@listing
def coverage(ctx: typer.Context, game: GameOption = None, set_code: SetOption = None,
             output: Output = Output.table) -> None:
    """Which cards of the catalog the engines model, game by game, and why the others are not."""
    from decklab.catalog.store import list_cards
    from decklab.engine.checks import coverage as card_coverage

    from . import render

    render.coverage(card_coverage(list_cards(database(ctx), game=game, set_code=set_code)), output=output)


def _prepared(ctx: typer.Context, names: list[str], *, games: int, seed: int, workers: int, policy: str,
              max_turns: int | None, game: str | None, allow_illegal: bool, vanilla: bool, budget: int | None = None,
              rules: dict[str, str] | None = None,
              minimum: int = 2, policies: list[str] | None = None) -> list:
    """Load the decks and check every pairing could run (one game, engine, legality, effects)."""
    from decklab.catalog.errors import InputError
    from decklab.engine.checks import check_batch
    from decklab.engine.runner import Batch
    from decklab.validators import validate

    if len(names) < minimum:
        raise InputError(f"give at least {minimum} decks.")
    decks = load_decks(ctx, names, game=game)
    reports = [validate(deck) for deck in decks]
    for deck, report in zip(decks[1:], reports[1:], strict=True):
        batch = Batch(game=decks[0].game, decks=[decks[0], deck], policies=policies or [policy, policy], games=games,
                      seed=seed, max_turns=max_turns, vanilla=vanilla, budget=budget, rules=rules)
        check_batch(batch, workers=workers, reports=[reports[0], report], allow_illegal=allow_illegal)
    return decks
