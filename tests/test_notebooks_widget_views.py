"""No stored notebook holds a widget view: its model is not saved (no widget state), so the view
could only show "model not found" and log a console error when the notebook is opened."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(p for folder in ("notebooks", "exercises") for p in (ROOT / folder).rglob("*.ipynb")
                   if ".ipynb_checkpoints" not in p.parts)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_stored_outputs_hold_no_widget_view(path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    views = [n for n, cell in enumerate(cells) for output in cell.get("outputs", [])
             if "application/vnd.jupyter.widget-view+json" in output.get("data", {})]
    assert views == [], f"cells {views} keep a widget view: re-execute with make notebooks (it drops them)"
