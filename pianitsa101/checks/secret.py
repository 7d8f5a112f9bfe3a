"""The grader's secret: the hidden cases come from the teacher at grading time, never from the repository.

The source notebooks (which students can clone) name a seed for their hidden tests; a
lookup table of that seed's cases would pass them. So ``make grade SECRET=...`` (or
``SECRET_FILE=path``: the environment variables ``PIANITSA101_SECRET`` and
``PIANITSA101_SECRET_FILE``) replaces every seed of the hidden tests with one made from the
teacher's secret and the exercise's name. The same secret gives the same cases, so the same
grades; a student who does not know the secret cannot know the cases. The secret never
reaches the students' processes (the sandbox gets none of the teacher's environment).

>>> hidden_seed("a phrase", "compare") == hidden_seed("a phrase", "compare")
True
>>> hidden_seed("a phrase", "compare") != hidden_seed("another", "compare")
True
>>> with_secret("check_compare(compare)\\ncheck_compare(compare, seed=101)", "compare", "x")
'check_compare(compare)\\ncheck_compare(compare, seed=3080792967)'
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

__all__ = ["SECRET", "SECRET_FILE", "hidden_seed", "read_secret", "salted", "with_secret"]

SECRET = "PIANITSA101_SECRET"
SECRET_FILE = "PIANITSA101_SECRET_FILE"
_SEED = re.compile(r"\bseed=\d+")


def read_secret() -> str:
    """The teacher's secret: ``PIANITSA101_SECRET``, else the first line of ``PIANITSA101_SECRET_FILE``; ""
    when neither is given."""
    secret = os.environ.get(SECRET, "").strip()
    if secret:
        return secret
    path = os.environ.get(SECRET_FILE, "").strip()
    if path:
        lines = Path(path).expanduser().read_text(encoding="utf-8").splitlines()
        return lines[0].strip() if lines else ""
    return ""


def _digest(*parts: str) -> int:
    return int.from_bytes(hashlib.sha256("\0".join(parts).encode("utf-8")).digest()[:4], "big")


def hidden_seed(secret: str, exercise: str) -> int:
    """The seed of an exercise's hidden tests under ``secret`` (32 bits)."""
    return _digest("hidden", secret, exercise)


def salted(seed: int, what: str) -> int:
    """A seed for ``what`` made from ``seed`` that tells nothing of ``seed`` (nor of the generator that
    drew it), and with the teacher's secret, when there is one, nothing at all."""
    return _digest(what, str(int(seed)), read_secret())


def with_secret(source: str, exercise: str, secret: str) -> str:
    """A check cell's text with every ``seed=N`` made the secret's seed for the exercise."""
    if not secret:
        return source
    return _SEED.sub(f"seed={hidden_seed(secret, exercise)}", source)
