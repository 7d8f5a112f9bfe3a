"""A time limit for a student's code that works in a notebook, a terminal and the browser.

A thread with a timeout cannot stop a loop, so the limit interrupts the code itself:

- where the operating system has alarm signals (Linux, macOS) and we are in the main thread
  (a Jupyter kernel runs cells there), ``signal.setitimer`` raises ``TimeUp`` inside the code
  when the time is over; this costs nothing while the code runs;
- elsewhere (Windows, a thread, JupyterLite's Pyodide, or an alarm already in use),
  ``sys.settrace`` looks at the clock on every line of the student's code (code inside
  ``pianitsa101`` is not traced, so the engine keeps its speed) and raises ``TimeUp`` there.

``TimeUp`` is a ``BaseException``, so that a student's ``except Exception`` cannot swallow it.
Code stuck inside one long call into C (``sum(range(10**12))``) is stopped by neither; that
is rare in these exercises, and the grader has its own time limit per cell.

>>> with time_limit(1.0):
...     total = sum(range(1000))
>>> total
499500
>>> try:
...     with time_limit(0.05):
...         while True:
...             pass
... except TimeUp:
...     print("stopped")
stopped
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["TimeUp", "alarm_available", "time_limit"]

_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep  # .../pianitsa101/
_active = threading.local()  # .on: a limit is running in this thread (limits do not nest)


class TimeUp(BaseException):
    """The student's code ran past its time limit."""


def alarm_available() -> bool:
    """True when ``signal.setitimer`` can interrupt code here (main thread, no alarm in use)."""
    if sys.platform == "emscripten" or not hasattr(signal, "setitimer") or not hasattr(signal, "SIGALRM"):
        return False
    if threading.current_thread() is not threading.main_thread():
        return False
    try:
        return signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    except (OSError, ValueError):
        return False


@contextmanager
def time_limit(seconds: float, use_alarm: bool | None = None) -> Iterator[None]:
    """Raise ``TimeUp`` inside the block once it has run ``seconds`` ; use_alarm None: the best way."""
    if getattr(_active, "on", False):  # inside another limit: the outer one governs
        yield
        return
    _active.on = True
    try:
        alarm = alarm_available() if use_alarm is None else use_alarm and alarm_available()
        with (_alarm_limit(seconds) if alarm else _traced_limit(seconds)):
            yield
    finally:
        _active.on = False


@contextmanager
def _alarm_limit(seconds: float) -> Iterator[None]:
    """The limit by ``SIGALRM``, repeated every 0.2 s in case a bare ``except:`` caught the first."""
    armed = [True]

    def on_alarm(signum: int, frame: object) -> None:
        if armed[0]:
            raise TimeUp

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, max(seconds, 1e-3), 0.2)
    try:
        yield
    finally:
        while True:  # a last alarm may arrive while disarming: disarm again
            try:
                armed[0] = False
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, previous)
                break
            except TimeUp:
                continue


@contextmanager
def _traced_limit(seconds: float) -> Iterator[None]:
    """The limit by ``sys.settrace``: the clock is read on every line of code outside the package."""
    deadline = time.perf_counter() + seconds
    clock = time.perf_counter

    def on_line(frame: object, event: str, arg: object):
        if clock() > deadline:
            raise TimeUp
        return on_line

    def on_call(frame, event: str, arg: object):
        if clock() > deadline:
            raise TimeUp
        if frame.f_code.co_filename.startswith(_PACKAGE):
            return None  # the engine and the checks: not traced line by line
        return on_line

    previous = sys.gettrace()
    sys.settrace(on_call)
    try:
        yield
    finally:
        sys.settrace(previous)
