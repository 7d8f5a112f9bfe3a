"""Screenshots of both tables at ``size="projector"`` in JupyterLab, one screen each (headless Chromium).

``python docs/make_projector_screenshots.py`` runs ``tests/browser/notebooks/projector.ipynb`` and,
at 1280x720 and 1024x768 (a projector's screens), scrolls each table to the top of the notebook
and saves what the window shows under ``docs/img/projector_*.png``; it prints where the hand,
the pile and the obligation are, and whether each is inside the window.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from harness import LabServer, launch_browser, open_notebook, run_all  # noqa: E402

NOTEBOOK = "tests/browser/notebooks/projector.ipynb"
SIZES = [(1280, 720), (1024, 768)]
TABLES = {1: "101_ru", 2: "pianitsa_ru", 3: "101_en"}  # cell index: name
# what must be on the screen together: the hand, the pile (with the chain) and the obligation (status)
PARTS = {"101": [".p101-table101 .p101-row", ".p101-centre", ".p101-status"],
         "pianitsa": [".p101-pianitsa-table .p101-row", ".p101-trick", ".p101-pianitsa-status"]}


def show_table(page, cell: int) -> None:
    """Scroll the notebook so that the output of code cell ``cell`` starts at the top of its panel."""
    page.locator(".jp-Notebook .jp-CodeCell").nth(cell).locator(".jp-OutputArea").evaluate(
        "e => e.scrollIntoView({block: 'start'})")
    time.sleep(0.6)


def boxes(page, cell: int, kind: str) -> dict[str, tuple[float, float, float, float] | None]:
    """The bounding box (x, y, width, height) of each part of the table in cell ``cell``."""
    out = page.locator(".jp-Notebook .jp-CodeCell").nth(cell).locator(".jp-OutputArea")
    found = {}
    for selector in PARTS[kind]:
        part = out.locator(selector.split(" ", 1)[-1]).first
        box = part.bounding_box() if part.count() else None
        found[selector] = None if box is None else (box["x"], box["y"], box["width"], box["height"])
    return found


def inside(box, width: int, height: int) -> bool:
    if box is None:
        return False
    x, y, w, h = box
    return x >= 0 and x + w <= width and y >= 0 and y + h <= height


def main() -> None:
    from playwright.sync_api import sync_playwright

    with LabServer(ROOT) as lab, sync_playwright() as playwright:
        browser = launch_browser(playwright)
        for width, height in SIZES:
            page = browser.new_page(viewport={"width": width, "height": height})
            open_notebook(page, lab.notebook_url(NOTEBOOK))
            page.keyboard.press("Control+b")  # the file browser closed, as a teacher presents
            run_all(page)
            time.sleep(2)
            for cell, name in TABLES.items():
                show_table(page, cell)
                path = ROOT / "docs" / "img" / f"projector_{name}_{width}x{height}.png"
                page.screenshot(path=str(path))
                kind = name.split("_")[0]
                for selector, box in boxes(page, cell, kind).items():
                    where = "inside" if inside(box, width, height) else "OUTSIDE"
                    print(f"{path.name}: {selector}: {box} {where}")
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
