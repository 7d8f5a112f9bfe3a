"""Lesson 07 in Jupyter Notebook 7 (the one-notebook-per-tab interface many classes use): a card plays.

The lesson runs from top to bottom (Run > Run All Cells); in its first 101 table a click on a
card that fits plays it. Any console or page error, or an error output, fails the test.
"""

from __future__ import annotations

import re
import shutil
import time

from harness import ROOT, cell_prompts, errors_shown
from jupyter_servers import NOTEBOOK7_OWN, NotebookServer, console_errors

LESSON = "notebooks/07_play_101.ipynb"
IDLE = "() => document.querySelector('.jp-Notebook-ExecutionIndicator')?.dataset.status === 'idle'"


def test_lesson_07_in_notebook_7_plays_a_card(browser, tmp_path):
    (tmp_path / "notebooks").mkdir()
    shutil.copy(ROOT / LESSON, tmp_path / LESSON)  # Notebook saves what it opens: a copy, not the lesson
    server = NotebookServer(tmp_path)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(120_000)
    errors = console_errors(page, allow=(NOTEBOOK7_OWN,))
    try:
        page.goto(server.notebook_url(LESSON))
        page.wait_for_selector(".jp-Notebook .jp-Cell")
        page.wait_for_function(IDLE)  # the kernel has started
        page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
        page.locator('li[data-command="runmenu:run-all"]').click()
        deadline = time.monotonic() + 400
        while time.monotonic() < deadline:
            prompts = cell_prompts(page)
            if prompts and all(re.fullmatch(r"\[\d+\]:", p) for p in prompts) and page.evaluate(IDLE):
                break
            time.sleep(0.5)
        else:
            raise AssertionError(f"lesson 07 did not finish in Notebook 7: prompts {cell_prompts(page)}")
        assert not errors_shown(page)
        table = page.locator(".p101-table101").first
        card = table.locator(".p101-item.p101-playable").first
        card.scroll_into_view_if_needed()
        name = card.get_attribute("data-id")
        assert name  # a card's id is its name, e.g. "7♠"
        card.click()
        page.wait_for_function("() => /You play/.test(document.querySelector('.p101-table101')?.innerText)")
        assert errors == [], errors
        hand = [item.get_attribute("data-id") for item in table.locator(".p101-item").all()]
        assert name not in hand  # the card left the hand for the pile
    finally:
        context.close()
        server.stop()
