"""Every Russian lesson, Run All in JupyterLab in headless Chromium, as the English ones are.

The same test as ``test_lessons_run_all.py``, in a file of its own, so that ``make test``'s two
worker processes (pytest-xdist shares the tests out a file at a time) can run one edition each.
"""

from __future__ import annotations

import pytest
from test_lessons_run_all import lessons, run_to_the_end

LESSONS_RU = lessons("notebooks/ru")


def test_every_english_lesson_has_its_russian_edition():
    english = {lesson.rsplit("/", 1)[1] for lesson in lessons("notebooks")}
    assert {lesson.rsplit("/", 1)[1] for lesson in LESSONS_RU} == english


@pytest.mark.parametrize("lesson", LESSONS_RU)
def test_russian_lesson_runs_to_the_end_in_jupyterlab(lab, page, lesson):
    run_to_the_end(lab, page, lesson)
