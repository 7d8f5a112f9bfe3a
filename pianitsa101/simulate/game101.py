"""Many rounds of 101 between random bots: ``simulate_101`` and its result (R2-R21, R26).

The rounds follow the same rules as ``pianitsa101.game101.Round101`` (every round option of
``Rules101``); a bot picks uniformly among the legal moves, as ``RandomAgent`` does.  Two
engines play them:

- ``engine="compiled"`` (where numba is installed): a numba kernel (``_game101_kernel``,
  driven by ``_compiled_101``), millions of decisions a second.  Its random numbers are a
  SplitMix64 stream per round, seeded from ``seed`` and the round's number, so a seed
  gives other rounds than ``Round101.deal(seed=...)``; the tests replay kernel rounds move
  by move through ``Round101`` to show the rules are the same.
- ``engine="python"`` (in the browser, or with ``PIANITSA101_PURE=1``): ``Round101`` itself
  (``_pure_101``), dealt, choosing and shuffling with the kernel's own stream, so it plays
  *the same rounds* for the same seed, much slower: a smaller default sample, and a
  sentence saying so in the result (``note``).

Match rules (R22, R23) are not simulated here: add up ``points`` as you like.  Results are
numpy arrays where numpy exists, else ``PlainArray`` columns.

>>> res = simulate_101(200, players=3, seed=1)
>>> res.points.shape, bool((res.decisions > 0).all())
((200, 3), True)
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pianitsa101.cards import Card, make_deck
from pianitsa101.game101 import Rules101
from pianitsa101.i18n import _, get_language, number, pgettext, plural
from pianitsa101.simulate._array import PlainArray
from pianitsa101.simulate._engine import check_count, check_workers, choose_engine, pure_note
from pianitsa101.simulate._progress import ProgressArg, check_progress
from pianitsa101.simulate._seeds import seed_keys

__all__ = ["DEFAULT_ROUNDS", "DEFAULT_ROUNDS_PURE", "Simulation101", "simulate_101"]

OUTCOMES_101 = ("won", "abandoned", "limit")
"""Outcome names by code: 0 won, 1 abandoned (R26), 2 cut at ``max_decisions``."""
DEFAULT_ROUNDS = 10_000  # rounds=None on the compiled engine
DEFAULT_ROUNDS_PURE = 500  # rounds=None in pure Python (a few seconds in the browser)
_CHUNK = 1 << 14  # rounds per kernel call when showing progress
_PURE_CHUNK = 10  # rounds between two progress updates in pure Python
MAX = 10_000_000  # the largest max_decisions accepted


@dataclass(frozen=True, eq=False)
class Simulation101:
    """The results of many rounds of 101, one entry per round in numpy arrays (``PlainArray`` without)."""

    winner: Any
    """The seat that won each round (R18), or -1 when abandoned (R26) or cut at ``max_decisions``."""
    outcome_code: Any
    """0 won, 1 abandoned (R26), 2 cut at ``max_decisions`` (``OUTCOMES_101[code]``)."""
    decisions: Any
    """Decisions (moves) made in each round."""
    points: Any
    """``points[round, seat]``: the round's points (R19, R20; 0 for everyone when abandoned)."""
    rules: Rules101
    """The rules every round was played by."""
    engine: str = "compiled"
    """Which engine played: 'compiled' (numba) or 'python' (``Round101``)."""
    note: str = ""
    """A sentence about how the rounds were played, when it matters (the pure-Python path)."""

    @property
    def outcome(self) -> Any:
        """Each round's outcome: 'won', 'abandoned' or 'limit'."""
        if isinstance(self.outcome_code, PlainArray):
            return PlainArray([OUTCOMES_101[c] for c in self.outcome_code])
        import numpy as np

        return np.array(OUTCOMES_101)[self.outcome_code]

    @property
    def rounds(self) -> int:
        """How many rounds were played."""
        return len(self.winner)

    def counts(self) -> dict[str, int]:
        """How many rounds ended each way."""
        codes = self.outcome_code.tolist()
        return {name: codes.count(code) for code, name in enumerate(OUTCOMES_101)}

    def __repr__(self) -> str:
        mean = float(self.decisions.mean()) if self.rounds else 0.0
        note = f" {self.note}" if self.note else ""
        counts = self.counts() if get_language() == "en" else ", ".join(
            f"{pgettext('outcome101', k)} {number(v)}" for k, v in self.counts().items())
        return _("<Simulation101 {rounds}, {players}, mean decisions {mean}, {counts}>{note}").format(
            rounds=plural(self.rounds, "round"), players=plural(int(self.points.shape[1]), "player"),
            mean=number(mean, 1), counts=counts, note=note)


def _outcome_names() -> tuple[str, ...]:
    """The outcomes of 101 for the catalog (OUTCOMES_101 in the language set)."""
    return (pgettext("outcome101", "won"), pgettext("outcome101", "abandoned"),
            pgettext("outcome101", "limit"))


def deck_cards_101(deck: int | Sequence[Card | str], players: int, rules: Rules101) -> list[Card]:
    """R1/R2: the deck's cards, checked (36, 52 or distinct cards, enough to deal)."""
    if isinstance(players, bool) or not isinstance(players, numbers.Integral) or not 2 <= players <= 6:
        raise ValueError(_("R1: 101 is played by 2 to 6 players, got {value}").format(value=repr(players)))
    if isinstance(deck, numbers.Integral) and not isinstance(deck, bool):
        if deck not in (36, 52):
            raise ValueError(_("R1: 101 is played with a 36- or 52-card deck (or a list of cards), "
                               "got {value}").format(value=repr(deck)))
        cards = list(make_deck(int(deck)))
    elif isinstance(deck, Sequence) and not isinstance(deck, (str, bytes)):
        cards = [Card.parse(c) if isinstance(c, str) else c for c in deck]
        if not all(isinstance(c, Card) for c in cards):
            raise ValueError(_("a deck is 36, 52 or a list of cards, got {value}").format(value=repr(deck)))
        if len(set(cards)) != len(cards):
            raise ValueError(_("R25: every card must be in exactly one place, but a card appears twice"))
    else:
        raise ValueError(_("a deck is 36, 52 or a list of cards, got {value}").format(value=repr(deck)))
    needed = (5 if rules.deal == "five_and_starter" else 4) * players
    if len(cards) < needed:
        raise ValueError(_("R2: dealing to {players} players needs at least {needed} cards, "
                           "the deck has {size}").format(players=players, needed=needed, size=len(cards)))
    return cards


def simulate_101(rounds: int | None = None, players: int = 3, deck: int | Sequence[Card | str] = 36,
                 rules: Rules101 | None = None, seed: Any = None, *, workers: int | None = 1,
                 progress: ProgressArg = False, max_decisions: int = 1_000_000,
                 engine: str | None = None) -> Simulation101:
    """Play ``rounds`` rounds of 101 between random bots (seeded, any ``workers``, either engine).

    ``rounds`` None plays the default sample (``DEFAULT_ROUNDS``, or ``DEFAULT_ROUNDS_PURE``
    in pure Python).  A round still going after ``max_decisions`` decisions is cut off
    (outcome 'limit'), a safety cap only: R26 ends endless rounds long before (the longest
    of a million rounds over several rule sets made about 7,400 decisions).  ``progress``:
    False, True or a function ``progress(done, total, message)``, as for
    ``simulate_pianitsa``; ``engine``: 'compiled', 'python' or None (the best available).
    """
    rules = Rules101() if rules is None else rules
    if not isinstance(rules, Rules101):
        raise ValueError(_("rules must be a Rules101; got {value}").format(value=repr(rules)))
    check_progress(progress)
    which = choose_engine(engine)
    count = check_count(rounds, which, DEFAULT_ROUNDS, DEFAULT_ROUNDS_PURE, "rounds")
    cards = deck_cards_101(deck, players, rules)
    players = int(players)
    if isinstance(max_decisions, bool) or not isinstance(max_decisions, int) or not 0 < max_decisions <= MAX:
        raise ValueError(_("max_decisions must be a whole number 1..{most}; got {value}").format(
            most=number(MAX), value=repr(max_decisions)))
    key0, key1 = seed_keys(seed)
    threads = check_workers(workers)
    if which == "compiled":
        from pianitsa101.simulate import _compiled_101 as run
    else:
        from pianitsa101.simulate import _pure_101 as run
    winner, code, decisions, points = run.play(cards, players, rules, count, key0, key1, max_decisions,
                                               threads, progress)
    note = "" if which == "compiled" else pure_note(engine, count, "rounds", DEFAULT_ROUNDS_PURE,
                                                      DEFAULT_ROUNDS)
    return Simulation101(winner=winner, outcome_code=code, decisions=decisions, points=points, rules=rules,
                         engine=which, note=note)


_COMPILED_NAMES = ("deck_array", "kernel", "rule_arrays", "state")


def __getattr__(name: str) -> Any:
    """Names of the compiled path still found here, imported only when asked for (they need numpy)."""
    if name in _COMPILED_NAMES:
        from pianitsa101.simulate import _compiled_101

        return getattr(_compiled_101, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
