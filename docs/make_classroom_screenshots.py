"""The board of docs/classroom.md at projector size (1920x1080): docs/img/board-*.png.

    .venv/bin/python docs/make_classroom_screenshots.py

A class of 28 made-up students in a fresh class service: each runs lesson 04's first question
with a seed of their own (the two top cards of 32, 2,000 deals), hands in exercise 01 (solved,
not yet checked, or with a real check failure from ``check_compare``) and some send a strategy
for exercise 12; the tournament is played by make tournament's command, as in class.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from bench_classroom import post, result_body

from pianitsa101 import Rank
from pianitsa101.checks import check_compare
from pianitsa101.classroom.background import ClassProcess

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "img"
NAMES = ["Аня", "Борис", "Вера", "Глеб", "Даша", "Егор", "Женя", "Зоя", "Илья", "Катя", "Лёва", "Маша",
         "Нина", "Олег", "Петя", "Рита", "Саша", "Таня", "Уля", "Федя", "Юля", "Яна", "Alex", "Ben", "Chloe",
         "Dan", "Emma", "Finn"]


def by_rank(a, b, lowest=Rank.SIX):
    """A wrong compare: forgets P5 (the lowest rank beats the ace)."""
    return (a.rank > b.rank) - (a.rank < b.rank)


def never_equal(a, b, lowest=Rank.SIX):
    """A wrong compare: a tie is never 0."""
    return 1 if a.rank >= b.rank else -1


def notebook(kind: str) -> str:
    """Exercise 01 as a student saves it: solved, not checked yet, or failing with the check's own message."""
    if kind == "solved":
        return (ROOT / "exercises" / "solutions" / "01_compare.ipynb").read_text(encoding="utf-8")
    nb = json.loads((ROOT / "exercises" / "01_compare.ipynb").read_text(encoding="utf-8"))
    if kind == "not run":
        return json.dumps(nb)
    try:
        check_compare(by_rank if kind == "no P5" else never_equal)
        raise AssertionError("the wrong answer passed")
    except AssertionError as error:
        message = str(error)
    for cell in nb["cells"]:
        if cell["metadata"].get("nbgrader", {}).get("grade"):
            cell["outputs"] = [{"output_type": "error", "ename": "CheckError", "evalue": message,
                                "traceback": message.splitlines()}]
    return json.dumps(nb)


def strategy(kind: str) -> str:
    solved = ROOT / "exercises" / "solutions" / "12_strategy.ipynb"
    solution = json.loads(solved.read_text(encoding="utf-8"))
    answer = next("".join(c["source"]) for c in solution["cells"]
                  if c["metadata"].get("nbgrader", {}).get("grade_id") == "answer_strategy")
    if kind == "reference":
        return answer
    if kind == "first":
        return "class MyAgent:\n    def choose(self, view, legal_moves):\n        return legal_moves[0]\n"
    return "class MyAgent:\n    def choose(self, view, legal_moves):\n        return legal_moves[-1]\n"


def main() -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, ClassProcess(Path(tmp) / "class") as room:
        kinds = ["solved"] * 14 + ["no P5"] * 6 + ["tie"] * 2 + ["not run"] * 3
        for i, name in enumerate(NAMES):
            key = post(room.address + "api/join", {"name": name, "code": room.code})["key"]
            post(room.address + "api/results", result_body(100 + i, 2000), key)
            if i < len(kinds):
                post(room.address + "api/handins", {"exercise": "01_compare", "notebook": notebook(kinds[i]),
                                                    "idem": f"shot-h-{i:04d}"}, key)
            if i < 4:
                post(room.address + "api/strategies", {"source": strategy(("reference", "first", "last",
                                                                          "reference")[i]),
                                                       "idem": f"shot-s-{i:04d}"}, key)
        room.teacher("/api/board/tournament", {"matches": 60, "seed": 1})
        while room.teacher("/api/board/state")["tournament"]["latest"]["status"] == "running":
            time.sleep(2)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                                 args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1920, "height": 1080})
            page.goto(room.board_url)
            page.wait_for_function("document.querySelectorAll('#forest g.result').length === 28")
            page.screenshot(path=str(OUT / "board-experiment.png"))
            page.click("#tab-handins")
            page.wait_for_selector("#by-exercise")
            page.screenshot(path=str(OUT / "board-handins.png"))
            page.click("#tab-tournament")
            page.wait_for_selector("#leaderboard")
            page.screenshot(path=str(OUT / "board-tournament.png"))
            page.click("#lang")
            page.click("#tab-experiment")
            page.wait_for_function("document.getElementById('lang').textContent === 'English'")
            page.screenshot(path=str(OUT / "board-experiment-ru.png"))
            browser.close()
    for name in ("experiment", "handins", "tournament", "experiment-ru"):
        print(f"wrote docs/img/board-{name}.png")


if __name__ == "__main__":
    main()
