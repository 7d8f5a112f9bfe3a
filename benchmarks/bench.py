"""Speed of the engines and of the fast path, side by side (``make bench``, with its goals).

Prints, in one run: Пьяница games/s of the reference engine, of a plain ``deque`` loop (the
baseline) and of that loop with Card objects, a rule function and a record of every trick
(``recorded_pianitsa.py``), timed in turns so that their ratios are fair on a busy machine; the compiled
fast path on one core and on every core; a million games in a fresh process (import and
compiled-code cache load included); and 101 decisions/s with random bots.  Speed goals
live here, never in timed tests.  ``python benchmarks/bench.py --engine`` prints only the
reference engine against the deque loop (no compiled code needed).
"""

from __future__ import annotations

import os
import platform
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import numba
from deque_pianitsa import play_deque, random_game
from recorded_pianitsa import play_recorded, random_recorded_game

from pianitsa101.pianitsa import PianitsaGame
from pianitsa101.simulate import simulate_pianitsa

SECONDS = float(os.environ.get("BENCH_SECONDS", "3"))  # time spent on each slow measurement
MAX_DECISIONS = 100_000  # a 101 round longer than this is reported, not waited for
GOALS = {"fast": 300_000, "million": 5.0, "decisions": 150_000}


def cpu_name() -> str:
    """The processor model, for the figures' caption."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def rate(step, seconds: float = SECONDS) -> float:
    """Calls of ``step(i)`` per second, over about ``seconds``."""
    done = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(50):
            step(done)
            done += 1
    return done / elapsed


def check_baseline(games: int = 300) -> bool:
    """Both loops give the engine's tricks, disputes, outcome and loser on the same deals."""
    for seed in range(games):
        game = PianitsaGame.deal(players=2, seed=seed)
        stacks = [list(st) for st in game.stacks]
        r = game.play()
        engine = (r.tricks, r.disputes, r.outcome, r.loser)
        ranks = [[int(card.rank) for card in stack] for stack in stacks]
        if play_deque(*ranks) != engine or play_recorded(*stacks)[0] != engine:
            return False
    return True


def engine_against_deque(seconds: float = SECONDS, batch: int = 50) -> tuple[float, float, float]:
    """Games/s of the reference engine, the deque loop and the recording loop, each dealing and playing.

    The three take turns, ``batch`` games each, until each has run about ``seconds``: a change
    in the machine's load falls on all alike, so their ratios hold even when other work runs.
    """
    deque_rng, recorded_rng = random.Random(0), random.Random(0)
    times = [0.0, 0.0, 0.0]
    games = 0
    while min(times) < seconds:
        start = time.perf_counter()
        for i in range(games, games + batch):
            PianitsaGame.deal(players=2, seed=i).play()
        engine_end = time.perf_counter()
        for _ in range(batch):
            random_game(deque_rng)
        deque_end = time.perf_counter()
        for _ in range(batch):
            random_recorded_game(recorded_rng)
        times[0] += engine_end - start
        times[1] += deque_end - engine_end
        times[2] += time.perf_counter() - deque_end
        games += batch
    return games / times[0], games / times[1], games / times[2]


def print_engine_against_deque() -> tuple[float, float]:
    """Print the speeds and their ratios; return (engine, deque loop) games/s."""
    engine, baseline, recorded = engine_against_deque()
    print(f"  reference engine (PianitsaGame) {engine:10,.0f} games/s, plain deque loop {baseline:10,.0f} "
          f"games/s: the engine plays at {engine / baseline:.2f} of the loop's speed (timed in turns)")
    print(f"  the same loop with Card objects, the rule function winning_rank and a record of every trick "
          f"(recorded_pianitsa.py): {recorded:,.0f} games/s, {recorded / baseline:.2f} of the deque loop")
    return engine, baseline


def pianitsa_rows() -> tuple[float, float, float, float]:
    """Games/s of the engine, the deque baseline, the fast path on one core and on all cores."""
    engine, baseline = print_engine_against_deque()
    simulate_pianitsa(1000, seed=0, workers=None)  # load the compiled code before timing
    count = 1_000_000
    start = time.perf_counter()
    simulate_pianitsa(count, seed=1, workers=1)
    one_core = count / (time.perf_counter() - start)
    start = time.perf_counter()
    res = simulate_pianitsa(count, seed=2, workers=None)
    all_cores = count / (time.perf_counter() - start)
    print(f"  mean tricks per game (fast path, 2 players, 32 cards): {res.tricks.mean():.1f}")
    return engine, baseline, one_core, all_cores


def million_in_fresh_process() -> float:
    """Wall seconds for a new Python to import the package and play a million games."""
    code = ("from pianitsa101.simulate import simulate_pianitsa\n"
            "simulate_pianitsa(1_000_000, players=2, seed=3, workers=None)\n")
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True)
    return time.perf_counter() - start


def decisions_101() -> float | None:
    """Decisions/s of the 101 reference engine with random bots (3 players), or None if missing."""
    try:
        from pianitsa101.game101 import Round101
    except ImportError:
        return None
    rng = random.Random(0)
    decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < SECONDS:
        rnd = Round101.deal(players=3, rng=rng)
        for _ in range(MAX_DECISIONS):
            if rnd.over:
                break
            moves = rnd.legal_moves()
            rnd.play(moves[rng.randrange(len(moves))])
            decisions += 1
        else:
            print(f"  101: a round did not end after {MAX_DECISIONS:,} decisions (R26 should end it)")
            return None
    return decisions / (time.perf_counter() - start)


def decisions_101_fast(workers: int | None) -> float:
    """Decisions/s of ``simulate_101`` (3 players, random bots), compiled code already loaded."""
    from pianitsa101.simulate import simulate_101

    simulate_101(100, seed=0, workers=workers)
    start = time.perf_counter()
    res = simulate_101(200_000, players=3, seed=1, workers=workers)
    return float(res.decisions.sum()) / (time.perf_counter() - start)


BEFORE_101 = os.environ.get("BENCH_101_BEFORE", "400c702")  # the 101 engine before its readable rewrite
_DECISIONS_CODE = """
import random, sys, time
from pianitsa101.game101 import Round101
rng, decisions, start = random.Random(0), 0, time.process_time()
while time.process_time() - start < float(sys.argv[1]):
    rnd = Round101.deal(players=3, rng=rng)
    while not rnd.over:
        moves = rnd.legal_moves()
        rnd.play(moves[rng.randrange(len(moves))])
        decisions += 1
print(decisions / (time.process_time() - start))
"""


def _decisions_in(path: str, seconds: float = SECONDS) -> float:
    """101 decisions per CPU second (random bots, 3 players) of the package found at ``path``."""
    env = {**os.environ, "PYTHONPATH": path}
    out = subprocess.run([sys.executable, "-c", _DECISIONS_CODE, str(seconds)], env=env, check=True, cwd=path,
                         capture_output=True, text=True).stdout
    return float(out)


def decisions_101_before_after(runs: int = 10, seconds: float = 1.0) -> tuple[float, float]:
    """101 decisions per CPU second of the engine at ``BEFORE_101`` and of this one, measured in turns.

    CPU seconds rather than wall seconds, and turns in fresh processes, so that other work on
    the machine weighs on both alike.  Other work can only slow a run down (on a shared machine
    a run's speed varies by a quarter or more), so each engine's figure is its fastest of ``runs``
    short runs of ``seconds`` each, as ``timeit`` advises.
    """
    root = Path(__file__).resolve().parents[1]
    archive = subprocess.run(["git", "-C", str(root), "archive", BEFORE_101, "pianitsa101"], check=True,
                             capture_output=True).stdout
    with tempfile.TemporaryDirectory() as before_dir:
        subprocess.run(["tar", "-x", "-C", before_dir], input=archive, check=True)
        before, after = [], []
        for _ in range(runs):
            before.append(_decisions_in(before_dir, seconds))
            after.append(_decisions_in(str(root), seconds))
    return max(before), max(after)


def print_101_before_after() -> None:
    """The 101 line: the engine before its readable rewrite and now, and their ratio."""
    before, after = decisions_101_before_after()
    print("101 reference engine, random bots, 3 players (decisions per CPU second, fastest of ten 1-s runs):")
    print(f"  before ({BEFORE_101}): {before:,.0f}; now: {after:,.0f}; now / before = {after / before:.2f}"
          f" (goal: at least 0.5) -> {verdict(after >= before / 2)}")


def verdict(ok: bool) -> str:
    return "goal met" if ok else "GOAL NOT MET"


def main() -> None:
    print(f"Machine: {cpu_name()}, {os.cpu_count()} cores; Python {platform.python_version()}, "
          f"numba {numba.__version__}")
    print("Пьяница, 2 players, 32 cards, default rules (cycle detection on):")
    print(f"  both baseline loops agree with the reference engine on 300 deals: {check_baseline()}")
    if "--engine" in sys.argv[1:]:
        engine, baseline = print_engine_against_deque()
        print(f"  reference engine >= half the deque loop: {engine / baseline:.2f} of it "
              f"-> {verdict(engine >= baseline / 2)}")
        return
    engine, baseline, one_core, all_cores = pianitsa_rows()
    print(f"  {'':34}{'games/s':>12}{'vs engine':>11}")
    rows = [("reference engine (PianitsaGame)", engine), ("plain deque loop (baseline)", baseline),
            ("fast path, 1 core", one_core),
            (f"fast path, all {numba.config.NUMBA_NUM_THREADS} cores", all_cores)]
    for name, value in rows:
        print(f"  {name:34}{value:12,.0f}{value / engine:10.1f}x")
    wall = million_in_fresh_process()
    print(f"  1,000,000 games in a fresh process (import + cache load + play, all cores): {wall:.2f} s")
    print("Goals:")
    print(f"  fast path >= {GOALS['fast']:,} games/s on one core: {one_core:,.0f} "
          f"-> {verdict(one_core >= GOALS['fast'])}")
    print(f"  a million games < {GOALS['million']:.0f} s wall including start-up: {wall:.2f} s "
          f"-> {verdict(wall < GOALS['million'])}")
    print(f"  reference engine >= half the deque loop: {engine / baseline:.2f} of it "
          f"-> {verdict(engine >= baseline / 2)}")
    decisions = decisions_101()
    if decisions is None:
        print("  101 decisions/s: skipped (pianitsa101.game101.Round101 missing or a round did not end)")
        return
    print(f"  101 reference engine, random bots, 3 players: {decisions:,.0f} decisions/s "
          f"(goal {GOALS['decisions']:,}) -> {verdict(decisions >= GOALS['decisions'])}")
    print("101, random bots, 3 players, default rules:")
    print(f"  {'':34}{'decisions/s':>12}{'vs engine':>11}")
    print(f"  {'reference engine (Round101)':34}{decisions:12,.0f}{1:10.1f}x")
    for label, workers in (("fast path, 1 core", 1), ("fast path, all cores", None)):
        fast = decisions_101_fast(workers)
        print(f"  {label:34}{fast:12,.0f}{fast / decisions:10.1f}x")


if __name__ == "__main__":
    main()
    print_101_before_after()
