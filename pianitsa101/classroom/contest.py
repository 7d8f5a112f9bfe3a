"""The class tournament: the students' strategies, exported as a folder, played by ``make tournament``'s
own command in a separate process (``python -m pianitsa101.checks.tournament DIR``).

The students' code never runs in the service's process: the command runs every strategy in a
process of its own, as it does for a folder of notebooks, under whatever limits that command
applies. The service only writes the folder, starts the command and reads its
``tournament.json``.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pianitsa101.classroom.handins import export_strategies, safe_folder

__all__ = ["command", "start"]


def command(folder: Path, out: Path, matches: int, seed: int, jobs: int) -> list[str]:
    """The command line of ``make tournament DIR=folder``, with its options."""
    return [
        sys.executable,
        "-m",
        "pianitsa101.checks.tournament",
        str(folder),
        "--out",
        str(out),
        "--matches",
        str(matches),
        "--seed",
        str(seed),
        "--jobs",
        str(jobs),
    ]


def _names(strategies: list[dict[str, Any]]) -> dict[str, str]:
    """The export's folder name of each student -> the student's name (as export_strategies names them)."""
    taken: set[str] = set()
    return {safe_folder(s["name"], taken): s["name"] for s in strategies}


def start(
    strategies: list[dict[str, Any]],
    folder: Path,
    matches: int,
    seed: int,
    jobs: int,
    done: Callable[[str, Any, str], None],
    timeout: float = 3600,
) -> threading.Thread:
    """Export the strategies into ``folder/entries``, run the tournament command in a thread, and call
    ``done(status, leaderboard, message)`` when it ends (``done``: the lines of tournament.json)."""
    entries = export_strategies(strategies, folder / "entries")
    out = folder / "results"
    names = _names(strategies)

    def run() -> None:
        try:
            finished = subprocess.run(
                command(entries, out, matches, seed, jobs), capture_output=True, text=True, timeout=timeout
            )
        except subprocess.TimeoutExpired:
            done("failed", None, f"the tournament took more than {timeout:.0f} s and was stopped")
            return
        result = out / "tournament.json"
        if finished.returncode or not result.is_file():
            tail = (finished.stderr or finished.stdout).strip().splitlines()[-3:]
            done("failed", None, " / ".join(tail)[:500] or f"exit status {finished.returncode}")
            return
        data = json.loads(result.read_text(encoding="utf-8"))
        lines = [{**line, "name": names.get(line["name"], line["name"])} for line in data.get("lines", [])]
        done("done", lines, finished.stdout.strip().splitlines()[0][:300] if finished.stdout.strip() else "")

    thread = threading.Thread(target=run, name="class-tournament", daemon=True)
    thread.start()
    return thread
