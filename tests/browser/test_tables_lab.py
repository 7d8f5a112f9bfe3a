"""The tables in JupyterLab in headless Chromium: a learner clicks through tricks and runs a simulation."""

from __future__ import annotations

import re

from harness import errors_shown, offsite, record_requests, run_all
from playwright.sync_api import expect

NOTEBOOK = "tests/browser/notebooks/tables.ipynb"


def header(page):
    """The table's header line (a locator: expect() waits until it says what is asked)."""
    return page.locator(".p101-pianitsa-table .widget-html").first


def test_pianitsa_table_and_simulation_panel_in_the_browser(lab, page):
    seen = record_requests(page)
    page.goto(lab.notebook_url(NOTEBOOK))
    run_all(page)
    assert not errors_shown(page)
    table = page.locator(".p101-pianitsa-table")
    stacks = table.locator(".p101-item.p101-playable")
    stacks.first.wait_for()
    assert stacks.count() == 3
    expect(header(page)).to_contain_text("trick 0 of 0")
    assert table.locator(".p101-item > svg").count() == 3  # the stacks are drawn as cards

    stacks.nth(1).click()  # a click on a stack turns the top cards: the first trick
    page.wait_for_function(
        "() => [...document.querySelectorAll('.p101-trick')]"
        ".some(e => e.innerText.includes('second dispute'))")
    trick = table.locator(".p101-trick")
    for words in ("Seat 2 joins", "knocks out the ace", "Seat 0 takes the trick: 11 cards"):
        expect(trick).to_contain_text(words)  # each part of the view arrives in its own message
    expect(header(page)).to_contain_text("trick 1 of 1")
    expect(table.locator(".p101-item").first).to_contain_text("18 cards")  # the taker's count went up

    table.get_by_role("button", name="Next trick").click()
    page.wait_for_function("() => document.body.innerText.includes('trick 2 of 2')")

    table.get_by_role("button", name="Play to the end").click()
    page.wait_for_function("() => /Game over after \\d+ tricks/.test(document.body.innerText)")
    expect(table).to_contain_text(re.compile(r"seat \d is the drunkard", re.IGNORECASE))
    expect(table.get_by_role("button", name="Next trick")).to_be_disabled()

    panel = page.locator(".p101-simulation-panel")
    panel.get_by_role("button", name="Run").click()
    page.wait_for_function(
        "() => document.querySelector('.p101-simulation-panel')?.innerText.includes('1,000 games played')",
        timeout=180_000)
    expect(panel).to_contain_text("mean length (tricks)")
    expect(panel).to_contain_text("95% interval")
    expect(panel.locator("svg rect").nth(5)).to_be_attached()  # the histogram's bars
    assert offsite(seen) == []  # no CDN, no web fonts: everything came from 127.0.0.1


def test_the_back_slider_shows_the_earlier_trick(lab, page):
    """The slider's new end and its value arrive in one message, end first: told the value first, the
    front end clamped it to the old end and sent that back (the view jumped to trick 1, or the deal)."""
    page.goto(lab.notebook_url(NOTEBOOK))
    run_all(page)
    table = page.locator(".p101-pianitsa-table")
    table.locator(".p101-item.p101-playable").nth(1).click()
    page.wait_for_function("() => document.body.innerText.includes('trick 1 of 1')")
    table.get_by_role("button", name="Next trick").click()
    page.wait_for_function("() => document.body.innerText.includes('trick 2 of 2')")
    handle = table.locator(".widget-slider .noUi-handle").last
    # As a learner does, move the slider once it shows trick 2 of 2: the caption can change before the
    # slider's own view has drawn its new end and value, and a key pressed then moves the old handle.
    expect(handle).to_have_attribute("aria-valuemax", "2.0")
    expect(handle).to_have_attribute("aria-valuenow", "2.0")
    handle.focus()
    handle.press("ArrowLeft")  # the back-slider: one trick back
    page.wait_for_function("() => document.body.innerText.includes('trick 1 of 2')")
    expect(table.locator(".p101-trick")).to_contain_text("second dispute")
