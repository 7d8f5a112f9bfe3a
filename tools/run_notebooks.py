"""Re-execute notebooks in place, as nbval will compare them: top to bottom, fixed hash seed, no widget state.

    python tools/run_notebooks.py notebooks/03_pianitsa_step_by_step.ipynb ...   (or: make notebooks)

Each notebook runs in a fresh kernel started in its own folder with PYTHONHASHSEED=0; the
saved file keeps its outputs but no widget state (``metadata.widgets``) and no execution
timestamps, so a re-run changes the file only where an output really changed. A widget's
output keeps only its text: a stored widget view without its saved model shows "model not found"
and logs a console error when the notebook is opened.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient


def run(path: Path, timeout: int = 600) -> float:
    """Execute the notebook at ``path`` and save it; returns the seconds it took."""
    nb = nbformat.read(path, as_version=4)
    start = time.perf_counter()
    NotebookClient(nb, timeout=timeout, kernel_name="python3", record_timing=False,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    seconds = time.perf_counter() - start
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
    drop_widget_views(nb)
    nbformat.write(nb, path)
    return seconds


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def drop_widget_views(nb) -> int:
    """Remove the widget views from the stored outputs (their models are not saved); return how many."""
    dropped = 0
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            if WIDGET_VIEW in output.get("data", {}):
                del output["data"][WIDGET_VIEW]
                dropped += 1
    return dropped


def main(paths: list[str]) -> None:
    """Run every notebook named (and stop at the first that fails)."""
    os.environ["PYTHONHASHSEED"] = "0"  # the kernels inherit it: set orders are the same every run
    for name in paths:
        print(f"{name}: {run(Path(name)):.1f} s", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
