"""The in-browser site (JupyterLite) in headless Chromium, offline (issue 13).

The test builds a site as ``make lite`` does (plus the test's stand-in notebook), serves it
on 127.0.0.1, opens a notebook, runs it, clicks, and checks that the page changed; every
request the page made must have stayed on 127.0.0.1.  It needs Chromium (and npm the first
time, for Pyodide); locally it skips without them, in CI it fails.

To open another notebook and click other buttons (the tables, once they are on main), change
``NOTEBOOK`` and ``CLICKS``: each click names a button by its accessible name (a button's
label, or a card's ``aria-label``), and must change the notebook's outputs.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import time

import pytest
from harness import (
    ROOT,
    TIMEOUT_MS,
    StaticServer,
    errors_shown,
    need,
    need_browser,
    offsite,
    outputs,
    record_requests,
    run_all,
    wait_kernel_idle,
)

NOTEBOOK = "tests/lite_standin.ipynb"  # a path inside the site
CLICKS = ["Deal", "card A♠"]  # e.g. ["Next trick", ...] for the tables
EXTRA = ["tests/browser/notebooks/lite_standin.ipynb"]  # into the test's site only, never dist/lite
SITE = ROOT / "build" / "lite-test" / "site"
PYODIDE_TARBALL = ROOT / "lite" / "cache" / "pyodide-314.0.6.tgz"


@pytest.fixture(scope="module")
def site():
    """A fresh site in build/lite-test/site, built by lite/build.py with the tools of .venv-lite."""
    need_browser()
    if not PYODIDE_TARBALL.is_file():
        need(shutil.which("npm") is not None,
             "npm is not installed (apt-get install npm): the site's Pyodide comes from the npm registry")
    for command in (["make", "--no-print-directory", "-s", "lite-tools"],
                    [str(ROOT / ".venv-lite" / "bin" / "python"), "lite/build.py", "--output", str(SITE),
                     "--extra", *EXTRA]):
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=900)
        assert done.returncode == 0, f"{command[0]} failed:\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}"
    return SITE


def test_site_holds_the_lessons_the_packages_and_nothing_remote(site):
    summary = json.loads((site / "pianitsa101-site.json").read_text())
    assert "notebooks/02_cards.ipynb" in summary["in_site"]
    assert summary["versions"]["pyodide"] == "314.0.6" and summary["versions"]["jupyterlite-core"] == "0.8.6"
    for rel in summary["in_site"]:  # generated from the sources: the same cells, the Pyodide kernel
        source = json.loads((ROOT / rel).read_text())
        shown = json.loads((site / "files" / rel).read_text())
        assert shown["cells"] == source["cells"] and shown["metadata"]["kernelspec"]["name"] == "python"
    front = "".join(json.loads((site / "files" / "index.ipynb").read_text())["cells"][0]["source"])
    assert all(f"]({rel})" in front for rel in summary["in_site"]) and "make lab" in front
    lock = json.loads((site / "static" / "pyodide-lock" / "pyodide-lock.json").read_text())["packages"]
    for name in ("pianitsa101", "anywidget", "psygnal", "ipywidgets", "ipykernel"):
        assert lock[name]["file_name"].endswith("-none-any.whl"), name
    assert not {"numpy", "numba", "matplotlib"} & set(lock)
    for spec in lock.values():  # every wheel is in the site, none is fetched from elsewhere
        assert "://" not in spec["file_name"]
        assert (site / "static" / "pyodide-lock" / spec["file_name"]).resolve().is_file(), spec["file_name"]
    config = (site / "jupyter-lite.json").read_text()
    assert '"anywidget"' in config and "@jupyter-widgets/jupyterlab-manager" in config
    assert "cdn.jsdelivr" not in config


def test_notebook_runs_and_clicks_reach_python_offline(site, page):
    seen = record_requests(page)
    with StaticServer(site) as server:
        start = time.monotonic()
        page.goto(server.url(f"lab/index.html?path={NOTEBOOK}"))
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=TIMEOUT_MS)
        wait_kernel_idle(page)
        run_all(page)
        first_output = time.monotonic() - start
        assert not errors_shown(page), errors_shown(page)
        for name in CLICKS:
            before = outputs(page)
            page.get_by_role("button", name=name).first.click()
            page.wait_for_function(
                "before => Array.from(document.querySelectorAll('.jp-Notebook .jp-OutputArea-output'))"
                ".map(e => e.innerText).join('\\n') !== before", arg="\n".join(before), timeout=30_000)
        assert not errors_shown(page)
        page.screenshot(path=str(site.parent / "lite-notebook.png"))
        record = {"notebook": NOTEBOOK, "page_load_to_outputs_s": round(first_output, 1),
                  "requests": len(seen), "site_mb": round(_size(site) / 1e6, 1)}
        (site.parent / "measurements.json").write_text(json.dumps(record, indent=1) + "\n")
    assert seen and offsite(seen) == []  # the whole site, Pyodide and every wheel came from 127.0.0.1


def _size(folder) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
