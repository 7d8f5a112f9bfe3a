"""The fixed sentences of the checks' messages, in one table per language.

The checks have no language switch yet: every message is English. The sentences that every
check shares live here, keyed, so that a Russian table (``MESSAGES["ru"]``) can be added
beside the English one without touching the checks; ``say`` falls back to English for a key
a language does not have. (The per-exercise hints are one table too: ``_exercises.py``.)

>>> say("wrong")
'a wrong answer.'
>>> say("timeout", seconds="2")
'no answer within 2 seconds (an endless loop, or much too slow).'
"""

from __future__ import annotations

__all__ = ["LANGUAGE", "MESSAGES", "say"]

LANGUAGE = "en"

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "wrong": "a wrong answer.",
        "kind": "an answer of the wrong kind.",
        "raised": "your code raised an error.",
        "timeout": "no answer within {seconds} seconds (an endless loop, or much too slow).",
        "forgot_return": " Did you forget `return`?",
        "generator": " It is a generator (it uses yield): return a list, e.g. wrap it in list(...).",
        "unreadable": "your answer could not be read: {error}",
        "not_written": "{function} is not written yet: replace `raise NotImplementedError()` with your code.",
        "rules_to_read": "the rules to read: {rules}.",
        "is_class": "{function} is a class; the exercise asks for a function: def {signature}:",
        "not_callable": ("check_{name} needs your function itself, got {what}. Call it as "
                         "check_{name}({function}), without brackets after {function}."),
        "first_difference": "first difference at position {index}: expected {expected}, returned {returned}",
        "length": "expected {expected} items, returned {returned}",
        "missing_extra": "missing: {missing}; not allowed: {extra}",
        "floats": ("you computed in floats and turned the result into a Fraction: Fraction({returned}) is "
                   "only close. Count whole numbers and divide exactly: Fraction(count, total)."),
        "one_based": "positions count from 0: the first card is position 0, not 1.",
        "passed": "✓ {function}: right in all {cases} cases ({rules}).{note} Well done!",
        "flagged": ("⚠ But graded, this answer is flagged for the teacher (make grade STRICT=1 gives it 0): "
                    "it uses what a graded answer may not:"),
        "more_help": 'More help: hint("{name}")',
    },
}


def say(key: str, **values: str) -> str:
    """The sentence ``key`` in the current language (English when it has no such sentence), filled in."""
    table = MESSAGES.get(LANGUAGE, MESSAGES["en"])
    return table.get(key, MESSAGES["en"][key]).format(**values)
