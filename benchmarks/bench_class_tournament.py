"""Benchmark: a class tournament of 30 generated strategies (one crashes, one loops) and the 3 bots.

``python benchmarks/bench_class_tournament.py [--students 30] [--matches 200] [--jobs 2]``
(``make bench-tournament``) writes a made-up class with
:mod:`pianitsa101.checks.tournament_demo` (the broken strategies: one crashes, one loops
forever, one answers nonsense, one raises in ``__init__``; the rest honest, with varied
weights), plays the round robin (at least ``--matches`` matches per entry) and prints the
time. Target: under 10 minutes on the 2-core machine the project is built on, with other
work running beside it (say what ran beside it when you quote the number).
"""

from __future__ import annotations

import argparse
import os
import platform
import tempfile
import time
from pathlib import Path

from pianitsa101.checks.tournament import BOTS, play_class_tournament
from pianitsa101.checks.tournament_demo import write_class
from pianitsa101.checks.tournament_entries import find_entries
from pianitsa101.checks.tournament_report import write_outputs

TARGET = 600.0  # seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, help="keep the results here (default: a temporary folder)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="pianitsa101-bench-tournament-") as tmp:
        folder = Path(tmp) / "class"
        write_class(folder, args.students)
        entries = find_entries([folder])
        started = time.perf_counter()
        result = play_class_tournament(entries, args.matches, args.seed, args.jobs)
        seconds = time.perf_counter() - started
        write_outputs(result, args.out or Path(tmp) / "out")
    played = result.playing * (result.playing - 1) * result.deals  # matches between entries that played on
    print(result.text())
    print()
    print(f"{len(entries)} strategies + {len(BOTS)} bots, {result.per_entry} matches per entry scheduled, "
          f"{played} matches played, {args.jobs} engine process(es): {seconds:.0f} s "
          f"(target {TARGET:.0f} s: {'met' if seconds < TARGET else 'NOT met'})")
    print(f"machine: {os.cpu_count()} cores, {platform.processor() or platform.machine()}, "
          f"Python {platform.python_version()}")


if __name__ == "__main__":
    main()
