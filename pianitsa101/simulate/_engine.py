"""Which engine plays a simulation: the compiled kernels (numba) or the pure-Python reference engines.

``engine=None`` picks the compiled one where numba and numpy can be imported and the
environment variable ``PIANITSA101_PURE`` is not set (to 1, true, yes or on); otherwise the
pure-Python one, which is what runs in the browser (JupyterLite has no numba or numpy).
Both play the same games for the same seed; the pure one is about a hundred times slower,
so its default sample is smaller, and its results say so in a sentence (``note``).
"""

from __future__ import annotations

import importlib.util
import numbers
import os

from pianitsa101.i18n import _, number

__all__ = ["ENGINES", "MAX_SAMPLE", "choose_engine", "compiled_available", "pure_note"]

ENGINES = ("compiled", "python")
_PURE_VARIABLE = "PIANITSA101_PURE"
# The largest sample one call plays: its result arrays take 56 bytes a game (5.6 GB here),
# and it runs for hours; a 95% interval is then +-0.01 percentage points. More: several seeds.
MAX_SAMPLE = 100_000_000


def compiled_available() -> bool:
    """True when numba and numpy can be imported here (never in the browser)."""
    try:
        return all(importlib.util.find_spec(name) is not None for name in ("numba", "numpy"))
    except (ImportError, ValueError):
        return False


def _pure_asked() -> bool:
    return os.environ.get(_PURE_VARIABLE, "").strip().lower() in ("1", "true", "yes", "on")


def choose_engine(engine: object) -> str:
    """'compiled' or 'python' for the ``engine`` argument (None: the best one available here)."""
    if engine is None:
        return "python" if _pure_asked() or not compiled_available() else "compiled"
    if engine not in ENGINES:
        raise ValueError(_("engine must be 'compiled', 'python' or None (the best available); "
                           "got {value}").format(value=repr(engine)))
    if engine == "compiled" and not compiled_available():
        raise ValueError(_("engine='compiled' needs numba and numpy, which cannot be imported here; "
                           "use engine='python' (or None)"))
    return engine


def pure_note(engine: object, count: int, unit: str, default: int, compiled_default: int) -> str:
    """The sentence a pure-Python result carries: why it ran in Python, and what that means."""
    if engine == "python":
        why = _("engine='python' was asked for")
    elif _pure_asked():
        why = _("{variable} is set").format(variable=_PURE_VARIABLE)
    else:
        why = _("numba is not available here, as in the browser")
    units = {"games": _("games"), "rounds": _("rounds")}
    return _("Played in pure Python ({why}): the same games as the compiled simulator for the same "
             "seed, but about 100 times slower, so the default sample is {default} {unit} "
             "instead of {compiled_default} (this run: {count}); `make lab` runs the compiled one.").format(
        why=why, default=number(default), unit=units.get(unit, unit),
        compiled_default=number(compiled_default), count=number(count))


def check_count(count: object, engine: str, default_compiled: int, default_pure: int, name: str) -> int:
    """The number of games or rounds: the engine's default for None, else a whole number 0..MAX_SAMPLE."""
    if count is None:
        return default_pure if engine == "python" else default_compiled
    if isinstance(count, bool) or not isinstance(count, numbers.Integral) or count < 0:
        raise ValueError(_("{name} must be a whole number 0 or more; got {value}").format(
            name=name, value=repr(count)))
    if count > MAX_SAMPLE:  # refused before anything is allocated (2**62 met numpy's MemoryError)
        raise ValueError(_("{name} must be at most {most} in one call (that many already take hours "
                           "and gigabytes of results); got {value}: run several calls with different seeds "
                           "and add them up").format(name=name, most=number(MAX_SAMPLE), value=repr(count)))
    return int(count)


def check_workers(workers: object) -> int | None:
    """``workers`` checked: None (every core) or a whole number 1 or more."""
    if workers is None:
        return None
    if isinstance(workers, bool) or not isinstance(workers, numbers.Integral) or workers < 1:
        raise ValueError(_("workers must be a whole number 1 or more, or None for every core; "
                           "got {value}").format(value=repr(workers)))
    return int(workers)
