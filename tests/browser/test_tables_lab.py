"""The tables in JupyterLab in headless Chromium: a learner clicks through tricks and runs a simulation."""

from __future__ import annotations

import re

from harness import errors_shown, offsite, record_requests, run_all

NOTEBOOK = "tests/browser/notebooks/tables.ipynb"


def header(page) -> str:
    return page.locator(".p101-pianitsa-table .widget-html").first.inner_text()


def test_pianitsa_table_and_simulation_panel_in_the_browser(lab, page):
    seen = record_requests(page)
    page.goto(lab.notebook_url(NOTEBOOK))
    run_all(page)
    assert not errors_shown(page)
    table = page.locator(".p101-pianitsa-table")
    stacks = table.locator(".p101-item.p101-playable")
    stacks.first.wait_for()
    assert stacks.count() == 3 and "trick 0 of 0" in header(page)
    assert table.locator(".p101-item > svg").count() == 3  # the stacks are drawn as cards

    stacks.nth(1).click()  # a click on a stack turns the top cards: the first trick
    page.wait_for_function(
        "() => document.querySelector('.p101-trick')?.innerText.includes('second dispute')")
    trick = table.locator(".p101-trick").inner_text()
    assert "Seat 2 joins" in trick and "knocks out the ace" in trick
    assert "Seat 0 takes the trick: 11 cards" in trick
    assert "trick 1 of 1" in header(page)
    assert "18 cards" in table.locator(".p101-item").first.inner_text()  # the taker's count went up

    table.get_by_role("button", name="Next trick").click()
    page.wait_for_function("() => document.body.innerText.includes('trick 2 of 2')")
    handle = table.locator(".widget-slider .noUi-handle").last
    handle.focus()
    handle.press("ArrowLeft")  # the back-slider: one trick back
    page.wait_for_function("() => document.body.innerText.includes('trick 1 of 2')")
    assert "second dispute" in table.locator(".p101-trick").inner_text()

    table.get_by_role("button", name="Play to the end").click()
    page.wait_for_function("() => /Game over after \\d+ tricks/.test(document.body.innerText)")
    assert re.search(r"seat \d is the drunkard", table.inner_text())
    assert table.get_by_role("button", name="Next trick").is_disabled()

    panel = page.locator(".p101-simulation-panel")
    panel.get_by_role("button", name="Run").click()
    page.wait_for_function(
        "() => document.querySelector('.p101-simulation-panel')?.innerText.includes('1,000 games played')",
        timeout=180_000)
    words = panel.inner_text()
    assert "mean length (tricks)" in words and "95% interval" in words
    assert panel.locator("svg rect").count() > 5  # the histogram's bars
    assert offsite(seen) == []  # no CDN, no web fonts: everything came from 127.0.0.1
