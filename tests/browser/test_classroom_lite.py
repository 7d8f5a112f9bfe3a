"""make class with the real browser site: a Pyodide kernel joins the class and sends a result with the
same client functions a JupyterLab kernel uses (here through the kernel's XMLHttpRequest), and the
board shows it. The site is built afresh by lite/build.py (about a minute), as tests/browser/test_lite.py
builds its own."""

from __future__ import annotations

import subprocess

import pytest
from harness import ROOT, console_problems, need, need_browser, watch_console

from pianitsa101.classroom.background import ClassProcess

SITE = ROOT / "build" / "lite-class" / "site"
PYODIDE_TARBALL = ROOT / "lite" / "cache" / "pyodide-314.0.6.tgz"
SHOWN = ".jp-NotebookPanel:not(.lm-mod-hidden)"  # the notebook in the front tab (the site restores others)
KERNEL_START_MS = 300_000  # a cold Pyodide start, generous on a busy machine (as tests/browser/test_lite.py)


@pytest.fixture(scope="module")
def site():
    need_browser()
    need(PYODIDE_TARBALL.is_file() or subprocess.run(["which", "npm"], capture_output=True).returncode == 0,
         "npm is not installed: the site's Pyodide comes from the npm registry")
    for command in (["make", "--no-print-directory", "-s", "lite-tools"],
                    [str(ROOT / ".venv-lite" / "bin" / "python"), "lite/build.py", "--output", str(SITE)]):
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=900)
        assert done.returncode == 0, f"{command[0]} failed:\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}"
    return SITE


def run_in_new_cell(page, code: str) -> None:
    """Wait for the kernel, add a cell above the first, type ``code`` into it and run it."""
    page.wait_for_selector(f"{SHOWN} .jp-Cell", timeout=KERNEL_START_MS)
    page.wait_for_function(
        "() => { const b = document.querySelector('.jp-StatusBar-Widget');"
        " return b && /\\|\\s*Idle/.test(b.innerText); }", timeout=KERNEL_START_MS)
    page.locator(f"{SHOWN} .jp-Cell").first.click()
    page.keyboard.press("Escape")
    page.keyboard.press("a")  # a new cell above the first
    page.keyboard.press("Enter")
    page.keyboard.insert_text(code)
    page.keyboard.press("Shift+Enter")


def test_a_pyodide_kernel_sends_a_result_to_the_board(site, browser, tmp_path):
    with ClassProcess(tmp_path / "class", site=site) as room:
        board = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
        board.goto(room.board_url)
        board.wait_for_function("document.getElementById('status').textContent.includes('live')")

        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        seen = watch_console(page)
        page.on("dialog", lambda dialog: dialog.accept())  # leaving a notebook with a cell added
        page.goto(room.address + "lab/index.html?path=notebooks/02_cards.ipynb")
        run_in_new_cell(
            page,
            "from pianitsa101.classroom import join, send_result, current\n"
            "from pianitsa101.lessons import Share\n"
            f"print(join('Pyodide Anna', '{room.code}'))\n"
            "print(send_result(Share(97, 1000), quantity='first_trick_dispute', deck=32, seed=5))\n"
            "print(send_result(Share(97, 1000), quantity='first_trick_dispute', deck=32, seed=5))\n")
        assert page.evaluate("crossOriginIsolated") is True  # the service sends make lite-serve's headers
        first = page.locator(f"{SHOWN} .jp-Cell").first
        first.locator(".jp-OutputArea-output").first.wait_for(timeout=KERNEL_START_MS)
        page.wait_for_function(
            f"() => document.querySelector('{SHOWN} .jp-OutputArea').innerText.includes('counted once')",
            timeout=120_000)
        said = first.locator(".jp-OutputArea").inner_text()
        assert "joined the class" in said and said.count("received by the class") == 2, said

        board.wait_for_function("document.querySelectorAll('#forest g.result').length === 1")
        assert board.locator("#forest g.result text").text_content() == "Pyodide Anna"

        # another notebook, another kernel: still the same student (the key is in the site's storage)
        page.goto(room.address + "lab/index.html?path=exercises/01_compare.ipynb")
        run_in_new_cell(page, "from pianitsa101.classroom import hand_in\nhand_in('01')\n")
        page.wait_for_function(
            f"() => document.querySelector('{SHOWN} .jp-OutputArea').innerText.includes('received by')",
            timeout=120_000)
        board.click("#tab-handins")
        board.wait_for_function("document.querySelectorAll('#handins tr').length === 2")
        assert board.locator("#handins tr").nth(1).locator("td").first.text_content() == "Pyodide Anna"
        assert not console_problems(seen), console_problems(seen)
        context.close()
        board.context.close()
