"""Every lesson, Run All in JupyterLab in headless Chromium, as a learner starts one.

A lesson passes when every code cell has run (no ``[*]`` or ``[ ]`` prompt left), no cell shows
an error, and the page logged no console error and no uncaught error (the ``page`` fixture).
The lessons are opened as stored, outputs and all, in one JupyterLab with one browser; each
lesson's kernel is shut down after it. The seconds each took are written to
``build/browser/lessons-lab.json`` (one file per pytest-xdist worker, ``lessons-lab-gw0.json``, ...).
"""

from __future__ import annotations

import json
import os
import time

import pytest
from harness import ROOT, errors_shown, run_all


def lessons(folder: str) -> list[str]:
    """The lessons in ``folder`` (relative to the repository), as paths relative to it."""
    return sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / folder).glob("*.ipynb"))


LESSONS = lessons("notebooks")  # the Russian ones: test_lessons_run_all_ru.py (a file per edition, so
# that make test's two worker processes can take one each)
# Lesson 08's tournaments take about a minute on a quiet 2-core machine, and up to 8 minutes when it
# is loaded (measured at load 16); a hang never ends, so a generous limit costs nothing.
LESSON_TIMEOUT_MS = 900_000
_WORKER = os.environ.get("PYTEST_XDIST_WORKER")
MEASURED = ROOT / "build" / "browser" / (f"lessons-lab-{_WORKER}.json" if _WORKER else "lessons-lab.json")


def test_the_lessons_are_found():
    assert len(LESSONS) == 10, LESSONS  # the ten lessons; the Russian edition is checked beside them


@pytest.mark.parametrize("lesson", LESSONS)
def test_lesson_runs_to_the_end_in_jupyterlab(lab, page, lesson):
    run_to_the_end(lab, page, lesson)


def run_to_the_end(lab, page, lesson: str) -> None:
    """Open ``lesson`` in ``lab``, Run All, and fail unless every cell ran without an error."""
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
