"""Write the documentation's results page, ``docs/results.md``: the last step of ``make bench``.

The page has two parts:

1. the latest ``make bench`` run, when there is one: the machine it ran on (from
   ``/proc/cpuinfo``), and what each benchmark printed (``make bench`` keeps it in
   ``build/bench/``);
2. the recorded measurements, with their method and their machine
   (``benchmarks/results_recorded.md``): the longer runs, such as the bot's tournaments, that
   not every ``make bench`` repeats.

Usage: ``python benchmarks/results_page.py [RUNS] [--out docs/results.md]``.
"""

from __future__ import annotations

import argparse
import os
import platform
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RECORDED = Path(__file__).with_name("results_recorded.md")
# What make bench keeps of each benchmark, in the order the page shows them, with its command.
RUNS = (
    ("engines.txt", "The engines and the fast path", "benchmarks/bench.py"),
    ("tables.txt", "The tables", "benchmarks/bench_widgets.py"),
    ("bot.txt", "The Monte Carlo bot", "benchmarks/bench_bot.py"),
)

INTRO = """\
# Results

Every figure of the documentation and of the README, with what it was measured against, how,
and on which machine. `make bench` writes this page (`benchmarks/results_page.py`): it runs the
benchmarks, then puts what they printed first, under the machine they ran on.
"""


def cpu_model(cpuinfo: str) -> str:
    """The processor's name in the text of ``/proc/cpuinfo`` ("" when it names none).

    >>> cpu_model("processor\\t: 0\\nmodel name\\t: AMD EPYC 7B13\\nflags\\t: fpu")
    'AMD EPYC 7B13'
    >>> cpu_model("processor\\t: 0\\nHardware\\t: BCM2835\\n")
    'BCM2835'
    >>> cpu_model("")
    ''
    """
    for key in ("model name", "Hardware", "Processor", "cpu model"):
        for line in cpuinfo.splitlines():
            name, _, value = line.partition(":")
            if name.strip() == key and value.strip():
                return value.strip()
    return ""


def machine() -> str:
    """The machine a run happens on, in one line: processor, cores, Python, numba."""
    try:
        cpu = cpu_model(Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace"))
    except OSError:
        cpu = ""
    try:
        import numba
        compiler = f", numba {numba.__version__}"
    except ImportError:
        compiler = ""
    cpu = cpu or platform.processor() or platform.machine()
    return f"{cpu}, {os.cpu_count()} cores; {platform.system()}, Python {platform.python_version()}{compiler}"


def latest_run(runs: Path | None) -> str:
    """The section of the page with what the last ``make bench`` printed, or "" when it kept nothing."""
    found = [(title, command, (runs / name).read_text(encoding="utf-8").rstrip())
             for name, title, command in RUNS if runs and (runs / name).is_file()]
    if not found:
        return ""
    parts = ["## The latest `make bench` run", "", f"Machine: {machine()}.", ""]
    for title, command, text in found:
        parts += [f"### {title}, in this run", "", f"`{command}`:", "", "```text", text, "```", ""]
    return "\n".join(parts)


def page(runs: Path | None) -> str:
    """The whole results page, as Markdown."""
    run = latest_run(runs)
    return "\n".join(part for part in (INTRO, run, RECORDED.read_text(encoding="utf-8")) if part)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", type=Path, nargs="?",
                        help="the folder where make bench kept each benchmark's output")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "results.md")
    args = parser.parse_args()
    args.out.write_text(page(args.runs), encoding="utf-8")
    print(f"results: wrote {args.out}")


if __name__ == "__main__":
    main()
