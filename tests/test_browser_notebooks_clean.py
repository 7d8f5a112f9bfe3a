"""The browser tests' own notebooks are stored without outputs: the tests run them, and a stored
output would be drawn before that (a stale traceback once made JupyterLab ask the site for the
files it names: 404s in the console, failing the test)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).parent / "browser" / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_browser_test_notebook_is_stored_without_outputs(path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    stored = [n for n, cell in enumerate(cells) if cell.get("outputs") or cell.get("execution_count")]
    assert stored == [], f"{path.name}: cells {stored} hold stored outputs; clear them"
