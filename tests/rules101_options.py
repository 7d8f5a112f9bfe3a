"""Every value of every 101 rule option that changes play, written out from RULES.md.

The test files pick the options they vary from this one table (in the order they name
them, so their seeded draws stay the same). It is written from the rules, not read from
``Rules101``, so that an option value the engine forgot would still be tried.
"""

OPTION_VALUES = {
    "deal": ("four", "five_and_starter"),  # R2
    "draw": ("until_playable", "one"),  # R7
    "recycle": ("flip", "shuffle"),  # R8
    "six": ("cover", "cover_any", "draw2_skip", "draw1_skip"),  # R9
    "seven_draw": (2, 4),  # R10
    "seven_of_spades_draw": (None, 4),  # R10
    "ace": ("skip_unless_ace", "skip"),  # R12
    "queen_wild": (False, True),  # R14
    "chain": ("double", "add", "off"),  # R16
    "last_card_effects": (True, False),  # R18
    "queen_finish_bonus": (True, False),  # R20
    "flush_queens": (False, True),  # R21
    "match": ("first_over", "elimination"),  # R23
}


def pick(*names: str) -> dict[str, tuple]:
    """The values of the named options, in the order named."""
    return {name: OPTION_VALUES[name] for name in names}
