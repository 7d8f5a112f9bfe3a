"""The load benchmark in a short form: students send results and hand-ins at once, with the board's
event stream open; nothing acknowledged is lost, stored twice or left unannounced to the board.
(Its timings are figures of benchmarks/bench_classroom.py, not asserted here.)"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_classroom import run_load  # noqa: E402


def test_twelve_students_at_once_lose_nothing(tmp_path):
    figures = run_load(students=12, seconds=5, results=3, handins=2, browser=False, folder=tmp_path)
    assert figures["sends"] == figures["planned"] == 60
    assert figures["stored_results"] == figures["results"] == 36
    assert figures["stored_handins"] == figures["handins"] == 24
    assert figures["repeats"] == 0  # every send is new: none was mistaken for a repeat
    assert figures["unannounced"] == 0
    assert figures["lost"] == 0
