"""A game of Пьяница: dealing, playing tricks, leaving, winning and termination (P1-P3, P11, P13).

Rules enforced in this module (from ``RULES.md``; P1/P2 checks live in ``rules.py``, a
trick itself in ``trick.py``):

- P2. The whole deck is dealt equally: the deck (``make_deck(size)`` order, or the cards
  given, in their order) is shuffled once with ``random.Random(seed).shuffle`` (or the
  ``rng`` given), then seat ``s`` gets ``deck[s::players]``, listed top first (the first card
  dealt to a seat is its top card). For ``gather="random"`` the game then continues with its
  own copy of that generator, in the state the shuffle left it (``from_stacks``: the state
  of ``random.Random(seed)`` or of the ``rng`` given).
- P11. Goal ``"shed"``: a player whose stack is empty after a trick leaves as a winner;
  places go in the order players leave (leaving in the same trick shares the place); the
  last player left, holding the whole deck, is the loser. Goal ``"collect"``: leaving means
  being eliminated, and the player who collects the whole deck wins (places in reverse).
- P12. When nobody at all holds cards after a trick (``taker`` None), the game is a draw.
- P13. Before each trick the position (the ranks in every stack, in order) is compared with
  every earlier position of the game; the first repetition ends the game with outcome
  ``"cycle"`` (only for a deterministic ``gather``). ``max_tricks`` ends it with ``"limit"``
  once that many tricks have been played. Normal end ``"finished"``; P12's end ``"draw"``.

Order of the checks after each trick: draw, finished (at most one player holds cards),
limit (``tricks == max_tricks``), cycle (the new position was seen before). A position can
only repeat while nobody leaves (the number of non-empty stacks never grows), so the set of
seen positions is emptied whenever a player leaves.

Places and loser (``PianitsaResult``): ``places`` lists tuples of seats, best first, each seat
exactly once. When the game did not finish (cycle, limit) the players still holding cards
share one place: after those who left (shed) or before them (collect). ``loser`` is the lowest
seat of the last place when the outcome is ``"finished"``, and -1 otherwise (draw, cycle, limit).

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
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

from pianitsa101.cards import Card, CardList, cards
from pianitsa101.pianitsa.rules import PianitsaRules, check_players, deck_cards, make_judge
from pianitsa101.pianitsa.trick import _CARD, RANK_OF, PianitsaTrick, make_trick_player

__all__ = ["PianitsaGame", "PianitsaResult"]

# bytes.translate table: card index -> its rank; the separator byte 255 stays itself (P13 keys).
_RANK_BYTES = bytes(RANK_OF) + bytes(range(52, 256))
_SEP = b"\xff"


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

    @cached_property
    def history(self) -> tuple[PianitsaTrick, ...]:
        """Every trick of the game, in order (replayed from the deal when needed)."""
        return self.game.history[: self.tricks]


class PianitsaGame:
    """A game of Пьяница between 2 to 8 seats; seat 0 is the dealer and plays first (P3).

    Make one with ``PianitsaGame.deal`` or ``PianitsaGame.from_stacks`` (which check their input).
    """

    def __init__(self, stacks: Sequence[Sequence[Card]], rules: PianitsaRules,
                 rng: random.Random | None) -> None:
        self.rules = rules
        self.players = len(stacks)
        self._start = tuple(tuple(c.index for c in st) for st in stacks)  # the deal, top first
        self.low_rank = min(RANK_OF[c] for st in self._start for c in st)  # P5: lowest rank in play
        self._rng = rng
        self._rng_start = self._rng.getstate() if self._rng is not None else None
        self._reset()

    def _reset(self) -> None:
        """Put the game back to its deal."""
        if self._rng is not None:
            self._rng.setstate(self._rng_start)
        self._trick = make_trick_player(make_judge(self.low_rank, self.rules.low_beats_ace),
                                        self.rules.dispute_face_down, self.rules.gather,
                                        self.rules.second_disputes, self._rng)
        self._stacks = [bytearray(st) for st in self._start]
        self._active = [s for s in range(self.players) if self._stacks[s]]  # seats holding cards
        self._left: list[tuple[int, ...]] = []  # P11: seats that left, trick by trick
        self._table: list[Card] = []  # cards left on the table by a P12 draw
        self.tricks = 0
        self.disputes = 0
        self.outcome: str | None = None
        self._history: list[PianitsaTrick] = []  # records, complete unless play() ran fast
        self._seen: set[bytes] | None = {self._key()} if self.rules.deterministic else None  # P13

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
        return cls([to_deal[s::players] for s in range(players)], rules, _own_copy(rng, rules))

    @classmethod
    def from_stacks(cls, stacks: Sequence[Sequence[Card | str] | str], rules: PianitsaRules | None = None,
                    seed: int | None = None, rng: random.Random | None = None) -> PianitsaGame:
        """A game from stacks given card by card, each top first (text like "A♠ 6♥" also works).

        The stacks may differ in size (a position to study); every stack needs a card.
        """
        if isinstance(stacks, (str, bytes)) or not isinstance(stacks, Sequence):
            raise ValueError(f"stacks must be a list of stacks, one per seat; got {stacks!r}")
        check_players(len(stacks))
        parsed = []
        seen: set[Card] = set()
        for seat, given in enumerate(stacks):
            st = cards(given) if isinstance(given, str) else [Card.parse(c) if isinstance(c, str) else c
                                                               for c in given]
            if not st:
                raise ValueError(f"every stack needs at least one card; seat {seat} has none")
            for c in st:
                if not isinstance(c, Card):
                    raise ValueError(f"a stack holds cards (Card or text like '10♠'); seat {seat} has {c!r}")
                if c in seen:
                    raise ValueError(f"{c} appears twice; every card must be distinct (D4)")
                seen.add(c)
            parsed.append(st)
        rules = _check_rules(rules)
        return cls(parsed, rules, _own_copy(_make_rng(seed, rng), rules))

    # ----- state --------------------------------------------------------------------------
    @property
    def stacks(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's stack, top first (empty when out)."""
        return tuple(tuple(_CARD[c] for c in st) for st in self._stacks)

    @property
    def over(self) -> bool:
        """True once the game has ended (see ``outcome``)."""
        return self.outcome is not None

    @property
    def active(self) -> tuple[int, ...]:
        """Seats still in the game (holding cards)."""
        return tuple(self._active)

    @property
    def table(self) -> CardList:
        """Cards lying on the table: only after a P12 draw, else empty."""
        return CardList(self._table)

    @property
    def history(self) -> tuple[PianitsaTrick, ...]:
        """Every trick played so far, in order."""
        if len(self._history) < self.tricks:  # play() ran without records: replay the deal
            self._history = _replay(self, self.tricks)
        return tuple(self._history)

    @property
    def last_trick(self) -> PianitsaTrick | None:
        """The trick played last, or None before the first."""
        return self.history[-1] if self.tricks else None

    def _key(self) -> bytes:
        """P13: the position, the ranks of every stack in order (suits never matter)."""
        return _SEP.join(self._stacks).translate(_RANK_BYTES)

    # ----- play ---------------------------------------------------------------------------
    def play_trick(self) -> PianitsaTrick:
        """Play one trick and return its record."""
        if self.outcome is not None:
            raise ValueError(f"the game is over (outcome {self.outcome!r}); no trick can be played")
        self._history = list(self.history)  # make sure the records are complete before adding one
        self._advance(self.tricks + 1, True)
        return self._history[-1]

    def play(self) -> PianitsaResult:
        """Play on to the end (P11-P13) and return the result of the whole game."""
        if self.outcome is None:
            self._advance(-1, False)
        return self.result()

    def _advance(self, stop: int, detail: bool) -> None:
        """Play tricks until the game ends or ``stop`` tricks have been played; apply P11-P13."""
        stacks, active, seen, trick = self._stacks, self._active, self._seen, self._trick
        tricks, disputes, max_tricks = self.tricks, self.disputes, self.rules.max_tricks
        outcome = None
        while outcome is None and tricks != stop:
            taker, d, details = trick(stacks, active, detail)
            tricks += 1
            disputes += d
            left: tuple[int, ...] = ()
            if not all(map(stacks.__getitem__, active)):  # P11: an empty stack leaves the game
                left = tuple(s for s in active if not stacks[s])
                self._left.append(left)  # leaving in the same trick shares a place
                active = self._active = [s for s in active if stacks[s]]
                if seen is not None:
                    seen.clear()  # P13: earlier positions had more players and cannot come back
            if taker is None:  # P12: nobody holds cards; the table stays as it is
                outcome = "draw"
            elif len(active) <= 1:  # P11: one player holds the whole deck
                outcome = "finished"
            elif tricks >= max_tricks:  # P13: safety cap
                outcome = "limit"
            elif seen is not None:  # P13: the first repetition of a position (ranks only)
                key = _SEP.join(stacks).translate(_RANK_BYTES)
                if key in seen:
                    outcome = "cycle"
                seen.add(key)
            if detail:
                self._history.append(PianitsaTrick(number=tricks, left=left,
                                                   sizes=tuple(map(len, stacks)), **details))
        self.tricks, self.disputes, self.outcome = tricks, disputes, outcome
        if outcome == "draw":
            self._table = list(self.history[-1].table)

    # ----- results ------------------------------------------------------------------------
    @property
    def places(self) -> list[tuple[int, ...]]:
        """P11: seats best place first; seats still holding cards share one place."""
        still = [tuple(self._active)] if self._active else []
        if self.rules.goal == "shed":
            return [*self._left, *still]
        return [*still, *reversed(self._left)]

    @property
    def loser(self) -> int:
        """Lowest seat in last place once the game is finished; -1 otherwise (draw, cycle, limit)."""
        return min(self.places[-1]) if self.outcome == "finished" else -1

    def result(self) -> PianitsaResult:
        """The result so far (``outcome`` None while the game goes on)."""
        return PianitsaResult(outcome=self.outcome, places=self.places, tricks=self.tricks,
                              disputes=self.disputes, loser=self.loser, game=self)

    # ----- records ------------------------------------------------------------------------
    def to_json(self) -> str:
        """The game as JSON text (deal, rules, generator state, tricks so far); see ``record.py``."""
        from pianitsa101.pianitsa.record import game_to_json

        return game_to_json(self)

    @classmethod
    def from_json(cls, text: str) -> PianitsaGame:
        """A game read from ``to_json`` text, replayed to where it was saved."""
        from pianitsa101.pianitsa.record import game_from_json

        return game_from_json(cls, text)

    def _repr_html_(self) -> str:
        from pianitsa101.pianitsa.record import game_html

        return game_html(self)

    def __repr__(self) -> str:
        sizes = ", ".join(str(len(st)) for st in self._stacks)
        state = f"outcome={self.outcome!r}" if self.outcome else "in play"
        return f"<PianitsaGame {self.players} players, stacks [{sizes}], {self.tricks} tricks, {state}>"


def _check_rules(rules: PianitsaRules | None) -> PianitsaRules:
    if rules is None:
        return PianitsaRules()
    if not isinstance(rules, PianitsaRules):
        raise ValueError(f"rules must be a PianitsaRules; got {rules!r}")
    return rules


def _make_rng(seed: int | None, rng: random.Random | None) -> random.Random:
    if seed is not None and rng is not None:
        raise ValueError("give a seed or an rng (random.Random), not both")
    if rng is not None:
        if not isinstance(rng, random.Random):
            raise ValueError(f"rng must be a random.Random; got {rng!r}")
        return rng
    return random.Random(seed)


def _own_copy(rng: random.Random, rules: PianitsaRules) -> random.Random | None:
    """The game's own generator (for gather="random"): a copy, so later use of ``rng`` cannot change it."""
    if rules.gather != "random":
        return None
    own = random.Random()
    own.setstate(rng.getstate())
    return own


def _replay(game: PianitsaGame, tricks: int) -> list[PianitsaTrick]:
    """The records of the first ``tricks`` tricks, replayed from the deal on a copy."""
    copy = PianitsaGame.__new__(PianitsaGame)
    copy.__dict__.update(game.__dict__)
    if game._rng is not None:
        copy._rng = random.Random()
        copy._rng.setstate(game._rng_start)
    copy._reset()
    copy._advance(tricks, True)
    return copy._history
