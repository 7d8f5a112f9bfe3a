"""A game of Пьяница: the deal, the state between tricks, places and the result (P2, P11).

A trick itself is played by ``play.py`` (P3-P10, P12); what follows it is decided here, in
``PianitsaGame.play_trick``, in this order: a draw (P12), finished (at most one player holds
cards, P11), the safety cap (``max_tricks``), a cycle (P13: the position was seen before; the
seen positions are forgotten when a player leaves, since they cannot come back). The options
and the decks are checked in ``rules.py`` (P1, P2); every decision is a function of ``laws.py``.

Rules enforced in this module (from ``RULES.md``):

- P2. The whole deck is dealt equally: the deck (``make_deck(size)`` order, or the cards
  given, in their order) is shuffled once with ``random.Random(seed).shuffle`` (or the
  ``rng`` given), then seat ``s`` gets ``deck[s::players]``, listed top first (the first card
  dealt to a seat is its top card). For ``gather="random"`` the game then continues with its
  own copy of that generator, in the state the shuffle left it (``from_stacks``: the state
  of ``random.Random(seed)`` or of the ``rng`` given).
- P11. Places: goal ``"shed"``: players who run out leave as winners, best place first in
  the order they leave (leaving in the same trick shares a place); the last player, holding
  the whole deck, is the loser ("the drunkard"). Goal ``"collect"``: leaving means being
  eliminated; the player who collects the whole deck wins (the same places, reversed).

Places and loser (``PianitsaResult``), exactly: ``places`` lists tuples of seats, best first,
each seat exactly once. When the game did not finish (cycle, limit) the players still
holding cards share one place: after those who left (shed) or before them (collect); after a
draw (P12) the players of the last trick share the place of leaving in it. ``loser`` is the
lowest seat of the last place when the outcome is ``"finished"``, and -1 otherwise (draw,
cycle, limit).

>>> game = PianitsaGame.from_stacks(["A♠ 6♥", "K♦ 6♣"])
>>> game.play_trick().gathered
[Card.parse('A♠'), Card.parse('K♦')]
>>> game.stacks
((Card.parse('6♥'), Card.parse('A♠'), Card.parse('K♦')), (Card.parse('6♣'),))
>>> result = game.play()
>>> result.outcome, result.places, result.loser, result.tricks, result.disputes
('finished', [(1,), (0,)], 0, 2, 1)
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

from pianitsa101._checks import as_seed, check_rng, plural
from pianitsa101.cards import Card, CardList, cards
from pianitsa101.i18n import _, card_text
from pianitsa101.pianitsa.laws import lowest_rank, places_after, position
from pianitsa101.pianitsa.play import play_trick
from pianitsa101.pianitsa.record import game_from_json, game_html, game_to_json
from pianitsa101.pianitsa.rules import PianitsaRules, check_players, deck_cards
from pianitsa101.pianitsa.text import game_text
from pianitsa101.pianitsa.trick import PianitsaTrick

__all__ = ["PianitsaGame", "PianitsaResult"]


@dataclass(frozen=True)
class PianitsaResult:
    """How a game ended: outcome, places, counts, and (lazily) every trick for replay."""

    outcome: str
    """'finished', 'cycle' (P13), 'limit' (max_tricks) or 'draw' (P12)."""
    places: list[tuple[int, ...]]
    """Tuples of seats, best place first; seats leaving in the same trick share a tuple."""
    tricks: int
    """Tricks played in the whole game."""
    disputes: int
    """Dispute rounds played in the whole game."""
    loser: int
    """Lowest seat in last place when the outcome is 'finished', else -1."""
    game: PianitsaGame = field(repr=False, compare=False)

    @property
    def cycle_start(self) -> int | None:
        """P13: for a cycle, the tricks played when the repeated position was first seen; else None."""
        return self.game.cycle_start if self.outcome == "cycle" else None

    @cached_property
    def history(self) -> tuple[PianitsaTrick, ...]:
        """Every trick of the game, in order (replayed from the deal when needed)."""
        return self.game.history[: self.tricks]


class PianitsaGame:
    """A game of Пьяница between 2 to 8 seats; seat 0 is the dealer and plays first (P3).

    Make one with ``PianitsaGame.deal`` or ``PianitsaGame.from_stacks`` (which check their input).
    """

    def __init__(self, stacks: Sequence[Sequence[Card]], rules: PianitsaRules | None = None,
                 rng: random.Random | None = None, _checked: bool = False) -> None:
        if not _checked:  # called directly: the checks of from_stacks (the rng is the game's own)
            rules = _check_rules(rules)
            stacks = _check_stacks(stacks)
            if rng is not None or rules.gather == "random":
                rng = _own_copy(_make_rng(None, rng), rules)
        self.rules = rules
        self.players = len(stacks)
        self.dealt = tuple(tuple(stack) for stack in stacks)
        """The stacks as dealt, top first, one per seat."""
        self.dealt_rng_state = rng.getstate() if rng is not None else None
        """The state of the game's own generator at the deal (``gather="random"``), else None."""
        self.low_rank = int(lowest_rank(c for stack in stacks for c in stack))  # P5: it beats the ace
        self._rng = rng
        self._stacks = [deque(stack) for stack in stacks]  # every seat's stack, top first
        self._left: list[tuple[int, ...]] = []  # P11: seats that left, trick by trick
        self._table = CardList()  # cards left on the table by a P12 draw
        self._history: list[PianitsaTrick] = []  # every trick played, in order
        self.tricks = 0
        self.disputes = 0
        self.outcome: str | None = None
        # P13: positions seen so far -> tricks played when first seen (only for a deterministic gather)
        self._seen = {position(self._stacks): 0} if self.rules.deterministic else None
        self.cycle_start: int | None = None
        """P13: after a cycle, the number of tricks played when the repeated position was first seen."""

    # ----- construction -------------------------------------------------------------------
    @classmethod
    def deal(cls, players: int = 2, deck: int | Sequence[Card | str] | None = None,
             rules: PianitsaRules | None = None, seed: int | None = None,
             rng: random.Random | None = None) -> PianitsaGame:
        """Shuffle a deck (P1 default, a size, or given cards) and deal it equally (P2)."""
        players = check_players(players)
        to_deal = deck_cards(deck, players)
        rng = _make_rng(seed, rng)
        rules = _check_rules(rules)
        rng.shuffle(to_deal)
        stacks = [to_deal[s::players] for s in range(players)]  # P2: seat s gets every n-th card
        return cls(stacks, rules, _own_copy(rng, rules), _checked=True)

    @classmethod
    def from_stacks(cls, stacks: Sequence[Sequence[Card | str] | str], rules: PianitsaRules | None = None,
                    seed: int | None = None, rng: random.Random | None = None) -> PianitsaGame:
        """A game from stacks given card by card, each top first (text like "A♠ 6♥" also works).

        The stacks may differ in size (a position to study); every stack needs a card.
        """
        parsed = _check_stacks(stacks)
        rules = _check_rules(rules)
        return cls(parsed, rules, _own_copy(_make_rng(seed, rng), rules), _checked=True)

    # ----- state --------------------------------------------------------------------------
    @property
    def stacks(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's stack, top first (empty when out)."""
        return tuple(tuple(stack) for stack in self._stacks)

    @property
    def over(self) -> bool:
        """True once the game has ended (see ``outcome``)."""
        return self.outcome is not None

    @property
    def active(self) -> tuple[int, ...]:
        """Seats still in the game (holding cards)."""
        return tuple([seat for seat, stack in enumerate(self._stacks) if stack])

    @property
    def table(self) -> CardList:
        """Cards lying on the table: only after a P12 draw, else empty."""
        return CardList(self._table)

    @property
    def history(self) -> tuple[PianitsaTrick, ...]:
        """Every trick played so far, in order."""
        return tuple(self._history)

    @property
    def last_trick(self) -> PianitsaTrick | None:
        """The trick played last, or None before the first."""
        return self._history[-1] if self._history else None

    # ----- play ---------------------------------------------------------------------------
    def play_trick(self) -> PianitsaTrick:
        """Play one trick (``play.py``), then see whether the game ends (P11-P13); return its record."""
        if self.outcome is not None:
            raise ValueError(_("the game is over (outcome {outcome}); no trick can be played").format(
                outcome=repr(self.outcome)))
        trick = play_trick(self._stacks, self.rules, self.low_rank, self._rng, self.tricks + 1)
        self._history.append(trick)
        self.tricks += 1
        self.disputes += trick.disputes
        if trick.left:  # P11: an empty stack leaves the game; leaving together shares a place
            self._left.append(trick.left)
            if self._seen is not None:
                self._seen.clear()  # P13: earlier positions had more players and cannot come back
        if trick.taker is None:  # P12: nobody holds cards, the table stays
            self.outcome, self._table = "draw", trick.table
        elif len(self.active) <= 1:  # P11: one player holds the whole deck
            self.outcome = "finished"
        elif self.tricks >= self.rules.max_tricks:  # P13: the safety cap
            self.outcome = "limit"
        elif self._seen is not None:  # P13: a position seen before means the game would go on forever
            first = self._seen.setdefault(position(self._stacks), self.tricks)
            if first != self.tricks:
                self.outcome, self.cycle_start = "cycle", first
        return trick

    def play(self) -> PianitsaResult:
        """Play on to the end (P11-P13) and return the result of the whole game."""
        while self.outcome is None:
            self.play_trick()
        return self.result()

    # ----- results ------------------------------------------------------------------------
    @property
    def places(self) -> list[tuple[int, ...]]:
        """P11: seats best place first; seats still holding cards share one place."""
        return places_after(self._left, self.active, self.rules.goal)

    @property
    def loser(self) -> int:
        """Lowest seat in last place once the game is finished; -1 otherwise (draw, cycle, limit)."""
        return min(self.places[-1]) if self.outcome == "finished" else -1

    def result(self) -> PianitsaResult:
        """The result so far (``outcome`` None while the game goes on)."""
        return PianitsaResult(outcome=self.outcome, places=self.places, tricks=self.tricks,
                              disputes=self.disputes, loser=self.loser, game=self)

    # ----- records and views (record.py, text.py) -------------------------------------------
    def to_json(self) -> str:
        """The game as JSON text (deal, rules, generator state, tricks so far); see ``record.py``."""
        return game_to_json(self)

    @classmethod
    def from_json(cls, text: str) -> PianitsaGame:
        """A game read from ``to_json`` text, replayed to where it was saved."""
        return game_from_json(cls, text)

    def _repr_html_(self) -> str:
        return game_html(self)

    def __str__(self) -> str:
        """A text table: every stack's size and next card, places, outcome, and the last trick."""
        return game_text(self)

    def __repr__(self) -> str:
        sizes = ", ".join(str(len(st)) for st in self._stacks)
        state = f"outcome={self.outcome!r}" if self.outcome else "in play"
        tricks = plural(self.tricks, "trick")
        return f"<PianitsaGame {self.players} players, stacks [{sizes}], {tricks}, {state}>"


_DEFAULT_RULES = PianitsaRules()


def _check_rules(rules: PianitsaRules | None) -> PianitsaRules:
    if rules is None:
        return _DEFAULT_RULES
    if not isinstance(rules, PianitsaRules):
        raise ValueError(_("rules must be a PianitsaRules; got {value}").format(value=repr(rules)))
    return rules


def _check_stacks(stacks: object) -> list[list[Card]]:
    """Stacks given card by card (Card objects or text), one per seat: 2-8, none empty, no card twice."""
    if isinstance(stacks, (str, bytes)) or not isinstance(stacks, Sequence):
        raise ValueError(_("stacks must be a list of stacks, one per seat; got {value}").format(
            value=repr(stacks)))
    check_players(len(stacks))
    parsed = []
    seen: set[Card] = set()
    for seat, given in enumerate(stacks):
        if isinstance(given, (bytes, bytearray)) or not isinstance(given, (str, Sequence)):
            raise ValueError(_("seat {seat}: a stack is a list of cards or a text like 'A♠ 6♥'; "
                               "got {value}").format(
                seat=seat, value=repr(given)))
        st = cards(given) if isinstance(given, str) else [Card.parse(c) if isinstance(c, str) else c
                                                           for c in given]
        if not st:
            raise ValueError(_("every stack needs at least one card; seat {seat} has none").format(seat=seat))
        for c in st:
            if not isinstance(c, Card):
                raise ValueError(_("a stack holds cards (Card or text like '10♠'); "
                                   "seat {seat} has {value}").format(
                    seat=seat, value=repr(c)))
            if c in seen:
                raise ValueError(_("{card} appears twice; every card must be distinct (D4)").format(
                    card=card_text(c)))
            seen.add(c)
        parsed.append(st)
    return parsed


def _make_rng(seed: int | None, rng: random.Random | None) -> random.Random:
    if seed is not None and rng is not None:
        raise ValueError(_("give a seed or an rng (random.Random), not both"))
    if rng is not None:
        return check_rng(rng)
    return random.Random(as_seed(seed))


def _own_copy(rng: random.Random, rules: PianitsaRules) -> random.Random | None:
    """The game's own generator (for gather="random"): a copy, so later use of ``rng`` cannot change it.

    A generator without a state to copy (``random.SystemRandom``) seeds the game's own one
    with 128 of its bits instead, so that the game's record still replays it.
    """
    if rules.gather != "random":
        return None
    own = random.Random()
    if isinstance(rng, random.SystemRandom):
        own.seed(rng.getrandbits(128))
    else:
        own.setstate(rng.getstate())
    return own
