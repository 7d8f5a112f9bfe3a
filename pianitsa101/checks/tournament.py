"""``make tournament DIR=...``: the students' exercise-12 strategies play each other and the built-in bots.

``python -m pianitsa101.checks.tournament DIR [--out FOLDER] [--matches N] [--seed S] [--jobs J]
[--limit SECONDS] [--montecarlo]`` takes every student's ``MyAgent`` from the exercise-12
notebooks handed in under DIR (:mod:`~pianitsa101.checks.tournament_entries`) and plays them
against each other and against RandomAgent, GreedyAgent and HeuristicAgent (MonteCarloAgent
too with ``--montecarlo``).

**The schedule: a heads-up round robin on duplicate deals.** Every pair of entries plays the
same number of deals, and every deal twice, the seats swapped (so each side gets the good cards
and the bad ones in turn). With ``k`` entries and ``d`` deals per pair every entry plays
``2·d·(k-1)`` matches, against exactly the same field as every other entry; ``--matches`` is
the least number of matches per entry wanted (``d`` is rounded up). A *win rate* is the share
of an entry's matches it won, against the whole field; its 95% interval is Wilson's, widened by
the design effect of the duplicate pairs of matches (:func:`~pianitsa101.strategy.stats.design_effect`).

**Each student strategy runs in a process of its own**
(:class:`~pianitsa101.checks.tournament_worker.RemoteAgent`): the engine runs here and sends
it only its own seat's view and the legal moves; it has ``--limit`` seconds per decision
(default 1) and 30 limits per match. An entry that fails once (it
raises, loops, dies, answers something that is not one of the legal moves, or cannot even be
built) is out: all its matches are forfeited, the reason is noted on its line, and its matches
are taken out of the other entries' records, so that they are still compared on one field.
The bots run in this process (they are the package's own code).

**Are the top places told apart?** For each of the first three places next to each other the
difference of their win rates is measured deal by deal against each opponent (the same field for
both, the head-to-head included) with its 95% interval
(:func:`~pianitsa101.strategy.stats.difference_interval`).
When the interval holds 0 they are *not* told apart, and two numbers say what would settle it:
the matches of a play-off between the two (:func:`~pianitsa101.strategy.stats.matches_needed` for
an edge of half the difference: 95%, power 80%), and the ``--matches`` per entry at which this
round robin's interval would do it.

Out, in ``--out`` (default ``DIR/tournament``): ``tournament.csv`` (the leaderboard),
``tournament.png`` (win rates with their intervals), ``tournament.json`` (everything, for the
``TournamentBoard`` widget) and ``leaderboard.txt`` (what is printed). Every seed (deals, bots'
and students' ``random``) comes from ``--seed``: the same seed gives the same CSV, with any
``--jobs``.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import sys
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from pianitsa101.cards import make_deck
from pianitsa101.checks.build import SOURCE
from pianitsa101.checks.tournament_entries import CLASS_NAME, Entry, find_entries, source_imports
from pianitsa101.checks.tournament_report import ClassTournament, Line, Separation, write_outputs
from pianitsa101.checks.tournament_worker import RemoteAgent, StrategyFailed, Worker
from pianitsa101.game101 import GreedyAgent, HeuristicAgent, Match101, RandomAgent, Rules101
from pianitsa101.strategy.stats import (
    Z95,
    design_effect,
    difference_interval,
    matches_needed,
    wilson_interval,
)

__all__ = ["BOTS", "main", "play_class_tournament"]

BOTS = ("RandomAgent", "GreedyAgent", "HeuristicAgent")
_DECK = 36
_Z80 = 0.8416212335729143  # power 80%


class _Plan(NamedTuple):
    """One match, decided before any is played."""

    number: int
    pair: int  # index of the pair of entries
    deal: int  # index of the deal within the pair (its two matches share it)
    seating: tuple[int, int]  # entry in seat 0, entry in seat 1
    seed: int  # the deal
    agent_seeds: tuple[int, int]  # each seat's random seed (reset(seed), and a student's module random)


@dataclass(frozen=True)
class _Contestant:
    """What an engine process needs to field an entry: a bot's name, or a student's code."""

    name: str
    bot: str = ""  # the bot's class name, or "" for a student
    answer: str = ""
    problem: str = ""


def _schedule(count: int, deals: int, seed: int) -> list[_Plan]:
    """Every pair of entries, ``deals`` deals each, every deal with the seats both ways."""
    rng = random.Random(seed)
    plans = []
    for pair, (a, b) in enumerate(itertools.combinations(range(count), 2)):
        for deal in range(deals):
            deal_seed = rng.getrandbits(32)
            for seating in ((a, b), (b, a)):
                plans.append(_Plan(len(plans), pair, deal, seating, deal_seed,
                                   (rng.getrandbits(32), rng.getrandbits(32))))
    return plans


def _bot(name: str, seed: int) -> Any:
    if name == "RandomAgent":
        return RandomAgent(seed=seed)
    if name == "MonteCarloAgent":
        from pianitsa101.strategy import MonteCarloAgent

        return MonteCarloAgent(seed=seed, playouts=60)
    return {"GreedyAgent": GreedyAgent, "HeuristicAgent": HeuristicAgent}[name]()


def _play_share(contestants: list[_Contestant], imports: str, plans: list[_Plan], limit: float,
                rules: dict, at_once: int = 24) -> tuple[dict[int, int | None], dict[int, tuple[int, str]]]:
    """Play some of the planned matches (one engine process): winners by match, failures by entry.

    ``at_once`` matches are played at the same time, each in a thread, so that a worker that is
    thinking for one match does not hold up the others (the engine's own work is small).
    """
    rules_obj, deck = Rules101.from_dict(rules), frozenset(make_deck(_DECK))
    failed: dict[int, tuple[int, str]] = {i: (-1, c.problem) for i, c in enumerate(contestants) if c.problem}
    needed = {e for plan in plans for e in plan.seating} - set(failed)
    workers = {e: Worker(contestants[e].name, imports, contestants[e].answer, CLASS_NAME)
               for e in sorted(needed) if not contestants[e].bot}
    for e, worker in workers.items():
        try:
            worker.loaded.result()
        except StrategyFailed as exc:
            failed[e] = (-1, exc.reason)
    winners: dict[int, int | None] = {}
    lock = threading.Lock()

    def play(plan: _Plan) -> None:
        if any(e in failed for e in plan.seating):
            return
        agents: list[Any] = []
        try:
            for seat, e in enumerate(plan.seating):
                c = contestants[e]
                if c.bot:
                    agents.append(_bot(c.bot, plan.agent_seeds[seat]))
                else:
                    agents.append(RemoteAgent(workers[e], plan.number * 2 + seat, plan.agent_seeds[seat],
                                              rules_obj, deck, limit=limit, budget=30 * limit))
            result = Match101(2, _DECK, rules_obj, seed=plan.seed, agents=agents).play()
        except Exception as exc:
            blamed, reason = _blame(exc, plan, agents)
            with lock:
                if blamed not in failed or plan.number < failed[blamed][0]:
                    failed[blamed] = (plan.number, reason)
            return
        finally:
            for agent in agents:
                if isinstance(agent, RemoteAgent):
                    agent.end()
        winners[plan.number] = None if result.winner is None else plan.seating[result.winner]

    try:
        with ThreadPoolExecutor(max_workers=at_once) as pool:
            for done in pool.map(play, plans):
                assert done is None
    finally:
        for worker in workers.values():
            worker.close()
    return winners, failed


def _blame(exc: Exception, plan: _Plan, agents: list[Any]) -> tuple[int, str]:
    """Which student entry failed a match, and why (in one line); anything else is a bug, raised."""
    failure = exc if isinstance(exc, StrategyFailed) else exc.__cause__
    if not isinstance(failure, StrategyFailed):
        raise exc
    agent = getattr(exc, "agent", None)  # AgentError names it; else it failed being set up (the next seat)
    seat = next((s for s, a in enumerate(agents) if a is agent), len(agents))
    return plan.seating[min(seat, 1)], failure.reason[:300]


def _first_failures(contestants: list[_Contestant], imports: str, plans: list[_Plan],
                    failed: dict[int, tuple[int, str]], limit: float,
                    rules: dict) -> dict[int, tuple[int, str]]:
    """Each failed entry's first failure against the bots, found by replaying those matches in order.

    With many matches in flight, which failure of an entry is seen first depends on timing
    (a crash shows ``'Play' / 0`` in one match, ``'Draw' / 0`` in another); the replay, one
    match at a time, makes the note the same on every run. Without a failure there, the note
    stays the one seen first.
    """
    out = {}
    for e, (number, reason) in sorted(failed.items()):
        if number < 0:  # it failed before any match: nothing to replay
            continue
        mine = [p for p in plans if e in p.seating and all(contestants[o].bot for o in p.seating if o != e)]
        _, again = _play_share(contestants, imports, mine, limit, rules, at_once=1)
        out[e] = again.get(e, (number, reason))
    return out


def _shares(plans: list[_Plan], jobs: int) -> list[list[_Plan]]:
    """The plans split among ``jobs`` engine processes, pair by pair (pairs dealt round)."""
    shares: list[list[_Plan]] = [[] for _ in range(jobs)]
    for plan in plans:
        shares[plan.pair % jobs].append(plan)
    return [s for s in shares if s]


def _separations(order: list[int], names: list[str], rates: dict[tuple[int, int, int], float], ok: list[int],
                 deals: int, matches: int, step: int) -> tuple[Separation, ...]:
    """Places 1-2 and 2-3: the difference of win rates, deal by deal, and what would settle it.

    ``rates[me, other, deal]`` is one entry's share of the two matches of one deal. A unit is
    the first entry's share on deal ``d`` against opponent ``k`` minus the second's share on
    its own deal ``d`` against ``k`` (the head-to-head deals count once, as ``2·share - 1``):
    units of independent deals whose mean is the difference of the two win rates.
    """
    out = []
    for a, b in itertools.pairwise(order[:3]):
        units = [rates[a, k, d] - rates[b, k, d] for k in ok if k not in (a, b) for d in range(deals)]
        units += [rates[a, b, d] - rates[b, a, d] for d in range(deals)]
        value, low, high = difference_interval(units)
        low, high = max(low, -1.0), min(high, 1.0)
        apart = low > 0 or high < 0
        playoff = per_entry = None
        if not apart and 0 < abs(value) / 2 < 0.5:
            playoff = matches_needed(abs(value) / 2)
            half = (high - low) / 2
            wanted = matches * ((Z95 + _Z80) / Z95 * half / abs(value)) ** 2
            per_entry = max(math.ceil(wanted / step) * step, matches + step)
        out.append(Separation(names[a], names[b], value, low, high, apart, playoff, per_entry))
    return tuple(out)


def play_class_tournament(entries: Sequence[Entry], matches: int = 200, seed: int = 0, jobs: int = 1,
                          limit: float = 1.0, bots: Sequence[str] = BOTS, source: Path = SOURCE,
                          rules: Rules101 | None = None) -> ClassTournament:
    """Play the round robin (see the module text) and return its leaderboard."""
    started = time.monotonic()
    rules = rules if rules is not None else Rules101()
    contestants = [_Contestant(e.name, answer=e.answer, problem=e.problem) for e in entries]
    contestants += [_Contestant(f"{b} (bot)", bot=b) for b in bots]
    k = len(contestants)
    if k < 2:
        raise SystemExit(f"a tournament needs at least 2 entries, found {k}")
    deals = max(1, math.ceil(matches / (2 * (k - 1))))
    plans = _schedule(k, deals, seed)
    imports = source_imports(source)
    shares = _shares(plans, max(1, jobs))
    args = (contestants, imports)
    if len(shares) == 1:
        results = [_play_share(*args, shares[0], limit, rules.to_dict())]
    else:
        import multiprocessing

        with ProcessPoolExecutor(len(shares), mp_context=multiprocessing.get_context("spawn")) as pool:
            results = list(pool.map(_play_share, *zip(*[(*args, s, limit, rules.to_dict()) for s in shares],
                                                        strict=True)))
    winners: dict[int, int | None] = {}
    failed: dict[int, tuple[int, str]] = {}
    for share_winners, share_failed in results:
        winners.update(share_winners)
        for e, (number, reason) in share_failed.items():
            if e not in failed or number < failed[e][0]:
                failed[e] = (number, reason)
    for e, reason in _first_failures(contestants, imports, plans, failed, limit, rules.to_dict()).items():
        failed[e] = reason
    ok = [e for e in range(k) if e not in failed]
    played = {(a, b): 0 for a in range(k) for b in range(k)}
    won = dict.fromkeys(played, 0)
    blocks: dict[tuple[int, int, int], list[int]] = {}  # (entry, opponent, deal) -> [matches, wins]
    for plan in plans:
        a, b = plan.seating
        if a in failed or b in failed:
            continue
        winner = winners[plan.number]
        for me, other in ((a, b), (b, a)):
            played[me, other] += 1
            block = blocks.setdefault((me, other, plan.deal), [0, 0])
            block[0] += 1
            if winner == me:
                won[me, other] += 1
                block[1] += 1
    names = [c.name for c in contestants]
    per_entry = 2 * deals * (k - 1)
    lines = []
    for e in range(k):
        kind = "bot" if contestants[e].bot else "student"
        note = next((x.note for x in entries if x.name == names[e]), "") if kind == "student" else ""
        if e in failed:
            reason = failed[e][1] or "could not play"
            lines.append(Line(names[e], kind, per_entry, 0, per_entry, 0.0, None, None, 1.0,
                              "; ".join(n for n in (f"forfeited: {reason}", note) if n)))
            continue
        m = sum(played[e, o] for o in ok)
        w = sum(won[e, o] for o in ok)
        effect = design_effect([tuple(v) for key, v in blocks.items() if key[0] == e])
        low, high = wilson_interval(w, m, design_effect=effect)
        lines.append(Line(names[e], kind, m, w, 0, w / m if m else 0.0, low, high, effect, note))
    order = sorted(range(k), key=lambda e: (e in failed, -lines[e].win_rate, names[e]))
    step = 2 * (len(ok) - 1) if len(ok) > 1 else 2
    rates = {key: w / m for key, (m, w) in blocks.items()}
    seps = (_separations([e for e in order if e in ok], names, rates, ok, deals, per_entry, step)
            if len(ok) >= 2 else ())
    return ClassTournament(tuple(lines[e] for e in order), seps, seed, deals, per_entry, k, len(ok),
                           tuple(bots), limit, round(time.monotonic() - started, 1))


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module text)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", type=Path, help="the folder(s) of handed-in notebooks")
    parser.add_argument("--out", type=Path, help="where to write the results (default: DIR/tournament)")
    parser.add_argument("--matches", type=int, default=200, help="least matches per entry (%(default)s)")
    parser.add_argument("--seed", type=int, default=0, help="the seed of every deal (%(default)s)")
    parser.add_argument("--jobs", type=int, default=2, help="engine processes (%(default)s)")
    parser.add_argument("--limit", type=float, default=1.0, help="seconds per decision (%(default)s)")
    parser.add_argument("--montecarlo", action="store_true", help="add MonteCarloAgent (slow)")
    parser.add_argument("--source", type=Path, default=SOURCE, help="the exercises' sources (%(default)s)")
    args = parser.parse_args(argv)
    if args.matches < 2 or args.limit <= 0 or args.jobs < 1:
        parser.error("--matches must be at least 2, --limit above 0, --jobs at least 1")
    entries = find_entries(args.paths)
    if not entries:
        raise SystemExit(f"no exercise-12 notebooks found in {', '.join(map(str, args.paths))}")
    bots = (*BOTS, "MonteCarloAgent") if args.montecarlo else BOTS
    print(f"{len(entries)} strategies and {len(bots)} bots; at least {args.matches} matches each, "
          f"seed {args.seed}, {args.jobs} engine process(es), {args.limit:g} s per decision ...", flush=True)
    result = play_class_tournament(entries, args.matches, args.seed, args.jobs, args.limit, bots, args.source)
    out = args.out if args.out is not None else args.paths[0] / "tournament"
    print(result.text())
    for path in write_outputs(result, out):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
