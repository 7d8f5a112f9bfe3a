"""``MonteCarloAgent``: the strongest 101 bot here, by determinized Monte Carlo with heuristic playouts.

At each decision the bot

1. reads what its seat knows of the unseen cards from the view and its public log
   (:func:`~pianitsa101.strategy.knowledge.belief`: R7/R9 draws show what a player did not
   hold, R8 flips show the new stock; nothing from how an ace was or was not answered, R17);
2. deals those cards at random many times, uniformly over the deals consistent with what it
   knows (``Belief.sample``; ``sampling`` counts the deals that fell back);
3. on every deal plays each legal move, then the rest of the round with ``HeuristicAgent``'s
   rules of thumb in every seat (the playout policy; random playouts make such bots weaker);
4. values each finished playout by the chance of winning the *match* from the totals it
   leaves (:class:`~pianitsa101.strategy.matchvalue.MatchValue`: R22's reset at exactly 101,
   R23's limit, who is close to it), not only by the round's points;
5. plays the move with the best mean value.  Every move is played out on the same deals,
   so the difference between two moves is measured in pairs, with its standard error;
   with ``margin`` > 0 the bot keeps ``HeuristicAgent``'s move unless another is better by
   more than ``margin`` standard errors (a guard for small budgets; with 8,000 simulated
   moves a decision the plain best mean won 117 of 200 matches against ``margin=1``).

The playouts run compiled (numba, ``pianitsa101.simulate._playout101``) when numba can be
imported, else in pure Python on the reference engine (the browser), with a smaller default
budget.  The budget is ``steps`` (moves simulated, each proposal of the deal sampler counted
as one), ``playouts`` or ``seconds`` of CPU time per decision.  Play is reproducible: the
random numbers of a decision come from the seed and the view, so the same seed and the
same view give the same move, and ``explain`` shows the very numbers ``choose`` used.

>>> from pianitsa101.cards import make_deck
>>> from pianitsa101.game101 import Round101
>>> stock = [c for c in make_deck(36) if str(c) not in ("7♠", "9♠", "K♥", "8♦", "10♠")]
>>> rnd = Round101.from_hands(hands=["7♠ 9♠ K♥", "8♦"], stock=stock, discard="10♠")
>>> bot = MonteCarloAgent(seed=1)
>>> estimates = bot.explain(rnd.view(0), rnd.legal_moves())   # one line per legal move, best first
>>> sorted(str(e.move) for e in estimates), [e.heuristic for e in estimates].count(True)
(['7♠', '9♠'], 1)
>>> bot.choose(rnd.view(0), rnd.legal_moves()) == estimates[0].move
True
"""

from __future__ import annotations

import math
import sys
import threading
import time
from collections.abc import Sequence
from typing import Any, NamedTuple

from pianitsa101.game101.agents import Agent, GreedyAgent, HeuristicAgent
from pianitsa101.game101.moves import Move
from pianitsa101.game101.rules import Rules101
from pianitsa101.game101.text import move_text
from pianitsa101.game101.view import PlayerView
from pianitsa101.i18n import _, get_language, ngettext, russian_number
from pianitsa101.strategy.knowledge import belief
from pianitsa101.strategy.matchvalue import DEFAULT_MODEL, MatchValue
from pianitsa101.strategy.sampling import SampleTally
from pianitsa101.strategy.words import count, pct, points

__all__ = ["MonteCarloAgent", "MoveEstimate", "compiled_available"]

COMPILED_STEPS = 40_000  # default budget per decision on the compiled path: moves simulated (and proposals)
PYTHON_STEPS = 2_000  # default budget per decision in pure Python (the browser)
HINT_STEPS = 400_000  # MonteCarloAgent.hint(): the Hint button's budget, compiled
PYTHON_HINT_STEPS = 20_000  # the same in pure Python
MAX_DEALS = 2048  # deals per decision at most (short playouts near the end of a round)
BATCH = 16  # deals per batch when the budget is in seconds
POLICIES = ("heuristic", "greedy")  # MonteCarloAgent(playout_policy=...)
_MASK64 = (1 << 64) - 1
_DEFAULT_RULES = Rules101()
_backend: Any = None


def compiled_available() -> bool:
    """True when the compiled playouts (numba) can be used on this machine."""
    return _compiled() is not None


def _playouts_for(compiled: bool | None):
    """The compiled playouts for a bot's ``compiled`` setting, or None for pure Python."""
    if compiled is False:
        return None
    if compiled is None:
        from pianitsa101.simulate._engine import choose_engine

        if choose_engine(None) == "python":  # as the simulators choose
            return None
    return _compiled()


def _compiled():
    """The compiled playouts module, or False where numba (or numpy) cannot be imported."""
    global _backend
    if _backend is None:
        try:
            from pianitsa101.simulate._cache import COMPILE_NOTICE, needs_compiling
            from pianitsa101.simulate._playout101 import evaluate_moves
            from pianitsa101.strategy import _bot101
        except ImportError:
            _backend = False
        else:
            if needs_compiling(evaluate_moves):  # say it once, as the simulators do (I2)
                sys.stderr.write(f"pianitsa101: {COMPILE_NOTICE} (MonteCarloAgent's playouts) ...\n")
            _backend = _bot101
    return _backend or None


class MoveEstimate(NamedTuple):
    """One legal move as the bot sees it: its value, how sure that is, and how it compares."""

    move: Move
    value: float  # the estimated chance of winning the match after this move (mean over the playouts)
    stderr: float  # the standard error of ``value``
    advantage: float  # value minus the value of HeuristicAgent's move, on the same deals
    advantage_stderr: float  # the standard error of that difference
    playouts: int  # playouts behind these numbers
    heuristic: bool  # True for HeuristicAgent's move, the one kept unless another is clearly better
    not_uniform: int = 0  # deals of this analysis that fell back (Belief.sample): consistent, not uniform

    def __str__(self) -> str:
        if get_language() == "en":
            mark = " (rule of thumb)" if self.heuristic else ""
            return (f"{self.move!s:>8}: wins {self.value:6.1%} ± {self.stderr:.1%}, "
                    f"{self.advantage:+.1%} ± {self.advantage_stderr:.1%} vs the rule of thumb, "
                    f"{self.playouts} playouts{mark}")
        mark = _(" (rule of thumb)") if self.heuristic else ""
        line = _("{move}: wins {value} ± {stderr}, {advantage} ± {advantage_stderr} vs the rule of thumb, "
                 "{playouts}{mark}")
        return line.format(move=f"{move_text(self.move):>8}", value=f"{pct(self.value):>6}",
                           stderr=pct(self.stderr), advantage=points(self.advantage, signed=True),
                           advantage_stderr=points(self.advantage_stderr), mark=mark,
                           playouts=ngettext("{n} playout", "{n} playouts", self.playouts).format(
                               n=count(self.playouts)))


class MonteCarloAgent(Agent):
    """Determinized Monte Carlo with heuristic playouts, valuing the match (see the module text).

    - ``seed``: makes the play reproducible (``reset(seed)`` starts afresh, as a tournament does);
    - the budget per decision, one of: ``steps``, moves simulated in all the playouts, each
      proposal of the deal sampler counted as a move too (the default: 40,000 compiled, 2,000
      in pure Python; reproducible, and about the same time whatever the position);
      ``playouts``, playouts spread over the legal moves; ``seconds``, CPU seconds (then the
      play depends on the machine's speed);
    - ``margin``: how many standard errors better than the rule of thumb's move another move
      must look to be played (default 0: the best mean);
    - ``compiled``: None uses the compiled playouts when numba is there (and the environment
      variable ``PIANITSA101_PURE`` is not set, as for the simulators); False forces pure Python;
    - ``playout_policy``: who plays every seat in the playouts, ``"heuristic"`` (the default,
      HeuristicAgent) or ``"greedy"`` (the most expensive playable card, GreedyAgent; compiled,
      ties go to the first move listed instead of the suit held most). A bot with greedy
      playouts is a strong opponent that the default bot's playouts do not model.

    ``sampling`` counts how the deals of the unseen cards were made, over every decision
    (:class:`~pianitsa101.strategy.sampling.SampleTally`: fallbacks included).
    """

    def __init__(self, seed: int = 0, *, playouts: int | None = None, seconds: float | None = None,
                 steps: int | None = None, margin: float = 0.0, compiled: bool | None = None,
                 playout_policy: str = "heuristic") -> None:
        if sum(b is not None for b in (playouts, seconds, steps)) > 1:
            raise ValueError(_("give one budget: playouts, seconds or steps"))
        for name, value in (("playouts", playouts), ("steps", steps)):
            if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 1):
                raise ValueError(_("{name} must be a whole number of at least 1, got {value}").format(
                    name=name, value=repr(value)))
        if seconds is not None and (not isinstance(seconds, (int, float)) or not 0 < seconds <= 600):
            raise ValueError(_("seconds must be a number of CPU seconds above 0 (up to 600), "
                               "got {value}").format(
                value=repr(seconds)))
        if not isinstance(margin, (int, float)) or margin < 0:
            raise ValueError(_("margin must be a number of standard errors, 0 or more, got {value}").format(
                value=repr(margin)))
        if playout_policy not in POLICIES:
            raise ValueError(_("playout_policy must be one of {allowed}, got {value}").format(
                allowed=', '.join(map(repr, POLICIES)), value=repr(playout_policy)))
        if compiled and _compiled() is None:
            raise ValueError(_("compiled=True needs numba, which cannot be imported here; use compiled=None"))
        self.seed = seed
        self._seed = _as_int(seed)
        self.playouts = playouts
        self.seconds = seconds
        self.steps = steps
        self.margin = float(margin)
        self.compiled = compiled
        self.playout_policy = playout_policy
        self.sampling = SampleTally()
        self._heuristic = HeuristicAgent()
        self._values: dict = {}
        self._last: tuple | None = None  # (what was asked, the estimates) of the last analysis

    @classmethod
    def hint(cls, seed: int = 0) -> MonteCarloAgent:
        """The bot with a Hint button's budget: about ten times the default (0.1-0.2 s compiled)."""
        compiled = _playouts_for(None) is not None  # as the bot will run: PIANITSA101_PURE counts too
        return cls(seed, steps=HINT_STEPS if compiled else PYTHON_HINT_STEPS)

    def warm_up(self, rules: Rules101 | None = None, players: int = 2, *,
                background: bool = False) -> threading.Thread | None:
        """Load now what the first decision needs: the compiled playouts and the match-value table.

        The first decision in a fresh process otherwise takes most of a second (loading the
        compiled playouts, solving the table). A table calls this before the learner's first
        move. ``background=True`` does it in a daemon thread (returned) where Python has
        threads, and at once where it has none (the browser: pure Python, where only the
        table is built). Where numba is missing, numba is not imported.
        """
        if background and sys.platform != "emscripten":
            thread = threading.Thread(target=self.warm_up, args=(rules, players), daemon=True,
                                      name="MonteCarloAgent.warm_up")
            thread.start()
            return thread
        backend = self._backend()
        if backend is not None:
            backend.warm_up()
        self._value_for(rules if rules is not None else _DEFAULT_RULES, players)
        return None

    # ----------------------------------------------------------------- the agent protocol

    def reset(self, seed: int) -> None:
        """Start afresh with this seed (a tournament calls this before every match)."""
        self._seed = _as_int(seed)

    def choose(self, view: PlayerView, legal_moves: Sequence[Move]) -> Move:
        """The move with the best estimate (with a ``margin``: the rule of thumb's, unless clearly beaten)."""
        if len(legal_moves) == 1:
            return legal_moves[0]
        estimates = self._analyse(view, list(legal_moves))
        kept = next(e for e in estimates if e.heuristic)
        best = max(estimates, key=lambda e: e.value)
        if best is not kept and best.advantage > self.margin * best.advantage_stderr:
            return best.move
        return kept.move

    def explain(self, view: PlayerView, legal_moves: Sequence[Move]) -> list[MoveEstimate]:
        """Every legal move with its estimated chance of winning the match, the best first."""
        if not legal_moves:
            raise ValueError(_("explain needs the view's legal moves "
                               "(there are none once the round is over)"))
        return sorted(self._analyse(view, list(legal_moves)), key=lambda e: -e.value)

    @property
    def budget(self) -> str:
        """The budget per decision, in words."""
        if get_language() == "en":
            if self.seconds is not None:
                return f"{self.seconds:g} s of CPU"
            if self.playouts is not None:
                return f"{self.playouts:,} playouts"
            return f"{self._steps():,} simulated moves"
        if self.seconds is not None:
            return _("{seconds} s of CPU").format(seconds=russian_number(f"{self.seconds:g}"))
        if self.playouts is not None:
            return ngettext("{n} playout", "{n} playouts", self.playouts).format(n=count(self.playouts))
        steps = self._steps()
        return ngettext("{n} simulated move", "{n} simulated moves", steps).format(n=count(steps))

    def __repr__(self) -> str:
        parts = [f"seed={self.seed!r}"]
        if self.playouts is not None:
            parts.append(f"playouts={self.playouts}")
        if self.seconds is not None:
            parts.append(f"seconds={self.seconds}")
        if self.steps is not None:
            parts.append(f"steps={self.steps}")
        if self.margin:
            parts.append(f"margin={self.margin:g}")
        if self.compiled is False:
            parts.append("compiled=False")
        if self.playout_policy != "heuristic":
            parts.append(f"playout_policy={self.playout_policy!r}")
        return f"MonteCarloAgent({', '.join(parts)})"

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state["_values"] = {}  # the match-value tables are rebuilt where the agent is unpickled
        state["_last"] = None
        return state

    # ----------------------------------------------------------------- the analysis

    def _steps(self) -> int:
        if self.steps is not None:
            return self.steps
        return COMPILED_STEPS if self._backend() is not None else PYTHON_STEPS

    def _backend(self):
        """The compiled playouts, or None for pure Python (compiled=False, PIANITSA101_PURE, no numba)."""
        return _playouts_for(self.compiled)

    def _value(self, view: PlayerView) -> MatchValue:
        """The match values for the view's rules and players."""
        return self._value_for(view.rules, view.players)

    def _value_for(self, rules: Rules101, players: int) -> MatchValue:
        """The match values for these rules: under other rules than the defaults, from rounds measured
        with the compiled playouts (pure Python: the default rules' model)."""
        key = (rules, players)
        value = self._values.get(key)
        if value is None:
            backend = self._backend()
            model = DEFAULT_MODEL
            if backend is not None and rules != _DEFAULT_RULES:
                model = backend.round_model(rules)
            value = self._values[key] = MatchValue(rules, players, model)
        return value

    def _analyse(self, view: PlayerView, moves: list[Move]) -> list[MoveEstimate]:
        """The estimates of ``moves`` in their order; asked again about the very same view object (a
        table's hint: choose, then explain), the last analysis is given again, not played twice."""
        asked = (self._seed, self.steps, self.playouts, self.seconds, self.margin, self.compiled,
                 self.playout_policy, list(moves))
        if self._last is not None and self._last[0] is view and self._last[1] == asked:
            return list(self._last[2])
        estimates = self._played(view, moves)
        self._last = (view, asked, tuple(estimates))
        return estimates

    def _played(self, view: PlayerView, moves: list[Move]) -> list[MoveEstimate]:
        """Play every move out on the same deals; the estimates in the order of ``moves``."""
        start = time.process_time()
        knows = belief(view)
        backend = self._backend()
        greedy = self.playout_policy == "greedy"
        if backend is not None:
            run, policy = backend.playouts, (backend.greedy_weights() if greedy else backend.weights())
        else:
            from pianitsa101.strategy.playout import playouts as run

            policy = GreedyAgent() if greedy else self._heuristic
        key = self._key(view)
        tally = SampleTally()
        if self.playouts is not None:
            deals = max(2, -(-self.playouts // len(moves)))
            points, winners = run(view, knows, moves, deals, key, 0, policy, tally=tally)
        elif self.seconds is None:
            points, winners = run(view, knows, moves, MAX_DEALS, key, 0, policy, self._steps(), tally=tally)
        else:
            batches: list = []
            made = 0
            while not batches or time.process_time() - start < self.seconds:
                batch = run(view, knows, moves, BATCH, key, made, policy, tally=tally)
                batches.append(batch)
                made += len(batch[1])
            points, winners = _joined(batches)
        self.sampling.add(tally.deals, tally.proposals, tally.fallbacks, tally.relaxed)
        values = self._values_of(view, points, winners)
        try:
            kept = moves.index(self._heuristic.choose(view, moves))
        except ValueError:  # a rule of thumb's move that is not in the list given: compare with the first
            kept = 0
        return _estimates(moves, values, kept, tally.fallbacks + tally.relaxed)

    def _values_of(self, view: PlayerView, points: Any, winners: Any) -> Any:
        """Each playout's chance of winning the match for the view's seat, from the totals it leaves.

        Lists from the pure-Python playouts, arrays from the compiled ones (then an array:
        each distinct ending is valued once, and no Python object is made per playout).
        """
        value = self._value(view)
        totals, seat = view.totals, view.seat
        if hasattr(winners, "shape"):
            import numpy as np

            ends = np.concatenate([winners[..., None], points], axis=2).reshape(-1, points.shape[2] + 1)
            distinct, where = np.unique(ends, axis=0, return_inverse=True)
            table = np.array([value.after_round(totals, end[1:], end[0], seat) for end in distinct.tolist()])
            return table[where.reshape(-1)].reshape(winners.shape)
        cache: dict = {}
        out = []
        for row_points, row_winners in zip(points, winners, strict=True):
            row = []
            for pts, won in zip(row_points, row_winners, strict=True):
                k = (won, *pts)
                v = cache.get(k)
                if v is None:
                    v = cache[k] = value.after_round(totals, pts, won, seat)
                row.append(v)
            out.append(row)
        return out

    def _key(self, view: PlayerView) -> int:
        """The random key of this decision: from the seed and what the view shows (not from earlier calls)."""
        shown = (self._seed, view.seat, view.to_move, len(view.log), view.stock_size, view.hand_sizes,
                 view.totals, tuple(c.index for c in view.hand), tuple(c.index for c in view.discard))
        h = hash(shown) & _MASK64  # tuples of ints hash the same in every process
        return h | (_mix(h) << 64)


def _estimates(moves: list[Move], values: Any, kept: int, not_uniform: int) -> list[MoveEstimate]:
    if hasattr(values, "shape"):  # an array [deal, move] (the compiled playouts)
        return _array_estimates(moves, values, kept, not_uniform)
    deals = len(values)
    out = []
    for m, move in enumerate(moves):
        column = [row[m] for row in values]
        diffs = [row[m] - row[kept] for row in values]
        mean, se = _mean_se(column)
        adv, adv_se = _mean_se(diffs)
        out.append(MoveEstimate(move, mean, se, adv, adv_se, deals, m == kept, not_uniform))
    return out


def _array_estimates(moves: list[Move], values: Any, kept: int, not_uniform: int) -> list[MoveEstimate]:
    """``_estimates`` of an array [deal, move]: the same numbers computed by numpy (equal but for
    rounding in the last binary digit: numpy sums in another order)."""
    deals = values.shape[0]
    means = values.mean(axis=0)
    diffs = values - values[:, kept:kept + 1]
    advantages = diffs.mean(axis=0)
    if deals < 2:
        errors = advantage_errors = [0.0] * len(moves)
    else:
        errors = [math.sqrt(v / deals) for v in values.var(axis=0, ddof=1).tolist()]
        advantage_errors = [math.sqrt(v / deals) for v in diffs.var(axis=0, ddof=1).tolist()]
    return [MoveEstimate(move, float(means[m]), errors[m], float(advantages[m]), advantage_errors[m], deals,
                         m == kept, not_uniform) for m, move in enumerate(moves)]


def _joined(batches: list) -> tuple[Any, Any]:
    """The points and winners of several batches of playouts, one after the other."""
    if hasattr(batches[0][1], "shape"):
        import numpy as np

        return (np.concatenate([b[0] for b in batches]), np.concatenate([b[1] for b in batches]))
    return [row for b in batches for row in b[0]], [row for b in batches for row in b[1]]


def _mean_se(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    mean = sum(xs) / n
    if n < 2:
        return mean, 0.0
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return mean, math.sqrt(var / n)


def _mix(x: int) -> int:
    """SplitMix64's finaliser: a well-spread 64-bit number from another."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


def _as_int(seed: Any) -> int:
    """A seed as a plain int (numpy integers too)."""
    import operator

    try:
        return operator.index(seed)
    except TypeError:
        raise TypeError(_("a seed is a whole number, got {value}").format(value=repr(seed))) from None
