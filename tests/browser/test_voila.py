"""Lesson 01 in Voila (the notebook as an app, as a class may be shown it): the table plays, no errors.

Voila runs every cell when the page opens and shows only the outputs; the Пьяница table must
draw, and its Next trick button must play the first trick. Any console or page error fails.
"""

from __future__ import annotations

from jupyter_servers import VoilaServer, console_errors
from playwright.sync_api import expect

LESSON = "notebooks/01_start_here.ipynb"


def test_lesson_01_in_voila_plays_a_trick(browser):
    server = VoilaServer(LESSON)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(120_000)
    errors = console_errors(page)
    try:
        page.goto(server.url(""))
        table = page.locator(".p101-pianitsa-table")
        table.wait_for()
        expect(table).to_contain_text("trick 0 of 0")
        table.get_by_role("button", name="Next trick").click()
        expect(table).to_contain_text("trick 1 of 1")
        expect(table.locator(".p101-trick")).to_contain_text("takes the trick")
        stderr = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
        assert not page.locator(stderr).count()  # no cell printed an error
        assert errors == [], errors
    finally:
        context.close()
        server.stop()
