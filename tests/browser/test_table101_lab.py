"""Table101 in JupyterLab in headless Chromium: a learner clicks cards, the bots answer one move at a
time (their pause runs on the kernel's event loop), a hint; nothing is asked of other hosts."""

from __future__ import annotations

import time

from harness import errors_shown, offsite, record_requests, run_all

NOTEBOOK = "tests/browser/notebooks/table101.ipynb"
LOG = ".p101-table101 .p101-log"


def log_lines(page) -> list[str]:
    """The table's log, newest first."""
    return page.eval_on_selector_all(f"{LOG} > div", "rows => rows.map(r => r.innerText)")


def your_options(page) -> tuple[str, int, bool, bool]:
    """The status line, the playable cards, and whether Draw and Pass are enabled, as the page shows them."""
    table = ".p101-table101"
    return (
        page.locator(f"{table} .p101-status").inner_text(),
        page.locator(f"{table} .p101-row[data-layout='fan'] .p101-playable").count(),
        page.locator(f"{table} button:has-text('Draw'):enabled").count() > 0,
        page.locator(f"{table} button:has-text('Pass'):enabled").count() > 0,
    )


def wait_for_your_move(page, timeout: float = 60) -> list[int]:
    """Poll until it is your move and the page has settled on it (the same options three polls
    running: the card row and the buttons are redrawn separately); returns the log lengths seen on
    the way (the bots' moves one by one)."""
    seen, deadline, same = [], time.monotonic() + timeout, []
    while time.monotonic() < deadline:
        lines = log_lines(page)
        if not seen or seen[-1] != len(lines):
            seen.append(len(lines))
        options = (len(lines), *your_options(page))
        same = [*same, options] if same and same[-1] == options else [options]
        status, playable, draw, pass_ = options[1:]
        if status.startswith("Your move") and (playable or draw or pass_) and len(same) >= 3:
            return seen
        page.wait_for_timeout(60)
    raise AssertionError(f"it never became your move; log: {log_lines(page)[:5]}")


def test_table101_in_the_browser(lab, page):
    seen = record_requests(page)
    page.goto(lab.notebook_url(NOTEBOOK))
    run_all(page)
    assert not errors_shown(page)
    table = page.locator(".p101-table101")
    table.wait_for()
    assert "101" in table.locator(".widget-html").first.inner_text()
    assert table.locator(".p101-seat").count() == 2  # the two bots, as card backs with counts and totals
    assert table.locator(".p101-seat svg").count() >= 2

    # seat 2 plays first: its move comes after the pause, scheduled on the kernel's event loop
    wait_for_your_move(page)
    assert any(line.startswith("Seat 2 plays") for line in log_lines(page))
    hand = table.locator(".p101-row[data-layout='fan'] .p101-item")
    assert hand.count() == 4 and hand.locator("svg").count() == 4  # your hand, drawn as cards

    table.get_by_role("button", name="Hint").click()
    page.wait_for_selector(".p101-hint")
    assert "Hint (HeuristicAgent())" in table.locator(".p101-hint").inner_text()

    steps = []
    for _ in range(3):  # a few moves: a card that fits (a suit after a queen), or Draw
        before = len(log_lines(page))
        playable = table.locator(".p101-row[data-layout='fan'] .p101-playable")
        if playable.count():
            card = playable.first.get_attribute("data-id")
            playable.first.click()
            if card.startswith("Q"):
                table.locator(".p101-row:not([data-layout='fan']) .p101-playable").nth(1).click()  # ♥
            mine = f"You play {card}"
        elif your_options(page)[2]:
            table.get_by_role("button", name="Draw").first.click()
            mine = "You draw"
        else:  # drawn already and nothing fits (R7): pass
            table.get_by_role("button", name="Pass").first.click()
            mine = "You pass"
        page.wait_for_function(f"() => document.querySelector('{LOG}').innerText.includes('{mine}')")
        if page.locator(".p101-table101 .p101-status").inner_text().startswith(("Round", "Match")):
            break
        steps.append(wait_for_your_move(page))
        assert len(log_lines(page)) > before
    # the bots' replies came one at a time, a pause apart: the log was seen growing line by line
    assert max(len(lengths) for lengths in steps) >= 3, steps
    assert not errors_shown(page)
    assert offsite(seen) == []  # no CDN, no web fonts: everything came from 127.0.0.1
