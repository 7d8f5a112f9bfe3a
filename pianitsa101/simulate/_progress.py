"""Progress of a long simulation: a bar in a notebook, a line of text in a terminal."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable


def _in_notebook() -> bool:
    """True inside a Jupyter kernel, where a widget can be shown."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and hasattr(shell, "kernel")


class Progress:
    """Shows how many of ``total`` items are done; silent when ``enabled`` is false."""

    def __init__(self, total: int, label: str, enabled: bool) -> None:
        self.total = total
        self.label = label
        self.enabled = enabled and total > 0
        self.start = time.perf_counter()
        self._bar = None
        self._text = None
        if not self.enabled:
            return
        if _in_notebook():
            try:
                import ipywidgets
                from IPython.display import display
            except ImportError:  # pragma: no cover - ipywidgets is a dependency
                pass
            else:
                self._bar = ipywidgets.IntProgress(value=0, min=0, max=total, description=label)
                self._text = ipywidgets.Label(value=f"0 of {total:,}")
                display(ipywidgets.HBox([self._bar, self._text]))
        self.update(0)

    def update(self, done: int) -> None:
        """Show that ``done`` items are finished."""
        if not self.enabled:
            return
        elapsed = time.perf_counter() - self.start
        message = f"{done:,} of {self.total:,} ({100 * done / self.total:.0f}%, {elapsed:.1f} s)"
        if self._bar is not None:
            self._bar.value = done
            self._text.value = message
        else:
            sys.stderr.write(f"\r{self.label}: {message}")
            if done >= self.total:
                sys.stderr.write("\n")
            sys.stderr.flush()


def run_in_chunks(count: int, label: str, progress: bool, threads: int, smallest_chunk: int,
                  play: Callable[[int, int], None]) -> None:
    """Call ``play(lo, hi)`` over items 0..count-1 on ``threads`` numba threads, showing progress.

    Without progress the whole range is one call; with it, about a hundred chunks of at
    least ``smallest_chunk`` items. Results never depend on the chunking (each game or
    round has its own random stream).
    """
    import numba

    bar = Progress(count, label, progress)
    chunk = max(smallest_chunk, -(-count // 100)) if progress else max(count, 1)
    previous = numba.get_num_threads()
    numba.set_num_threads(threads)
    try:
        for lo in range(0, count, chunk):
            hi = min(count, lo + chunk)
            play(lo, hi)
            bar.update(hi)
    finally:
        numba.set_num_threads(previous)
