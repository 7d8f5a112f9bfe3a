"""The fixed sentences of the checks' messages, keyed, and the labels of a message's lines.

The English sentences are gettext msgids (marked ``N_``): ``say`` looks each one up in the
package's one catalog (``pianitsa101/locale/ru/LC_MESSAGES/pianitsa101.po``) in the language
set now (``pianitsa101.set_language("ru")`` or ``PIANITSA101_LANG=ru``), so the checks speak
the language of the rest of the package. The per-exercise hints are one table too
(``_exercises.py``), marked the same way.

>>> say("wrong")
'a wrong answer.'
>>> say("timeout", seconds="2")
'no answer within 2 seconds (an endless loop, or much too slow).'
>>> label("case") + "compare(6♠, A♥)"
'case:      compare(6♠, A♥)'
"""

from __future__ import annotations

from pianitsa101.i18n import N_, _

__all__ = ["LABEL_WIDTH", "MESSAGES", "label", "say"]

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "wrong": N_("a wrong answer."),
        "kind": N_("an answer of the wrong kind."),
        "raised": N_("your code raised an error."),
        "timeout": N_("no answer within {seconds} seconds (an endless loop, or much too slow)."),
        "forgot_return": N_(" Did you forget `return`?"),
        "generator": N_(" It is a generator (it uses yield): return a list, e.g. wrap it in list(...)."),
        "unreadable": N_("your answer could not be read: {error}"),
        "not_written": N_("{function} is not written yet: replace `raise NotImplementedError()` with your "
                          "code."),
        "rules_to_read": N_("the rules to read: {rules}."),
        "is_class": N_("{function} is a class; the exercise asks for a function: def {signature}:"),
        "not_callable": N_("check_{name} needs your function itself, got {what}. Call it as "
                           "check_{name}({function}), without brackets after {function}."),
        "first_difference": N_("first difference at position {index}: expected {expected}, returned "
                               "{returned}"),
        "length": N_("expected {expected} items, returned {returned}"),
        "missing_extra": N_("missing: {missing}; not allowed: {extra}"),
        "floats": N_("you computed in floats and turned the result into a Fraction: Fraction({returned}) is "
                     "only close. Count whole numbers and divide exactly: Fraction(count, total)."),
        "one_based": N_("positions count from 0: the first card is position 0, not 1."),
        "passed": N_("✓ {function}: right in all {cases} cases ({rules}).{note} Well done!"),
        "flagged": N_("⚠ But graded, this answer is flagged for the teacher (make grade STRICT=1 gives it "
                      "0): it uses what a graded answer may not:"),
        "more_help": N_('More help: hint("{name}")'),
    },
}

# The labels of a message's lines ("case:      ..."), padded to one column.
LABEL_WIDTH = 11
_LABELS = {"case": N_("case:"), "expected": N_("expected:"), "returned": N_("returned:"), "hint": N_("hint:"),
           "where": N_("where:"), "error": N_("error:"), "wanted": N_("wanted:")}


def say(key: str, **values: str) -> str:
    """The sentence ``key`` in the language set now, filled in."""
    return _(MESSAGES["en"][key]).format(**values)


def label(key: str) -> str:
    """A line's label in the language set now, padded so the values line up: 'case:      '."""
    return _(_LABELS[key]).ljust(LABEL_WIDTH)
