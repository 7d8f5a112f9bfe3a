"""MonteCarloAgent's speed and strength (``make bench``, with its targets).

Prints, in one run:

1. playout speed: simulated moves (with the sampler's proposals) per second of the compiled
   playouts and of the pure-Python ones (the browser's), on the same positions;
2. CPU time per decision at the default budget (``time.thread_time``, one core), in heads-up
   matches against HeuristicAgent: median, 90th percentile and maximum over the decisions
   with a choice (a decision with one legal move takes no time), and the first decision of a
   fresh process (import, compiled-code cache, match-value table). Run it with nothing else
   running: the processor is printed with it;
3. two opponent lines: against HeuristicAgent (the policy the playouts simulate) and against
   ``MonteCarloAgent(playout_policy="greedy")`` (an opponent they do not model);
4. strength: tournaments with duplicate deals and rotated seats, on every core, each line
   a win rate with its 95% Wilson interval and, heads-up, the difference with its interval.

``BOT_MATCHES`` scales the tournaments: that many heads-up matches against HeuristicAgent
(default 200), a quarter of it for each other line and of matches timed, a twentieth for the
hint budget; ``BOT_OPPONENT_MATCHES`` (default 100) sizes each opponent line.
``BOT_MATCHES=2000`` is the full measurement (about two hours of CPU).
``python benchmarks/bench_bot.py opponents`` runs only the opponent lines.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time

from bench import cpu_name  # the processor's name, as bench.py prints it

from pianitsa101.game101 import GreedyAgent, HeuristicAgent, Match101, RandomAgent, Round101, Rules101
from pianitsa101.strategy import MonteCarloAgent, tournament
from pianitsa101.strategy.knowledge import belief
from pianitsa101.strategy.montecarlo import COMPILED_STEPS, HINT_STEPS, compiled_available
from pianitsa101.strategy.playout import playouts as python_playouts

MATCHES = int(os.environ.get("BOT_MATCHES", "200"))
OPPONENT_MATCHES = int(os.environ.get("BOT_OPPONENT_MATCHES", "100"))  # each of the two opponent lines
SIDE = max(20, MATCHES // 4)  # matches of every other line
HINT = max(10, MATCHES // 20)  # matches of the hint budget against the default one
GOALS = {"win": 0.60, "low": 0.55, "median_ms": 20.0, "max_ms": 100.0, "random": 0.90,
         "heuristic": 0.90, "unmodelled": 0.75}  # the last two: against the two opponents


def positions(count: int, seed: int = 0) -> list:
    """Seeded positions with a choice, from HeuristicAgent playing itself heads-up."""
    out = []
    agent = HeuristicAgent()
    game = 0
    while len(out) < count:
        rnd = Round101.deal(2, seed=seed + game)
        game += 1
        while not rnd.over and len(out) < count:
            legal = rnd.legal_moves()
            if len(legal) > 1:
                out.append((rnd.view(rnd.to_move), legal))
            rnd.play(agent.choose(rnd.view(rnd.to_move), legal))
    return out


def playout_speed() -> tuple[float, float]:
    """Simulated moves per CPU second: compiled playouts, and pure-Python ones, on the same positions."""
    from pianitsa101.strategy import _bot101

    cases = positions(40)
    weights = _bot101.weights()
    view, legal = cases[0]
    _bot101.playouts(view, belief(view), legal, 2, 1, 0, weights)  # load the compiled code
    steps, deals = 20_000, 2048
    start = time.thread_time()
    for view, legal in cases:
        _bot101.playouts(view, belief(view), legal, deals, 1, 0, weights, steps)
    fast = len(cases) * steps / (time.thread_time() - start)
    start = time.thread_time()
    made = 0
    for view, legal in cases[:10]:
        python_playouts(view, belief(view), legal, deals, 1, 0, None, 1000)
        made += 1000
    slow = made / (time.thread_time() - start)
    return fast, slow


def decision_times(matches: int, **budget) -> tuple[list[float], list[float]]:
    """CPU seconds of every decision and of those with a choice, heads-up against HeuristicAgent."""
    bot = MonteCarloAgent(seed=3, **budget)
    every, chosen = [], []

    class Timed:
        name = "timed"

        def choose(self, view, legal):
            start = time.thread_time()
            move = bot.choose(view, legal)
            took = time.thread_time() - start
            every.append(took)
            if len(legal) > 1:
                chosen.append(took)
            return move

    Match101(2, seed=0, agents=[Timed(), HeuristicAgent()]).play()  # warm up: compiled code, tables
    every.clear()
    chosen.clear()
    for m in range(matches):
        seats = [Timed(), HeuristicAgent()] if m % 2 else [HeuristicAgent(), Timed()]
        Match101(2, seed=100 + m, agents=seats).play()
    return every, chosen


def first_decision() -> float:
    """Wall seconds for a fresh Python to import the package and make one bot decision."""
    code = ("import time; t = time.perf_counter()\n"
            "from pianitsa101.game101 import Round101\n"
            "from pianitsa101.strategy import MonteCarloAgent\n"
            "rnd = Round101.deal(2, seed=1)\n"
            "MonteCarloAgent().choose(rnd.view(rnd.to_move), rnd.legal_moves())\n"
            "print(time.perf_counter() - t)\n")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    return float(out.stdout.strip())


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def line(label: str, result, agent: int = 0, heads_up: bool = True) -> tuple[float, float]:
    """Print one strength line; return the win rate and the lower end of its interval."""
    stats = result.stats[agent]
    low, high = stats.interval
    text = f"  {label:46}{stats.matches:>6}  {stats.win_rate:6.1%}  [{low:.1%}, {high:.1%}]"
    if heads_up:
        diff = result.difference(agent, 1 - agent)
        text += f"  diff {diff.value:+.1%} ({diff.low:+.1%} to {diff.high:+.1%})"
    else:
        others = ", ".join(f"{s.name} {s.win_rate:.1%}" for s in result.stats[1:])
        text += f"  [{others}]"
    print(text, flush=True)
    return stats.win_rate, low


def opponents(matches: int = OPPONENT_MATCHES) -> tuple[float, float]:
    """The bot against the policy its playouts simulate, and against one they do not model.

    Duplicate deals (``duplicate=True``), seats rotated; the interval is the tournament's own
    (Wilson, widened by the blocks' design effect).
    """
    bot = MonteCarloAgent(seed=0)
    rates = []
    for label, other, seed in (("vs HeuristicAgent (what the playouts simulate)", HeuristicAgent(), 2017),
                               ("vs MonteCarloAgent(playout_policy='greedy') (not modelled)",
                                MonteCarloAgent(seed=1, playout_policy="greedy"), 2018)):
        start = time.perf_counter()
        result = tournament([bot, other], matches, seed=seed, duplicate=True, workers=None)
        rate, _ = line(f"{label}, seed {seed}", result)
        effect = result.stats[0].design_effect
        print(f"    ({time.perf_counter() - start:.0f} s wall; design effect {effect:.2f})", flush=True)
        rates.append(rate)
    return rates[0], rates[1]


def verdict(ok: bool) -> str:
    return "goal met" if ok else "GOAL NOT MET"


def main() -> None:
    if sys.argv[1:] == ["opponents"]:  # only the opponent lines: python benchmarks/bench_bot.py opponents
        print(f"MonteCarloAgent (default budget) against two opponents, {OPPONENT_MATCHES} matches each, "
              f"duplicate deals; {cpu_name()}, {os.cpu_count()} cores")
        heuristic, unmodelled = opponents()
        print(f"Goals (the opponents): >= {GOALS['heuristic']:.0%} vs HeuristicAgent: {heuristic:.1%} -> "
              f"{verdict(heuristic >= GOALS['heuristic'])}; >= {GOALS['unmodelled']:.0%} vs the unmodelled "
              f"opponent: {unmodelled:.1%} -> {verdict(unmodelled >= GOALS['unmodelled'])}")
        return
    print(f"MonteCarloAgent, default budget {COMPILED_STEPS:,} simulated moves or sampler proposals per "
          f"decision (hint: {HINT_STEPS:,}); {cpu_name()}, {os.cpu_count()} cores")
    if not compiled_available():
        print("  numba is not available: only the pure-Python playouts could be measured")
        return
    fast, slow = playout_speed()
    print("Playouts (simulated moves, with the sampler's proposals, per CPU second, heads-up positions):")
    print(f"  compiled {fast:,.0f}   pure Python {slow:,.0f}   -> compiled is {fast / slow:.0f}x faster")
    every, chosen = decision_times(max(20, MATCHES // 4))
    median, p90, worst = (1000 * x for x in (quantile(chosen, 0.5), quantile(chosen, 0.9), max(chosen)))
    print(f"CPU time per decision, heads-up against HeuristicAgent ({len(every)} decisions, "
          f"{len(chosen)} with a choice, one core):")
    print(f"  with a choice: median {median:.1f} ms, 90% {p90:.1f} ms, max {worst:.1f} ms; "
          f"every decision: median {1000 * statistics.median(every):.1f} ms")
    print(f"  first decision in a fresh process (import, compiled code, tables): {first_decision():.2f} s")
    print(f"Against the policy the playouts simulate and against one they do not model "
          f"({OPPONENT_MATCHES} matches each):")
    heuristic, unmodelled = opponents()
    print(f"Strength (duplicate deals, seats rotated, {os.cpu_count()} workers); win rate (95% interval):")
    bot = MonteCarloAgent(seed=0)
    start = time.perf_counter()
    main_rate, main_low = line("heads-up vs HeuristicAgent, default rules",
                               tournament([bot, HeuristicAgent()], MATCHES, seed=2026, workers=None))
    line("heads-up vs GreedyAgent", tournament([bot, GreedyAgent()], SIDE, seed=7, workers=None))
    line("vs HeuristicAgent, Rules101.popular()",
         tournament([bot, HeuristicAgent()], SIDE, seed=8, rules=Rules101.popular(), workers=None))
    variant = Rules101(six="draw2_skip", seven_draw=4, chain="add")
    line("vs HeuristicAgent, 6 draws 2, 7 draws 4, add",
         tournament([bot, HeuristicAgent()], SIDE, seed=9, rules=variant, workers=None))
    line("3 players: + HeuristicAgent, GreedyAgent",
         tournament([bot, HeuristicAgent(), GreedyAgent()], max(6, SIDE // 6 * 6), seed=10, workers=None),
         heads_up=False)
    line("4 players: + 2 HeuristicAgent, GreedyAgent",
         tournament([bot, HeuristicAgent(), GreedyAgent(), HeuristicAgent()], max(24, SIDE // 24 * 24),
                    seed=11, workers=None), heads_up=False)
    random_rate, _ = line("heads-up vs RandomAgent", tournament([bot, RandomAgent(seed=1)], SIDE, seed=12,
                                                                workers=None))
    python = MonteCarloAgent(seed=0, compiled=False)
    line(f"pure Python ({python.budget}) vs HeuristicAgent",
         tournament([python, HeuristicAgent()], HINT * 2, seed=14, workers=None))
    hint = MonteCarloAgent.hint(seed=0)
    line(f"hint budget ({HINT_STEPS:,}) vs default budget",
         tournament([hint, MonteCarloAgent(seed=1)], HINT, seed=13, workers=None))
    _, hint_chosen = decision_times(2, steps=HINT_STEPS)
    print(f"  hint budget, CPU per decision with a choice: "
          f"median {1000 * quantile(hint_chosen, 0.5):.0f} ms, max {1000 * max(hint_chosen):.0f} ms")
    print(f"  (tournaments took {time.perf_counter() - start:.0f} s wall)")
    print("Goals (speed and strength):")
    strong = main_rate >= GOALS["win"] and main_low > GOALS["low"]
    quick = median <= GOALS["median_ms"] and worst <= GOALS["max_ms"]
    print(f"  heads-up win rate >= {GOALS['win']:.0%}, the interval's low end above {GOALS['low']:.0%}: "
          f"{main_rate:.1%}, low {main_low:.1%} -> {verdict(strong)}")
    print(f"  median <= {GOALS['median_ms']:.0f} ms and max <= {GOALS['max_ms']:.0f} ms of CPU per decision: "
          f"{median:.1f} / {worst:.1f} ms -> {verdict(quick)}")
    print(f"  vs RandomAgent >= {GOALS['random']:.0%}: {random_rate:.1%} "
          f"-> {verdict(random_rate >= GOALS['random'])}")
    print("Goals (the opponents):")
    print(f"  >= {GOALS['heuristic']:.0%} vs HeuristicAgent: {heuristic:.1%} -> "
          f"{verdict(heuristic >= GOALS['heuristic'])}; >= {GOALS['unmodelled']:.0%} vs the unmodelled "
          f"opponent: {unmodelled:.1%} -> {verdict(unmodelled >= GOALS['unmodelled'])}")


if __name__ == "__main__":
    main()
