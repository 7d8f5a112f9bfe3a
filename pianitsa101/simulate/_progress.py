"""Progress of a long simulation: a bar in a notebook, a line of text in a terminal, or your own function.

``progress`` is ``False`` (silent), ``True`` (a bar in a notebook, a line on stderr in a
terminal) or a function ``progress(done, total, message)`` that a widget uses to draw its
own bar.  A run that must first build the compiled simulator says so once (``notice``):
in the message, and as one line on stderr when ``progress`` is False.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

from pianitsa101.i18n import _

__all__ = ["Progress", "ProgressArg", "check_progress", "run_in_chunks"]

ProgressArg = bool | Callable[[int, int, str], None]
"""False, True, or a function ``progress(done: int, total: int, message: str) -> None``."""


def _in_notebook() -> bool:
    """True inside a Jupyter kernel, where a widget can be shown."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and hasattr(shell, "kernel")


def check_progress(progress: object) -> ProgressArg:
    """``progress`` itself if it is True, False or a function; else a TypeError saying what is allowed."""
    if isinstance(progress, bool) or callable(progress):
        return progress
    raise TypeError(_("progress must be True, False or a function progress(done, total, message); "
                      "got {value}").format(value=repr(progress)))


class Progress:
    """Shows how many of ``total`` items are done (``unit``: 'games', 'rounds'); silent for False."""

    def __init__(self, total: int, label: str, progress: ProgressArg, notice: str = "",
                 unit: str = "", prefix: str = "") -> None:
        progress = check_progress(progress)
        self.total = total
        self.prefix = prefix  # before every message ("waiting for ...: ")
        self.label = label
        self.unit = unit
        self.notice = notice
        self.start = time.perf_counter()
        self._call = None if isinstance(progress, bool) else progress
        self.enabled = self._call is not None or (progress and total > 0)
        self._bar = None
        self._text = None
        if not self.enabled:
            if notice:
                sys.stderr.write(f"{label}: {notice}\n")
                sys.stderr.flush()
            return
        if self._call is None and _in_notebook():
            try:
                import ipywidgets
                from IPython.display import display
            except ImportError:  # pragma: no cover - ipywidgets is a dependency
                pass
            else:
                self._bar = ipywidgets.IntProgress(value=0, min=0, max=max(total, 1), description=label)
                self._text = ipywidgets.Label(value="")
                display(ipywidgets.HBox([self._bar, self._text]))
        self.update(0)

    def message(self, done: int) -> str:
        """The text shown after ``done`` items: the notice until the first items are done."""
        if done == 0 and self.notice:
            return self.notice
        elapsed = time.perf_counter() - self.start
        share = 100 * done / self.total if self.total else 100
        unit = f" {self.unit}" if self.unit else ""
        return f"{self.prefix}{done:,} of {self.total:,}{unit} ({share:.0f}%, {elapsed:.1f} s)"

    def update(self, done: int) -> None:
        """Show that ``done`` items are finished."""
        if not self.enabled:
            return
        message = self.message(done)
        if self._call is not None:
            self._call(done, self.total, message)
        elif self._bar is not None:
            self._bar.max = max(self.total, 1)
            self._bar.value = done
            self._text.value = message
        else:
            end = "\n" if done >= self.total or (done == 0 and self.notice) else ""
            sys.stderr.write(f"\r{self.label}: {message}{end}")
            sys.stderr.flush()


def run_in_chunks(count: int, label: str, progress: ProgressArg, threads: int | None, smallest_chunk: int,
                  play: Callable[[int, int], None], *, notice: str = "", unit: str = "") -> None:
    """Call ``play(lo, hi)`` over items 0..count-1 (on ``threads`` numba threads), showing progress.

    Without progress the whole range is one call; with it, about a hundred chunks of at
    least ``smallest_chunk`` items. Results never depend on the chunking (each game or
    round has its own random stream). ``threads`` None leaves numba alone (the pure path).
    """
    bar = Progress(count, label, progress, notice, unit)
    chunk = max(smallest_chunk, -(-count // 100)) if bar.enabled else max(count, 1)
    previous = None
    if threads is not None:
        import numba

        previous = numba.get_num_threads()
        numba.set_num_threads(threads)
    try:
        for lo in range(0, count, chunk):
            hi = min(count, lo + chunk)
            play(lo, hi)
            bar.update(hi)
    finally:
        if previous is not None:
            import numba

            numba.set_num_threads(previous)
