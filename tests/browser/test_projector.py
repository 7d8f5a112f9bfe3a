"""size="projector" on a projector's screen: hand, pile and obligation in the window together.

At 1024x768 in JupyterLab (file browser closed, as a teacher presents), each table is scrolled to
the top of the notebook; the hand (the card row), the pile (with the penalty chain: the centre of
the 101 table, the trick of Пьяница) and the obligation (the status line) must all be inside the
window. Any console or page error fails the test.
"""

from __future__ import annotations

import time

from harness import errors_shown, open_notebook, run_all
from jupyter_servers import console_errors

NOTEBOOK = "tests/browser/notebooks/projector.ipynb"
WIDTH, HEIGHT = 1024, 768
TABLES = {  # code cell: the parts that must be on the screen together
    1: (".p101-table101 .p101-row", ".p101-centre", ".p101-chain", ".p101-status"),  # 101, a chain of three
    2: (".p101-pianitsa-table .p101-row", ".p101-trick"),  # Пьяница, a dispute of three rounds
    3: (".p101-table101 .p101-row", ".p101-centre", ".p101-status"),  # 101, four players
}


def test_projector_tables_fit_one_screen_at_1024x768(lab, browser):
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT})
    page = context.new_page()
    page.set_default_timeout(60_000)
    errors = console_errors(page)
    try:
        open_notebook(page, lab.notebook_url(NOTEBOOK))
        page.keyboard.press("Control+b")
        run_all(page)
        assert not errors_shown(page)
        for cell, parts in TABLES.items():
            output = page.locator(".jp-Notebook .jp-CodeCell").nth(cell).locator(".jp-OutputArea")
            output.locator(parts[0].split(" ", 1)[1]).first.wait_for()
            output.evaluate("e => e.scrollIntoView({block: 'start'})")
            time.sleep(0.5)
            for part in parts:
                box = output.locator(part.split(" ", 1)[-1]).first.bounding_box()
                assert box is not None, f"cell {cell}: {part} is not drawn"
                assert box["y"] >= 0 and box["y"] + box["height"] <= HEIGHT, (
                    f"cell {cell}: {part} spans y {box['y']:.0f}-{box['y'] + box['height']:.0f}, "
                    f"outside the {HEIGHT} px window")
                assert box["x"] >= 0 and box["x"] + box["width"] <= WIDTH, f"cell {cell}: {part} cut off"
        card = page.locator(".jp-Notebook .jp-CodeCell").nth(3).locator(".p101-item.p101-playable").first
        card.click()  # the projector's table still plays: a click on a card that fits plays it
        page.wait_for_function("() => /You play/.test(document.body.innerText)")
        assert errors == [], errors
    finally:
        context.close()
