"""Take the README's screenshot of ``TournamentBoard`` in JupyterLab (headless Chromium).

``python docs/make_tournament_screenshot.py`` shows ``docs/tournament_demo.json`` (the result of
``make bench-tournament``: 30 made-up strategies and the 3 bots) at projector size, English and
Russian, in JupyterLab at 1280x720 and 1024x768, and saves every view under ``build/screenshots/``
and the English one at 1024x768 as ``docs/img/tournament_board.png``.
"""

from __future__ import annotations

import json
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from harness import LabServer, launch_browser, run_all  # noqa: E402

NOTEBOOK = "docs/_tournament_board_screenshot.ipynb"  # written here, removed afterwards
VIEWPORTS = ((1280, 720), (1024, 768))
CELLS = [
    "from pianitsa101.widgets import TournamentBoard",
    'TournamentBoard("tournament_demo.json", size="projector")',
    'TournamentBoard("tournament_demo.json", size="projector", lang="ru")',
    'TournamentBoard("tournament_demo.json")',
]


def _notebook() -> dict:
    cells = [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": c}
             for c in CELLS]
    return {"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                        "language": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


def main() -> None:
    from playwright.sync_api import sync_playwright

    out = ROOT / "build" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    path = ROOT / NOTEBOOK
    path.write_text(json.dumps(_notebook()), encoding="utf-8")
    try:
        with LabServer(ROOT) as lab, sync_playwright() as playwright:
            browser = launch_browser(playwright)
            for width, height in VIEWPORTS:
                page = browser.new_page(viewport={"width": width, "height": height})
                page.goto(lab.notebook_url(NOTEBOOK))
                page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=120_000)
                page.keyboard.press("Control+b")  # close the file browser: the notebook gets the width
                run_all(page, timeout_ms=300_000)
                time.sleep(2)
                news = page.get_by_role("button", name="No", exact=True)
                if news.count():
                    news.first.click()
                boxes = page.locator(".jp-OutputArea-output:has(.widget-box)")
                for i, name in enumerate(("projector_en", "projector_ru", "small_en")):
                    box = boxes.nth(i)
                    box.scroll_into_view_if_needed()
                    box.screenshot(path=str(out / f"tournament_board_{name}_{width}x{height}.png"))
                    page.screenshot(path=str(out / f"tournament_board_{name}_{width}x{height}_page.png"))
                    print(f"saved build/screenshots/tournament_board_{name}_{width}x{height}.png")
                page.close()
            browser.close()
    finally:
        path.unlink(missing_ok=True)
    shutil.copy(out / "tournament_board_projector_en_1024x768.png", ROOT / "docs/img/tournament_board.png")
    print("saved docs/img/tournament_board.png")


if __name__ == "__main__":
    main()
