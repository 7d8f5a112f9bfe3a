"""Take the README's screenshots of the tables in JupyterLab (headless Chromium).

``python docs/make_screenshots.py`` runs it.

Runs ``docs/screenshots.ipynb`` (outside the test run: it plays 200,000 games) and saves
each table's output under ``docs/img/``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from harness import LabServer, launch_browser, run_all  # noqa: E402

NOTEBOOK = "docs/screenshots.ipynb"
NAMES = [
    "pianitsa_dispute.png", "pianitsa_end.png", "simulation_panel.png", "pianitsa_projector_ru.png",
    "table101_chain.png", "table101_scoreboard.png", "table101_projector_ru.png",
]


def main() -> None:
    from playwright.sync_api import sync_playwright

    with LabServer(ROOT) as lab, sync_playwright() as playwright:
        browser = launch_browser(playwright)
        page = browser.new_page(viewport={"width": 1400, "height": 4500})  # the tallest table fits
        page.goto(lab.notebook_url(NOTEBOOK))
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=120_000)
        page.keyboard.press("Control+b")  # close the file browser: the notebook gets the width
        run_all(page, timeout_ms=300_000)
        time.sleep(2)
        news = page.get_by_role("button", name="No", exact=True)  # JupyterLab's "notify about news?" toast
        if news.count():
            news.first.click()
        outputs = page.locator(".jp-OutputArea-output:has(.widget-box)")
        for i, name in enumerate(NAMES):
            box = outputs.nth(i)
            box.scroll_into_view_if_needed()
            box.screenshot(path=str(ROOT / "docs" / "img" / name))
            print("saved docs/img/" + name)
        browser.close()


if __name__ == "__main__":
    main()
