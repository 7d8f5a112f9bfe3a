"""Checks of the probability exercises: exact chances as fractions (P6, P8, R3) and a Monte Carlo estimate.

Exact answers are compared exactly, so they must be ``Fraction`` (or whole numbers); an estimate
is judged by its interval: it must be the share of successes, come with a 95% interval of the
right width, lie near the exact chance, and be reproducible from the generator it was given.

>>> from fractions import Fraction
>>> check_tie_chance(lambda deck: 0.1)
Traceback (most recent call last):
...
pianitsa101.checks._core.CheckError: ✗ check_tie_chance (exercise 05, P2, P6, P8)
  an answer of the wrong kind.
  case:      tie_chance(make_deck(32))
  returned:  0.1 (a float)
  wanted:    an exact Fraction such as Fraction(3, 31) (a float like 0.0968 is only close).
  More help: hint("tie_chance")
"""

from __future__ import annotations

import math
import numbers
import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from pianitsa101.cards import Card, Rank, cards, make_deck
from pianitsa101.checks._core import Runner, Text, show
from pianitsa101.checks._exercises import level_text
from pianitsa101.checks._oracles import dispute_probability, redeal_probability
from pianitsa101.checks._text import say
from pianitsa101.checks._values import as_fraction, as_list
from pianitsa101.i18n import N_, _, number, plural

__all__ = ["check_dispute_chance", "check_estimate_dispute", "check_redeal_chance", "check_tie_chance"]

_EXACT = N_("an exact Fraction such as Fraction(3, 31) (a float like 0.0968 is only close)")
Z95 = 1.959963984540054


def _exact(value: Any) -> Any:
    """A Fraction from a Fraction or whole number; NotImplemented for floats and everything else."""
    return as_fraction(value)


def _hint(expected: Fraction, rule_hint: str) -> Any:
    """The hint for an exact chance: "you computed in floats" when the answer is a float made a Fraction."""
    def pick(value: Fraction) -> str:
        if value != expected and value == Fraction(float(expected)):
            return say("floats", returned=str(float(expected)))
        if value != expected and value.limit_denominator(10**6) != value and abs(value - expected) < 1e-9:
            return say("floats", returned=str(float(value)))
        return rule_hint
    return pick


def _deck_text(deck: Sequence[Card]) -> str:
    for size in (32, 36, 52):
        if list(deck) == make_deck(size):
            return f"make_deck({size})"
    return f'cards("{" ".join(map(str, deck))}")'


def _random_decks(rng: random.Random, count: int, even: bool, least: int) -> list[list[Card]]:
    """Custom decks (D4): random cards of a 52-card deck, in deck order."""
    full, out = make_deck(52), []
    while len(out) < count:
        size = rng.randrange(least, 25)
        if even and size % 2:
            continue
        chosen = set(rng.sample(full, size))
        out.append([c for c in full if c in chosen])
    return out


# --- 05 tie_chance (P2, P6, P8) ------------------------------------------------------------------

def check_tie_chance(tie_chance: Callable, seed: int = 0) -> None:
    """Exercise 05: ``tie_chance(deck)``, the exact chance of a dispute in two players' first trick."""
    run = Runner("tie_chance", tie_chance)
    rng = random.Random(seed)
    decks = [make_deck(32), make_deck(36), make_deck(52), cards("6♠ 6♥ A♠ A♥"), cards("6♠ 6♥"),
             cards("6♠ A♥"), cards("K♠ K♥ K♦ A♠ A♥ 9♣"), *_random_decks(rng, 6, even=True, least=4)]
    hint = _("P6: two cards tie only when they have the same rank; the second top card is one of the other "
             "len(deck) - 1 cards (no card comes twice).")
    run.many(((f"tie_chance({_deck_text(d)})", (list(d),), p, _hint(p, hint))
              for d in decks for p in [dispute_probability(2, d)]), _exact, _(_EXACT))
    run.passed()


# --- 11 dispute_chance (P5, P6, P8) --------------------------------------------------------------

def check_dispute_chance(dispute_chance: Callable, seed: int = 0) -> None:
    """Exercise 11: ``dispute_chance(players, deck)`` is the exact chance of a dispute in the first trick."""
    run = Runner("dispute_chance", dispute_chance, limit=10.0)
    rng = random.Random(seed)
    nines = [c for c in make_deck(36) if c.rank >= Rank.NINE]
    cases = [(2, make_deck(32)), (3, make_deck(36)), (2, make_deck(52)), (4, make_deck(52)), (3, nines),
             (4, cards("6♠ 6♥ A♠ A♥ A♦ K♣ K♦ 9♠")), (3, cards("9♠ 9♥ 10♠ 10♥ J♠ K♣ A♠ A♥ A♦")),
             (3, cards("2♠ 2♥ 6♠ 6♥ 6♦ Q♠ K♠ A♠ A♥ A♦ A♣")), (6, make_deck(36)), (8, make_deck(32))]
    # (full decks hold as many low cards as aces, so a reading without P5 gives the same chance there:
    # the custom decks above tell them apart)
    cases += [(rng.randint(3, 5), d) for d in _random_decks(rng, 3, even=False, least=10)]
    hint = _("P6: a dispute when the winning rank is held by two or more top cards; with a card of the "
             "deck's lowest rank on the table every ace is knocked out first (P5).")
    run.many(((f"dispute_chance({n}, {_deck_text(d)})", (n, list(d)), p, _hint(p, hint))
              for n, d in cases for p in [dispute_probability(n, d)]), _exact, _(_EXACT))
    run.passed()


# --- 09 redeal_chance (R2, R3) -------------------------------------------------------------------

def check_redeal_chance(redeal_chance: Callable, seed: int = 0) -> None:
    """Exercise 09: ``redeal_chance(players, deck)``, the exact chance that a deal needs a redeal (R3)."""
    run = Runner("redeal_chance", redeal_chance)
    rng = random.Random(seed)
    tens = [c for c in make_deck(36) if c.rank >= Rank.TEN]  # 20 cards, five full ranks
    kings = [c for c in make_deck(36) if c.rank >= Rank.QUEEN]  # 12 cards, three full ranks
    cases = [(n, make_deck(36)) for n in range(2, 7)] + [(n, make_deck(52)) for n in (2, 4, 6)]
    cases += [(n, tens) for n in (2, 3, 4, 5)] + [(3, kings), (2, kings), (3, make_deck(36)[1:])]
    for deck in _random_decks(rng, 3, even=False, least=16):
        cases.append((rng.randint(2, len(deck) // 4), deck))
    hint = _("R3: the chance that at least one hand is four of a kind. The hands share one deck, so they "
             "are not independent: count them together (inclusion-exclusion), and only full ranks count.")
    run.many(((f"redeal_chance({n}, {_deck_text(d)})", (n, list(d)), p, _hint(p, hint))
              for n, d in cases for p in [redeal_probability(n, d)]), _exact, _(_EXACT))
    run.passed()


# --- 08 estimate_dispute (Monte Carlo) -----------------------------------------------------------

def _intervals(k: int, n: int) -> list[tuple[float, float]]:
    """The accepted 95% intervals for k successes in n: normal (Wald, also clipped to 0..1) and Wilson."""
    p = k / n
    half = Z95 * math.sqrt(p * (1 - p) / n)
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    wide = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return [(p - half, p + half), (max(0.0, p - half), min(1.0, p + half)), (centre - wide, centre + wide)]


def _triple(value: Any) -> Any:
    items = as_list(value) if not isinstance(value, (set, frozenset)) else NotImplemented
    if items is NotImplemented or len(items) != 3:
        return NotImplemented
    if not all(isinstance(v, numbers.Real) and not isinstance(v, bool) for v in items):
        return NotImplemented
    return tuple(float.__float__(float(v)) for v in items)


def check_estimate_dispute(estimate_dispute: Callable, seed: int = 0, games: int = 2000) -> None:
    """Exercise 08: ``estimate_dispute(players, games, rng)``: (estimate, low, high) of the dispute chance."""
    run = Runner("estimate_dispute", estimate_dispute, limit=30.0)
    wanted = _("three numbers (estimate, low, high): the share of games and its {level} "
               "interval").format(level=level_text())
    lines = []
    for i, (players, size) in enumerate(((2, 32), (3, 36), (4, 52))):
        rng_seed = 1000 * seed + i
        case = f"estimate_dispute({players}, {games}, random.Random({rng_seed}))"
        rng = random.Random(rng_seed)
        returned = run.call(case, players, games, rng)
        value = run.read(case, returned, _triple, wanted)
        est, low, high = value
        if rng.getstate() == random.Random(rng_seed).getstate():
            run.wrong(case, Text(_("an estimate drawn with the generator rng")), returned, Text(_(
                "rng was not used: deal with PianitsaGame.deal(players=players, rng=rng), so that the same "
                "seed gives the same estimate (never the global random module or a new Random).")))
        k = est * games
        if not 0 <= est <= 1 or abs(k - round(k)) > 1e-6 * games:
            run.wrong(case, Text(_("a share k / games, between 0 and 1")), returned, Text(_(
                "the estimate is the number of first tricks with a dispute divided by the number of games.")))
        k = round(k)
        if not any(abs(low - a) < 5e-4 and abs(high - b) < 5e-4 for a, b in _intervals(k, games)):
            a, b = _intervals(k, games)[0]
            wanted_interval = Text(_("a {level} interval around {estimate}, such as ({low}, {high})").format(
                level=level_text(), estimate=number(est, 4), low=number(a, 4), high=number(b, 4)))
            run.wrong(case, wanted_interval, returned, Text(_(
                "p ± 1.96·√(p(1 − p)/games), or wilson_interval(k, games) from pianitsa101.strategy.")))
        exact = dispute_probability(players, make_deck(size))
        spread = math.sqrt(float(exact) * (1 - float(exact)) / games)
        if abs(est - float(exact)) > 4.5 * spread:
            run.wrong(case, Text(_("an estimate near the exact {exact} (= {fraction}), within about "
                                   "±{spread}")
                                 .format(exact=number(float(exact), 4), fraction=show(exact),
                                         spread=number(2 * spread, 4))), returned, Text(_(
                "so far from the exact chance that luck is not the reason (less than once in 100,000): count "
                "the first tricks that start with a dispute (trick.disputes > 0, P8), one new deal per "
                "game.")))
        again = run.call(case, players, games, random.Random(rng_seed))
        run.cases -= 1  # the same case, asked twice
        if run.read(case, again, _triple, wanted) != value:
            twice = _("the same answer twice, {answer}").format(answer=show(returned))
            run.wrong(case + _(", twice"), Text(twice),
                      again, Text(_("the same seed must give the same estimate: draw every random number "
                                    "from rng.")))
        line = _("  {players}, {cards}: estimate {estimate}, {level} interval {low} - {high}; exact {exact} "
                 "({fraction})")
        lines.append(line.format(level=level_text(), players=plural(players, "player"),
                                 cards=plural(size, "card"),
                                 estimate=number(est, 4), low=number(low, 4), high=number(high, 4),
                                 exact=number(float(exact), 4), fraction=show(exact)))
    _varies_like_a_sample(run, seed, wanted)
    run.passed()
    print("\n".join(lines))


SAMPLES = 12  # estimates from as many seeds, to see that they vary as a sample does
SAMPLE_GAMES = 500
FLAT = 0.88  # chi-square with 12 degrees of freedom falls below this once in 100,000


def _varies_like_a_sample(run: Runner, seed: int, wanted: str) -> None:
    """An estimate from a simulation varies with the seed as a sample of its size does: the spread of
    SAMPLES estimates (two players, 32 cards) around the exact chance, as a chi-square, is not far too
    small. The exact chance rounded to a share of the games, say, does not vary at all."""
    exact = float(dispute_probability(2, make_deck(32)))
    counts = []
    for j in range(SAMPLES):
        rng_seed = 1000 * seed + 100 + j
        case = f"estimate_dispute(2, {SAMPLE_GAMES}, random.Random({rng_seed}))"
        value = run.read(case, run.call(case, 2, SAMPLE_GAMES, random.Random(rng_seed)), _triple, wanted)
        run.cases -= 1  # a case of the spread, not one more case
        counts.append(value[0] * SAMPLE_GAMES)
    mean = SAMPLE_GAMES * exact
    spread = sum((k - mean) ** 2 for k in counts) / (mean * (1 - exact))
    if spread < FLAT:
        shown = ", ".join(number(k / SAMPLE_GAMES, 4) for k in counts)
        wanted_spread = _("estimates that vary from seed to seed as {games} games do (about ±{spread})")
        wanted_spread = wanted_spread.format(games=SAMPLE_GAMES,
                                             spread=number(math.sqrt(exact * (1 - exact) / SAMPLE_GAMES), 3))
        run.wrong(f"estimate_dispute(2, {SAMPLE_GAMES}, random.Random(seed)) for {SAMPLES} seeds",
                  Text(wanted_spread), Text(shown),
                  Text(_("an estimate comes from games played: deal each game with rng and count the first "
                         "tricks with a dispute; do not compute the chance.")))
