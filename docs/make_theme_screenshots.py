"""Screenshots of every table in JupyterLab's Light and Dark themes, at a laptop's and a projector's sizes.

``python docs/make_theme_screenshots.py`` runs ``tests/browser/notebooks/a11y.ipynb`` (the Пьяница
table after a dispute, a 101 table with a penalty chain and a hint, a 101 table with its scoreboard
after a round, the simulation panel after a run, the tournament board) in JupyterLab, in headless
Chromium at 1366x768 (a laptop), 1024x768 and 1280x720 (projectors), with the file browser closed.
For each theme it scrolls each table to the top of the notebook and saves what the window shows as
``docs/img/theme_<table>_<light|dark>_<width>x<height>.png``; it prints any axe-core violation or
text below 4.5:1 it finds on the way (the browser tests fail on them).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from a11y import axe_problems, low_contrast, set_theme  # noqa: E402
from harness import LabServer, launch_browser, open_notebook, run_all  # noqa: E402

NOTEBOOK = "tests/browser/notebooks/a11y.ipynb"
SIZES = [(1366, 768), (1024, 768), (1280, 720)]
TABLES = {1: "pianitsa", 2: "101_chain", 3: "101_scoreboard", 4: "simulation", 5: "tournament"}  # code cell


def main() -> None:
    from playwright.sync_api import sync_playwright

    out = ROOT / "docs" / "img"
    with LabServer(ROOT) as lab, sync_playwright() as playwright:
        browser = launch_browser(playwright)
        for width, height in SIZES:
            page = browser.new_page(viewport={"width": width, "height": height})
            open_notebook(page, lab.notebook_url(NOTEBOOK))
            page.keyboard.press("Control+b")  # the file browser closed: the notebook gets the width
            run_all(page)
            time.sleep(2)
            for dark in (False, True):
                set_theme(page, dark)
                theme = "dark" if dark else "light"
                for cell, name in TABLES.items():
                    output = page.locator(".jp-Notebook .jp-CodeCell").nth(cell).locator(".jp-OutputArea")
                    output.evaluate("e => e.scrollIntoView({block: 'start'})")
                    time.sleep(0.6)
                    path = out / f"theme_{name}_{theme}_{width}x{height}.png"
                    page.screenshot(path=str(path))
                    print("saved", path.relative_to(ROOT))
                if (width, height) == SIZES[0]:
                    for table in (".p101-pianitsa-table", ".p101-table101", ".p101-simulation-panel",
                                  ".p101-tournament-board"):
                        for problem in axe_problems(page, table) + low_contrast(page, table):
                            print(f"{theme} {table}: {problem}")
            set_theme(page, False)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
