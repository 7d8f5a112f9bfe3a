"""Checks for the exercise notebooks: one ``check_<name>(student_function)`` per exercise, and ``hint()``.

Each check tries the student's function on many cases, the tricky ones included, and either
prints a line of success or raises ``CheckError`` naming the exercise, the failing case, the
expected and the returned value, and a hint that points at the rule (``RULES.md``). Exact
answers are compared exactly (``Fraction``), estimates by their interval. A function that
raises, loops or returns nonsense gets a clear message too, never a traceback from inside
the package. Pure Python (no numpy), so that the exercises also run in the browser.

>>> from pianitsa101 import Rank
>>> def compare(a, b, lowest=Rank.SIX):
...     raise NotImplementedError()
>>> check_compare(compare)
Traceback (most recent call last):
...
pianitsa101.checks._core.CheckError: ✗ check_compare (exercise 01, P4, P5)
  compare is not written yet: replace `raise NotImplementedError()` with your code.
  the rules to read: P4, P5.
  More help: hint("compare")

The exercises, in order (``hint()`` lists them too), each checked by ``check_<name>``:
``compare`` (P4, P5), ``round_winners`` (P6, P8), ``hand_points`` (R19-R21), ``gather`` (P9),
``tie_chance`` (P2, P6, P8), ``legal_moves`` (R6, R7, R9, R14), ``penalty`` (R10, R15, R16),
``estimate_dispute`` (Monte Carlo), ``redeal_chance`` (R2, R3), ``find_cycle`` (P13),
``dispute_chance`` (P5, P6, P8) and ``strategy`` (a 101 bot that beats ``RandomAgent``).

``build`` (``make exercises``) writes the exercise notebooks from their nbgrader sources;
``grade`` (``make grade``) grades submissions. Neither is imported here.
"""

from pianitsa101.checks._core import CheckError
from pianitsa101.checks._exercises import EXERCISES, hint
from pianitsa101.checks.game101_checks import (
    check_hand_points,
    check_legal_moves,
    check_penalty,
    check_strategy,
)
from pianitsa101.checks.judge import judge_here
from pianitsa101.checks.pianitsa_checks import (
    check_compare,
    check_find_cycle,
    check_gather,
    check_round_winners,
)
from pianitsa101.checks.probability_checks import (
    check_dispute_chance,
    check_estimate_dispute,
    check_redeal_chance,
    check_tie_chance,
)

__all__ = [
    "EXERCISES", "CheckError", "check_compare", "check_dispute_chance", "check_estimate_dispute",
    "check_find_cycle", "check_gather", "check_hand_points", "check_legal_moves", "check_penalty",
    "check_redeal_chance", "check_round_winners", "check_strategy", "check_tie_chance", "hint", "judge_here",
]
