"""make class in Chromium: two students' pages and the teacher's board, live.

The service runs as ``make class`` runs it (``python -m pianitsa101.classroom``, its own process,
on 127.0.0.1). The students use the service's own page, ``/class``, which calls the same HTTP API
as the notebook client. Two results, a hand-in and a strategy are sent; the board shows each
without a reload, and a name that looks like markup is shown as text.
"""

from __future__ import annotations

import json

import pytest
from harness import ROOT, console_problems, watch_console

from pianitsa101.classroom.background import ClassProcess

NASTY = 'Anna <img src=x onerror="window.hacked=1">'


@pytest.fixture
def room(tmp_path):
    process = ClassProcess(tmp_path / "class")
    process.start()
    yield process
    process.stop()


def open_page(browser, url, width=1280, height=900):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(30_000)
    seen = watch_console(page)
    page.goto(url)
    return page, seen


def join(page, name, code):
    page.fill("#name", name)
    page.fill("#code", code)
    page.click("#join")
    page.wait_for_function("document.getElementById('join-said').textContent.startsWith('joined')")


def send_result(page, seed):
    page.fill("#seed", str(seed))
    page.fill("#n", "3000")
    page.click("#simulate")
    page.wait_for_function("document.getElementById('result-said').textContent.endsWith('sent ✓')")


def test_two_students_and_the_board(room, browser):
    board, board_seen = open_page(browser, room.board_url, 1920, 1080)
    board.wait_for_function("document.getElementById('status').textContent.includes('live')")
    assert board.url.endswith("/board")  # the token went into a cookie, out of the address bar
    assert board.locator("#code").text_content() == room.code

    anna, anna_seen = open_page(browser, room.address + "class")
    boris, boris_seen = open_page(browser, room.address + "class")
    join(anna, NASTY, room.code)
    join(boris, "Boris", room.code)
    send_result(anna, 1)
    send_result(boris, 2)

    board.wait_for_function("document.querySelectorAll('#forest g.result').length === 2")
    names = board.locator("#forest g.result text").all_text_contents()
    assert names == [NASTY[:21] + "…", "Boris"]  # shown as text, cut to fit
    assert board.locator("#forest img").count() == 0
    assert board.evaluate("window.hacked") is None
    assert "3/31" in board.locator(".facts").text_content()
    assert board.locator("#pooled").count() == 1
    misses = board.locator("#misses").text_content()
    assert misses.endswith("/ 2")

    anna.set_input_files("#notebook", str(ROOT / "exercises" / "solutions" / "01_compare.ipynb"))
    anna.click("#hand-in")
    anna.wait_for_function("document.getElementById('handin-said').textContent.includes('handed in')")
    anna.wait_for_function("document.querySelectorAll('#mine li').length === 1")
    board.click("#tab-handins")
    board.wait_for_function("document.querySelectorAll('#handins tr').length === 2")
    row = board.locator("#handins tr").nth(1).text_content()
    assert "01_compare" in row and "✓ compare" in row
    summary = board.locator("#by-exercise tr").nth(1).locator("td").all_text_contents()
    assert summary[:3] == ["01_compare", "1", "1"]

    solved = ROOT / "exercises" / "solutions" / "12_strategy.ipynb"
    solution = json.loads(solved.read_text(encoding="utf-8"))
    answer = next("".join(c["source"]) for c in solution["cells"]
                  if c["metadata"].get("nbgrader", {}).get("grade_id") == "answer_strategy")
    boris.fill("#source", answer)
    boris.click("#send-strategy")
    boris.wait_for_function("document.getElementById('strategy-said').textContent === 'sent ✓'")
    board.click("#tab-tournament")
    board.wait_for_function("document.querySelectorAll('.entry').length === 1")
    assert board.locator(".entry").text_content() == "Boris"

    board.click("#lang")  # the same board in Russian
    board.wait_for_function("document.getElementById('tab-tournament').textContent.startsWith('Турнир')")

    for page, seen in ((board, board_seen), (anna, anna_seen), (boris, boris_seen)):
        assert not console_problems(seen), console_problems(seen)
        page.context.close()
