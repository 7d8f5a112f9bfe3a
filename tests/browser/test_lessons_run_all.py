"""Every lesson, Run All in JupyterLab in headless Chromium, as a learner starts one (issue 19).

A lesson passes when every code cell has run (no ``[*]`` or ``[ ]`` prompt left), no cell shows
an error, and the page logged no console error and no uncaught error (the ``page`` fixture).
The lessons are opened as stored, outputs and all, in one JupyterLab with one browser; each
lesson's kernel is shut down after it. The seconds each took are written to
``build/browser/lessons-lab.json``.
"""

from __future__ import annotations

import json
import time

import pytest
from harness import ROOT, errors_shown, run_all

LESSONS = sorted(path.relative_to(ROOT).as_posix()
                 for pattern in ("notebooks/*.ipynb", "notebooks/ru/*.ipynb") for path in ROOT.glob(pattern))
LESSON_TIMEOUT_MS = 420_000  # lesson 08's tournaments take about a minute here; a hang never ends
MEASURED = ROOT / "build" / "browser" / "lessons-lab.json"


def test_the_lessons_are_found():
    assert len([rel for rel in LESSONS if rel.count("/") == 1]) == 9, LESSONS


@pytest.mark.parametrize("lesson", LESSONS)
def test_lesson_runs_to_the_end_in_jupyterlab(lab, page, lesson):
    page.goto(lab.notebook_url(lesson))
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=LESSON_TIMEOUT_MS)
    start = time.monotonic()
    try:
        run_all(page, timeout_ms=LESSON_TIMEOUT_MS)
        seconds = time.monotonic() - start
        assert not errors_shown(page), errors_shown(page)[0]
    finally:
        lab.shutdown_kernels()
    MEASURED.parent.mkdir(parents=True, exist_ok=True)
    record = json.loads(MEASURED.read_text()) if MEASURED.is_file() else {}
    record[lesson] = round(seconds, 1)
    MEASURED.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
