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


def _timer(cpu: bool) -> tuple[int, int]:
    """(timer, signal): the wall clock's, or the process's processor time's (``cpu``)."""
    return (signal.ITIMER_PROF, signal.SIGPROF) if cpu else (signal.ITIMER_REAL, signal.SIGALRM)


def alarm_available(cpu: bool = False) -> bool:
    """True when ``signal.setitimer`` can interrupt code here (main thread, no alarm in use)."""
    if sys.platform == "emscripten" or not hasattr(signal, "setitimer") or not hasattr(signal, "SIGALRM"):
        return False
    if threading.current_thread() is not threading.main_thread():
        return False
    try:
        return signal.getitimer(_timer(cpu)[0]) == (0.0, 0.0)
    except (OSError, ValueError, AttributeError):
        return False


@contextmanager
def time_limit(seconds: float, use_alarm: bool | None = None, cpu: bool = False) -> Iterator[None]:
    """Raise ``TimeUp`` inside the block once it has run ``seconds``; use_alarm None: the best way.

    ``cpu``: count the processor time of this process, not the time on the clock, so that a machine
    busy with other work does not stop code that is not itself slow.
    """
    if getattr(_active, "on", False):  # inside another limit: the outer one governs
        yield
        return
    _active.on = True
    try:
        alarm = alarm_available(cpu) if use_alarm is None else use_alarm and alarm_available(cpu)
        with (_alarm_limit(seconds, cpu) if alarm else _traced_limit(seconds, cpu)):
            yield
    finally:
        _active.on = False


@contextmanager
def _alarm_limit(seconds: float, cpu: bool = False) -> Iterator[None]:
    """The limit by a timer signal, repeated every 0.2 s in case a bare ``except:`` caught the first."""
    armed = [True]
    timer, signum = _timer(cpu)

    def on_alarm(signum: int, frame: object) -> None:
        if armed[0]:
            raise TimeUp

    previous = signal.signal(signum, on_alarm)
    signal.setitimer(timer, max(seconds, 1e-3), 0.2)
    try:
        yield
    finally:
        while True:  # a last alarm may arrive while disarming: disarm again
            try:
                armed[0] = False
                signal.setitimer(timer, 0)
                signal.signal(signum, previous)
                break
            except TimeUp:
                continue


@contextmanager
def _traced_limit(seconds: float, cpu: bool = False) -> Iterator[None]:
    """The limit by ``sys.settrace``: the clock is read on every line of code outside the package."""
    clock = time.process_time if cpu else time.perf_counter
    deadline = clock() + seconds

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
