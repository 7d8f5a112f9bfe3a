"""Checks of the 101 exercises: points (R19-R21), legal moves (R6-R14), penalty chains (R16), a strategy.

>>> from pianitsa101.game101 import DEFAULT_POINTS
>>> def hand_points(hand, last):
...     return sum(DEFAULT_POINTS[c.rank] for c in hand + last)   # counts the last card too
>>> check_hand_points(hand_points)
Traceback (most recent call last):
...
pianitsa101.checks._core.CheckError: ✗ check_hand_points (exercise 03, R19, R20, R21)
  a wrong answer.
  case:      hand_points([J♣], [8♣])
  expected:  2
  returned:  10
  hint:      R19: only the cards left in the hand count; `last` is the winner's
             last card.
  More help: hint("hand_points")
"""

from __future__ import annotations

import random
import time
import types
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from pianitsa101.cards import Card, Rank, Suit, cards, make_deck
from pianitsa101.checks._core import Runner, Text, show, show_move, student_line, warn_flags
from pianitsa101.checks._exercises import level_text
from pianitsa101.checks._limit import TimeUp, time_limit
from pianitsa101.checks._oracles import legal_plays, penalty_after, round_score
from pianitsa101.checks._text import label, say
from pianitsa101.checks._values import as_int, as_list, as_move
from pianitsa101.checks.secret import salted
from pianitsa101.game101 import AgentError, Draw, GreedyAgent, Play, RandomAgent, Rules101
from pianitsa101.i18n import _, card_text, percent, rank_text
from pianitsa101.strategy import tournament

__all__ = ["check_hand_points", "check_legal_moves", "check_penalty", "check_strategy"]

_36, _52 = make_deck(36), make_deck(52)
_QUEENS = [c for c in _36 if c.rank == Rank.QUEEN]


_POINTS = {Rank.JACK: 2, Rank.QUEEN: 3, Rank.KING: 4, Rank.ACE: 11}  # R19; 2..10 count their number


def _points_of(card: Card) -> int:
    return _POINTS.get(card.rank, int(card.rank))


# --- 03 hand_points (R19, R20, R21) --------------------------------------------------------------

def _points_hint(hand: list[Card], last: list[Card], value: int | None = None) -> str:
    """The hint for the mistake the answer shows (the case alone when no known mistake fits)."""
    queens = [c for c in last if c.rank == Rank.QUEEN]
    if not hand and queens:
        if len(last) > 1:
            return _("R20, R21: after putting down several queens at once each one counts: -20, the Q♠ -40.")
        return _("R20: the winner who finishes with a queen scores -20 for it (-40 for the queen of spades), "
                 "not its 3 points.")
    if not hand:
        return _("R20: the winner scores 0, unless the last card was a queen; the last card is not in the "
                 "hand.")
    expected = sum(map(_points_of, hand))
    if value is not None and value == expected + sum(map(_points_of, last)):
        return _("R19: only the cards left in the hand count; `last` is the winner's last card.")
    in_hand = [c for c in hand if c.rank == Rank.QUEEN]
    if in_hand and value is not None and value == expected - len(in_hand) * 3 - 20 * len(in_hand) - 20 * sum(
            c.suit == Suit.SPADES for c in in_hand):
        return _("R19: a queen left in a loser's hand counts 3 (the queen of spades too); R20 is the "
                 "winner's.")
    ranks = {c.rank for c in hand}
    if len(ranks) == 1:
        rank = next(iter(ranks))
        worth = _POINTS.get(rank, int(rank))
        said = {Rank.JACK: _("R19: a jack counts {worth}; suits never matter."),
                Rank.QUEEN: _("R19: a queen counts {worth}; suits never matter."),
                Rank.KING: _("R19: a king counts {worth}; suits never matter."),
                Rank.ACE: _("R19: an ace counts {worth}; suits never matter.")}.get(rank)
        if said is None:
            said = _("R19: a {rank} counts its number, {worth}; suits never matter.")
        return said.format(worth=worth, rank=rank.symbol)
    return _("R19: 2..10 count their number, J 2, Q 3, K 4, A 11; suits never matter.")


def _points_cases(seed: int) -> Iterator[tuple[str, tuple, Any, str]]:
    fixed = [("J♣", "8♣"), ("K♥", "8♣"), ("A♠", "8♣"), ("10♦", "8♣"), ("2♥ 2♣", "8♣"),  # one rank: its value
             ("", "Q♥"), ("", "Q♠"), ("", "K♥"), ("", "7♣"), ("", "Q♥ Q♦"), ("", "Q♠ Q♥ Q♦"), ("Q♥", "9♣"),
             ("A♠ K♥ Q♦ J♣", "8♣"), ("10♠ 2♦", "10♥"), ("Q♠", "Q♣"), ("A♣ A♦ A♥ A♠", "9♦"), ("6♥", "6♦")]
    pairs = [(cards(h), cards(t)) for h, t in fixed]
    rng = random.Random(seed)
    for i in range(120):
        if i % 5 == 0:  # a winner: one last card, or queens together (R21)
            last = rng.sample(_QUEENS, rng.randint(2, 4)) if i % 3 == 0 else [rng.choice(_36)]
            pairs.append(([], last))
        else:
            hand = rng.sample(_52, rng.randint(1, 8))
            pairs.append((hand, [rng.choice([c for c in _52 if c not in hand])]))
    for hand, last in pairs:
        yield (f"hand_points({show(hand)}, {show(last)})", (list(hand), list(last)), round_score(hand, last),
               lambda value, h=hand, t=last: _points_hint(h, t, value))


def check_hand_points(hand_points: Callable, seed: int = 0) -> None:
    """Exercise 03: ``hand_points(hand, last)`` is what a seat holding ``hand`` scores (R19-R21)."""
    run = Runner("hand_points", hand_points)
    run.many(_points_cases(seed), as_int, _("a whole number of points (an int)"))
    run.passed()


# --- 06 legal_moves (R6, R7, R9, R14) ------------------------------------------------------------

def _moves_hint(expected: list, value: list, top: Card | None, ordered: Suit | None) -> str:
    want, got = Counter(expected), Counter(value)
    extra = [m for m in got if m not in want or got[m] > want[m]]
    missing = [m for m in want if m not in got]
    if expected == [Draw()]:
        return _("R7: no card of the hand may be played: the only move is [Draw()].")
    if Draw() in got:
        return _("R7: a player who holds a playable card may not draw.")
    if top is None:
        return _("R4: on an empty table (top None) any card may be led; a queen orders any of the four "
                 "suits.")
    if any(m.card.rank == Rank.QUEEN and m.suit is None for m in extra if isinstance(m, Play)) or any(
            isinstance(m, Play) and m.card.rank == Rank.QUEEN for m in missing):
        return _("R14: a queen is played with the suit it orders: Play(queen, suit=s), one move per suit.")
    if ordered is not None:
        return _("R14: {top} ordered {suit}: that suit replaces the queen's own suit; only {suit} cards or "
                 "another queen may be played.").format(top=card_text(top), suit=ordered.symbol)
    if any(isinstance(m, Play) and m.card.rank == Rank.QUEEN for m in extra):
        return _("R14: queens are not wild here: a queen too needs the top card's suit or rank (R6).")
    return _("R6: a card may go on {top} if it has the same suit ({suit}) or the same rank "
             "({rank}).").format(top=card_text(top), suit=top.suit.symbol, rank=rank_text(top.rank.symbol))


def _moves_cases(seed: int) -> Iterator[tuple[list[Card], Card | None, Suit | None]]:
    fixed = [("Q♥ 9♣ 6♣", "Q♣", Suit.HEARTS), ("9♣ K♦", "9♥", None), ("K♦ A♠", "7♥", None),
             ("Q♦ 8♦", "8♠", None), ("Q♠ 7♥", "9♠", None), ("7♠ Q♥", None, None), ("6♥ 9♠ 10♦", "6♠", None),
             ("K♣ Q♦ 9♥", "Q♣", Suit.CLUBS), ("A♠ 7♣", "Q♥", Suit.DIAMONDS)]
    for hand, top, ordered in fixed:
        yield cards(hand), None if top is None else Card.parse(top), ordered
    rng = random.Random(seed)
    for i in range(160):
        chosen = rng.sample(_36, rng.randint(2, 8))
        top, hand = chosen[0], chosen[1:]
        if i % 4 == 0:
            top = rng.choice([q for q in _QUEENS if q not in hand])
            yield hand, top, rng.choice(list(Suit))
        elif i % 25 == 1:
            yield hand, None, None
        else:
            yield hand, top, None


def _moves(value: Any) -> Any:
    items = as_list(value)
    if items is NotImplemented:
        return NotImplemented
    plain = [as_move(m) for m in items]
    return NotImplemented if NotImplemented in plain else plain


def _missing_extra(expected: list, value: list) -> str:
    """The moves an answer left out and the ones it should not have listed."""
    want, got = Counter(expected), Counter(value)
    missing = list((want - got).elements())
    extra = list((got - want).elements())
    return say("missing_extra", missing=", ".join(map(show_move, missing)) or _("nothing"),
               extra=", ".join(map(show_move, extra)) or _("nothing"))


def check_legal_moves(legal_moves: Callable, seed: int = 0) -> None:
    """Exercise 06: ``legal_moves(hand, top, ordered)``, the moves of the player to move (R6, R7, R9, R14)."""
    run = Runner("legal_moves", legal_moves)
    wanted = _("a list of moves: Play(card), Play(queen, suit=Suit.HEARTS) or Draw() (not cards)")
    for hand, top, ordered in _moves_cases(seed):
        expected = legal_plays(hand, top, ordered)
        top_text = "None" if top is None else str(top)
        case = f"legal_moves({show(hand)}, {top_text}, ordered={ordered!r})"
        returned = run.call(case, list(hand), top, ordered)
        value = run.read(case, returned, _moves, wanted)
        if Counter(value) != Counter(expected):
            hint = _moves_hint(expected, value, top, ordered)
            run.wrong(case, expected, returned, f"{hint}\n{_missing_extra(expected, value)}")
    run.passed()


# --- 07 penalty (R10, R15, R16) ------------------------------------------------------------------

_SEVENS = [c for c in _36 if c.rank == Rank.SEVEN]
_SIXES = [c for c in _36 if c.rank == Rank.SIX]
_VARIANTS = [Rules101(), Rules101(chain="add"), Rules101(seven_draw=4), Rules101(seven_of_spades_draw=4),
             Rules101(seven_of_spades_draw=4, chain="add"), Rules101(chain="off"), Rules101(six="draw2_skip"),
             Rules101(six="draw1_skip", chain="add"), Rules101(six="draw2_skip", seven_draw=3, chain="add")]


def _penalty_cases(seed: int) -> Iterator[tuple[list[Card], Rules101]]:
    yield cards("K♠"), Rules101()
    yield cards("7♥ 7♠"), Rules101(seven_of_spades_draw=4, chain="add")
    yield cards("7♠ 7♥"), Rules101(seven_of_spades_draw=4)
    rng = random.Random(seed)
    for rules in _VARIANTS:
        longest = 1 if rules.chain == "off" else 4
        kinds = [_SEVENS, _SIXES] if rules.six.startswith("draw") else [_SEVENS]
        for kind in kinds:
            for length in range(1, longest + 1):
                yield rng.sample(kind, length), rules
        yield cards("K♠"), rules


def _penalty_hint(played: list[Card], rules: Rules101) -> str:
    first = played[0]
    if first == Card(Rank.KING, Suit.SPADES):
        return _("R15: the king of spades makes the next player draw 4.")
    if len(played) == 1:
        return _("R10: a 7 starts with rules.seven_draw cards (the 7♠ with rules.seven_of_spades_draw when "
                 "that is not None); R9: a 6 under six='draw2_skip' / 'draw1_skip' starts with 2 / 1.")
    if rules.chain == "add":
        return _("R16, chain='add': each card that passes the penalty on adds its own amount (a 7♠ may add "
                 "4).")
    return _("R16, chain='double': each card that passes the penalty on doubles the amount, whatever its "
             "suit.")


def check_penalty(penalty: Callable, seed: int = 0) -> None:
    """Exercise 07: ``penalty(played, rules)`` is how many cards the next player must draw (R10, R15, R16)."""
    run = Runner("penalty", penalty)
    run.many(((f"penalty({show(p)}, {r!r})", (list(p), r), penalty_after(p, r), _penalty_hint(p, r))
              for p, r in _penalty_cases(seed)),
             as_int, _("a number of cards (an int)"))
    run.passed()


# --- 12 strategy (a 101 bot) ---------------------------------------------------------------------

def _copy_class(cls: type) -> type:
    """A copy of a bot class, its methods copied too: patching the package's class later leaves it alone."""
    space = {}
    for key, item in cls.__dict__.items():
        if isinstance(item, types.FunctionType):
            item = types.FunctionType(item.__code__, item.__globals__, item.__name__, item.__defaults__,
                                      item.__closure__)
        if key not in ("__dict__", "__weakref__"):
            space[key] = item
    return type(cls.__name__, cls.__bases__, space)


# the opponents, copied when the checks are imported (before any answer cell runs)
_OPPONENTS = {"RandomAgent": _copy_class(RandomAgent), "GreedyAgent": _copy_class(GreedyAgent)}

# The bar (see the README, "Exercise 12's bar"): the win rate against RandomAgent(seed=1) over
# MATCHES matches must reach BAR. Measured over 4,000 matches: legal_moves[0] wins 66.9%,
# cheapest-first 65.4%, random choice about 50%, draw-first about 42%, the reference solution
# (expensive first, a queen orders the suit held most) 74.7%. BAR sits between the first and
# the last, and MATCHES = matches_needed(0.078, confidence=0.98, power=0.99) tells them apart:
# each of them is on its side of the bar in at least 99% of seeds.
MATCHES = 900
BAR = 0.708
CALL_LIMIT = 1.0  # seconds of processor time for one choose()
TOTAL_LIMIT = 240.0  # seconds of processor time in choose() for the whole tournament


class _Watched:
    """The student's agent, with the last position it was asked about and a time limit per choose()."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.last: tuple[Any, list] | None = None
        own = getattr(agent, "name", None)
        self.name = own if isinstance(own, str) and own else type(agent).__name__
        self.spent = 0.0  # seconds spent in choose() and reset() so far
        if callable(getattr(agent, "reset", None)):
            self.reset = self._reset

    def _reset(self, seed: int) -> None:
        """The agent's reset, with a seed that tells nothing of the deals (the tournament's generator drew
        ``seed``), and the same time limit as choose()."""
        seed = salted(seed, "reset")
        start = time.process_time()
        try:
            if type(self.agent).__module__ == "pianitsa101.checks.judge":
                self.agent.reset_limited(CALL_LIMIT, seed)
                return
            with time_limit(CALL_LIMIT, cpu=True):
                self.agent.reset(seed)
        finally:
            self.spent += time.process_time() - start
            if self.spent > TOTAL_LIMIT:
                raise TimeUp

    def choose(self, view: Any, legal_moves: list) -> Any:
        self.last = (view, list(legal_moves))
        start = time.process_time()
        if type(self.agent).__module__ == "pianitsa101.checks.judge":  # runs in the student's process:
            return self.agent.choose_limited(CALL_LIMIT, view, legal_moves)  # the limit is kept there
        try:
            with time_limit(CALL_LIMIT, cpu=True):  # processor time: a busy machine stops nobody
                return self.agent.choose(view, legal_moves)
        finally:
            self.spent += time.process_time() - start
            if self.spent > TOTAL_LIMIT:
                raise TimeUp


def _position(watched: _Watched) -> str:
    if watched.last is None:
        return ""
    view, legal = watched.last
    top = _("empty table") if view.top is None else card_text(view.top)
    ordered = _(", ordered {suit}").format(suit=view.ordered_suit.symbol) if view.ordered_suit else ""
    pending = _(", must draw {cards} or pass it on") if view.pending_draw else ""
    pending = pending.format(cards=view.pending_draw)
    return _("position: hand {hand}, top {top}{ordered}{pending}; legal moves {moves}").format(
        hand=show(list(view.hand)), top=top, ordered=ordered, pending=pending,
        moves=", ".join(map(show_move, legal)))


def _not_a_move_hint(returned: Any) -> str:
    if isinstance(returned, Card):
        return _("you returned the card {card}, not a move: return the move itself, e.g. Play({card}) from "
                 "legal_moves.").format(card=returned)
    return _("choose(view, legal_moves) must return one of legal_moves, exactly as listed (a queen with its "
             "suit: Play(queen, suit=...)).")


def _error_hint(cause: BaseException | None, returned: Any) -> str:
    text = str(cause) if cause is not None else ""
    if isinstance(cause, TypeError) and "positional argument" in text and "choose()" in text:
        return _("choose is a method: its first parameter is self, def choose(self, view, legal_moves): "
                 "Python passes the agent itself as self.")
    if cause is not None:
        return _("read the error and your line quoted above; the position shows what choose() was given.")
    return _not_a_move_hint(returned)


def _package_bot(agent: Any) -> str:
    """The name of a package bot the agent's class is (or comes from), '' for the student's own class."""
    from pianitsa101.game101 import Agent

    if type(agent).__module__ == "pianitsa101.checks.judge":  # the judge's stand-in: the class it reported
        return str(getattr(agent, "package_bot", ""))
    for cls in type(agent).__mro__:
        if cls.__module__.startswith("pianitsa101") and not cls.__module__.startswith("pianitsa101.checks") \
                and cls is not Agent:
            return cls.__name__
    return ""


def check_strategy(agent: Any, seed: int = 0, matches: int = MATCHES, level: str = "pass") -> None:
    """Exercise 12: an agent (or its class) that wins at least BAR of its matches against RandomAgent.

    ``level="bonus"``: the optional bonus, the 95% interval of the win rate against GreedyAgent
    above 50%.
    """
    run = Runner("strategy", agent)
    if level not in ("pass", "bonus"):
        raise ValueError(f"level must be 'pass' or 'bonus', got {level!r}")
    factory = type(agent).__name__ == "Factory" and type(agent).__module__ == "pianitsa101.checks.judge"
    if isinstance(agent, type) or factory:
        try:
            agent = agent()
        except Exception as exc:
            run.raised(f"{agent.__name__}()", exc)
    if not callable(getattr(agent, "choose", None)):
        run.nonsense(_("the agent you gave"), agent, _("an object with a method choose(self, view, "
                                                       "legal_moves)"))
    bot = _package_bot(agent)
    if bot:
        run.nonsense(_("the agent you gave"), agent, _("your own class, not one of the package's bots "
                                                       "({bot}), nor a subclass of one").format(bot=bot))
    watched = _Watched(agent)
    name = "RandomAgent" if level == "pass" else "GreedyAgent"
    opponent = _OPPONENTS[name](seed=1) if name == "RandomAgent" else _OPPONENTS[name]()
    case = f"tournament([{watched.name}, {opponent!r}], matches={matches}, seed={seed})"
    run.cases = matches
    try:
        result = tournament([watched, opponent], matches=matches, seed=seed)
    except TimeUp:
        slow = watched.spent > TOTAL_LIMIT
        what = (_("no result within {seconds} seconds in all (choose() is much too slow).") if slow else
                _("choose() gave no answer within {seconds} second (an endless loop, or much too slow)."))
        what = what.format(seconds=f"{TOTAL_LIMIT if slow else CALL_LIMIT:g}")
        run._fail(what, label("case") + case, _position(watched), label("hint") + _(run.exercise.slow_hint))
    except AgentError as exc:
        cause = exc.__cause__
        if isinstance(cause, NotImplementedError):
            run.not_written(cause)
        where = student_line(cause) if cause is not None else ""
        if cause is not None:
            problem = _("choose() raised {error}: {text}").format(error=type(cause).__name__, text=cause)
        else:
            problem = _("choose() returned {move}, which is not one of "
                        "legal_moves").format(move=show(exc.returned))
        lines = [problem, label("case") + case, _position(watched)]
        if where:
            lines.append(label("where") + where)
        lines.append(label("hint") + _error_hint(cause, exc.returned))
        run._fail(*lines)
    mine = result.stats[0]
    low, high = mine.interval
    shown = _("won {wins} of {matches}: {rate} ({level} interval {low} to {high})").format(
        level=level_text(), wins=mine.wins, matches=mine.matches, rate=percent(mine.win_rate),
        low=percent(low), high=percent(high))
    if level == "bonus":
        if low <= 0.5:
            wanted = _("a win rate whose {level} interval lies above 50%").format(level=level_text())
            run.wrong(case, Text(wanted), Text(shown),
                      _("the bonus: GreedyAgent already plays whenever it can, the expensive cards first; "
                        "look for what it does not do (R14, R20, R10-R12)."))
    elif mine.win_rate < BAR:
        run.wrong(case, Text(_("a win rate of at least {bar}").format(bar=percent(BAR))), Text(shown),
                  _("R19: every card left in hand costs its points when the round ends; R14: a queen lets "
                    "you choose the suit. Which cards should leave your hand first, and which suit helps "
                    "you?"))
    print(result)
    print(_("✓ {agent}: {shown} against {opponent} ({rules}). Well done!").format(
        agent=watched.name, shown=shown, opponent=repr(opponent), rules=run.exercise.rules_text()))
    warn_flags(run.exercise)
