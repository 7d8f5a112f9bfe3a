"""How big a sample a lesson plays: large on the compiled simulator, smaller in pure Python (the browser).

>>> sample(200_000, 5_000) in (200_000, 5_000)
True
>>> ENGINE in ("compiled", "python")
True
"""

from __future__ import annotations

from pianitsa101.simulate._engine import choose_engine

__all__ = ["COMPILED", "ENGINE", "sample"]

ENGINE = choose_engine(None)
"""The engine ``simulate_pianitsa`` and ``simulate_101`` use here: 'compiled' (numba) or 'python'."""
COMPILED = ENGINE == "compiled"


def sample(compiled: int, pure: int) -> int:
    """``compiled`` on the compiled simulator, else ``pure`` (about a hundred times slower per game)."""
    return compiled if COMPILED else pure
