"""A minimal student page at ``/class``: join, run a small experiment, hand in a notebook, send a strategy.

For a student without a notebook open (a phone, a tablet) and for trying the service: it calls
the same HTTP API as :mod:`~pianitsa101.classroom.client`. Its experiment deals the two top cards
of a 32-card deck ``n`` times from a seed and counts disputes (the same ranks): lesson 04's first
question, whose exact answer is 3/31.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["page"]


def page() -> str:
    """The student page's HTML (no value of the class in it: it asks the API)."""
    return (Path(__file__).resolve().parent / "student.html").read_text(encoding="utf-8")
