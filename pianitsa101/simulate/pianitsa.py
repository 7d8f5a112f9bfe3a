"""Many games of Пьяница at once: ``simulate_pianitsa`` and its result (P1-P13).

Two engines play the games, with the same rules as the reference engine
``pianitsa101.pianitsa``:

- ``engine="compiled"`` (the default where numba is installed): a numba kernel
  (``_pianitsa_kernel``, driven by ``_compiled_pianitsa``), about half a million games a
  second; for an explicit deal every number equals what
  ``PianitsaGame.from_stacks(deal, rules).play()`` gives (the tests check tens of thousands
  of deals over every rule option and player count);
- ``engine="python"`` (in the browser, or with ``PIANITSA101_PURE=1``): the reference engine
  itself (``_pure_pianitsa``), dealt and shuffled with the compiled path's own random
  numbers, so it plays *the same games* for the same seed, a hundred times slower: its
  default sample is smaller and its result says so (``note``).

Randomness: a run is seeded by ``seed`` (an int, a ``numpy.random.SeedSequence`` or a
``numpy.random.Generator``); game ``i`` draws from its own stream made from the seed and
``i``, so results are the same on every machine, for any ``workers``, with or without
``progress``, on either engine.  Random deals here are not the deals
``PianitsaGame.deal(seed=...)`` makes (that one uses ``random.Random``), and with
``gather="random"`` (P9) the shuffles differ from ``PianitsaGame``'s own: the game is the
same, the random numbers are not.

Results are numpy arrays (one entry per game) where numpy exists, else ``PlainArray``
columns that answer ``.mean()``, ``== "cycle"``, ``.tolist()`` and the like.

>>> res = simulate_pianitsa(1000, players=2, seed=1)
>>> res.tricks.shape, set(res.outcome) <= {"finished", "cycle", "limit", "draw"}
((1000,), True)
>>> from pianitsa101 import cards
>>> one = simulate_pianitsa(deals=[[cards("A♠ 6♥"), cards("K♦ 6♣")]])
>>> print(one.tricks[0], one.disputes[0], one.outcome[0], one.loser[0], one.places_of(0))
2 1 finished 0 [(1,), (0,)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pianitsa101.cards import Card
from pianitsa101.i18n import _, get_language, number, pgettext, plural
from pianitsa101.pianitsa.rules import PianitsaRules, check_players, deck_cards
from pianitsa101.simulate._array import PlainArray, as_array
from pianitsa101.simulate._engine import check_count, check_workers, choose_engine, pure_note
from pianitsa101.simulate._progress import ProgressArg, check_progress
from pianitsa101.simulate._seeds import seed_keys

__all__ = ["DEFAULT_GAMES", "DEFAULT_GAMES_PURE", "PianitsaSimulation", "simulate_pianitsa"]

OUTCOMES = ("finished", "cycle", "limit", "draw")
"""Outcome names by code: 0 finished, 1 cycle, 2 limit, 3 draw (the kernels' codes)."""
FINISHED, NOT_LEFT = 0, -1
DEFAULT_GAMES = 100_000  # games=None on the compiled engine
DEFAULT_GAMES_PURE = 2_000  # games=None in pure Python (about a second in the browser)
_CHUNK = 1 << 16  # games per kernel call when showing progress
_PURE_CHUNK = 20  # games between two progress updates in pure Python


@dataclass(frozen=True, eq=False)
class PianitsaSimulation:
    """The results of many games, one entry per game in numpy arrays (``PlainArray`` without numpy)."""

    tricks: Any
    """Tricks played in each game (P13: for a cycle, the tricks before the repeated position)."""
    disputes: Any
    """Dispute rounds played in each game (P8, P10, P12)."""
    outcome_code: Any
    """Outcome as a small int: 0 finished, 1 cycle, 2 limit, 3 draw (``OUTCOMES[code]``)."""
    left: Any
    """``left[game, seat]``: the trick after which the seat ran out (P11), -1 if it never did."""
    rules: PianitsaRules
    """The rules every game was played by."""
    places: Any = field(default=None)
    """``places[game, seat]``: 0 for the best place (P11), equal for shared places; or None."""
    engine: str = "compiled"
    """Which engine played: 'compiled' (numba) or 'python' (the reference engine)."""
    note: str = ""
    """A sentence about how the games were played, when it matters (the pure-Python path)."""

    @property
    def _plain(self) -> bool:
        return isinstance(self.tricks, PlainArray)

    @property
    def games(self) -> int:
        """How many games were played."""
        return len(self.tricks)

    @property
    def players(self) -> int:
        """Players in every game."""
        return self.left.shape[1]

    @property
    def outcome(self) -> Any:
        """Each game's outcome: 'finished', 'cycle', 'limit' or 'draw' (P11-P13)."""
        if self._plain:
            return PlainArray([OUTCOMES[c] for c in self.outcome_code])
        import numpy as np

        return np.array(OUTCOMES)[self.outcome_code]

    @property
    def loser(self) -> Any:
        """The lowest seat in last place for a finished game (P11), else -1 (as the engine's ``loser``)."""
        if self._plain:
            return PlainArray([_loser(row, code, self.rules.goal)
                               for row, code in zip(self.left.tolist(), self.outcome_code, strict=True)])
        import numpy as np

        finished = self.outcome_code == FINISHED
        if self.rules.goal == "shed":
            last = self.left == NOT_LEFT  # the player left holding the whole deck
        else:
            first_out = np.where(self.left < 0, np.iinfo(np.int32).max, self.left).min(axis=1)
            last = self.left == first_out[:, None]  # eliminated first
        return np.where(finished & last.any(axis=1), last.argmax(axis=1), -1)

    def places_of(self, game: int) -> list[tuple[int, ...]]:
        """One game's places as the engine gives them: tuples of seats, best place first."""
        left = [int(t) for t in self.left[game]]
        times = sorted({t for t in left if t >= 0})
        order = [tuple(s for s, t in enumerate(left) if t == time) for time in times]
        still = [tuple(s for s, t in enumerate(left) if t < 0)]
        still = still if still[0] else []
        return [*order, *still] if self.rules.goal == "shed" else [*still, *reversed(order)]

    def counts(self) -> dict[str, int]:
        """How many games ended each way."""
        if self._plain:
            found = Counter(self.outcome_code.tolist())
            return {name: found.get(code, 0) for code, name in enumerate(OUTCOMES)}
        import numpy as np

        found = np.bincount(self.outcome_code, minlength=len(OUTCOMES))
        return {name: int(k) for name, k in zip(OUTCOMES, found, strict=True)}

    def __repr__(self) -> str:
        mean = float(self.tricks.mean()) if self.games else 0.0
        note = f" {self.note}" if self.note else ""
        counts = self.counts() if get_language() == "en" else ", ".join(
            f"{_outcome(k)} {number(v)}" for k, v in self.counts().items())
        return _("<PianitsaSimulation {games}, {players}, mean tricks {mean}, {counts}>{note}").format(
            games=plural(self.games, "game"), players=plural(self.players, "player"), mean=number(mean, 1),
            counts=counts, note=note)

    def _repr_html_(self) -> str:
        rows = "".join(f"<tr><td>{_outcome(k)}</td><td>{number(v)}</td></tr>"
                       for k, v in self.counts().items())
        mean = float(self.tricks.mean()) if self.games else 0.0
        mean_disputes = float(self.disputes.mean()) if self.games else 0.0
        note = f"<p><i>{self.note}</i></p>" if self.note else ""
        head = _("<b>{games} of Пьяница</b>, {players}, mean tricks {mean}, mean disputes {disputes}")
        return (head.format(
                    games=plural(self.games, "game"), players=plural(self.players, "player"),
                    mean=number(mean, 1), disputes=number(mean_disputes, 1))
                + "<table><tr><th>" + _("outcome") + "</th><th>" + _("games")
                + f"</th></tr>{rows}</table>{note}")


def _outcome(name: str) -> str:
    """An outcome's name in the language set ('finished', 'cycle', 'limit', 'draw')."""
    return pgettext("outcome", name) if name in OUTCOMES else name


def _loser(left: list[int], code: int, goal: str) -> int:
    """``loser`` for one game from its ``left`` row (plain Python)."""
    if code != FINISHED:
        return -1
    if goal == "shed":
        last = [s for s, t in enumerate(left) if t == NOT_LEFT]
    else:
        out = [t for t in left if t >= 0]
        last = [s for s, t in enumerate(left) if out and t == min(out)]
    return last[0] if last else -1


def place_rows(left: list[list[int]], goal: str) -> list[list[int]]:
    """P11 places for every game and seat from the tricks when seats ran out (0 = best), plain Python."""
    rows = []
    for row in left:
        key = [(1 << 40 if t < 0 else t) if goal == "shed" else (-(1 << 40) if t < 0 else -t) for t in row]
        ranks = sorted(set(key))
        rows.append([ranks.index(k) for k in key])
    return rows


def simulate_pianitsa(games: int | None = None, players: int | None = None,
                      deck: int | Sequence[Card | str] | None = None, rules: PianitsaRules | None = None,
                      seed: Any = None, *, deals: Sequence | Any = None, workers: int | None = 1,
                      progress: ProgressArg = False, places: bool = False,
                      engine: str | None = None) -> PianitsaSimulation:
    """Play many games; random deals from ``seed``, or the given ``deals``.

    ``games`` None plays the default sample (``DEFAULT_GAMES``, or ``DEFAULT_GAMES_PURE`` in
    pure Python); ``players`` defaults to 2 (or the deals' player count); ``deck`` is P1's
    default, a size or a list of cards; ``deals`` lists deals, each a list of stacks (top
    first), as ``PianitsaGame.from_stacks`` takes them, or an int array ``[game, seat, i]``
    of ``Card.index`` values; ``workers`` is the number of threads (None: every core).
    ``progress``: False, True (a bar in a notebook, a line in a terminal) or a function
    ``progress(done, total, message)``; the first run on a machine says that it compiles.
    ``engine``: 'compiled', 'python' or None (the compiled one where numba is installed).
    """
    rules = _check_rules(rules)
    check_progress(progress)
    which = choose_engine(engine)
    key0, key1 = seed_keys(seed)
    threads = check_workers(workers)
    cards: list[Card] | None = None
    if deals is None:
        count = check_count(games, which, DEFAULT_GAMES, DEFAULT_GAMES_PURE, "games")
        players = check_players(2 if players is None else players)
        cards = deck_cards(deck, players)
    else:
        if games is not None:
            raise ValueError(_("give either games (random deals) or deals, not both"))
        if deck is not None:
            raise ValueError(_("deck is for random deals; explicit deals already hold their cards"))
    if which == "compiled":
        from pianitsa101.simulate import _compiled_pianitsa as run
    else:
        from pianitsa101.simulate import _pure_pianitsa as run
    if deals is None:
        columns = run.play_random(cards, players, count, rules, key0, key1, threads, progress)
    else:
        columns = run.play_given(deals, players, rules, key0, key1, threads, progress)
    outcome, tricks, disputes, left = columns
    if which == "compiled":
        table = run.place_table(left, rules.goal) if places else None
        note = ""
    else:
        table = as_array(place_rows(left.tolist(), rules.goal), "int8", left.shape[1]) if places else None
        note = pure_note(engine, len(tricks), "games", DEFAULT_GAMES_PURE, DEFAULT_GAMES)
    return PianitsaSimulation(tricks=tricks, disputes=disputes, outcome_code=outcome, left=left,
                              rules=rules, places=table, engine=which, note=note)


# ----- checking the arguments (both engines) ----------------------------------------------------


def _check_rules(rules: PianitsaRules | None) -> PianitsaRules:
    if rules is None:
        return PianitsaRules()
    if not isinstance(rules, PianitsaRules):
        raise ValueError(_("rules must be a PianitsaRules; got {value}").format(value=repr(rules)))
    return rules


def _check_games(games: object) -> int:
    """The number of games or rounds: a whole number 0 or more (kept for the other simulators)."""
    if games is None:
        raise ValueError(_("give the number of games to play (games=...) or the deals (deals=...)"))
    return check_count(games, "compiled", 0, 0, "games")


def _parse_stack(stack: object, where: str) -> list[int]:
    """The card indices of one stack given as text, or as Cards / card texts (top first)."""
    if isinstance(stack, str):
        stack = stack.replace(",", " ").split()
    if isinstance(stack, (bytes, Card)) or not isinstance(stack, Sequence):
        raise ValueError(_("{where}: a stack is a list of cards or a text like 'A♠ 6♥'; got {value}").format(
            where=where, value=repr(stack)))
    out = []
    for c in stack:
        if isinstance(c, str):
            c = Card.parse(c)
        elif not isinstance(c, Card):
            raise ValueError(_("{where}: a stack holds cards (Card or text like '10♠'); got {value}").format(
                where=where, value=repr(c)))
        out.append(c.index)
    if not out:
        raise ValueError(_("{where}: every stack needs at least one card").format(where=where))
    return out


def parse_deals(deals: Sequence) -> list[list[list[int]]]:
    """Explicit deals (lists of stacks of cards or card texts) as card indices, checked (P2-D4)."""
    if isinstance(deals, (str, bytes)) or not isinstance(deals, Sequence):
        raise ValueError(_("deals must be a list of deals, each a list of stacks; got {value}").format(
            value=type(deals).__name__))
    out = []
    n = None
    for g, deal in enumerate(deals):
        if isinstance(deal, (str, bytes)) or not isinstance(deal, Sequence):
            raise ValueError(_("deal {g}: a deal is a list of stacks, one per seat; got {value}").format(
                g=g, value=repr(deal)))
        if n is None:
            n = check_players(len(deal))
        elif len(deal) != n:
            raise ValueError(_("deal {g} has {stacks} stacks but deal 0 has {n}; "
                               "all deals need the same number of players").format(
                                 g=g, stacks=len(deal), n=n))
        stacks = [_parse_stack(stack, _("deal {g}, seat {seat}").format(g=g, seat=seat))
                  for seat, stack in enumerate(deal)]
        flat = [i for st in stacks for i in st]
        if len(set(flat)) != len(flat):
            raise ValueError(_("deal {g}: a card appears twice; every card must be distinct (D4)").format(
                g=g))
        out.append(stacks)
    return out


def parse_index_deals(deals: Any) -> list[list[list[int]]]:
    """Deals given as an int array ``[game, seat, i]`` of ``Card.index`` values, checked, as lists."""
    kind = getattr(getattr(deals, "dtype", None), "kind", "")
    if getattr(deals, "ndim", None) != 3 or kind not in "iu":
        raise ValueError(_("an array of deals must be integers shaped (games, players, cards); "
                           "got {dtype} shaped {shape}").format(dtype=getattr(deals, "dtype", "?"),
                                                                shape=getattr(deals, "shape", "?")))
    _games, n, per = deals.shape
    check_players(n)
    out = deals.tolist()
    if per < 1 or any(not 0 <= i <= 51 for deal in out for st in deal for i in st):
        raise ValueError(_("an array of deals holds Card.index values 0..51, at least one card per stack"))
    for deal in out:
        flat = [i for st in deal for i in st]
        if len(set(flat)) != len(flat):
            raise ValueError(_("a deal holds a card twice; every card must be distinct (D4)"))
    return out


def check_deal_players(players: object, n: int) -> None:
    """``players``, when given with explicit deals, must match their number of stacks."""
    if players is not None and check_players(players) != n:
        raise ValueError(_("players={players} but the deals have {n} stacks each").format(
            players=players, n=n))


_COMPILED_NAMES = ("_GATHER_CODES", "_check_workers", "_deal_arrays", "_index_array_deals", "_seed_keys",
                   "kernel", "place_table")


def __getattr__(name: str) -> Any:
    """Names of the compiled path still found here, imported only when asked for (they need numpy)."""
    if name in _COMPILED_NAMES:
        from pianitsa101.simulate import _compiled_pianitsa

        return getattr(_compiled_pianitsa, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
